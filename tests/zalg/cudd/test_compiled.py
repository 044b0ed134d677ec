"""The compiled extension (zalg/ops): each kernel of its table, called directly, gives the
very node of the plain-Python reference's family; a family deeper than the caller's
stack allows is computed on a thread of its own (zalg/cudd/deep.h); Ctrl-C stops a long
join, deep or not."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import reference as R
from tests.helpers.processes import interrupt_inside, prompt, run_python
from zalg import Universe
from zalg.ops.extension import kernels as compiled
from zalg import ops

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


#: the table's entries by name
_REGISTERED = {op.name: op for op in ops.table()}


def _members(U, F):
    return {frozenset(s) for s in F}


@settings(max_examples=60, deadline=None)
@given(families, families, st.sets(st.sampled_from(NAMES)))
def test_each_ported_operation_gives_the_reference_family(A, B, X):
    """The C operations called directly (not through the Manager), against the
    plain-Python references on a small universe."""
    U = Universe(NAMES)
    F, G = U.family(A), U.family(B)
    M = U.manager

    def run(name, a, b=0, aux=None):
        aux = _aux(U) if aux is None else aux
        b = b if isinstance(b, int) else b._p
        out = compiled.apply(_REGISTERED[name].code, M.ctx, a._p, b, 0, aux)
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
    out = compiled.apply(_REGISTERED["image"].code, U.manager.ctx, F._p, root, 0, table)
    assert _members(U, U.wrap(_node(U, out))) == R.image(A, rows)


def _onset(A, x):
    return {S for S in A if x in S}


@settings(max_examples=60, deadline=None)
@given(families, families, st.sampled_from(NAMES), st.sets(st.sampled_from(NAMES)),
       st.integers(0, 5))
def test_each_kernel_gives_the_node_of_the_reference_family(A, B, x, X, size):
    # a ZDD is canonical: the kernel's node is the reference family's own node
    U = Universe(NAMES)
    U.manager.op_cache = False  # every call computes
    F, G = U.family(A), U.family(B)
    M = U.manager
    y = U.elements.index(x)
    marked, upset = _aux(U, X), R.hitting(A, NAMES)
    cases = [("join", F, G, 0, _aux(U), R.join(A, B)),
             ("onset", F, y, 0, _aux(U), _onset(A, x)),
             ("offset", F, y, 0, _aux(U), A - _onset(A, x)),
             ("change", F, y, 0, _aux(U), {S ^ {x} for S in A}),
             ("exists", F, 0, 0, marked, R.exists(A, NAMES, X)),
             ("size", F, size, 1, _aux(U), {S for S in A if size - 1 <= len(S) <= size}),
             ("nonsup", F, G, 0, _aux(U), R.nonsup(A, B)),
             ("nonsup_unions", F, G, 0, _aux(U), R.nonsup(A, B)),
             ("nonsub", F, G, 0, _aux(U), R.nonsub(A, B)),
             ("minimal", F, 0, 0, _aux(U), R.minimal(A)),
             ("maximal", F, 0, 0, _aux(U), R.maximal(A)),
             ("forall", F, 0, 0, marked, R.forall(A, NAMES, X)),
             ("hitting", F, 0, 0, marked, R.hitting(A, X)),
             ("exists_minimal", F, 0, 0, marked, R.minimal(R.exists(A, NAMES, X))),
             ("unique_exists", F, F & G, 0, marked, R.unique_exists(A, NAMES, X, A & B)),
             ("exists_within", F, G, 0, marked, R.exists(A, NAMES, X) & B),
             ("minimal_upset", U.family(upset), 0, 0, _aux(U), R.minimal(upset)),
             ("union", F, G, 0, _aux(U), A | B), ("intersect", F, G, 0, _aux(U), A & B),
             ("diff", F, G, 0, _aux(U), A - B), ("meet", F, G, 0, _aux(U), R.meet(A, B))]
    if B:
        cases.append(("quotient", F, G, 0, _aux(U), R.quotient(A, B)))
    if len(B) == 1:
        cases.append(("quotient_by_set", F, G, 0, _aux(U), R.quotient(A, B)))
    for name, a, b, k, aux, expected in cases:
        b = b._p if not isinstance(b, int) else b
        ours = _node(U, compiled.apply(_REGISTERED[name].code, M.ctx, a._p, b, k, aux))
        assert ours == M.function(U.family(expected)._p), name


@settings(max_examples=40, deadline=None)
@given(families, families)
def test_the_families_equal_the_reference(A, B):
    U = Universe(NAMES)
    F, G = U.family(A), U.family(B)
    assert set(F * G) == R.join(A, B)
    assert set(F | G) == A | B and set(F & G) == A & B and set(F - G) == A - B
    if B:
        assert set(F / G) == R.quotient(A, B)


#: a chain of 20 * MAX_DEPTH levels (200,000 variables: about 550 MB of CUDD's tables,
#: so it runs in a child, outside the test run's memory)
DEEP_FAMILY = """
import numpy as np
from zalg import Universe, ops
from zalg.ops.extension import kernels as compiled
n = 20 * compiled.MAX_DEPTH
U = Universe(range(n))
long_set = U.family([list(range(n))])
other = U.family([list(range(n - 1))])  # one chain with it down to the last level
M = U.manager
aux = np.zeros(n + 1, dtype=np.int64)
status, r = compiled.apply(ops.UNION.code, M.ctx, long_set._p, other._p, 0, aux)
assert status == 0 and r != 0
M.function_owned(r)  # its reference handed to a dd Function, released with it
both = long_set | other
assert both.count() == 2 and len(max(both, key=len)) == n
assert long_set * other == long_set  # join's unions run deep as well
assert (both - long_set) == other and (both & other) == other
print("deep ok")
"""


def test_a_family_deeper_than_the_callers_stack_runs_on_a_deep_thread():
    done = run_python(DEEP_FAMILY, timeout=300)
    assert (done.returncode, done.stdout.strip()) == (0, "deep ok"), done.stderr


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
    assert {"join", "quotient"} <= {name for name, *_ in compiled.TABLE}
