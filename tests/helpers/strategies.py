"""Hypothesis strategies for the algebra's property tests."""
from __future__ import annotations

from hypothesis import strategies as st

__all__ = ["universe_and_families"]


@st.composite
def universe_and_families(draw, count=2):
    """(elements, [families as sets of frozensets]) over elements 'a'... ; up to 8
    elements, some of them unused by every family; families include ∅ and {∅}."""
    n = draw(st.integers(0, 8))
    names = [chr(ord("a") + i) for i in range(n)]
    used = names[: draw(st.integers(0, n))]  # the rest stay unused
    member = st.frozensets(st.sampled_from(used), max_size=len(used)) if used else st.just(frozenset())
    fams = [draw(st.sets(member, max_size=12)) for _ in range(count)]
    return names, fams
