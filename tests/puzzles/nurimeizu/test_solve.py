"""Nurimeizu solving: the frontier sweep against the brute-force reference (every room
colouring checked by ``check_solution``) on random boards, and the pzprjs board."""
from __future__ import annotations

import json
import random

import pytest

from tests.helpers import nurimeizu_reference as ref
from puzzles.nurimeizu import Puzzle, check_solution, random_rooms, read_pzprv3
from tests.helpers.paths import PZPRJS

DATA = PZPRJS / "nurimaze.json"


def random_board(rng: random.Random, rows: int, cols: int) -> Puzzle:
    """Rooms of 1-4 cells grown at random (``random_rooms``, as in Mourits's generator),
    S, G and up to three circles or triangles."""
    rooms = random_rooms(rows, cols, rng)
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


# ---------------------------------------------------------------- icon sets

def designer_mazes():
    """Small boards with S and G only and a colouring that solves them, from random boards."""
    rng = random.Random(3)
    out = []
    while len(out) < 6:
        p = random_board(rng, rng.randint(3, 4), rng.randint(3, 4))
        p = Puzzle(p.rows, p.cols, p.rooms, {x: i for x, i in p.icons.items() if i in "SG"})
        sols = sorted(ref.solutions(p), key=sorted)
        if len(sols) >= 2:
            out.append((p, rng.choice(sols)))
    return out


@pytest.mark.parametrize("maze", range(6))
def test_icon_sets_member_by_member_against_brute_force(maze):
    import itertools
    from puzzles.nurimeizu import icon_sets, placements
    p, black = designer_mazes()[maze]
    good = icon_sets(p, black)
    cands = placements(p, black)
    want = set()
    for k in range(len(cands) + 1):
        for K in itertools.combinations(cands, k):
            icons = dict(p.icons)
            icons.update(dict(K))
            if ref.solutions(Puzzle(p.rows, p.cols, p.rooms, icons)) == {black}:
                want.add(frozenset(K))
    assert {frozenset(m) for m in good} == want


def test_icon_sets_rejects_a_colouring_that_is_no_solution():
    from puzzles.common.errors import PuzzleFormatError
    from puzzles.nurimeizu import icon_sets
    p, black = designer_mazes()[0]
    with pytest.raises(PuzzleFormatError):
        icon_sets(p, set(p.cells()))


# ---------------------------------------------------------------- generate, reduce, CLI

@pytest.mark.parametrize("size, seed", [(3, 1), (4, 1), (4, 5), (5, 2), (4, 9)])
def test_generated_puzzles_are_unique_by_brute_force(size, seed):
    from puzzles.nurimeizu import generate
    p = generate(size, size, seed=seed)
    sols = ref.solutions(p, prune=False)
    assert len(sols) == 1
    assert p.solution() in sols
    assert generate(size, size, seed=seed) == p


def test_reduce_finds_every_minimal_icon_subset():
    import itertools
    from puzzles.nurimeizu import icon_sets, placements, reduce
    p, black = next((p, b) for p, b in designer_mazes() if icon_sets(p, b))
    icons = dict(p.icons)
    icons.update(dict(placements(p, black)))  # every icon the colouring allows
    full = Puzzle(p.rows, p.cols, p.rooms, icons)
    assert ref.solutions(full) == {black}
    mine = [(x, i) for x, i in full.icons.items() if i in "ot"]
    good = []
    for k in range(len(mine) + 1):
        for K in itertools.combinations(mine, k):
            K = frozenset(K)
            if any(g <= K for g in good):
                continue
            q = Puzzle(p.rows, p.cols, p.rooms, {**p.icons, **dict(K)})
            if len(ref.solutions(q)) == 1:
                good.append(K)
    assert {frozenset(m) for m in reduce(full)} == set(good)


def zalg(*args, stdin=None):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-c", "from puzzles.program import program; program()", *args],
                          capture_output=True, text=True, input=stdin, timeout=300)


def test_cli_solve_generate_icons_reduce(tmp_path):
    from puzzles import nurimeizu
    url = nurimeizu.EXAMPLES[-1]
    out = zalg("nurimeizu", "solve", url, "--count", "--svg", str(tmp_path / "a.svg"))
    assert out.returncode == 0, out.stderr
    assert "solutions: 1" in out.stdout and (tmp_path / "a.svg").read_text().startswith("<svg")
    out = zalg("nurimeizu", "generate", "4x4", "--count", "2", "--seed", "3")
    assert out.returncode == 0, out.stderr
    urls = [json.loads(line)["url"] for line in out.stdout.splitlines()]  # JSON Lines
    assert len(urls) == 2 and all(len(ref.solutions(Puzzle.from_url(u))) == 1 for u in urls)
    one = zalg("nurimeizu", "generate", "4x4", "--seed", "3")  # one puzzle: text, the first
    assert one.returncode == 0 and urls[0] in one.stdout.splitlines(), one.stderr
    p = Puzzle.from_url(url)
    out = zalg("nurimeizu", "icons", "-", stdin=p.to_pzprv3(p.solution()))
    assert out.returncode == 0, out.stderr
    assert "icon sets make this colouring the only solution" in out.stdout
    out = zalg("nurimeizu", "reduce", url)
    assert out.returncode == 0, out.stderr
    assert "1 minimal subset keeps the solution unique" in out.stdout
    assert "\n#1 " in out.stdout and "https://puzz.link/p?nurimaze/" in out.stdout  # the board
    out = zalg("nurimeizu", "icons", url)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    out = zalg("nurimeizu", "icons", "-", stdin=p.to_pzprv3())  # a file without an answer
    assert out.returncode == 2 and out.stderr.startswith(
        "zalg: error: nurimeizu icons: this file has no answer; icons needs a solved maze")
    out = zalg("nurimeizu", "generate", "1x1")
    assert out.returncode == 2 and "Traceback" not in out.stderr


# ---------------------------------------------------------------- large boards: the maze route

def _path_sweep_solutions(p: Puzzle) -> set:
    """Solutions by the other engine (path marks as variables, then ∃P)."""
    from puzzles.nurimeizu.path_sweep import sweep, universe
    both = universe(p.rows, p.cols)
    F = sweep(p, both).exists([("p",) + x for x in p.cells()])
    return {frozenset((e[1], e[2]) for e in m) for m in F}


def test_random_maze_is_a_colouring_and_rooms_have_one_colour():
    from puzzles.nurimeizu.maze import maze_rooms, random_maze
    rng = random.Random(3)
    for rows, cols in [(1, 5), (2, 2), (3, 7), (6, 6), (9, 4), (12, 12)]:
        white = random_maze(rows, cols, rng)
        rooms = maze_rooms(rows, cols, white, rng)
        s, g = rng.sample(sorted(white), 2)
        p = Puzzle(rows, cols, rooms, {s: "S", g: "G"})
        black = frozenset(x for x in p.cells() if x not in white)
        assert check_solution(p, black) == [], (rows, cols)
        for cells in p.room_cells():
            assert 1 <= len(cells) <= 4
            assert len({x in white for x in cells}) == 1


@pytest.mark.parametrize("seed", range(3))
def test_solver_equals_the_path_mark_sweep_on_maze_boards(seed):
    # boards of 7x7 and 6x9 drawn on mazes with a random part of the full icon set:
    # many solutions, and the path decides them (circles and triangles everywhere)
    from puzzles.nurimeizu.maze import maze_rooms, random_maze
    from puzzles.nurimeizu.model import route
    rng = random.Random(seed)
    for rows, cols in [(7, 7), (6, 9), (9, 6)]:
        white = random_maze(rows, cols, rng)
        rooms = maze_rooms(rows, cols, white, rng)
        s, g = rng.sample(sorted(white), 2)
        black = frozenset(x for x in rooms if x not in white)
        path = set(route(Puzzle(rows, cols, rooms, {s: "S", g: "G"}), black))
        icons = {x: ("o" if x in path else "t") for x in sorted(white)
                 if x not in (s, g) and rng.random() < 0.3}
        p = Puzzle(rows, cols, rooms, {**icons, s: "S", g: "G"})
        mine = set(p.solve())
        assert black in mine
        assert mine == _path_sweep_solutions(p), p.to_url()


def test_maze_generation_is_unique_and_its_icons_minimal():
    from puzzles.nurimeizu import generate
    p = generate(5, 5, seed=4, method="maze")
    assert ref.count(p) == 1
    q = generate(7, 7, seed=2, method="maze")
    assert len(_path_sweep_solutions(q)) == 1
    for x, icon in q.icons.items():  # every circle and triangle is needed
        if icon in "ot":
            fewer = Puzzle(q.rows, q.cols, q.rooms, {y: i for y, i in q.icons.items() if y != x})
            assert len(_path_sweep_solutions(fewer)) > 1
    assert generate(7, 7, seed=2, method="maze") == q
    with pytest.raises(Exception, match="method"):
        generate(5, 5, method="nope")
