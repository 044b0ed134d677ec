"""Numberlink's deductions (degrees, labels, reachability, cut cells, probing) and the
split-and-sweep route: sound for counting every solution, with and without covering.

Evidence: on small boards with none, one or many solutions every fixed edge agrees
with every member of the brute-force enumeration, the solver's family equals it,
and the split route with forced splits gives the identical family."""
from __future__ import annotations

import random

import pytest

from puzzles.numberlink import Puzzle
from puzzles.numberlink import solve as solve_module
from puzzles.numberlink.deduce import deduce
from puzzles.numberlink.logic import Contradiction
from puzzles.common.split import split_sweep
from tests.helpers.numberlink_reference import SMALL, brute


def agrees(fixed: dict, members) -> bool:
    return all((e in m) == bool(bit) for m in members for e, bit in fixed.items())


@pytest.mark.parametrize("cover", [False, True])
@pytest.mark.parametrize("p", SMALL)
def test_deductions_hold_in_every_brute_force_solution(p, cover):
    every = brute(p, cover)
    G = p.graph()
    for probe in (False, True):
        try:
            fixed = deduce(p.rows, p.cols, p.pairs, G.edges, cover=cover, probe=probe)
        except Contradiction:
            assert not every
            continue
        assert agrees(fixed, every)
    assert set(p.solve(cover=cover)) == every


def random_board(rng: random.Random) -> Puzzle:
    rows, cols = rng.randint(2, 5), rng.randint(2, 5)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    k = rng.randint(1, min(4, len(cells) // 2))
    pick = rng.sample(cells, 2 * k)
    return Puzzle(rows, cols, {i + 1: (pick[2 * i], pick[2 * i + 1]) for i in range(k)})


def random_cases(seed: int, boards: int):
    """(board, its graph, its pairs, cover, the family swept on the bare board)."""
    rng = random.Random(seed)
    for _ in range(boards):
        p = random_board(rng)
        G = p.graph()
        pairs = [p.pairs[k] for k in p.labels()]
        for cover in (False, True):
            yield p, G, pairs, cover, G.path_matchings(pairs=pairs, cover=cover)


def test_deductions_agree_with_the_bare_sweep_on_random_boards():
    kinds = set()
    for p, G, pairs, cover, bare in random_cases(4, 60):
        n = bare.count()
        kinds.add(min(n, 2))
        try:
            fixed = deduce(p.rows, p.cols, p.pairs, G.edges, cover=cover)
        except Contradiction:
            assert n == 0, (p, cover)
            continue
        assert agrees(fixed, bare), (p, cover)
        assert p.solve(cover=cover) == bare
    assert kinds == {0, 1, 2}


@pytest.mark.parametrize("width", [0, solve_module.QUICK_WIDTH], ids=["deduced", "quick"])
def test_both_routes_of_solve_give_the_identical_family(monkeypatch, width):
    """``solve`` sweeps the bare board under ``QUICK_WIDTH`` states a level and
    deduces first past it; with a limit of 0 every board takes the second route
    (checked: ``deduce`` runs), and both give the bare sweep's family, and the
    brute force on the small boards."""
    calls = []

    def counted(*args, **kw):
        calls.append(args)
        return deduce(*args, **kw)

    monkeypatch.setattr(solve_module, "QUICK_WIDTH", width)
    monkeypatch.setattr(solve_module, "deduce", counted)
    solved = 0
    for p, G, pairs, cover, bare in random_cases(5, 30):
        assert solve_module.solve(p, cover=cover) == bare, (p, cover)
        solved += 1
    for p in (param.values[0] for param in SMALL):
        for cover in (False, True):
            assert set(solve_module.solve(p, cover=cover)) == brute(p, cover), (p, cover)
            solved += bool(p.pairs)  # a board without labels is empty at once
    assert len(calls) == (solved if width == 0 else 0)


def test_forced_splits_give_the_identical_family():
    for p, G, pairs, cover, bare in random_cases(8, 15):

        def sweep(fixed, max_width):
            return G.path_matchings(pairs=pairs, cover=cover, fixed=fixed, max_width=max_width)

        def again(given):
            return deduce(p.rows, p.cols, p.pairs, G.edges, cover=cover, probe=False,
                          given=given)

        try:
            fixed = again({})
        except Contradiction:
            assert bare.count() == 0
            continue
        F = split_sweep(sweep, again, fixed, G.edges, Contradiction, G.universe.empty,
                        max_width=1)
        assert F == bare
