"""Slitherlink's deductions (propagation, Jordan-curve sides, one loop, probing) and the
split-and-sweep route: sound for counting every solution.

Evidence: on random small boards (none, one or many solutions) every edge the
deductions fix agrees with every member of the family swept on the bare board,
that family equals the brute-force enumeration, and the route with deductions and
forced splits returns the identical family."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from puzzles.slitherlink import Puzzle, check_solution
from puzzles.common.board import square_sides
from puzzles.slitherlink import solve as S
from puzzles.slitherlink.deduce import Contradiction, deduce
from puzzles.common.loops import random_loop
from puzzles.common.split import split_sweep
from zalg.graphs.paths import build
from tests.helpers.slitherlink_reference import random_board


def agrees(fixed: dict, family) -> bool:
    return all((e in member) == bool(bit) for member in family for e, bit in fixed.items())


def test_deductions_hold_in_every_solution():
    rng = random.Random(5)
    seen = {"none": 0, "one": 0, "many": 0}
    for _ in range(80):
        p = random_board(rng, rng.randint(1, 4), rng.randint(1, 5))
        bare = S.solve(p, use_prepass=False)
        n = bare.count()
        seen["none" if n == 0 else "one" if n == 1 else "many"] += 1
        try:
            fixed = deduce(p)
        except Contradiction:
            assert n == 0, p
            continue
        assert agrees(fixed, bare), p
        assert agrees(deduce(p, probe=False), bare), p
        assert S.solve(p) == bare
    assert min(seen.values()) >= 5, seen  # every kind of board was tried


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 2)])
def test_the_new_route_equals_brute_force(rows, cols):
    rng = random.Random(rows * 7 + cols)
    edges = Puzzle(rows, cols).edges()
    # a loop meets every dot 0 or 2 times: the rules are checked on those subsets only
    candidates = [frozenset(s) for k in range(4, len(edges) + 1) for s in combinations(edges, k)
                  if all(d in (0, 2) for d in Counter(dot for e in s for dot in e).values())]
    for _ in range(8):
        p = random_board(rng, rows, cols)
        brute = {s for s in candidates if not check_solution(p, s)}
        assert set(S.solve(p)) == brute


def test_forced_splits_give_the_identical_family():
    """A width limit of 1 state splits on edge after edge: the union of the branches is
    still every solution, each exactly once."""
    rng = random.Random(9)
    for _ in range(25):
        p = random_board(rng, rng.randint(2, 4), rng.randint(2, 4))
        G = S.board_graph(p.rows, p.cols)
        counts = [(square_sides(x), h) for x, h in p.hints.items()]
        bare = S.solve(p, use_prepass=False)
        stats: dict = {}

        def sweep(fixed, max_width):
            return build(G, "cycle", counts=counts, fixed=fixed, max_width=max_width)

        try:
            fixed = deduce(p, probe=False)
        except Contradiction:
            assert bare.count() == 0
            continue
        F = split_sweep(sweep, lambda given: deduce(p, probe=False, given=given), fixed,
                        G.edges, Contradiction, G.universe.empty, max_width=1, stats=stats)
        assert F == bare
        assert F.count() == bare.count()


def test_published_style_board_is_solved_by_deduction_alone():
    """A 10x10 board made from a random loop with hints on 60 % of the cells: the loop
    is a solution, every fixed edge agrees with the family, and the count is exact."""
    rows = cols = 10
    loop = random_loop(rows, cols, seed=3)
    rng = random.Random(3)
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 60)
    p = Puzzle(rows, cols, {x: sum(e in loop for e in square_sides(x)) for x in cells})
    F = S.solve(p)
    assert loop in F
    assert F == S.solve(p, use_prepass=False)
    assert agrees(deduce(p), F)


def test_full_variant_deductions():
    rng = random.Random(2)
    for _ in range(40):
        rows, cols = rng.randint(1, 3), rng.randint(1, 4)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        hints = {x: rng.randint(0, 3) for x in rng.sample(cells, rng.randint(0, len(cells)))}
        p = Puzzle(rows, cols, hints, variant="full")
        assert S.solve(p) == S.solve(p, use_prepass=False)
