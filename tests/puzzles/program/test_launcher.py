"""The ``zalg`` command's launcher (``scripts/zalg`` and ``scripts/zalg-launch``): a
Ctrl-C at any moment of the start ends with the one line and status 130, or, before
Python has a handler at all, with death by SIGINT without a word; never a traceback from
site, a .pth file or an import (docs/reliability.md, "Ctrl-C": what remains is the
interpreter's own start before the launcher's first line)."""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time

import pytest

from tests.helpers.launcher import CLEAN, IN_PYTHONS_START, ctrl_c_outcome, zalg_command
from tests.helpers.paths import ROOT
from tests.helpers.processes import as_from_a_terminal, without_progress

#: trials, and the window (seconds after the start) their Ctrl-C lands in
TRIALS, WINDOW = 16, 0.5
LONG = ["numberlink", "instances", "5x5"]  # runs well past the window
SHORT = ["slitherlink", "generate", "3x3", "--seed", "1"]


#: GNU env (coreutils 8.31 on) can start the interpreter with SIGINT blocked
BLOCKS = subprocess.run(["env", "--block-signal=INT", "true"], capture_output=True).returncode == 0


@pytest.fixture(scope="module")
def zalg(tmp_path_factory) -> str:
    return zalg_command(tmp_path_factory.mktemp("bin"))


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
        outcomes.append(ctrl_c_outcome(p.returncode, err))
    # IN_PYTHONS_START: the interpreter's own window before zalg-launch's first line, open
    # only where env cannot block SIGINT (docs/reliability.md, "Ctrl-C"); never a traceback
    # from a file
    allowed = CLEAN if BLOCKS else (*CLEAN, IN_PYTHONS_START)
    assert all(o in allowed for o in outcomes), outcomes
    assert CLEAN[0] in outcomes, outcomes  # the window reaches past the handler


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


@pytest.mark.skipif(not BLOCKS, reason="this system's env has no --block-signal (GNU coreutils "
                    "8.31 on): the launcher then starts Python unblocked, as documented")
def test_the_shell_stage_starts_python_with_sigint_already_blocked(tmp_path):
    # a zalg-launch stand-in whose first line of Python code reports the blocked signals:
    # SIGINT must be among them before any line of ours has run
    shutil.copy2(ROOT / "scripts" / "zalg", tmp_path / "zalg")
    (tmp_path / "zalg-launch").write_bytes(
        b"#!" + os.fsencode(sys.executable) + b"\n"
        b"import _signal\nprint(*(int(s) for s in _signal.pthread_sigmask(_signal.SIG_BLOCK, [])))\n")
    p = subprocess.run([str(tmp_path / "zalg")], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and str(int(signal.SIGINT)) in p.stdout.split(), (p.stdout, p.stderr)
