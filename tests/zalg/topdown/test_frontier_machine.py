"""The frontier machine interface: a toy machine written as one small module runs on the
one driver and gives exactly the family a brute force lists, with every kind of
lookahead; and a machine runs from its current sources, even when the edited source is
a helper in another file."""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import zalg
from zalg.topdown import Machine, final_function, step_function
from tests.helpers.paths import ROOT
from tests.helpers.toy_machine import machine as toy_machine


def toy(U, k: int, **options):
    n = len(U)
    return toy_machine.machine(n, k, **options).build(U, np.arange(n))


def brute(n: int, k: int) -> set[frozenset]:
    return {frozenset(c) for size in range(k + 1) for c in itertools.combinations(range(n), size)
            if all(b - a > 1 for a, b in zip(c, c[1:]))}


@pytest.mark.parametrize("options", [{}, {"lookahead": False}, {"takes": toy_machine.takes}])
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
    F = toy_machine.machine(n, 2).build(U, np.array([0, 2, 5, 7]))
    where = [0, 2, 5, 7]
    assert set(F) == {frozenset(where[i] for i in m) for m in brute(n, 2)}


def test_machine_functions_share_one_state_type():
    @final_function(state=np.int32)
    def wide_final(t, consts, work):
        return 1
    with pytest.raises(ValueError, match="one state type"):
        Machine(toy_machine.step, wide_final, np.zeros((3, 1)), np.zeros(2, dtype=np.int16))
    with pytest.raises(ValueError, match="int16 or int32"):
        step_function(toy_machine.step.py_func, state=np.int64)


# ---- a machine runs from its current sources ------------------------------------------------

def _run(tmp_path) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    return subprocess.run([sys.executable, "-c", "from toymachine import machine\n"
                           "print(machine.count(10, 3))"],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=900)


def test_editing_a_machine_helper_in_another_file_recompiles(tmp_path):
    # the helper lives in another file than the step that inlines it: no compiled code of
    # the old helper may be served after the edit
    pkg = tmp_path / "toymachine"
    shutil.copytree(Path(toy_machine.__file__).parent, pkg,
                    ignore=shutil.ignore_patterns("__pycache__"))
    first = _run(tmp_path)
    assert first.returncode == 0, first.stderr
    assert int(first.stdout) == len(brute(10, 3))
    # the helper now allows one member more
    helper = pkg / "helper.py"
    text = helper.read_text()
    assert text.count("s[0] < consts[0]") == 1
    helper.write_text(text.replace("s[0] < consts[0]", "s[0] <= consts[0]"))
    second = _run(tmp_path)
    assert second.returncode == 0, second.stderr
    assert int(second.stdout) == len(brute(10, 4))
