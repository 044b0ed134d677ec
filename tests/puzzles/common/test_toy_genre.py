"""The toy genre Rooks (tests/helpers/toy_genre) follows docs/architecture.md's "How to
add a genre" for real: a package of the genre shape, registered for the tests only,
solved by the family algebra and checked here against brute force; the common contract
(tests/puzzles/common/test_genre_contract.py) and the shape rules (tests/test_architecture.py)
run for it like for every genre."""
from __future__ import annotations

import json
import pickle
import random
from itertools import permutations
from pathlib import Path

import pytest

from puzzles.common import genre as G
from puzzles.program.cli import main
from puzzles.common.solving import SOLVED
from tests.helpers import toy_genre as T


def brute(p) -> set[frozenset]:
    """Every placement of one rook a row and a column on free cells (p.rows == p.cols)."""
    if p.rows != p.cols:
        return set()
    return {frozenset(enumerate(cols)) for cols in permutations(range(p.cols))
            if not p.blocked & set(enumerate(cols))}


def random_board(rng: random.Random) -> T.Puzzle:
    rows, cols = rng.randint(1, 5), rng.randint(1, 5)
    if rng.random() < 0.8:
        cols = rows
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return T.Puzzle(rows, cols, frozenset(rng.sample(cells, rng.randint(0, len(cells) // 2))))


def test_the_solver_agrees_with_brute_force():
    rng = random.Random(7)
    counts = []
    for _ in range(60):
        p = random_board(rng)
        want = brute(p)
        assert set(p.solve()) == want, p.to_url()
        assert p.count() == len(want) and p.is_unique() == (len(want) == 1)
        assert all(T.check_solution(p, s) == [] for s in want)
        counts.append(len(want))
    assert 0 in counts and 1 in counts and max(counts) >= 24  # the cases worth testing occur


def test_the_contract_board_has_exactly_its_answer():
    data = json.loads((Path(T.__file__).parent / "contract.json").read_text())
    board = data["puzzles"][0]
    text = board["solution_pzprv3"].replace("/", "\n")
    p = T.Puzzle.from_url(board["url"])
    assert brute(p) == {T.Puzzle.solution_from_pzprv3(text)}


def test_generate_makes_a_unique_board_and_reports_progress():
    seen = []
    p = T.generate(5, 5, seed=11, progress=lambda *a: seen.append(a))
    assert len(brute(p)) == 1 and seen[0][0] == "blocking cells"
    assert T.generate(5, 5, seed=11) == p  # the seed decides


def test_the_front_door_keeps_solutions_per_board():
    p = T.Puzzle.from_url(T.EXAMPLES[0])  # 2x2, no blocks: two placements
    F = p.solve()
    assert p.solve() is F and T.Puzzle.from_url(T.EXAMPLES[0]).solve() is F  # equal boards share
    seen = []
    assert p.solve(progress=lambda *a: seen.append(a)) == F and seen  # a listener sees the work
    q = pickle.loads(pickle.dumps(p))
    assert q == p and SOLVED.ATTRIBUTE not in pickle.loads(pickle.dumps(p)).__dict__
    view = p.solutions()
    assert view.count() == 2 and view.undecided() == frozenset(p.cells())
    assert view.render("svg").count('class="differs"') == 4
    with pytest.raises(TypeError):
        p.solve(cover=True)  # an option the genre does not have


def test_registered_for_the_tests_only(capsys):
    assert T.NAME not in G.names()
    assert main([T.NAME, "solve", T.EXAMPLES[1]]) == 2  # unknown to the program
    capsys.readouterr()
    with G.registered(T.NAME, T.__name__):
        assert G.genre(T.NAME) is T and T.NAME in G.names()
        with pytest.raises(ValueError):
            with G.registered(T.NAME, T.__name__):
                pass
        assert main([T.NAME, "solve", T.EXAMPLES[1], "--count"]) == 0
        out = capsys.readouterr().out
        assert "solutions: 1" in out and T.Puzzle.from_url(T.EXAMPLES[1]).render() in out
        assert main([T.NAME, "generate", "4x4", "--seed", "3"]) == 0
        assert T.generate(4, 4, seed=3).to_url() in capsys.readouterr().out.splitlines()
        assert main([T.NAME, "generate", "3x3", "--count", "2", "--seed", "5"]) == 0
        records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert [r["solutions"] for r in records] == [1, 1] and records[0]["genre"] == T.NAME
        assert main([T.NAME, "generate", "3x4"]) == 2  # the design's refusal, one line
        assert "only square boards" in capsys.readouterr().err
    assert T.NAME not in G.names()
