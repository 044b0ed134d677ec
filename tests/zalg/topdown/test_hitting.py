"""``zalg.topdown.hitting``: hitting sets built top down equal ``hitting`` and the brute force."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import reference as R
from tests.helpers.strategies import universe_and_families
from zalg import Universe
import zalg.topdown.hitting as topdown
from zalg.topdown.hitting import hitting_topdown, hitting_trial
from zalg.topdown.hitting_tables import to_tables


@given(universe_and_families(count=1), st.data())
def test_topdown_hitting_is_hitting(data, draw):
    names, (A,) = data
    U = Universe(names)
    F = U.family(A)
    E = draw.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    expected = F.hitting(E)
    assert set(expected) == R.hitting(A, E)
    for tables in (None, 0, 1, 2, 14):  # automatic; states only; the last 1 or 2 by tables; all
        widths: list = []
        assert hitting_topdown(F, E, widths=widths, tables=tables) == expected
        assert all(states >= 1 for states, _ in widths)  # a level without states ends it
    assert hitting_topdown(F) == F.hitting()
    # marked up-closed as F.hitting's result is, so minimal() takes the up-closed route:
    # the same minimal hitting sets as the general route and the reference
    H = hitting_topdown(F, E)
    assert H._upclosed  # (without the mark, loop A's minimal ran over 10 min instead of 45 s)
    assert H.minimal() == H.minimal(upclosed=False) == expected.minimal()
    assert set(H.minimal()) == R.minimal(R.hitting(A, E))


def test_edge_cases():
    U = Universe("abcd")
    assert hitting_topdown(U.empty, "bd") == U.power_set("bd")  # nothing to hit
    assert hitting_topdown(U.unit, "bd") == U.empty             # ∅ is hit by nothing
    F = U.parse("a*b + c")
    assert hitting_topdown(F, "") == U.empty                     # no element to hit with
    assert hitting_topdown(F, "ac") == U.parse("a*c")
    assert hitting_topdown(F, "bd") == U.empty                   # c cannot be hit from b, d
    assert set(hitting_topdown(F)) == R.hitting({frozenset("ab"), frozenset("c")}, "abcd")


@given(universe_and_families(count=1))
def test_a_heap_smaller_than_a_state(data):
    """With a heap of one entry, states of several nodes do not fit it at first: the
    construction doubles the heap (instead of writing past it) and gives the same family."""
    names, (A,) = data
    F = Universe(names).family(A)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(topdown, "HEAP_START", 1)
        assert hitting_topdown(F, tables=0) == F.hitting()


@given(universe_and_families(count=1), st.data())
def test_trial_is_the_first_levels(data, draw):
    """``hitting_trial``: the (states, entries) of the first levels of the construction
    without tables, as many as asked (fewer when it ends sooner)."""
    names, (A,) = data
    F = Universe(names).family(A)
    E = draw.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    levels = draw.draw(st.integers(0, len(names) + 1))
    widths: list = []
    hitting_topdown(F, E, widths=widths, tables=0)
    assert hitting_trial(F, E, levels) == widths[:levels]


@given(universe_and_families(count=1), st.data())
def test_bases_are_subsets(data, draw):
    """The base a state's table is conjoined from (``hitting_tables.bases``) is another
    state of the level whose nodes it holds."""
    names, (A,) = data
    F = Universe(names).family(A)
    E = draw.draw(st.lists(st.sampled_from(names), unique=True)) if names else []

    def checked(data, off, count, T, first, R, ctx, base=None):
        for i in range(count):
            b = -1 if base is None else int(base[i])
            if b >= 0:
                assert b != i and set(data[off[b]:off[b + 1]]) <= set(data[off[i]:off[i + 1]])
        return to_tables(data, off, count, T, first, R, ctx, base)

    for tables in (1, 2, 3):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(topdown, "to_tables", checked)
            assert hitting_topdown(F, E, tables=tables) == F.hitting(E)


def test_bases_are_used():
    """On twelve random triples of eight elements, 12 of the states at the switch to tables
    three elements before the end have a base (the route the conjunction takes)."""
    U = Universe("abcdefgh")
    rng = random.Random(3)
    F = U.family([set(rng.sample("abcdefgh", 3)) for _ in range(12)])
    counts = []

    def counted(data, off, count, T, first, R, ctx, base=None):
        counts.append(int((base >= 0).sum()))
        return to_tables(data, off, count, T, first, R, ctx, base)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(topdown, "to_tables", counted)
        assert hitting_topdown(F, "abcdefgh", tables=3) == F.hitting("abcdefgh")
    assert counts == [12]
