"""``method=`` of Family.hitting, minimal and unique_exists: every route gives the family
of the set-notation definition (the plain-Python reference), "auto" falls back to the
bottom-up route when the top-down one passes the memory budget, and bad methods are
one clear error."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import reference as R
from tests.helpers.strategies import universe_and_families
from zalg import OutOfMemory, Universe
from zalg.algebra import routes

METHODS = ("bottomup", "topdown", "auto")


@settings(max_examples=60, deadline=None)
@given(universe_and_families(count=2), st.data())
def test_every_method_gives_the_defined_family(data, draw):
    names, (A, B) = data
    U = Universe(names)
    F, W = U.family(A), U.family(B)
    E = draw.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    X = draw.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    hit = R.hitting(A, E)
    for method in METHODS:
        H = F.hitting(E, method=method)
        assert set(H) == hit
        assert set(H.minimal(method=method)) == R.minimal(hit)
        assert set(F.unique_exists(X, method=method)) == R.unique_exists(A, names, X)
        assert set(F.unique_exists(X, witnesses=W, method=method)) == \
            R.unique_exists(A, names, X, B)
    # a family not known to be up-closed: auto and bottomup take the general recursion
    assert set(F.minimal(method="auto")) == set(F.minimal()) == R.minimal(A)


def test_the_trial_counts_the_first_levels():
    U = Universe("abcde")
    F = U.parse("a*b + c*d + b*e")
    trial = F.hitting_trial("abcde", levels=3)
    assert len(trial) == 3 and all(states >= 1 and entries >= 0 for states, entries in trial)
    assert F.hitting_trial("abcde", levels=0) == []


def test_bad_methods_are_one_clear_error():
    U = Universe("abc")
    F = U.parse("a*b + c")
    for call in (lambda: F.hitting(method="fast"), lambda: F.minimal(method="sideways"),
                 lambda: F.unique_exists("a", method="")):
        with pytest.raises(ValueError, match="method must be one of 'auto', 'topdown', "
                                             "'bottomup'"):
            call()
    with pytest.raises(ValueError, match="needs an up-closed family"):
        U.parse("a + a*b*c").minimal(method="topdown")  # not up-closed: no top-down route


def test_auto_falls_back_on_memory_and_says_so():
    """A top-down construction that passes the budget: "auto" gives the bottom-up family
    with one progress line naming the step, "topdown" raises."""
    U = Universe("abcd")
    F = U.parse("a*b + c*d + a*d")
    registered = routes.topdown("hitting")

    def over_budget(*args, **kwargs):
        raise OutOfMemory("the widest level")

    lines: list = []
    routes.register("hitting", over_budget)
    try:
        H = F.hitting("abcd", method="auto", progress=lambda text, done, total: lines.append(text))
        with pytest.raises(OutOfMemory):
            F.hitting("abcd", method="topdown")
    finally:
        routes.register("hitting", registered)
    assert set(H) == R.hitting(set(F), "abcd")
    notes = [line for line in lines if "bottom up instead" in line]
    assert notes == ["hitting sets top down: the widest level would pass the memory budget; "
                     "bottom up instead"]


def test_without_a_registered_route(monkeypatch):
    monkeypatch.setattr(routes, "_TOPDOWN", {})
    F = Universe("ab").parse("a + b")
    with pytest.raises(RuntimeError, match="no top-down route is registered"):
        F.hitting(method="topdown")
    assert set(F.hitting(method="bottomup")) == {frozenset("ab")}  # the kernel's route


def test_unknown_operations_are_not_registered():
    with pytest.raises(ValueError, match="no Family operation"):
        routes.register("maximal", lambda F: F)
