"""Yajilin's solver against brute force: every edge subset of small grids that is one loop
(or none) times every shading of the cells off it, filtered by the rules in plain Python
(tests/helpers/yajilin_reference.py), equals the ZDD's solutions, by both routes (the frontier
machine and the algebra), for many seeded clue placements; the checker agrees with the reference; pzprjs's test board solves to its
accepted answer, uniquely."""
from __future__ import annotations

import json
import random

import pytest

from puzzles.yajilin import Puzzle, check_solution
from tests.helpers import yajilin_reference as ref
from tests.helpers.paths import OWN_DATA

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4)]


def random_clue(rng: random.Random):
    d = rng.choice(["u", "d", "l", "r", "u", "d", "l", "r", ""])
    n = rng.choice([0, 0, 1, 1, 2, None])
    if not d and n is not None and rng.random() < 0.7:
        n = None
    return d, n


def random_boards(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.choice(SHAPES)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        chosen = rng.sample(cells, rng.randint(0, 3))
        yield rows, cols, {cell: random_clue(rng) for cell in chosen}


def members(family) -> set:
    return {frozenset(m) for m in family}


@pytest.mark.parametrize("rows, cols, clues", list(random_boards(60, 11)))
def test_solutions_equal_brute_force(rows, cols, clues):
    p = Puzzle(rows, cols, clues)
    expected = ref.solutions(rows, cols, clues)
    assert members(p.solve()) == expected
    assert members(p.solve("algebra")) == expected
    assert p.count() == len(expected)
    assert p.is_unique() == (len(expected) == 1)
    if expected:
        s = p.solution()
        assert s["edges"] | s["shaded"] in expected and check_solution(p, s) == []


def test_some_seeded_boards_are_unique_and_some_have_none():
    counts = [len(ref.solutions(r, c, clues)) for r, c, clues in random_boards(60, 11)]
    assert 1 in counts and 0 in counts and max(counts) > 1


@pytest.mark.parametrize("rows, cols, clues", list(random_boards(12, 5)))
def test_the_checker_agrees_with_the_reference_on_every_loop_and_shading(rows, cols, clues):
    p = Puzzle(rows, cols, clues)
    good = ref.answers(rows, cols, clues)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng = random.Random(rows * 100 + cols)
    for loop in ref.loops(rows, cols):
        on = {x for e in loop for x in e}
        off = [v for v in cells if v not in on]
        for _ in range(6):
            shaded = frozenset(v for v in off if rng.random() < 0.5)
            verdict = check_solution(p, {"edges": loop, "shaded": shaded}) == []
            assert verdict == ((loop, shaded) in good)
            assert verdict == (check_solution(p, loop | shaded) == [])


def test_the_pzprjs_board_is_unique_and_its_accepted_answer():
    data = json.loads((OWN_DATA / "yajilin" / "yajilin.json").read_text(encoding="utf-8"))
    board = data["puzzles"][0]
    p = Puzzle.from_url(board["url"])
    text = "\n".join(board["solution_pzprv3"].rstrip("/").split("/")) + "\n"
    answer = Puzzle.solution_from_pzprv3(text)
    assert p.is_unique() and p.solve().count() == 1
    s = p.solution()
    assert s["edges"] | s["shaded"] == answer


@pytest.mark.parametrize("seed", range(12))
def test_the_frontier_machine_equals_the_algebra_on_larger_boards(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(4, 5), (5, 4), (5, 5), (4, 6)])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    p = Puzzle(rows, cols, {x: random_clue(rng) for x in rng.sample(cells, rng.randint(0, 12))})
    assert p.solve() == p.solve("algebra")


@pytest.mark.parametrize("seed", range(6))
def test_the_frontier_machine_equals_the_algebra_on_drawn_solved_boards(seed):
    from puzzles.yajilin.design import _random_board
    p = _random_board(6, 6, random.Random(seed))
    F = p.solve()
    assert F == p.solve("algebra") and F.count() >= 1


def tiny_boards():
    """Every placement of clue cells on the shapes up to 2x2 (1x1, 1x2, 2x1, 1x3, 3x1, 2x2),
    each clue blank or "0" / "1" pointing along the longer side."""
    for rows, cols in [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2)]:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        for mask in range(1 << len(cells)):
            chosen = [x for i, x in enumerate(cells) if mask >> i & 1]
            for numbers in ([None] * len(chosen), [0] * len(chosen), [1] * len(chosen)):
                d = "r" if cols >= rows else "d"
                yield rows, cols, {x: ((d, n) if n is not None else ("", None)) for x, n in zip(chosen, numbers)}


@pytest.mark.parametrize("rows, cols, clues", list(tiny_boards()))
def test_the_empty_loop_is_an_answer_where_every_free_cell_can_be_shaded(rows, cols, clues):
    """pzprjs's yajilin checklist has no "a line exists" check (no brNoLine): with no loop
    drawn, every free cell shaded and no two of them adjacent is an answer.  Solver, checker
    and brute force agree on every tiny board."""
    p = Puzzle(rows, cols, clues)
    expected = ref.solutions(rows, cols, clues)
    assert members(p.solve()) == expected
    assert members(p.solve("algebra")) == expected
    free = frozenset(p.free_cells())
    empty = {"edges": frozenset(), "shaded": free}
    assert (check_solution(p, empty) == []) == (free in expected)


def test_the_one_by_one_board_has_one_answer_the_cell_shaded():
    p = Puzzle(1, 1, {})
    assert p.count() == 1 and p.solution() == {"edges": frozenset(), "shaded": frozenset({(0, 0)})}
    assert Puzzle(1, 2, {}).count() == 0                       # two free cells side by side
    q = Puzzle(2, 2, {(0, 1): ("", None), (1, 0): ("", None)})
    assert q.solution() == {"edges": frozenset(), "shaded": frozenset({(0, 0), (1, 1)})}
    assert Puzzle(2, 2, {}).solution()["shaded"] == frozenset()  # the loop of four cells
