"""The frontier machine interface (issue 28): a toy machine written as one small module
runs on the one driver and gives exactly the family a brute force lists, with every
kind of lookahead; and the compiled cache never serves a machine older than its
sources, even when the edited source is a helper in another file."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import numpy as np
import pytest

import zalg
from zalg.frontier import DEAD, GOING, Machine, compiled, final_function, step_function, takes_function
from tests.helpers.paths import ROOT

# ---- the toy: sets of at most k elements, no two of them adjacent ----------------------
# state: [members so far, whether the previous element is in]; consts: [k]


@compiled
def _room(s, consts):
    """Whether one more member fits."""
    return s[0] < consts[0]


@step_function(state=np.int16)
def toy_step(s, t, bit, row, consts, work):
    if bit == 1 and (s[1] == 1 or not _room(s, consts)):
        return DEAD
    t[0] = s[0] + bit
    t[1] = bit
    return GOING


@final_function(state=np.int16)
def toy_final(t, consts, work):
    return 1


@takes_function(state=np.int16)
def toy_takes(s, row, consts, work):
    return 1 if s[1] == 0 and _room(s, consts) else 0


def toy(U, k: int, **options):
    n = len(U)
    machine = Machine(toy_step, toy_final, np.zeros((n, 1), dtype=np.int64),
                      np.zeros(2, dtype=np.int16), np.array([k], dtype=np.int64),
                      name="toy", **options)
    return machine.build(U, np.arange(n))


def brute(n: int, k: int) -> set[frozenset]:
    return {frozenset(c) for size in range(k + 1) for c in itertools.combinations(range(n), size)
            if all(b - a > 1 for a, b in zip(c, c[1:]))}


@pytest.mark.parametrize("options", [{}, {"lookahead": False}, {"takes": toy_takes}])
@pytest.mark.parametrize("n,k", [(1, 0), (1, 1), (5, 2), (9, 3), (12, 12)])
def test_a_toy_machine_gives_the_brute_force_family(n, k, options):
    U = zalg.Universe(range(n))
    F = toy(U, k, **options)
    assert set(F) == brute(n, k)
    assert F.count() == len(brute(n, k))
    # the driver's diagram is reduced: CUDD holds it with the same number of nodes
    assert F.node_count() == U.family(brute(n, k)).node_count()


def test_a_machine_over_some_levels_leaves_the_others_absent():
    U = zalg.Universe(range(8))
    n = 4
    machine = Machine(toy_step, toy_final, np.zeros((n, 1), dtype=np.int64),
                      np.zeros(2, dtype=np.int16), np.array([2], dtype=np.int64))
    F = machine.build(U, np.array([0, 2, 5, 7]))
    where = [0, 2, 5, 7]
    assert set(F) == {frozenset(where[i] for i in m) for m in brute(n, 2)}


def test_machine_functions_share_one_state_type():
    @final_function(state=np.int32)
    def wide_final(t, consts, work):
        return 1
    with pytest.raises(ValueError, match="one state type"):
        Machine(toy_step, wide_final, np.zeros((3, 1)), np.zeros(2, dtype=np.int16))
    with pytest.raises(ValueError, match="int16 or int32"):
        step_function(toy_step.py_func, state=np.int64)


# ---- the cache follows the sources --------------------------------------------------------

_HELPER = '''\
from zalg.frontier import compiled


@compiled
def room(s, consts):
    return s[0] < consts[0]
'''

_MACHINE = '''\
import numpy as np
import zalg
from zalg.frontier import DEAD, GOING, Machine, final_function, step_function

from .helper import room


@step_function(state=np.int16)
def step(s, t, bit, row, consts, work):
    if bit == 1 and (s[1] == 1 or not room(s, consts)):
        return DEAD
    t[0] = s[0] + bit
    t[1] = bit
    return GOING


@final_function(state=np.int16)
def final(t, consts, work):
    return 1


def count(n, k):
    U = zalg.Universe(range(n))
    m = Machine(step, final, np.zeros((n, 1), dtype=np.int64), np.zeros(2, dtype=np.int16),
                np.array([k], dtype=np.int64))
    return m.build(U, np.arange(n)).count()
'''


def _run(tmp_path) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    return subprocess.run([sys.executable, "-c", "from toymachine import machine\n"
                           "print(machine.count(10, 3))"],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=900)


def test_editing_a_machine_helper_in_another_file_recompiles(tmp_path):
    # issue 28: a step function edited in another file kept its cached machine code (117
    # instead of 131) until __pycache__ was deleted by hand
    pkg = tmp_path / "toymachine"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "helper.py").write_text(_HELPER)
    (pkg / "machine.py").write_text(_MACHINE)
    first = _run(tmp_path)
    assert first.returncode == 0, first.stderr
    assert int(first.stdout) == len(brute(10, 3))
    # the helper now allows one member more
    (pkg / "helper.py").write_text(_HELPER.replace("s[0] < consts[0]", "s[0] <= consts[0]"))
    second = _run(tmp_path)
    assert second.returncode == 0, second.stderr
    assert int(second.stdout) == len(brute(10, 4))
