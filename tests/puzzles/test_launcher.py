"""The ``zalg`` command's launcher (``scripts/zalg`` and ``scripts/zalg-launch``): a
Ctrl-C at any moment of the start ends with the one line and status 130, or, before
Python has a handler at all, with death by SIGINT without a word; never a traceback
(docs/reliability.md, "Ctrl-C")."""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers.paths import ROOT
from tests.helpers.processes import as_from_a_terminal, without_progress

#: trials, and the window (seconds after the start) their Ctrl-C lands in
TRIALS, WINDOW = 16, 0.5
LONG = ["numberlink", "instances", "5x5"]  # runs well past the window
SHORT = ["slitherlink", "generate", "3x3", "--seed", "1"]


def _is_launcher(command: Path) -> bool:
    launch = command.parent / "zalg-launch"
    return (command.is_file() and launch.is_file()
            and command.read_bytes().startswith(b"#!/bin/sh")
            and launch.read_bytes().startswith(b"#!" + os.fsencode(sys.executable) + b"\n"))


@pytest.fixture(scope="module")
def zalg(tmp_path_factory) -> str:
    """The installed ``zalg`` command when it is this launcher (a CI install); otherwise
    the launcher laid out as pip installs it (``#!python`` rewritten to this interpreter)."""
    installed = Path(sys.executable).parent / "zalg"
    if _is_launcher(installed):
        return str(installed)
    bin_dir = tmp_path_factory.mktemp("bin")
    shutil.copy2(ROOT / "scripts" / "zalg", bin_dir / "zalg")
    lines = (ROOT / "scripts" / "zalg-launch").read_bytes().split(b"\n", 1)
    assert lines[0] == b"#!python"  # what pip rewrites (pip's wheel.fix_script)
    (bin_dir / "zalg-launch").write_bytes(b"#!" + os.fsencode(sys.executable) + b"\n" + lines[1])
    (bin_dir / "zalg-launch").chmod(0o755)
    assert _is_launcher(bin_dir / "zalg")
    return str(bin_dir / "zalg")


def _outcome(rc: int, err: str) -> str:
    said = without_progress(err)
    if rc == 130 and said == ["zalg: interrupted"]:
        return "line and 130"
    if rc == -signal.SIGINT and said == []:
        return "killed by SIGINT before Python's handler existed"
    return f"status {rc}: {err[-1500:]!r}"


def test_ctrl_c_in_the_first_half_second_is_one_line_or_a_silent_death(zalg):
    rng = random.Random(30)
    outcomes = []
    for _ in range(TRIALS):
        p = subprocess.Popen([zalg, *LONG], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True, cwd=ROOT, preexec_fn=as_from_a_terminal)
        time.sleep(rng.uniform(0, WINDOW))
        p.send_signal(signal.SIGINT)
        try:
            _, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            raise
        outcomes.append(_outcome(p.returncode, err))
    wrong = [o for o in outcomes if not o.startswith(("line and 130", "killed by SIGINT"))]
    assert not wrong, wrong
    assert "line and 130" in outcomes, outcomes  # the window reaches past the handler


def test_the_launcher_runs_the_program_and_keeps_an_inherited_ignore(zalg):
    def ignoring():
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    p = subprocess.Popen([zalg, *SHORT], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, cwd=ROOT, preexec_fn=ignoring)
    time.sleep(0.3)
    p.send_signal(signal.SIGINT)  # held pending by the launcher, then dropped: ignored
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0 and "https://puzz.link/p?slither/3/3/" in out, err
    assert without_progress(err) == [], err


def test_a_batch_started_by_the_launcher_runs_its_workers(zalg, tmp_path):
    # a worker process imports zalg-launch as its main module: it must not run the program
    p = subprocess.run([zalg, *SHORT, "--count", "2", "--jobs", "2", "--out", str(tmp_path)],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert p.returncode == 0, p.stderr
    assert len(p.stdout.splitlines()) == 2 and "error" not in p.stdout, p.stdout
