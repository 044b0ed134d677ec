"""The ``zalg`` command (the console script of pyproject.toml, and ``python -m puzzles``):
a Ctrl-C from the program's first line on ends with the one line and status 130; before
it, while the interpreter starts, it is Python's own (a silent death by SIGINT, or
Python's KeyboardInterrupt with no frame of the program); a process started with SIGINT
ignored keeps ignoring it (docs/reliability.md, "Ctrl-C")."""
from __future__ import annotations

import ast
import importlib
import random
import signal
import subprocess
import sys
import time

import pytest

from tests.helpers.command import (CLEAN, IN_PYTHONS_START, command_env, ctrl_c_outcome,
                                   entry_point, zalg_command)
from tests.helpers.paths import ROOT
from tests.helpers.processes import (as_from_a_terminal, machine_slowdown, run_python,
                                     without_progress)

#: trials, and the window (seconds after the start on a quiet machine) their Ctrl-C lands in
TRIALS, WINDOW = 16, 0.5
LONG = ["numberlink", "instances", "5x5"]  # runs well past the window
SHORT = ["slitherlink", "generate", "3x3", "--seed", "1"]
SHORT_ANSWER = "https://puzz.link/p?slither/3/3/"


@pytest.fixture(scope="module")
def zalg(tmp_path_factory) -> str:
    return zalg_command(tmp_path_factory.mktemp("bin"))


def _ignoring() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _sigints_until_done(p: subprocess.Popen, every: float, timeout: float) -> tuple[str, str]:
    """Send SIGINT to ``p`` every ``every`` seconds until it ends; its (stdout, stderr)."""
    deadline = time.monotonic() + timeout
    sent = 0
    while p.poll() is None and time.monotonic() < deadline:
        p.send_signal(signal.SIGINT)
        sent += 1
        time.sleep(every)
    if p.poll() is None:
        p.kill()
        p.communicate()
        pytest.fail(f"still running after {timeout} s")
    assert sent >= 2, "the run ended before it got a Ctrl-C"
    return p.communicate()


def test_the_console_script_is_the_function_python_m_puzzles_calls():
    module, function = entry_point()
    called = importlib.import_module(module).__dict__[function]
    main = ast.parse((ROOT / "puzzles" / "__main__.py").read_text())
    imported = [(node.module, alias.name) for node in ast.walk(main)
                if isinstance(node, ast.ImportFrom) for alias in node.names]
    assert imported == [(module, function)], imported
    assert callable(called) and called.__name__ == "program"


def test_the_command_and_python_m_puzzles_answer_alike(zalg):
    for cmd in ([zalg, *SHORT], [sys.executable, "-m", "puzzles", *SHORT]):
        run = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=command_env(),
                             timeout=300)
        assert run.returncode == 0 and SHORT_ANSWER in run.stdout, run.stderr
        assert without_progress(run.stderr) == [], run.stderr
    bad = [[zalg, "slitherlink", "solve", "nonsense"],
           [sys.executable, "-m", "puzzles", "slitherlink", "solve", "nonsense"]]
    said = [subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=command_env(),
                           timeout=300) for cmd in bad]
    assert [r.returncode for r in said] == [2, 2]
    assert said[0].stderr == said[1].stderr and said[0].stderr.startswith("zalg: error:")
    assert len(said[0].stderr.splitlines()) == 1, said[0].stderr


def test_ctrl_c_in_the_first_half_second_is_one_line_unless_python_still_starts(zalg):
    rng = random.Random(30)
    window = WINDOW * machine_slowdown()  # (a loaded machine starts Python slower)
    outcomes = []
    for _ in range(TRIALS):
        p = subprocess.Popen([zalg, *LONG], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True, cwd=ROOT, env=command_env(), preexec_fn=as_from_a_terminal)
        time.sleep(rng.uniform(0, window))
        p.send_signal(signal.SIGINT)
        try:
            _, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            raise
        outcomes.append(ctrl_c_outcome(p.returncode, err))
    # a traceback is allowed only when no frame of it is in the program (Python's start)
    bad = [o for o in outcomes if o not in (*CLEAN, IN_PYTHONS_START)]
    assert not bad, bad
    assert CLEAN[0] in outcomes, outcomes  # the window reaches past the handler


def test_a_ctrl_c_before_the_handler_is_installed_is_one_line():
    # the moment between the program's first line and its handler: Python's own handler
    # raises KeyboardInterrupt there
    done = run_python(
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)  # (as from a terminal)\n"
        "from puzzles.program import main as program\n"
        "def install(self):\n"
        "    signal.raise_signal(signal.SIGINT)\n"
        "program._Interrupts.install = install\n"
        "program.program()\n")
    assert (done.returncode, done.stderr) == (130, "zalg: interrupted\n"), done.stderr


def test_a_process_started_with_sigint_ignored_is_not_ended_by_it(zalg):
    p = subprocess.Popen([zalg, *SHORT], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, cwd=ROOT, env=command_env(), preexec_fn=_ignoring)
    out, err = _sigints_until_done(p, every=0.02, timeout=300)
    assert p.returncode == 0 and SHORT_ANSWER in out, err
    assert without_progress(err) == [], err


def test_a_batch_started_with_sigint_ignored_is_not_ended_by_it(zalg, tmp_path):
    # the pool's start and shutdown hold a Ctrl-C back: an ignored one stays ignored
    p = subprocess.Popen([zalg, *SHORT, "--count", "2", "--jobs", "2", "--out", str(tmp_path)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                         env=command_env(), preexec_fn=_ignoring)
    out, err = _sigints_until_done(p, every=0.05, timeout=600)
    assert p.returncode == 0, err
    assert len(out.splitlines()) == 2 and "error" not in out, out
