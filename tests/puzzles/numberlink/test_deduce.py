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
from tests.helpers.numberlink_reference import SMALL, board, brute


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


def test_boards_of_many_labels_are_swept_bare(monkeypatch):
    """Past ``MANY_LABELS`` labels ``solve`` sweeps without deducing (checked: ``deduce``
    is never called, even with no quick width), and the family is the bare sweep's."""
    def refused(*args, **kw):
        raise AssertionError("deduce ran on a board of many labels")

    monkeypatch.setattr(solve_module, "QUICK_WIDTH", 0)
    monkeypatch.setattr(solve_module, "MANY_LABELS", 1)
    monkeypatch.setattr(solve_module, "deduce", refused)
    many = 0
    for p, G, pairs, cover, bare in random_cases(6, 20):
        if len(pairs) > 1:
            assert solve_module.solve(p, cover=cover) == bare, (p, cover)
            many += 1
    assert many >= 10


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


def given_cases(seed: int, boards: int):
    """(board, graph, cover, a random part of one solution or of no solution as given
    edges, the bare family's members that agree with it)."""
    rng = random.Random(seed)
    for p, G, pairs, cover, bare in random_cases(seed, boards):
        members = [frozenset(m) for m in bare]
        for _ in range(4):
            model = rng.choice(members) if members and rng.random() < 0.8 else frozenset(
                e for e in G.edges if rng.random() < 0.3)
            given = {e: int(e in model) for e in G.edges if rng.random() < 0.4}
            yield p, G, cover, given, [m for m in members if agrees(given, [m])]


def test_deductions_from_given_edges_agree_with_the_bare_sweep():
    """With part of a solution given (as a split's branch gives it), the line cuts and
    every other rule keep each solution that agrees with it."""
    outcomes = set()
    for p, G, cover, given, left in given_cases(11, 40):
        try:
            fixed = deduce(p.rows, p.cols, p.pairs, G.edges, cover=cover, probe=False,
                           given=given)
        except Contradiction:
            assert not left, (p, cover, given)
            outcomes.add("contradiction")
            continue
        assert agrees(fixed, left), (p, cover, given)
        outcomes.add(min(len(left), 2))
    assert {"contradiction", 1, 2} <= outcomes


def larger_given_cases(seed: int, boards: int):
    """(board, graph, cover, given edges, the sweep's family with those edges fixed) on
    random 4x4-7x7 boards with 2-4 pairs and random given edges (most of them off)."""
    rng = random.Random(seed)
    for _ in range(boards):
        rows, cols = rng.randint(4, 7), rng.randint(4, 7)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        k = rng.randint(2, 4)
        pick = rng.sample(cells, 2 * k)
        p = Puzzle(rows, cols, {i + 1: (pick[2 * i], pick[2 * i + 1]) for i in range(k)})
        G = p.graph()
        pairs = [p.pairs[label] for label in p.labels()]
        for cover in (False, True):
            given = {e: int(rng.random() < 0.3) for e in G.edges if rng.random() < 0.3}
            yield p, G, cover, given, G.path_matchings(pairs=pairs, cover=cover, fixed=given)


def test_line_cuts_decide_what_the_other_rules_leave_open(monkeypatch):
    """On larger boards with given edges the line cuts decide edges the other rules
    leave open, and every edge decided holds in every member of the sweep's family
    with the same edges given (a contradiction only where that family is empty)."""
    from puzzles.numberlink.deduce import PathPropagator

    def decided(p, G, cover, given):
        try:
            return deduce(p.rows, p.cols, p.pairs, G.edges, cover=cover, probe=False,
                          given=given)
        except Contradiction:
            return None
    cases = list(larger_given_cases(5, 40))
    with_lines = [decided(*case[:4]) for case in cases]
    for (p, G, cover, given, F), fixed in zip(cases, with_lines):
        if fixed is None:
            assert F.count() == 0, (p, cover, given)
            continue
        for e, bit in fixed.items():
            assert (F.offset(e) if bit else F.onset(e)).count() == 0, (p, cover, given, e)
    monkeypatch.setattr(PathPropagator, "_line", lambda self, line: True)
    without = [decided(*case[:4]) for case in cases]

    def size(fixed):
        return 10**9 if fixed is None else len(fixed)
    assert all(size(a) >= size(b) for a, b in zip(with_lines, without))
    assert sum(size(a) > size(b) for a, b in zip(with_lines, without)) >= 3


@pytest.mark.parametrize("cover", [False, True])
def test_no_two_by_two_rule_is_sound_for_counting(cover):
    """A solution may turn back on itself in a 2x2 block, with or without covering: on
    2x2 and 3x2 boards with a pair in adjacent cells the brute force finds solutions
    that use three edges of one block, so a rule against that would lose them (the
    solver keeps them all)."""
    for text in ("1./1.", "1./1./.."):
        p = board(text)
        every = brute(p, cover)
        blocks = [{((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)),
                   ((r, c + 1), (r + 1, c + 1))} for r in range(p.rows - 1) for c in range(p.cols - 1)]
        assert any(len(b & m) == 3 for m in every for b in blocks), (text, cover)
        assert set(p.solve(cover=cover)) == every
