"""Machines written in Python, with and without numba: in a process where numba cannot be
imported (or ZALG_NO_NUMBA=1) the toy machine, its helper in another file and its
``takes``, builds the family a brute force lists on the plain-Python driver; a machine
typed at a prompt (no source file) compiles; a machine mixing C and Python functions
without numba is refused by name; Ctrl-C inside a Python step ends the run and leaves
the universe usable."""
from __future__ import annotations

import importlib.util
import itertools
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import zalg
from zalg.graphs import mate
from zalg.topdown import Machine, functions
from tests.helpers.paths import ROOT
from tests.helpers.toy_machine import machine as toy

#: a child's first line: numba and llvmlite cannot be imported there
BLOCK = "import sys\nsys.modules['numba'] = sys.modules['llvmlite'] = None\n"

TOY = """
import json, sys
import numpy as np
import zalg
from tests.helpers.toy_machine import machine as toy
U = zalg.Universe(range(11))
counts = [toy.machine(11, 4, **options).build(U, np.arange(11)).count()
          for options in ({}, {"lookahead": False}, {"takes": toy.takes})]
print(json.dumps([counts, toy.step.entry(), sys.modules.get("numba") is not None]))
"""


def brute(n: int, k: int) -> int:
    return sum(1 for size in range(k + 1) for c in itertools.combinations(range(n), size)
               if all(b - a > 1 for a, b in zip(c, c[1:])))


def _child(code: str, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=600, env=dict(os.environ, **env))


@pytest.mark.parametrize("how", ["blocked", "ZALG_NO_NUMBA"])
def test_a_python_machine_runs_without_numba(how):
    done = _child(BLOCK + TOY) if how == "blocked" else _child(TOY, ZALG_NO_NUMBA="1")
    assert done.returncode == 0, done.stderr
    counts, entry, loaded = json.loads(done.stdout.splitlines()[-1])
    assert counts == [brute(11, 4)] * 3
    assert entry is None and not loaded  # the plain-Python driver, no numba imported


@pytest.mark.skipif(importlib.util.find_spec("numba") is None, reason="numba compiles the machine")
def test_a_machine_without_a_source_file_compiles():
    space: dict = {}
    exec("import numpy as np\n"
         "from zalg.topdown import DEAD, GOING, final_function, step_function\n"
         "@step_function(state=np.int16)\n"
         "def step(s, t, bit, row, consts, work):\n"
         "    t[0] = s[0] + bit\n"
         "    return DEAD if t[0] > consts[0] else GOING\n"
         "@final_function(state=np.int16)\n"
         "def final(t, consts, work):\n"
         "    return 1\n", space)
    assert isinstance(space["step"].entry(), int)
    U = zalg.Universe(range(9))
    F = Machine(space["step"], space["final"], np.zeros((9, 1)), np.zeros(1, dtype=np.int16),
                np.array([2])).build(U, np.arange(9))
    assert F.count() == 1 + 9 + 36  # the sets of at most two elements


def test_a_machine_mixing_c_and_python_needs_numba(monkeypatch):
    monkeypatch.setattr(functions, "numba_ready", lambda: False)
    machine = Machine(mate.step, toy.final, np.zeros((4, 1)), np.zeros(2, dtype=mate.STATE))
    with pytest.raises(TypeError, match=r"zalg\[jit\]"):
        machine.build(zalg.Universe(range(4)), np.arange(4))


def test_ctrl_c_in_a_python_step_ends_the_run(monkeypatch):
    monkeypatch.setattr(functions, "numba_ready", lambda: False)
    calls = []

    def interrupted(s, t, bit, row, consts, work):
        calls.append(bit)
        if len(calls) == 50:
            raise KeyboardInterrupt
        return toy.step.py_func(s, t, bit, row, consts, work)
    U = zalg.Universe(range(12))
    machine = toy.machine(12, 5)
    machine.step = functions.MachineFunction(interrupted, "step", np.int16)
    with pytest.raises(KeyboardInterrupt):
        machine.build(U, np.arange(12))
    assert len(calls) == 50
    assert toy.machine(12, 5).build(U, np.arange(12)).count() == brute(12, 5)
