"""The one table of node-making kernels (zalg/ops/ops.c, read through zalg.ops): consistent,
every entry reached from Family (and through the Manager's one call path), every call a
Family makes on CUDD an entry of it, and a code outside it refused with a clear error."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import zalg
from zalg import ops
from zalg.ops.extension import kernels
from zalg.ops.manager import Manager
from tests.helpers.paths import ROOT

#: entries run only as another operation's subproblem: the pair form of the non-supersets
#: (minimal and exists_minimal ask for it; Family.nonsup runs nonsup_unions)
SUBPROBLEMS_ONLY = {"nonsup"}


def _every_family_operation() -> None:
    """Every operation of Family and Universe that makes nodes, once."""
    U = zalg.Universe("abcdef")
    F = U.family([["a", "b"], ["c"], ["a", "c", "d"], []])
    G = U.family([["a"], ["c", "d"], ["e"]])
    one = U.family([["a", "c"]])
    F | G, F & G, F - G, F ^ G, ~F, F * G, F / G, F / one, F % G, F.meet(G)
    F.quotients(["a", "c"]), F.substitute({"c": "f"}), U.family([["c"], ["d"]]).substitute(
        {"c": "a", "d": "b"})
    F.nonsup(G), F.nonsub(G), F.minimal(), F.maximal(), F.hitting(), F.hitting().minimal()
    F.onset("a"), F.offset("a"), F.change("a"), F.of_size(2)
    F.exists("a"), F.exists("a", within=G), F.forall("a"), F.exists_minimal("a")
    F.unique_exists("a"), F.image(U.relation([("a", "b")]))
    U.power_set(), U.exactly(2), U.at_most(1), U.at_least(2)


def test_the_table_is_consistent():
    table = ops.table()
    assert [o.code for o in table] == sorted({o.code for o in table})
    assert len({o.name for o in table}) == len(table)
    assert all(o.arity in (0, 1, 2) for o in table)
    assert ops.op("join") is ops.JOIN and ops.JOIN.commutative and ops.JOIN.cached
    assert ops.NONSUP_U.holds_keys and not ops.DIFF.commutative
    named = {v for k, v in vars(ops).items() if k.isupper() and isinstance(v, ops.Op)}
    assert named == set(table)  # a constant for each entry, none for anything else
    with pytest.raises(KeyError, match="no kernel 'drop'"):
        ops.op("drop")


def test_every_entry_is_reached_from_family_and_every_call_is_an_entry(monkeypatch):
    seen = []
    real = Manager.run

    def spy(self, op, *args, **kwargs):
        assert op in ops.table(), op
        seen.append(op.name)
        return real(self, op, *args, **kwargs)
    monkeypatch.setattr(Manager, "run", spy)
    _every_family_operation()
    assert set(seen) == {o.name for o in ops.table()} - SUBPROBLEMS_ONLY


def test_an_unknown_code_is_refused_not_run():
    U = zalg.Universe("ab")
    M = U.manager
    aux = np.zeros(3, dtype=np.int64)
    internal = max(o.code for o in ops.table()) + 1  # past the last entry Python sees
    for code in (0, -1, 999, internal):
        assert kernels.apply(code, M.ctx, U.unit._p, U.unit._p, 0, aux) == (
            kernels.UNKNOWN_OP, 0), code
    rogue = ops.Op("rogue", 999, 2, False, False, False)
    with pytest.raises(RuntimeError, match="a rogue step: rogue \\(code 999\\) is no kernel"):
        M.apply(rogue, U.unit._p, U.unit._p, 0, aux, "a rogue step")
    with pytest.raises(TypeError, match="not an entry"):
        M.apply(1, U.unit._p, U.unit._p, 0, aux, "an int for an op")
    assert set(U.unit | U.single("a")) == {frozenset(), frozenset("a")}  # the manager goes on


def test_arguments_that_do_not_fit_a_kernel_are_refused():
    U = zalg.Universe("ab")
    M, F = U.manager, U.family([["a", "b"]])
    with pytest.raises(ValueError, match="outside the manager's variables"):
        kernels.apply(ops.QUOTIENTS.code, M.ctx, F._p, 0, 0, np.array([5], dtype=np.int64),
                      np.zeros(1, dtype=np.int64))
    with pytest.raises(ValueError, match="mask pass"):
        kernels.apply(ops.QUOTIENTS.code, M.ctx, F._p, 0, 0, np.array([0], dtype=np.int64),
                      np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="marks every level"):
        kernels.apply(ops.EXACTLY.code, M.ctx, 0, 0, 1, np.zeros(1, dtype=np.int64))
    with pytest.raises(ValueError, match="ctx"):
        kernels.apply(ops.UNION.code, np.zeros(3, dtype=np.int64), 0, 0, 0,
                      np.zeros(1, dtype=np.int64))


_WITHOUT_THE_EXTENSION = """
import importlib.abc, sys

class NotBuilt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "zalg.ops._kernels":
            raise ImportError(name)
        return None

sys.meta_path.insert(0, NotBuilt())
try:
    import zalg
except ImportError as exc:
    print(exc)
"""


def test_a_tree_without_the_extension_says_how_to_build_it():
    run = subprocess.run([sys.executable, "-c", _WITHOUT_THE_EXTENSION], capture_output=True,
                         text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "zalg.ops._kernels is missing: build it with `pip install -e .`" in run.stdout
