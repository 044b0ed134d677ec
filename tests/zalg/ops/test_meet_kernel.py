"""The meet's own recursion (zalg/ops/meet.c): its memo table, references and budget.

Its results against the frozenset reference on random families (hypothesis) are in
``test_algebra_properties``; garbage collection during the call and operands deeper
than any native stack are in ``test_op_cache`` and ``test_algebra_semantics``.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import reference as R
from zalg import Universe

NAMES = list(range(40))


def _random_sets(rng, count, largest):
    return {frozenset(rng.sample(NAMES, rng.randint(1, largest))) for _ in range(count)}


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 60), st.integers(1, 60))
def test_meet_takes_back_every_reference_it_took(seed, many, few):
    # the memo table holds a reference on every result and lets them all go at the end;
    # only the result's own reference stays, and it goes with the result
    rng = random.Random(seed)
    U = Universe(NAMES)
    U.manager.op_cache = False  # every call computes
    A, B = _random_sets(rng, many, 8), _random_sets(rng, few, 4)
    F, G = U.family(A), U.family(B)
    referenced = len(U.manager.zdd)
    for _ in range(2):
        result = F.meet(G)
        assert set(result) == R.meet(A, B)
        del result
    assert len(U.manager.zdd) == referenced


def test_meet_in_a_tight_budget_matches_the_reference():
    # a 24 MB universe: the memo table may grow only as far as the budget leaves room
    # (flushed when it cannot grow, as the driver's, and the call goes on); the result
    # is right and every reference the call took is given back
    rng = random.Random(11)
    U = Universe(NAMES, memory="24M")
    U.manager.op_cache = False
    A, B = _random_sets(rng, 600, 12), _random_sets(rng, 600, 12)
    F, G = U.family(A), U.family(B)
    referenced = len(U.manager.zdd)
    result = F.meet(G)
    assert set(result) == R.meet(A, B)
    del result
    assert len(U.manager.zdd) == referenced
