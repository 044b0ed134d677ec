"""The compiled extension (zalg/cudd): each compiled operation gives the very node the
numba kernels give and the plain-Python reference's family; a family deeper than the
caller's stack allows is computed on a thread of its own (zalg/cudd/deep.h); Ctrl-C
stops a long compiled join, deep or not."""

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
    registered = {"join": ops.JOIN, "onset": ops.ONSET, "offset": ops.OFFSET,
                  "change": ops.CHANGE, "exists": ops.EXISTS, "size": ops.SIZE,
                  "quotient": ops.QUOT}
    for name, a, b, k, aux in cases:
        a = a._p
        b = b._p if not isinstance(b, int) else b
        op = registered[name]
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
