"""The kernels with recursions of their own (zalg/ops: meet.c, quotients.c, substitute.c,
build.c, setop.c's one_set, node_count.c), called directly on a Manager's ctx: each
result is the very node of the family the plain-Python reference gives, every reference
a call took is given back, and what the C cannot do (a family deeper than its native
recursion goes, arrays that are no ZDD) is said, not crashed on."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import reference as R
from tests.helpers.processes import interrupt_inside, prompt
from tests.helpers.strategies import universe_and_families
from zalg import Universe
from zalg import ops
from zalg.ops.extension import kernels as compiled

NO_AUX = np.zeros(1, dtype=np.int64)


def _owned(U, out):
    """The family of a kernel's (status, node), checked OK; its reference handed over."""
    status, r = out
    assert status == 0, status
    return U.manager.function_owned(r)


def _node(F):
    return F.universe.manager.function(F._p)


@settings(max_examples=80, deadline=None)
@given(universe_and_families())
def test_meet_is_the_node_of_the_reference_family_and_gives_back_its_references(data):
    names, (A, B_) = data
    U = Universe(names)
    U.manager.op_cache = False  # every call computes
    F, G = U.family(A), U.family(B_)
    expected = _node(U.family(R.meet(A, B_)))
    held = len(U.manager.zdd)
    for a, b in ((F, G), (G, F)):
        assert _owned(U, compiled.apply(ops.MEET.code, U.manager.ctx, a._p, b._p, 0,
                                        NO_AUX)) == expected
    assert len(U.manager.zdd) == held


@settings(max_examples=80, deadline=None)
@given(universe_and_families(count=1), st.data())
def test_quotients_and_substitute_are_the_nodes_of_the_reference(data, more):
    names, (A,) = data
    tops = ["y0", "y1", "y2", "y3"]
    U = Universe(tops + names)
    F = U.family(A)
    M = U.manager
    xs = more.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    levels = np.array([U.level(x) for x in xs], dtype=np.int64)
    held = len(M.zdd)
    results = np.zeros(len(xs), dtype=np.int64)
    assert compiled.apply(ops.QUOTIENTS.code, M.ctx, F._p, 0, 0, levels, results) == (0, 0)
    got = [M.function_owned(r) for r in results]
    assert got == [_node(U.family(R.quotient(A, {frozenset([x])}))) for x in xs]
    ys = more.draw(st.permutations(tops))[: len(xs)]
    pairs = dict(zip(xs, ys))
    ylevels = np.array([U.level(y) for y in ys], dtype=np.int64)
    out = _owned(U, compiled.apply(ops.SUBSTITUTE.code, M.ctx, F._p, 0, len(ys),
                                   np.concatenate([levels[: len(ys)], ylevels])))
    assert out == _node(U.family(R.substitute(A, pairs)))
    del got, out
    assert len(M.zdd) == held


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 9), st.data())
def test_cardinality_families_and_power_sets_are_the_nodes_of_the_reference(n, data):
    names = list(range(n))
    U = Universe(names)
    M = U.manager
    E = data.draw(st.sets(st.sampled_from(names))) if names else set()
    k = data.draw(st.integers(0, len(E)))
    marked = U.marked(E).astype(np.int64)
    tests = {ops.EXACTLY: lambda s: s == k, ops.AT_MOST: lambda s: s <= k,
             ops.AT_LEAST: lambda s: s >= k}
    held = len(M.zdd)
    for op, test in tests.items():
        built = _owned(U, compiled.apply(op.code, M.ctx, 0, 0, k, marked))
        assert built == _node(U.family(R.cardinality(names, E, test)))
    power = _owned(U, compiled.apply(ops.POWER.code, M.ctx, 0, 0, 0, marked))
    assert power == _node(U.family(R.subsets(E)))
    del built, power
    assert len(M.zdd) == held


@settings(max_examples=60, deadline=None)
@given(universe_and_families(count=1))
def test_rebuild_makes_the_exported_nodes_again(data):
    names, (A,) = data
    U = Universe(names)
    F = U.family(A)
    level, hi, lo, root = F.node_arrays()
    arrays = [np.ascontiguousarray(a, dtype=np.int64) for a in (level, hi, lo)]
    assert compiled.checked_arrays(*arrays, root, len(names)) == -1
    held = len(U.manager.zdd)
    assert _owned(U, compiled.rebuild(U.manager.ctx, *arrays, root)) == _node(F)
    assert len(U.manager.zdd) == held
    assert compiled.one_set(U.manager.ctx, F._p) == (len(A) == 1)


@settings(max_examples=80, deadline=None)
@given(universe_and_families(count=2))
def test_no_more_nodes_compares_the_node_counts_the_export_gives(data):
    names, (A, B_) = data
    U = Universe(names)
    F, G = U.family(A), U.family(B_)
    for a, b in ((F, G), (G, F), (F, F), (F, U.empty), (U.empty, F), (U.unit, F)):
        assert U.manager.no_more_nodes(a._p, b._p) == (a.node_count() <= b.node_count())


def test_no_more_nodes_walks_a_family_wider_than_its_first_tables():
    U = Universe(range(40))
    F = U.family([{i, (i * 7) % 40, (i * 13) % 40} for i in range(40)] +
                 [set(range(i, 40, 3)) for i in range(3)])
    G = F - U.family([set(range(0, 40, 3))])
    assert F.node_count() > 100
    for a, b in ((F, G), (G, F), (F, F)):
        assert U.manager.no_more_nodes(a._p, b._p) == (a.node_count() <= b.node_count())


def test_node_arrays_that_are_no_zdd_are_refused():
    U = Universe("abc")
    level = np.array([3, 3, 1, 0], dtype=np.int64)
    hi, lo = np.array([0, 0, 1, 2], dtype=np.int64), np.array([0, 0, 0, 3], dtype=np.int64)
    assert compiled.checked_arrays(level, hi, lo, 3, 3) == 3  # a child that is no earlier id
    assert U.manager.checked_arrays(level, hi, lo, 3) == 3
    with pytest.raises(ValueError):
        compiled.rebuild(U.manager.ctx, level, hi, lo, 3)
    with pytest.raises(ValueError):
        U.build_arrays(level, hi, lo, 3, "these arrays")
    lo[3] = 0
    assert set(U.build_arrays(level, hi, lo, 3, "these arrays")) == {frozenset("ab")}


def test_operands_deeper_than_the_callers_stack_run_on_a_deep_thread():
    # meet's own stack is explicit; the unions of its steps and the quotients' mask pass
    # recurse natively: past MAX_DEPTH levels on the caller's thread they run again on a
    # thread deep enough (zalg/cudd/deep.h), every reference balanced
    n = 2 * compiled.MAX_DEPTH
    U = Universe(range(n))
    M = U.manager
    top, low = frozenset(range(n)), frozenset(range(1, n))
    F, G = U.family([top, {0}]), U.family([low, {1}])
    held = len(M.zdd)
    status, r = compiled.apply(ops.MEET.code, M.ctx, F._p, G._p, 0, NO_AUX)
    assert status in (0, compiled.TOO_DEEP) and (r != 0) == (status == 0)
    if status == 0:
        M.function_owned(r)
    assert len(M.zdd) == held
    assert set(F.meet(G)) == R.meet({top, frozenset({0})}, {low, frozenset({1})})
    results = np.zeros(1, dtype=np.int64)
    levels = np.array([n - 1], dtype=np.int64)
    assert compiled.apply(ops.QUOTIENTS.code, M.ctx, F._p, 0, 0, levels, results) == (0, 0)
    M.function_owned(int(results[0]))
    assert len(M.zdd) == held
    assert set(F.quotients([n - 1])[0]) == {top - {n - 1}}


def test_ctrl_c_inside_a_long_compiled_meet_stops_within_two_seconds():
    # the meet of the 5x5 grid's two diagonal path families: seconds of work, half a
    # million result nodes; a Ctrl-C in the middle ends it, with every reference released
    setup = ("import zalg\n"
             "G = zalg.grid(5, 5)\n"
             "U = G.universe\n"
             "P, Q = G.paths((0, 0), (4, 4)), G.paths((0, 4), (4, 0))\n"
             "U.manager.op_cache = False\n"
             "E = list(U.elements)\n"
             "U.family([E[:1]]).meet(U.family([E[1:2]]))")
    rc, said, took, count, err = interrupt_inside(
        setup, "P.meet(Q)", "(U.family([E[:1]]) * U.family([E[1:2], E[2:3]])).count()", 1.0)
    assert rc == 0 and (said, count) == ("interrupted", "2") and err == "", err
    assert prompt(took), took


def test_the_member_by_member_test_stops_at_ctrl_c():
    # 2^21 members against a G of ~40,000 nodes: 4,096 passes over G, seconds of work
    setup = ("import random\nfrom zalg import Universe\nU = Universe(range(44))\n"
             "rng = random.Random(3)\nF = U.power_set(range(21))\n"
             "G = U.family([rng.sample(range(44), 6) for _ in range(40000)])\n"
             "F.restrict(U.family([[0]]), method='members')")
    rc, said, took, count, err = interrupt_inside(
        setup, "F.restrict(G, method='members')",
        "U.family([[0, 1], [2]]).restrict(U.family([[0]]), method='members').count()", 0.3)
    assert rc == 0 and (said, count) == ("interrupted", "1") and err == "", err
    assert prompt(took), took


def test_the_member_by_member_test_keeps_to_the_budget():
    # 2^22 members: their bit columns alone (44 levels of 2^16 words) pass 24 MB
    from zalg import OutOfMemory
    U = Universe(range(44), memory="24M")
    F = U.power_set(range(22))
    with pytest.raises(OutOfMemory, match="testing members"):
        F.restrict(U.family([[0]]), method="members")
    small = U.family([[0, 1], [2]])
    assert small.restrict(U.family([[0]]), method="members") == U.family([[0, 1]])

