"""Nagareru solving, generation and reduction, checked against the brute-force
reference (``reference_nagareru``: every cycle of the grid, kept when the
independent checker accepts it) and the OEIS cycle counts of blank boards."""
from __future__ import annotations

import itertools
import json
import os
import random
import resource
import subprocess
import sys

import pytest

from tests.helpers import nagareru_reference as ref
from tests.helpers.processes import without_progress
from puzzles import nagareru
from puzzles.common.board import clue_sweep, narrow_sweeps
from puzzles.nagareru import Puzzle, check_solution, orient
from tests.helpers.nagareru_rules import BACK as OPPOSITE, HAND_BOARDS, STEP, board, load, natural_winds


def random_board(rng: random.Random, rows: int, cols: int) -> Puzzle:
    cells = {}
    for r in range(rows):
        for c in range(cols):
            x = rng.random()
            if x < 0.12:
                cells[(r, c)] = rng.choice("udlr")
            elif x < 0.2:
                cells[(r, c)] = rng.choice("UDLR")
            elif x < 0.27:
                cells[(r, c)] = "N"
    return Puzzle(rows, cols, cells)


# ---------------------------------------------------------------- solving

@pytest.mark.parametrize("text, expected", HAND_BOARDS, ids=[t.replace("\n", "/") for t, _ in HAND_BOARDS])
def test_hand_boards(text, expected):
    p = board(text)
    assert p.count() == expected
    assert set(p.solve()) == ref.solutions(p)


def test_random_small_boards_equal_brute_force():
    rng = random.Random(13)
    for _ in range(160):
        p = random_board(rng, rng.randint(2, 4), rng.randint(2, 4))
        assert set(p.solve()) == ref.solutions(p), p.to_url()


def test_every_sweep_direction_gives_the_same_solutions():
    # the solver starts its frontier on the side of the clues (board.clue_sweep); every
    # side must give the very same solutions (brute force)
    from puzzles.nagareru.solve import solve
    rng = random.Random(31)
    for _ in range(40):
        p = random_board(rng, rng.randint(2, 4), rng.randint(2, 4))
        want = ref.solutions(p)
        for sweep in narrow_sweeps(p.rows, p.cols):
            assert set(solve(p, sweep=sweep)) == want, (p.to_url(), sweep)


def test_racing_the_sweeps_gives_the_solutions_of_every_side():
    # with a tiny width every side is tried and refused, then the widths grow: the
    # answer must be the solver's, from whichever side finished first
    from puzzles.common.board import race_sweeps
    from puzzles.nagareru.solve import board_graph, constraints
    import zalg
    p = nagareru.generate(7, 7, seed=3)
    tried = []

    def build(side, width):
        tried.append((side, width))
        return board_graph(7, 7, side).oriented_cycles(max_width=width, **constraints(p))

    F = race_sweeps(build, narrow_sweeps(7, 7), first_width=2, growth=4)
    assert set(F) == set(p.solve()) and F.count() == 1
    assert len({side for side, _ in tried}) == 4 and tried[-1][1] > 2
    with pytest.raises(zalg.TooWide):
        build("down", 2)


def test_the_sweep_starts_on_the_side_of_the_clues():
    assert clue_sweep(8, 8, [(0, 0), (1, 3), (0, 7)]) == "down"
    assert clue_sweep(8, 8, [(7, 0), (6, 3), (7, 7)]) == "up"
    assert clue_sweep(8, 8, [(0, 1), (4, 0), (7, 2)]) == "right"
    assert clue_sweep(8, 8, [(0, 6), (4, 7), (7, 7)]) == "left"
    assert clue_sweep(5, 9, [(0, 8), (4, 7)]) == "left"  # wide: columns only
    assert clue_sweep(9, 5, [(8, 0)]) == "up"  # tall: rows only
    assert clue_sweep(6, 6, []) in narrow_sweeps(6, 6)


@pytest.mark.parametrize("n, cycles", [(5, 9349), (8, 603841648931), (10, 27359264067916806101)])
def test_blank_boards_count_the_cycles_of_the_grid(n, cycles):
    # OEIS A140517
    assert Puzzle(n, n, {}).count() == cycles


def test_pzprjs_board_solves_to_its_answer():
    entry = load()["puzzles"][0]
    p, edges = nagareru.read_pzprv3(entry["solution_pzprv3"])
    assert p.is_unique()
    assert p.solution() == edges
    assert check_solution(p, p.solution()) == []


def test_cases_the_paper_misses_have_no_solution():
    # a white arrow under a wind of another direction: the fan at (0,0) blows right over (0,1)
    p = board("R d .\n. . .\n. . .".replace(" ", ""))
    assert p.count() == 0 and ref.count(p) == 0
    # a white arrow with fewer than two usable neighbours (black cell above the up arrow)
    p = board("..N.\n..u.\n....\n....")
    assert p.count() == 0 and ref.count(p) == 0


def test_every_solution_passes_the_checker_and_orients():
    rng = random.Random(5)
    for _ in range(20):
        p = random_board(rng, 5, 5)
        for loop in itertools.islice(p.solve(), 20):
            assert check_solution(p, loop) == []
            order = orient(p, loop)
            assert order is not None and len(order) == len(loop)


def test_constraints_describe_a_mixed_graph():
    p = board("....\n.r..\n....\n....")
    c = nagareru.constraints(p)
    assert c["visit"] == [(1, 1)]
    # the arrow cell keeps only its horizontal edges, each one way (left to right)
    assert c["fixed"][((0, 1), (1, 1))] == 0 and c["fixed"][((1, 1), (2, 1))] == 0
    assert c["one_way"][((1, 0), (1, 1))] == ((1, 0), (1, 1))
    assert c["one_way"][((1, 1), (1, 2))] == ((1, 1), (1, 2))


# ---------------------------------------------------------------- generation

def blown_on(p: Puzzle) -> dict:
    return {x: w for x, w in natural_winds(p).items() if w}


def assert_interesting(p: Puzzle, count) -> None:
    """The paper's 'interesting', checked with the counter ``count``."""
    assert count(p) == 1
    winds = blown_on(p)
    for x, d in p.arrows().items():
        assert winds.get(x, {d}) <= {d}, f"arrow at {x} under another wind"
        dr, dc = STEP[d]
        for y in ((x[0] + dr, x[1] + dc), (x[0] - dr, x[1] - dc)):
            assert 0 <= y[0] < p.rows and 0 <= y[1] < p.cols and p.token(y) not in "NUDLR"
    for f, d in p.fans().items():
        d = d.lower()
        y = (f[0] + STEP[d][0], f[1] + STEP[d][1])
        assert 0 <= y[0] < p.rows and 0 <= y[1] < p.cols and p.token(y) not in "NUDLR", \
            f"fan at {f} blows at the border or a black cell"
        assert all(OPPOSITE[d] not in w for w in winds.values() if d in w), "opposite winds meet"
    for x in p.cells:
        cells = dict(p.cells)
        del cells[x]
        assert count(Puzzle(p.rows, p.cols, cells)) > 1, f"the clue at {x} is redundant"


@pytest.mark.parametrize("size, seed", [(3, 1), (4, 2), (4, 7), (5, 3), (5, 8), (5, 11)])
def test_generated_instances_are_interesting_by_brute_force(size, seed):
    p = nagareru.generate(size, size, seed=seed)
    assert (p.rows, p.cols) == (size, size)
    assert_interesting(p, ref.count)


@pytest.mark.parametrize("seed", [1, 2])
def test_generated_8x8_instances_are_interesting(seed):
    p = nagareru.generate(8, 8, seed=seed)
    assert_interesting(p, lambda q: q.count())
    assert check_solution(p, p.solution()) == []


def test_generation_is_reproducible_and_takes_the_knobs():
    assert nagareru.generate(6, 6, seed=4) == nagareru.generate(6, 6, seed=4)
    p = nagareru.generate(6, 6, seed=9, fans=0, min_length=16, max_length=20)
    assert not p.fans()
    assert 16 <= len(p.solution()) <= 20
    stats: dict = {}
    nagareru.generate(6, 6, seed=9, stats=stats)
    assert stats["solves"] >= 1


def test_white_share_and_spread_knobs_shape_the_clues_and_keep_instances_interesting():
    def share(white):
        arrows = clues = 0
        for seed in range(4):
            p = nagareru.generate(7, 7, seed=seed, fans=0, white=white)
            assert_interesting(p, lambda q: q.count())
            arrows += len(p.arrows())
            clues += len(p.cells)
        return arrows / clues
    assert share(1.0) > share(0.0) + 0.15
    for spread in (0, 1, 3):
        assert_interesting(nagareru.generate(6, 6, seed=5, spread=spread), lambda q: q.count())


def test_generation_rejects_bad_sizes():
    from puzzles.common.errors import PuzzleFormatError
    with pytest.raises(PuzzleFormatError):
        nagareru.generate(1, 5)
    with pytest.raises(PuzzleFormatError):
        nagareru.generate(4, 4, min_length=40)
    with pytest.raises(PuzzleFormatError):
        nagareru.generate(4, 4, white=1.5)
    with pytest.raises(PuzzleFormatError):
        nagareru.generate(4, 4, spread=-1)


# ---------------------------------------------------------------- reduce

def brute_reduce(p: Puzzle) -> set:
    """Every minimal subset of the clue cells whose puzzle is unique, by brute force
    over all subsets (wind stoppers kept, as ``reduce`` documents)."""
    red = nagareru.reduce(p)
    stoppers = frozenset.intersection(*map(frozenset, red)) if red else frozenset()
    stoppers = {x for x in stoppers if p.token(x) == "N"}
    rest = [x for x in p.cells if x not in stoppers]
    good = []
    for k in range(len(rest) + 1):
        for K in itertools.combinations(rest, k):
            K = frozenset(K) | stoppers
            if any(g <= K for g in good):
                continue
            if ref.count(Puzzle(p.rows, p.cols, {x: p.cells[x] for x in K})) == 1:
                good.append(K)
    return set(good)


def test_reduce_finds_every_minimal_clue_set():
    p = nagareru.generate(4, 4, seed=2)
    loop = p.solution()
    order = orient(p, loop)
    # add every arrow the loop allows: redundant clues to reduce away
    cells = dict(p.cells)
    for i, x in enumerate(order):
        a, b = order[i - 1], order[(i + 1) % len(order)]
        if a[0] == b[0] or a[1] == b[1]:
            d = next(k for k, s in STEP.items() if (x[0] + s[0], x[1] + s[1]) == b)
            cells.setdefault(x, d)
    q = Puzzle(4, 4, cells)
    assert q.is_unique()
    R = nagareru.reduce(q)
    assert {frozenset(m) for m in R} == brute_reduce(q)
    assert frozenset(p.cells) in {frozenset(m) for m in R}  # p itself is interesting


def test_reduce_rejects_a_puzzle_without_a_unique_solution():
    from puzzles.common.errors import PuzzleFormatError
    with pytest.raises(PuzzleFormatError):
        nagareru.reduce(Puzzle(3, 3, {}))


# ---------------------------------------------------------------- command line

def zalg(*args, stdin=None):
    return subprocess.run([sys.executable, "-c", "from puzzles.program import program; program()", *args],
                          capture_output=True, text=True, input=stdin, timeout=300)


def test_cli_solve_generate_reduce(tmp_path):
    url = nagareru.EXAMPLES[-1]
    out = zalg("nagareru", "solve", url, "--count", "--svg", str(tmp_path / "a.svg"))
    assert out.returncode == 0, out.stderr
    assert "solutions: 1" in out.stdout and (tmp_path / "a.svg").read_text().startswith("<svg")
    out = zalg("nagareru", "generate", "5x5", "--count", "2", "--seed", "3")
    assert out.returncode == 0, out.stderr
    urls = [json.loads(line)["url"] for line in out.stdout.splitlines()]  # JSON Lines
    assert len(urls) == 2 and all(u.startswith("https://puzz.link/p?nagare/") for u in urls)
    assert all(Puzzle.from_url(u).is_unique() for u in urls)
    again = zalg("nagareru", "generate", "5x5", "--count", "2", "--seed", "3").stdout
    assert [json.loads(line)["url"] for line in again.splitlines()] == urls
    one = zalg("nagareru", "generate", "5x5", "--seed", "3")  # one puzzle: text, the first
    assert one.returncode == 0 and urls[0] in one.stdout.splitlines(), one.stderr
    out = zalg("nagareru", "reduce", "-", stdin=url)
    assert out.returncode == 0, out.stderr
    assert "1 minimal clue set keeps the solution unique" in out.stdout


@pytest.mark.parametrize("args", [["generate", "1x5"], ["generate", "5"], ["solve", "nagare/x/3/a"],
                                  ["reduce", "https://puzz.link/p?nagare/3/3/i"],
                                  ["generate", "4x4", "--min-length", "9", "--max-length", "5"]])
def test_cli_bad_input_is_one_line_and_status_2(args):
    out = zalg("nagareru", *args)
    assert out.returncode == 2
    # one line besides the progress lines of the work done before the input proved bad
    # (reduce solves the puzzle to find that it is not unique)
    assert len(without_progress(out.stderr)) == 1 and "Traceback" not in out.stderr


REDUCE_13X13 = """
import resource
from puzzles import nagareru
q = nagareru.generate(13, 13, seed=1)      # the board docs/nagareru.md reduces
R = nagareru.reduce(q)
for K in R:                                # each a clue set that keeps q's solution unique
    shown = nagareru.Puzzle(q.rows, q.cols, {c: q.cells[c] for c in K})
    assert set(K) <= set(q.cells) and shown.solve() == q.solve(), K
print(R.count(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def test_reduce_of_the_docs_13x13_board_scales():
    """docs/nagareru.md's ``reduce`` of a generated 13x13 ran 25 minutes to 4.1 GB (issue
    32.3); now each clue taken away once seeds the search: seconds.  Limits: 120 s of
    CPU (RLIMIT_CPU, so load does not matter) and a 1.5 GB memory budget."""
    def limited():
        resource.setrlimit(resource.RLIMIT_CPU, (120, 120))

    run = subprocess.run([sys.executable, "-c", REDUCE_13X13], capture_output=True, text=True,
                         timeout=1800, preexec_fn=limited, env={**os.environ, "ZALG_MEMORY": "1500M"})
    assert run.returncode == 0, run.stderr[-2000:]
    count, peak_mb = map(int, run.stdout.split())
    assert count >= 1 and peak_mb < 1500
