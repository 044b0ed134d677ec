"""The one table of family operations (issue 31): codes and dispatch follow from it, every
operation is reached, an unknown operation fails loudly, and adding one takes a module
and a register line (the walkthrough of docs/architecture.md, done here for real)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import zalg
from zalg import ops
from zalg.ops import registry
from zalg.ops.manager import Manager
from tests.helpers.paths import ROOT


def test_codes_follow_the_table_and_uses_come_first():
    built = ops.table()
    assert [op.code for op in built] == list(range(1, len(built) + 1))
    assert len({op.name for op in built}) == len(built)
    for op in built:
        assert op.module.CODE == op.code
        assert op.closure[0] is op
        assert all(dep.code < op.code and dep in op.closure for dep in op.uses)
    assert ops.MINIMAL.uses == (ops.NONSUP,) and ops.UNIQ.closure == (ops.UNIQ, ops.EXISTS)


def _family_operations() -> None:
    """Each operation of Family once, on small families."""
    U = zalg.Universe("abcd")
    F = U.family([["a", "b"], ["b", "c"], ["d"]])
    G = U.family([["b"], ["c", "d"]])
    (F * G, F.meet(G), F / G, F.nonsup(G), F.nonsub(G), F.minimal(), F.maximal(),
     F.hitting().minimal(), F.onset("a"), F.offset("a"), F.change("a"), F.of_size(1),
     F.exists("a"), F.exists("a", within=G), F.exists_minimal("a"), F.forall("a"),
     F.unique_exists("a"), F.image([("a", "b")]))


def test_every_operation_is_dispatched(monkeypatch):
    # Family's operations reach every operation of the table (the Manager's one call path)
    seen = []
    real = Manager.apply

    def spy(self, op, *args):
        seen.append(op)
        return real(self, op, *args)
    monkeypatch.setattr(Manager, "apply", spy)
    _family_operations()
    # nonsup's pair form runs only as a subproblem (of minimal, exists_minimal):
    # Family.nonsup runs nonsup_unions
    assert set(seen) == set(ops.table()) - {ops.NONSUP}
    assert ops.NONSUP in ops.MINIMAL.closure and ops.NONSUP in ops.MINEX.closure


def test_registering_a_module_is_checked():
    with pytest.raises(TypeError, match="lacks"):
        registry.register(textwrap)  # no steps
    with pytest.raises(ValueError, match="registered already"):
        registry.register(ops.join)
    U = zalg.Universe("ab")
    with pytest.raises(TypeError, match="not a registered operation"):
        U.manager.apply(1, U.unit._p, U.unit._p, 0, U.prefix([]), "an int for an op")


_WALKTHROUGH = textwrap.dedent("""
    import itertools, random
    import zalg
    from zalg.ops import register
    from tests.helpers import rogue_op, toy_op

    DROP = register(toy_op)
    assert DROP.code == len(zalg.ops.table()) and DROP.closure == (DROP,)

    def drop(F, x):  # what a Family method for the new operation would be
        return F._apply(DROP, "dropping an element", b=F.universe.level(x))

    rng = random.Random(7)
    U = zalg.Universe("abcdef")
    for trial in range(25):
        members = [rng.sample("abcdef", rng.randint(0, 4)) for _ in range(rng.randint(0, 9))]
        F = U.family(members)
        for x in "abcdef":
            expected = {frozenset(m) - {x} for m in map(frozenset, members)}
            assert {frozenset(m) for m in drop(F, x)} == expected, (members, x)
    ROGUE = register(rogue_op)
    try:
        U.family([["a", "b"]])._apply(ROGUE, "a rogue step")
    except RuntimeError as exc:
        print("refused:", exc)
""")


def test_a_new_operation_is_registered_dispatched_and_checked():
    # in a fresh process: registering extends the table of the process that does it
    run = subprocess.run([sys.executable, "-c", _WALKTHROUGH], capture_output=True, text=True,
                         cwd=ROOT, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "refused: a rogue step: operation rogue_op asked for a subproblem of an operation " \
           "missing from its USES" in run.stdout
