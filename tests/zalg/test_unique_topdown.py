"""``zalg.unique_topdown``: ∃! built top down equals the bottom-up ∃! and the brute force."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import reference as R
from tests.helpers.strategies import universe_and_families
from zalg import Universe
from zalg.unique_topdown import Separation, unique_exists_topdown


def as_set(F):
    return set(F)


@given(universe_and_families(count=1), st.data())
def test_topdown_unique_exists_is_the_one_pass_unique_exists(data, draw):
    names, (A,) = data
    U = Universe(names)
    F = U.family(A)
    X = draw.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    widths: list = []
    got = unique_exists_topdown(F, X, widths=widths)
    assert as_set(got) == R.unique_exists(A, names, X)
    assert got == F.unique_exists(X)
    assert all(n >= 1 for n, _ in widths)  # a level without states ends the construction
    W = {a for a in A if draw.draw(st.booleans())} | draw.draw(st.sets(st.frozensets(
        st.sampled_from(names), max_size=len(names)), max_size=4) if names else st.just(set()))
    got = unique_exists_topdown(F, X, witnesses=U.family(W))
    assert as_set(got) == R.unique_exists(A, names, X, W)
    assert got == F.unique_exists(X, witnesses=U.family(W))


def test_a_separation_that_separates_nothing_changes_nothing():
    members = [set(m) for m in ("ab", "ac", "bd", "ce", "a", "def", "", "bf", "abf")]
    witnesses = [set(m) for m in ("ab", "bd", "", "bf")]
    U = Universe("abcdef")
    F, W = U.family(members), U.family(witnesses)
    flat = Separation(np.full(F.node_count() + 2, 5), np.full(W.node_count() + 2, 5),
                      np.full(len(U) + 1, -1))
    for X in ("a", "be", "acf", ""):
        expected = R.unique_exists({frozenset(m) for m in members}, list("abcdef"), set(X),
                                   {frozenset(m) for m in witnesses})
        assert as_set(unique_exists_topdown(F, X, W, separation=flat)) == expected
        assert unique_exists_topdown(F, X, W) == F.unique_exists(X, witnesses=W)


def test_bad_arguments_are_refused():
    U, V = Universe("abc"), Universe("abc")
    F = U.family([{"a", "b"}, {"c"}])
    with pytest.raises(ValueError, match="another universe"):
        unique_exists_topdown(F, "a", witnesses=V.family([{"a", "b"}]))
    with pytest.raises(ValueError, match="one key per node"):
        unique_exists_topdown(F, "a", separation=Separation(np.zeros(1), np.zeros(1), np.zeros(1)))
