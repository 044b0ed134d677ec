"""The top-down constructions at their default settings on random families of
17-22 elements, where the first levels are states and the last 16 truth tables (the
hypothesis tests of each module reach at most 8 elements, with the split moved by
``tables=``).

Evidence: ``hitting_topdown``, ``minimal_topdown`` and ``unique_exists_topdown``
give the identical node as the bottom-up ``hitting``, ``minimal`` and
``unique_exists``; the minimal hitting sets each meet every member and lose that by
dropping any element, and ∃! equals a plain-Python grouping of the members by their
part outside X (a group of one)."""

from __future__ import annotations

from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from zalg import Universe
from zalg.topdown.hitting import hitting_topdown
from zalg.topdown.minimal import minimal_topdown
from zalg.topdown.unique_exists import unique_exists_topdown


@st.composite
def wide_families(draw):
    """(elements, members, a subset E of 17 or more elements): 17-22 elements, 1-10 members
    of 0-6 elements each (∅ among them now and then)."""
    n = draw(st.integers(17, 22))
    names = [f"x{i:02d}" for i in range(n)]
    member = st.frozensets(st.sampled_from(names), max_size=6)
    members = draw(st.sets(member, min_size=1, max_size=10))
    E = draw(st.sets(st.sampled_from(names), min_size=17))
    return names, members, sorted(E)


@settings(max_examples=40, deadline=None)
@given(wide_families())
def test_hitting_and_minimal_top_down_at_the_default_split(case):
    names, members, E = case
    U = Universe(names)
    F = U.family(members)
    H = F.hitting(E)
    assert hitting_topdown(F, E) == H
    M = minimal_topdown(H)
    assert M == H.minimal(upclosed=False)
    inside = [m & set(E) for m in members]
    for S in M:  # a minimal transversal of the members within E, by plain Python
        assert all(S & m for m in inside), S
        assert all(not all((S - {x}) & m for m in inside) for x in S), S
    assert (H.count() == 0) == any(not m for m in inside)


@settings(max_examples=40, deadline=None)
@given(wide_families(), st.data())
def test_unique_exists_top_down_on_wide_relations(case, data):
    names, members, X = case
    X = X[: data.draw(st.integers(1, len(X)))]
    U = Universe(names)
    R = U.family(members)
    groups: dict = defaultdict(list)
    for m in members:
        groups[m - set(X)].append(m)
    expected = {S for S, found in groups.items() if len(found) == 1}
    got = unique_exists_topdown(R, X)
    assert got == R.unique_exists(X)
    assert set(got) == expected
    witnesses = {m for m in members if data.draw(st.booleans())}
    W = U.family(witnesses)
    got = unique_exists_topdown(R, X, witnesses=W)
    assert got == R.unique_exists(X, witnesses=W)
    assert set(got) == {S for S in expected if groups[S][0] in witnesses}
