"""The designer's answers without H (``lazy``): identical to the whole-H route and
to brute force on small boards."""

from __future__ import annotations

import math
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from puzzles.common.loops import outline, random_loop
from puzzles.slitherlink import Puzzle
from puzzles.slitherlink import design as I
from puzzles.slitherlink import lazy as L


def brute_force_minimum(rows, cols, loop, candidates):
    """Good hint sets of fewest cells, by solving every subset of the candidates."""
    h = I.loop_hints(loop, rows, cols)
    for k in range(len(candidates) + 1):
        good = {frozenset(S) for S in combinations(candidates, k)
                if Puzzle(rows, cols, {E: h[E] for E in S}).count() == 1}
        if good:
            return good
    return set()


@pytest.mark.parametrize("rows, cols, seed", [(3, 3, 1), (3, 3, 4), (3, 4, 2), (2, 5, 3)])
def test_minimum_equals_brute_force(rows, cols, seed):
    loop = random_loop(rows, cols, seed=seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    assert set(L.minimum_hint_sets((rows, cols), loop)) == brute_force_minimum(rows, cols, loop, cells)


def other_cycles_violations(rows, cols, loop, candidates):
    """viol(C') ∩ Y for every cycle C' ≠ C* of the board (plain Python)."""
    h = I.loop_hints(loop, rows, cols)
    out = []
    for C in I.board_graph(rows, cols).cycles():
        if C != loop:
            hc = I.loop_hints(C, rows, cols)
            out.append(frozenset(E for E in candidates if hc[E] != h[E]))
    return out


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([(3, 3), (3, 4), (4, 3)]), st.integers(0, 10 ** 6), st.data())
def test_checks_and_fewest_cells_member_by_member_and_at_once(shape, seed, data):
    rows, cols = shape
    loop = random_loop(rows, cols, seed=seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    design = L.LazyDesign(shape, loop)
    violations = other_cycles_violations(rows, cols, loop, cells)
    sets = data.draw(st.lists(st.sets(st.sampled_from(cells)).map(frozenset), max_size=12))
    C = design.U.family(sets)
    want_bad = {S for S in sets if any(not v & S for v in violations)}
    saved = L.FEW
    try:
        for few in (0, 10 ** 6):  # the family at once, then member by member
            L.FEW = few
            assert set(design.bad(C)) == want_bad
    finally:
        L.FEW = saved
    for S in sets:
        missing = [len(v) for v in violations if not v & S]
        size, v = design.fewest_missing(S)
        assert size == (min(missing) if missing else math.inf)
        assert (v is None) if not missing else (v in violations and len(v) == size and not v & S)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([(3, 4), (4, 4), (4, 5), (5, 4)]), st.integers(0, 10 ** 6),
       st.integers(0, 2 ** 20), st.sampled_from([1, 3, L.BATCH]))
def test_minimum_and_hardest_equal_the_whole_h_route(shape, seed, drop, batch):
    rows, cols = shape
    loop = random_loop(rows, cols, seed=seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    candidates = [E for i, E in enumerate(cells) if not (drop >> i) & 1 or i % 3]
    H = I.instances(shape, loop, candidates=candidates)
    design = L.LazyDesign(shape, loop, candidates)  # one design: the minimum, then the hardest
    assert design.minimum() == I.minimum(H)
    minimal = H.minimal()
    want = [key for _, (_, key) in zip(range(6), I.rank_by_difficulty(minimal, loop))]
    got = design.hardest(6, batch=batch)
    assert [key for _, key in L.hardest_hint_sets(shape, loop, 6, candidates)] == want
    assert [key for _, key in got] == want  # ties may come in another order
    assert all(S in minimal and I.difficulty(S, I.loop_hints(loop, rows, cols)) == key
               for S, key in got)


def test_5x7_paper_loop_shape_and_a_6x6_loop():
    loop = random_loop(5, 7, seed=5)
    H = I.instances((5, 7), loop)
    assert L.minimum_hint_sets((5, 7), loop) == I.minimum(H)
    text = ["......", ".####.", ".#..#.", ".#.##.", ".#....", "......"]
    region = {(r, c) for r, row in enumerate(text) for c, x in enumerate(row) if x == "#"}
    M = L.minimum_hint_sets((6, 6), outline(region))
    assert (M.count(), M.by_size()) == (20, {9: 20})  # the whole-H route's figures (benchmark)


def test_no_good_hint_set():
    loop = random_loop(4, 4, seed=2)
    few = [(0, 0)]  # one hint never pins a 4x4 loop
    assert L.minimum_hint_sets((4, 4), loop, few) == I.instances((4, 4), loop, few)
    assert not L.minimum_hint_sets((4, 4), loop, few)
    assert L.hardest_hint_sets((4, 4), loop, 3, few) == []
