"""Yajilin's formats (URL as pzprjs's encodeArrowNumber16 writes it, pzprv3 with and
without an answer, plain text, SVG) and its command line: ``zalg yajilin solve``,
``generate`` and ``reduce``, bad input as one line and exit 2."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from puzzles.common.errors import PuzzleFormatError
from puzzles.program.cli import main
from puzzles.yajilin import Puzzle, check_solution

URL = "https://puzz.link/p?yajilin/5/5/m32j10"


def test_the_url_holds_an_arrow_and_a_number_a_clue():
    p = Puzzle.from_url(URL)
    assert p.clues == {(2, 3): ("l", 2), (4, 4): ("u", 0)}
    wide = Puzzle(1, 30, {(0, 0): ("r", 17), (0, 1): ("d", 300), (0, 2): ("u", None), (0, 29): ("", None)})
    body = wide.to_url().rsplit("/", 1)[1]
    assert body == "911" + "-212c" + "1." + "z" + "+"  # 26 empty cells: one letter z
    assert Puzzle.from_url(wide.to_url()) == wide
    assert Puzzle.from_url("yajilin/b/5/5/m32j10") == p


def random_board(rng: random.Random) -> Puzzle:
    rows, cols = rng.randint(1, 9), rng.randint(1, 40)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    clues = {}
    for x in rng.sample(cells, rng.randint(0, len(cells))):
        d = rng.choice(["", "u", "d", "l", "r"])
        clues[x] = (d, rng.choice([None, 0, 1, 9, 15, 16, 255, 256, 4095]))
    return Puzzle(rows, cols, clues)


@pytest.mark.parametrize("seed", range(20))
def test_formats_round_trip(seed):
    p = random_board(random.Random(seed))
    assert Puzzle.from_url(p.to_url()) == p
    assert Puzzle.from_text(p.to_text()) == p
    assert Puzzle.from_text(p.to_pzprv3()) == p
    assert Puzzle.from_text(p.render()) == p


def test_pzprv3_with_an_answer_text_and_svg():
    p = Puzzle.from_url(URL)
    s = p.solution()
    board, answer = Puzzle.read_pzprv3(p.to_pzprv3(s))
    assert board == p and answer == s
    assert Puzzle.read_pzprv3(p.to_pzprv3())[1] is None
    assert Puzzle.from_text(p.render(s)) == p
    svg = p.render(s, fmt="svg")
    root = ET.fromstring(svg)
    assert sum(1 for e in root.iter() if e.get("class") == "shaded") == len(s["shaded"]) == 3
    assert 'class="loop"' in svg and check_solution(p, s) == []


@pytest.mark.parametrize("text", ["pzprv3/yajilin/2/2/5,1 . /. . /", "^x .\n. .\n", "yajilin/2/2/zz",
                                  "yajilin/2/2/3", "yajilin/o/2/2/", "pzprv3/yajilin/2/2/o/. . /. . /",
                                  "^1 .\n.\n"])
def test_bad_boards_are_one_error(text):
    with pytest.raises(PuzzleFormatError):
        if text.startswith("yajilin"):
            Puzzle.from_url(text)
        else:
            Puzzle.from_text("\n".join(text.split("/")) if text.startswith("pzprv3") else text)


def test_solve_prints_the_count_and_the_answer(capsys):
    assert main(["yajilin", "solve", URL]) == 0
    out = capsys.readouterr().out
    assert "unique" in out and "#" in out


def test_reduce_and_generate(capsys):
    assert main(["yajilin", "reduce", "https://puzz.link/p?yajilin/4/4/f31e40c", "--list", "1"]) == 0
    out = capsys.readouterr().out
    assert "good number sets:" in out and "minimal number sets:" in out
    assert main(["yajilin", "generate", "4x4", "--seed", "2"]) == 0
    url = next(w for w in capsys.readouterr().out.split() if w.startswith("https://"))
    assert Puzzle.from_url(url).count() == 1


@pytest.mark.parametrize("args", [["reduce", "yajilin/3/3/"], ["reduce", "yajilin/3/3/zz"],
                                  ["generate", "1x5"], ["generate", "axb"]])
def test_bad_requests_are_one_line_and_exit_2(args, capsys):
    assert main(["yajilin", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and len(err[0]) < 400, err
