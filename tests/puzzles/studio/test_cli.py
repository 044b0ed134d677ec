"""``zalg studio``'s options: bad ones are one line and exit status 2, before any
server starts."""
from __future__ import annotations

import os
import socket
import time

import pytest

from tests.helpers.studio import StudioServer

from puzzles.program.cli import main
from puzzles.studio.cli import job_budget


@pytest.mark.parametrize("argv,words", [
    (["studio", "--port", "99999"], "expected an integer from 0 to 65535"),
    (["studio", "--port", "-1"], "expected an integer from 0 to 65535"),
    (["studio", "--host", "example.com"], "is not an IP address"),
    (["studio", "--memory", "1K"], "at least 16M"),
    (["studio", "--jobs", "0"], "expected an integer from 1 to 64"),
])
def test_bad_options(capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_a_port_in_use_is_one_line(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["studio", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}" in err and err.count("\n") == 1


def test_the_job_budget():
    assert job_budget("2G", 4) == 2 << 30
    assert job_budget(None, 2) * 2 <= job_budget(None, 1) <= job_budget(None, 2) * 2 + 1


def test_open_without_a_browser_says_where_to_go(tmp_path):
    """``--open`` where no web browser can start: one line with the address to open."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER")}
    env["PATH"] = str(tmp_path)  # no browser program on it (the server runs sys.executable)
    server = StudioServer("--open", "--memory", "256M", "--jobs", "1", env=env)
    time.sleep(2)  # the browser is looked for in a thread once the address is printed
    status, err = server.stop()
    assert status in (0, 130), err
    lines = [line for line in err.splitlines() if "browser" in line]
    assert lines == [f"zalg studio: no web browser could be started here; open {server.url}/ "
                     "in one"], err
