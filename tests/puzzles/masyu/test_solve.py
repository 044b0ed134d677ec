"""Masyu's solver against brute force: every loop of small grids filtered by the rules in
plain Python (tests/helpers/masyu_reference.py) equals the ZDD's solutions, by both
routes (the machine, the pruned cycles, the algebra), for many seeded pearl placements; the checker agrees with the reference; the
pzprjs board of tests/data/masyu solves to its accepted answer, uniquely; the published
boards of tests/data/masyu/published.json have one solution each, with cspuz_rs's edges."""
from __future__ import annotations

import json
import random

import pytest

from puzzles.masyu import Puzzle, check_solution
from puzzles.masyu.model import local_patterns
from tests.helpers import masyu_reference as ref
from tests.helpers.paths import OWN_DATA

SHAPES = [(3, 3), (3, 4), (4, 3), (4, 4)]


def random_boards(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.choice(SHAPES)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        chosen = rng.sample(cells, rng.randint(0, 4))
        yield rows, cols, {cell: rng.choice("wb") for cell in chosen}


def members(family) -> set:
    return {frozenset(m) for m in family}


@pytest.mark.parametrize("rows, cols, pearls", list(random_boards(40, 7)))
def test_solutions_equal_brute_force(rows, cols, pearls):
    p = Puzzle(rows, cols, pearls)
    expected = ref.solutions(rows, cols, pearls)
    assert members(p.solve()) == expected
    assert members(p.solve("cycles")) == expected
    assert members(p.solve("algebra")) == expected
    assert p.count() == len(expected)
    assert p.is_unique() == (len(expected) == 1)


@pytest.mark.parametrize("rows, cols", [(3, 3), (3, 4)])
def test_the_checker_agrees_with_the_reference_on_every_loop(rows, cols):
    rng = random.Random(rows * cols)
    loops = ref.grid_loops(rows, cols)
    for _ in range(30):
        cell = (rng.randrange(rows), rng.randrange(cols))
        pearls = {cell: rng.choice("wb")}
        p = Puzzle(rows, cols, pearls)
        for loop in loops:
            assert (check_solution(p, loop) == []) == ref.keeps(loop, pearls)


def test_a_pearl_in_a_corner():
    """A white pearl in a corner has no straight way through; a black one fits."""
    assert Puzzle(3, 3, {(0, 0): "w"}).count() == 0
    assert local_patterns("w", (0, 0), 3, 3)[1] == []
    assert Puzzle(3, 3, {(0, 0): "b"}).count() == len(ref.solutions(3, 3, {(0, 0): "b"})) > 0


def test_the_pzprjs_board_has_its_answer_as_only_solution():
    data = json.loads((OWN_DATA / "masyu" / "mashu.json").read_text(encoding="utf-8"))
    board = data["puzzles"][0]
    p = Puzzle.from_url(board["url"])
    answer = Puzzle.solution_from_pzprv3(board["solution_pzprv3"])
    assert p.count() == 1
    assert p.solution() == answer
    assert all(isinstance(e, tuple) and e[0] < e[1] for e in p.solution())


def test_wrong_answers_are_rejected():
    data = json.loads((OWN_DATA / "masyu" / "mashu.json").read_text(encoding="utf-8"))
    p = Puzzle.from_url(data["puzzles"][0]["url"])
    answer = set(p.solution())
    for e in sorted(answer)[:5]:
        assert check_solution(p, answer - {e})
    assert check_solution(p, set()) and check_solution(p, answer | {((5, 4), (5, 5))})


PUBLISHED = json.loads((OWN_DATA / "masyu" / "published.json").read_text(encoding="utf-8"))


def test_the_cspuz_board_reads_as_listed_and_has_the_published_edges():
    board = PUBLISHED["cspuz"]
    p = Puzzle.from_url(board["url"])
    listed = {tuple(c): "b" for c in board["black"]} | {tuple(c): "w" for c in board["white"]}
    assert p.pearls == dict(sorted(listed.items()))
    assert p.count() == 1
    loop = p.solution()
    assert not check_solution(p, loop)
    assert all(tuple(map(tuple, e)) in loop for e in board["on"])
    assert not any(tuple(map(tuple, e)) in loop for e in board["off"])


@pytest.mark.parametrize("url", PUBLISHED["boards"])
def test_published_boards_have_one_solution(url):
    p = Puzzle.from_url(url)
    F = p.solve()
    assert F.count() == 1 and not check_solution(p, p.solution())
    if p.rows * p.cols <= 49:  # the algebra route meets every cycle of the grid
        assert members(p.solve("algebra")) == members(F)


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 4), (2, 2), (2, 5), (5, 2), (4, 1)])
def test_thin_boards_equal_brute_force_for_every_single_pearl(rows, cols):
    """Pearls whose nearby edges leave the board (no allowed pattern, or a truncated one)."""
    for cell in [(r, c) for r in range(rows) for c in range(cols)]:
        for kind in "wb":
            p = Puzzle(rows, cols, {cell: kind})
            assert members(p.solve()) == ref.solutions(rows, cols, {cell: kind})


@pytest.mark.parametrize("seed", range(8))
def test_the_machine_equals_the_pruned_cycles_on_larger_boards(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(5, 6), (6, 5), (6, 6), (5, 7)])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    p = Puzzle(rows, cols, {x: rng.choice("wb") for x in rng.sample(cells, rng.randint(2, 9))})
    assert p.solve() == p.solve("cycles")
