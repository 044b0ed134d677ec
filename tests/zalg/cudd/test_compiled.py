"""The compiled extension (zalg/ops): each compiled operation gives the very node the
numba kernels give and the plain-Python reference's family, and every registered
operation of zalg runs on it; a family deeper than the caller's stack allows is
computed on a thread of its own (zalg/cudd/deep.h); Ctrl-C stops a long compiled join,
deep or not."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import reference as R
from tests.helpers.processes import interrupt_inside, prompt
from zalg import Universe
from zalg.ops.extension import kernels as compiled
from zalg.ops import driver
from zalg import ops
from zalg.ops import setop as numba_setop

pytestmark = pytest.mark.skipif(compiled is None, reason="zalg.ops._kernels is not built "
                                "in this tree (python setup.py build_ext --inplace)")

NAMES = [f"x{i}" for i in range(8)]
families = st.sets(st.frozensets(st.sampled_from(NAMES), max_size=5), max_size=12)


def _node(U, out):
    """The node of a kernel's (status, node), checked OK; its reference handed to a Family."""
    status, r = out
    assert status == 0, status
    return U.manager.function_owned(r)


def _aux(U, marked=()):
    return np.concatenate([[0], np.cumsum([1 if e in marked else 0 for e in U.elements])]
                          ).astype(np.int64)


#: zalg's registered operations by name
_REGISTERED = {op.name: op for op in ops.table()}


def test_every_registered_operation_of_zalg_runs_compiled():
    from zalg.ops.manager import _COMPILED_OPS
    own = [op for op in ops.table() if op.module.__name__.startswith("zalg.ops.")]
    assert {op.name for op in own} <= set(compiled.OPS)
    assert all(_COMPILED_OPS[op] == compiled.OPS[op.name] for op in own)


def _members(U, F):
    return {frozenset(s) for s in F}


@settings(max_examples=60, deadline=None)
@given(families, families, st.sets(st.sampled_from(NAMES)))
def test_each_ported_operation_gives_the_reference_family(A, B, X):
    """The C operations called directly (not through the Manager's routing), against the
    plain-Python references on a small universe."""
    U = Universe(NAMES)
    F, G = U.family(A), U.family(B)
    M = U.manager

    def run(name, a, b=0, aux=None):
        aux = _aux(U) if aux is None else aux
        b = b if isinstance(b, int) else b._p
        out = compiled.apply(compiled.OPS[name], _REGISTERED[name].code, M.ctx, a._p, b, 0,
                             aux)
        return _members(U, U.wrap(_node(U, out)))

    marked = _aux(U, X)
    upset = R.hitting(A, NAMES[:5])  # up-closed within its elements
    assert run("nonsup", F, G) == R.nonsup(A, B)
    assert run("nonsup_unions", F, G) == R.nonsup(A, B)
    assert run("nonsub", F, G) == R.nonsub(A, B)
    assert run("minimal", F) == R.minimal(A)
    assert run("maximal", F) == R.maximal(A)
    assert run("minimal_upset", U.family(upset)) == R.minimal(upset)
    assert run("forall", F, aux=marked) == R.forall(A, NAMES, X)
    assert run("hitting", F, aux=marked) == R.hitting(A, X)
    assert run("exists_minimal", F, aux=marked) == R.minimal(R.exists(A, NAMES, X))
    assert run("unique_exists", F, F, aux=marked) == R.unique_exists(A, NAMES, X)
    assert run("unique_exists", F, F & G, aux=marked) == R.unique_exists(A, NAMES, X, B)
    assert run("exists_within", F, G, aux=marked) == R.exists(A, NAMES, X) & B


@settings(max_examples=40, deadline=None)
@given(families, st.lists(st.tuples(*[st.lists(st.sampled_from(NAMES), unique=True,
                                                 max_size=3)] * 3), max_size=4))
def test_the_compiled_image_gives_the_reference_family(A, rows):
    U = Universe(NAMES)
    F = U.family(A)
    table, root = U.relation(rows).compiled()
    out = compiled.apply(compiled.OPS["image"], _REGISTERED["image"].code, U.manager.ctx,
                         F._p, root, 0, table)
    assert _members(U, U.wrap(_node(U, out))) == R.image(A, rows)


@settings(max_examples=60, deadline=None)
@given(families, families, st.sampled_from(NAMES), st.sets(st.sampled_from(NAMES)),
       st.integers(0, 5))
def test_each_compiled_operation_gives_the_numba_node(A, B, x, X, size):
    U = Universe(NAMES)
    U.manager.op_cache = False  # each side computes for itself
    F, G = U.family(A), U.family(B)
    M = U.manager
    y = U.elements.index(x)
    cases = [("join", F, G, 0, _aux(U)), ("onset", F, y, 0, _aux(U)),
             ("offset", F, y, 0, _aux(U)), ("change", F, y, 0, _aux(U)),
             ("exists", F, 0, 0, _aux(U, X)), ("size", F, size, 1, _aux(U))]
    if B:
        cases.append(("quotient", F, G, 0, _aux(U)))
    marked = _aux(U, X)
    cases += [("nonsup", F, G, 0, _aux(U)), ("nonsup_unions", F, G, 0, _aux(U)),
              ("nonsub", F, G, 0, _aux(U)), ("minimal", F, 0, 0, _aux(U)),
              ("maximal", F, 0, 0, _aux(U)), ("forall", F, 0, 0, marked),
              ("hitting", F, 0, 0, marked), ("exists_minimal", F, 0, 0, marked),
              ("unique_exists", F, F & G, 0, marked), ("exists_within", F, G, 0, marked),
              ("minimal_upset", F.hitting(), 0, 0, _aux(U))]
    for name, a, b, k, aux in cases:
        a = a._p
        b = b._p if not isinstance(b, int) else b
        op = _REGISTERED[name]
        ours = _node(U, compiled.apply(compiled.OPS[name], op.code, M.ctx, a, b, k, aux))
        theirs = _node(U, driver.apply(op, M.ctx, a, b, k, aux))
        assert ours == theirs, name
    for kind in (numba_setop.UNION, numba_setop.INTER, numba_setop.DIFF):
        ours = _node(U, compiled.binary(M.ctx, kind, F._p, G._p))
        assert ours == _node(U, numba_setop.binary(M.ctx, kind, F._p, G._p))


@settings(max_examples=40, deadline=None)
@given(families, families)
def test_the_families_equal_the_reference(A, B):
    U = Universe(NAMES)
    F, G = U.family(A), U.family(B)
    assert set(F * G) == R.join(A, B)
    assert set(F | G) == A | B and set(F & G) == A & B and set(F - G) == A - B
    if B:
        assert set(F / G) == R.quotient(A, B)


def test_a_family_deeper_than_the_callers_stack_runs_on_a_deep_thread():
    n = 20 * compiled.MAX_DEPTH
    U = Universe(range(n))
    long_set = U.family([list(range(n))])
    other = U.family([list(range(n - 1))])  # one chain with it down to the last level
    M = U.manager
    status, r = compiled.binary(M.ctx, numba_setop.UNION, long_set._p, other._p)
    assert status == 0 and r != 0
    M.function_owned(r)  # its reference handed to a dd Function, released with it
    both = long_set | other
    assert both.count() == 2 and len(max(both, key=len)) == n
    assert long_set * other == long_set  # join's unions run deep as well
    assert (both - long_set) == other and (both & other) == other


def test_ctrl_c_inside_a_deep_call_stops_within_two_seconds():
    setup = ("import random, zalg\n"
             "n = 30000\n"
             "U = zalg.Universe(range(n))\n"
             "rng = random.Random(1)\n"
             "F = U.family([rng.sample(range(n - 1), 30) + [n - 1] for _ in range(400)])\n"
             "G = U.family([rng.sample(range(n - 1), 30) + [n - 1] for _ in range(400)])")
    rc, said, took, count, err = interrupt_inside(
        setup, "F * G", "(U.family([[1]]) * U.family([[2], [3]])).count()", 1.5)
    assert rc == 0 and (said, count) == ("interrupted", "2") and err == "", err
    assert prompt(took), took


def test_ctrl_c_inside_a_long_compiled_join_stops_within_two_seconds():
    setup = ("import random, zalg\n"
             "U = zalg.Universe(range(200))\n"
             "rng = random.Random(1)\n"
             "F = U.family([rng.sample(range(200), 8) for _ in range(3000)])\n"
             "G = U.family([rng.sample(range(200), 8) for _ in range(3000)])\n"
             "U.family([[1]]) * U.family([[2]])")
    rc, said, took, count, err = interrupt_inside(
        setup, "(F * G) * F", "(U.family([[1]]) * U.family([[2], [3]])).count()", 1.5)
    assert rc == 0 and (said, count) == ("interrupted", "2") and err == "", err
    assert prompt(took), took


def test_the_build_says_its_flags():
    assert "-O3" in compiled.CFLAGS
    assert {"join", "quotient"} <= set(compiled.OPS)
