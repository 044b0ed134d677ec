"""Yajilin's designer against brute force: on small solved boards the good, minimal and
minimum sets of shown clue numbers equal those found by trying every subset with the
plain-Python solver (tests/helpers/yajilin_reference.py); the paper's ∀ formula gives the
same family; generated puzzles are unique with a minimal set of shown numbers."""
from __future__ import annotations

import random

import pytest

from puzzles.common.errors import PuzzleFormatError
from puzzles.yajilin import Puzzle, design
from tests.helpers import yajilin_reference as ref

STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def solved_boards(count: int, seed: int):
    """Boards of one answer: a loop of the reference's, some cells off it shaded, the other
    cells off it clues with a random arrow and their true count."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        rows, cols = rng.choice([(3, 3), (3, 4)])
        loop = rng.choice(ref.loops(rows, cols))
        on = {x for e in loop for x in e}
        off = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in on]
        rng.shuffle(off)
        shaded: set = set()
        for v in off:
            if all((v[0] + dr, v[1] + dc) not in shaded for dr, dc in STEP.values()) and rng.random() < 0.5:
                shaded.add(v)
        clues = {}
        for v in off:
            if v in shaded:
                continue
            d = rng.choice("udlr")
            k, (r, c) = 0, v
            while 0 <= r < rows and 0 <= c < cols:
                r, c = r + STEP[d][0], c + STEP[d][1]
                k += (r, c) in shaded
            clues[v] = (d, k)
        if 2 <= len(clues) <= 6 and len(ref.answers(rows, cols, clues)) == 1:
            found += 1
            yield rows, cols, clues


@pytest.mark.parametrize("rows, cols, clues", list(solved_boards(10, 3)))
def test_good_minimal_and_minimum_sets_equal_brute_force(rows, cols, clues):
    p = Puzzle(rows, cols, clues)
    good, minimal, least = ref.good_sets(rows, cols, clues)
    H = design.instances(p)
    assert {frozenset(K) for K in H} == good
    assert {frozenset(K) for K in design.minimal(H)} == minimal
    assert {frozenset(K) for K in design.minimum(H)} == least
    assert design.literal(p) == H
    for K in design.minimal(H):
        assert design.puzzle_of(p, K).count() == 1


@pytest.mark.parametrize("rows, cols, clues", list(solved_boards(4, 9)))
def test_the_relation_is_empty_exactly_when_no_number_is_needed(rows, cols, clues):
    p = Puzzle(rows, cols, clues)
    W, Y = design.violation_relation(p)
    assert set(Y) == set(p.counted())
    assert (W.count() == 0) == (design.puzzle_of(p, ()).count() == 1)


def test_a_board_without_one_solution_is_refused():
    with pytest.raises(PuzzleFormatError):
        design.instances(Puzzle(3, 3, {}))
    with pytest.raises(PuzzleFormatError):
        design.candidates(Puzzle(3, 3, {(0, 0): ("", None)}), [(0, 0)])


@pytest.mark.parametrize("seed", range(4))
def test_generated_puzzles_are_unique_with_a_minimal_number_set(seed):
    p = design.random_puzzle(5, 5, seed=seed)
    assert p.count() == 1
    for cell in p.counted():
        assert design.puzzle_of(p, set(p.counted()) - {cell}).count() > 1
    assert design.random_puzzle(5, 5, seed=seed) == p
