"""Yajilin's designer against brute force: on small solved boards the good, minimal and
minimum sets of shown clue numbers equal those found by trying every subset with the
plain-Python solver (tests/helpers/yajilin_reference.py); the paper's ∀ formula gives the
same family; generated puzzles are unique with a minimal set of shown numbers."""
from __future__ import annotations

import pytest

import zalg
from puzzles.common.errors import PuzzleFormatError
from puzzles.yajilin import Puzzle, design
from puzzles.yajilin.solve import base
from tests.helpers import yajilin_reference as ref
from tests.helpers.yajilin_reference import solved_boards


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


def test_a_blank_board_wider_than_its_cap_is_drawn_again(monkeypatch):
    def blank_is_narrow(q) -> bool:
        try:
            base(Puzzle(q.rows, q.cols, {cell: ("", None) for cell in q.clues}), max_width=2)
        except zalg.TooWide:
            return False
        return True

    assert not blank_is_narrow(design.random_puzzle(5, 5, seed=0))
    monkeypatch.setattr(design, "BLANK_WIDTH", 2)
    q = design.random_puzzle(5, 5, seed=0)
    assert blank_is_narrow(q) and q.count() == 1
