"""Slitherlink solving: the real pzprjs boards, brute force on tiny boards, the
pre-pass and the algebraic route agreeing with the frontier solver, large boards."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from itertools import combinations

import pytest

from puzzles.slitherlink import solve as S
from puzzles.common.board import square_sides
from puzzles.common.loops import outline, random_loop, random_region
from puzzles.slitherlink import Puzzle, check_solution
from puzzles.program.cli import main
from tests.helpers.paths import PZPRJS

DATA = PZPRJS


def data(name):
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"shared test data not found at {path}")
    return json.loads(path.read_text())


def hints_of(loop, cells):
    return {(r, c): sum(e in loop for e in square_sides((r, c))) for r, c in cells}


def test_pzprjs_board_has_the_accepted_answer_as_unique_solution():
    board = data("slither.json")["puzzles"][0]
    p = Puzzle.from_url(board["url"])
    answer = Puzzle.solution_from_pzprv3(board["solution_pzprv3"])
    F = p.solve()
    assert F.count() == 1 and p.is_unique()
    assert p.solution() == answer
    assert S.solve_algebra(p) == F


def test_full_variant_board():
    board = data("slither.json")["puzzles"][1]
    p, answer = __import__("puzzles.slitherlink", fromlist=["read_pzprv3"]).read_pzprv3(
        board["solution_pzprv3"].replace("/", "\n"))
    assert p.variant == "full"
    F = p.solve()
    assert answer in F
    assert all(not check_solution(p, s) for s in F)
    # the full variant is the plain solutions that visit every dot
    plain = Puzzle(p.rows, p.cols, p.hints)
    every = [s for s in plain.solve() if len({d for e in s for d in e}) == (p.rows + 1) * (p.cols + 1)]
    assert set(F) == set(every)


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 3), (2, 2), (2, 3)])
def test_tiny_boards_against_brute_force(rows, cols):
    rng = random.Random(rows * 10 + cols)
    edges = Puzzle(rows, cols).edges()
    cells = [(r, c) for r in range(rows) for c in range(cols)]

    def even(s):  # every dot of degree 0 or 2: a cheap filter before the full checker
        deg = {}
        for a, b in s:
            deg[a] = deg.get(a, 0) + 1
            deg[b] = deg.get(b, 0) + 1
        return all(d == 2 for d in deg.values())
    candidates = [s for k in range(len(edges) + 1) for s in combinations(edges, k) if even(s)]
    for _ in range(6):
        hints = {c: rng.randint(0, 3) for c in rng.sample(cells, rng.randint(0, len(cells)))}
        p = Puzzle(rows, cols, hints)
        brute = {frozenset(s) for s in candidates if not check_solution(p, s)}
        assert set(p.solve()) == brute


def test_prepass_and_algebra_route_agree_on_random_boards():
    rng = random.Random(11)
    for _ in range(60):
        R, C = rng.randint(1, 3), rng.randint(1, 4)
        cells = [(r, c) for r in range(R) for c in range(C)]
        hints = {c: rng.choice([0, 1, 2, 3, 3]) for c in rng.sample(cells, rng.randint(0, len(cells)))}
        p = Puzzle(R, C, hints)
        F = p.solve()
        assert F == S.solve(p, use_prepass=False) == S.solve_algebra(p)
        assert F == p.solve(method="algebra") == S.solve(p, use_prepass=False, method="algebra")
        assert all(not check_solution(p, s) for s in F)


@pytest.mark.parametrize("rows, cols, seed", [(7, 7, 1), (10, 10, 1), (10, 10, 2), (6, 11, 3)])
def test_the_mate_zdd_algebra_solves_boards_of_ten_by_ten(rows, cols, seed):
    """The slides' algebraic route (mate-ZDD, each hint one image as its cell is
    decided) on boards the size of the hold-out ones: the identical family."""
    loop = random_loop(rows, cols, seed=seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    p = Puzzle(rows, cols, hints_of(loop, random.Random(seed).sample(cells, len(cells) * 55 // 100)))
    F = p.solve()
    assert loop in F
    assert p.solve(method="algebra") == F


def test_prepass_rules_are_sound_on_loops_from_regions():
    """Every fixed edge agrees with a known solution (puzzles made from random loops)."""
    for seed in range(40):
        R, C = 3 + seed % 4, 3 + seed % 5
        loop = random_loop(R, C, seed=seed)
        cells = [(r, c) for r in range(R) for c in range(C)]
        hints = hints_of(loop, random.Random(seed).sample(cells, len(cells) * 2 // 3))
        p = Puzzle(R, C, hints)
        for e, bit in S.prepass(p).items():
            assert (e in loop) == bool(bit), (seed, e)


def test_two_adjacent_threes_alone_keep_the_outline():
    p = Puzzle(1, 2, {(0, 0): 3, (0, 1): 3})
    assert p.count() == 1
    assert ((0, 1), (1, 1)) not in p.solution()  # the shared side is off here


def test_random_regions_give_single_loops():
    for seed in range(20):
        region = random_region(6, 8, seed=seed)
        loop = outline(region)
        p = Puzzle(6, 8, hints_of(loop, [(r, c) for r in range(6) for c in range(8)]))
        assert not check_solution(p, loop)


def test_large_board_contains_its_generating_loop():
    R, C = 20, 36
    loop = random_loop(R, C, seed=4)
    cells = [(r, c) for r in range(R) for c in range(C)]
    p = Puzzle(R, C, hints_of(loop, random.Random(4).sample(cells, len(cells) * 55 // 100)))
    F = p.solve()
    assert loop in F
    for s in F.sample(min(5, F.count()), seed=1):
        assert not check_solution(p, s)


def test_cli_solve(capsys, tmp_path):
    assert main(["slitherlink", "solve", "https://puzz.link/p?slither/5/5/cbcbcddad", "--count",
                 "--svg", str(tmp_path / "s.svg")]) == 0
    assert "solutions: 1" in capsys.readouterr().out
    assert (tmp_path / "s.svg").read_text().startswith("<svg")
    (tmp_path / "p.txt").write_text("3.\n.3\n")
    assert main(["slitherlink", "solve", str(tmp_path / "p.txt")]) == 0


@pytest.mark.parametrize("arg, message", [
    ("https://puzz.link/p?slither/5/5/cbc", "body ends"),
    ("missing-file.txt", "no such file"),
])
def test_cli_bad_input_exits_2(arg, message):
    run = subprocess.run([sys.executable, "-m", "puzzles", "slitherlink", "solve", arg],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 2
    assert run.stderr.startswith("zalg: error:") and message in run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1
