"""Nurimeizu solving: the frontier sweep against the brute-force reference (every room
colouring checked by ``check_solution``) on random boards, and the pzprjs board."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import reference_nurimeizu as ref
from puzzles.nurimeizu import Puzzle, check_solution, read_pzprv3

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pzprjs" / "nurimaze.json"


def random_board(rng: random.Random, rows: int, cols: int) -> Puzzle:
    """Rooms of 1-4 cells grown at random (as in Mourits's generator), S, G and up to
    three circles or triangles."""
    rooms: dict = {}
    rid = 0
    for r in range(rows):
        for c in range(cols):
            if (r, c) in rooms:
                continue
            cells = [(r, c)]
            rooms[(r, c)] = rid
            for _ in range(rng.randint(0, 3)):
                x = rng.choice(cells)
                nb = [(x[0] + dr, x[1] + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
                nb = [y for y in nb if 0 <= y[0] < rows and 0 <= y[1] < cols and y not in rooms]
                if nb:
                    y = rng.choice(nb)
                    rooms[y] = rid
                    cells.append(y)
            rid += 1
    cells = sorted(rooms)
    s, g = rng.sample(cells, 2)
    icons = {s: "S", g: "G"}
    for x in rng.sample(cells, min(len(cells), rng.randint(0, 3))):
        icons.setdefault(x, rng.choice("ot"))
    return Puzzle(rows, cols, rooms, icons)


@pytest.mark.parametrize("seed", range(4))
def test_solutions_equal_brute_force(seed):
    rng = random.Random(seed)
    for _ in range(100):
        p = random_board(rng, rng.randint(1, 4), rng.randint(2, 5))
        assert set(p.solve()) == ref.solutions(p, prune=False), p.to_url()


def test_counts_are_exact_and_checked():
    rng = random.Random(11)
    seen_many = False
    for _ in range(60):
        p = random_board(rng, 4, 5)
        F = p.solve()
        assert F.count() == ref.count(p)
        seen_many |= F.count() > 1
        for black in F:
            assert check_solution(p, black) == []
    assert seen_many  # the boards exercise counting, not only uniqueness


def test_pzprjs_board_solves_to_its_answer():
    if not DATA.exists():
        pytest.skip(f"shared test data not found at {DATA}")
    entry = json.loads(DATA.read_text())["puzzles"][0]
    p = Puzzle.from_url(entry["url"])
    _, answer = read_pzprv3(entry["solution_pzprv3"])
    assert p.is_unique()
    assert p.solution() == answer


def test_one_room_board_and_forced_colours():
    # one room holding S and G: all white is a 2x2 white block on 2x2, a tree on 1x3
    assert Puzzle(1, 3, {(0, c): 0 for c in range(3)}, {(0, 0): "S", (0, 2): "G"}).count() == 1
    assert Puzzle(2, 2, {(r, c): 0 for r in range(2) for c in range(2)},
                  {(0, 0): "S", (1, 1): "G"}).count() == 0
