"""``zalg.topdown.minimal``: minimal members of up-closed families built top down equal
``minimal`` (both routes) and the frozenset reference."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import reference as R
from tests.helpers.strategies import universe_and_families
from zalg import Universe
from zalg.topdown.minimal import minimal_topdown


def _upsets(names, A, E):
    """Every superset within E of a member of A that lies within E."""
    E = frozenset(E)
    base = [a for a in A if a <= E]
    rest = sorted(E)
    out = set()
    for a in base:
        free = [x for x in rest if x not in a]
        for mask in range(1 << len(free)):
            out.add(a | {free[i] for i in range(len(free)) if mask >> i & 1})
    return out


@given(universe_and_families(count=1), st.data())
def test_minimal_of_hitting_sets(data, draw):
    names, (A,) = data
    U = Universe(names)
    E = draw.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    H = U.family(A).hitting(E)
    expected = H.minimal(upclosed=False)
    assert set(expected) == R.minimal(R.hitting(A, E))
    assert H.minimal() == expected  # the up-closed route of the recursion
    for tables in (None, 0, 1, 2, 3, 8):  # automatic; states only; the last 1, 2, 3; all
        widths: list = []
        assert minimal_topdown(H, tables=tables, widths=widths) == expected
        assert all(states >= 1 for states in widths)


@given(universe_and_families(count=1), st.data())
def test_minimal_of_up_closures(data, draw):
    names, (A,) = data
    U = Universe(names)
    E = draw.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    up = _upsets(names, A, E)
    H = U.family(up)
    expected = R.minimal(up)
    for tables in (None, 0, 2, 8):
        assert set(minimal_topdown(H, tables=tables)) == expected


def test_edge_cases():
    U = Universe("abcd")
    assert minimal_topdown(U.empty) == U.empty
    assert minimal_topdown(U.unit) == U.unit
    assert minimal_topdown(U.power_set("bd")) == U.unit  # ∅ is a member: the only minimal one
    H = U.parse("a*b + a*b*c + a*b*d + a*b*c*d + c*d + a*c*d + b*c*d")  # up-closure of ab, cd
    assert minimal_topdown(H) == U.parse("a*b + c*d")
    assert minimal_topdown(U.parse("a + a*b"), tables=1) == U.parse("a")
