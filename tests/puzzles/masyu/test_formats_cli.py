"""Masyu's formats (URL as pzprjs's encodeCircle writes it, pzprv3 with and without an
answer, plain text, SVG) and its command line: ``zalg masyu solve`` and
``zalg masyu generate --loop``, bad input as one line and exit 2."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from puzzles.common.errors import PuzzleFormatError
from puzzles.masyu import Puzzle, design
from puzzles.program.cli import main
from tests.helpers import masyu_reference as ref

URL = "https://puzz.link/p?mashu/6/6/1063000i3000"


def test_the_url_holds_three_cells_a_base_27_digit():
    p = Puzzle.from_url(URL)
    assert p.pearls == {(0, 2): "w", (1, 1): "b", (1, 4): "w", (3, 3): "b", (4, 1): "w"}
    assert Puzzle.from_url("http://pzv.jp/p.html?masyu/6/6/1063000i3").pearls == p.pearls
    assert Puzzle(1, 4, {(0, 0): "b", (0, 1): "b", (0, 2): "b", (0, 3): "w"}).to_url().endswith("/4/1/q9")


@pytest.mark.parametrize("seed", range(20))
def test_formats_round_trip(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 9), rng.randint(1, 9)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    p = Puzzle(rows, cols, {x: rng.choice("wb") for x in rng.sample(cells, rng.randint(0, len(cells)))})
    assert Puzzle.from_url(p.to_url()) == p
    assert Puzzle.from_text(p.to_text()) == p
    assert Puzzle.from_text(p.to_pzprv3()) == p
    assert Puzzle.from_text(p.render()) == p


def test_pzprv3_with_an_answer_and_text_with_stars():
    p = Puzzle(3, 3, {(0, 0): "b", (2, 2): "b"})
    loop = p.solution()
    board, answer = Puzzle.read_pzprv3(p.to_pzprv3(loop))
    assert board == p and answer == loop
    assert Puzzle.read_pzprv3(p.to_pzprv3())[1] is None
    assert Puzzle.from_text("* . .\n. . .\n. . X\n") == p
    assert Puzzle.from_text(p.render(loop)) == p
    svg = p.render(loop, fmt="svg")
    root = ET.fromstring(svg)
    assert sum(1 for e in root.iter() if e.get("class") == "black") == 2 and 'class="loop"' in svg


@pytest.mark.parametrize("text", ["pzprv3/mashu/2/2/- . /. . /", "o q\n. .\n", "mashu/2/2/zz"])
def test_bad_boards_are_one_error(text):
    with pytest.raises(PuzzleFormatError):
        Puzzle.from_url(text) if text.startswith("mashu") else Puzzle.from_text(text)


def test_solve_prints_the_count_and_the_loop(capsys):
    assert main(["masyu", "solve", URL]) == 0
    out = capsys.readouterr().out
    assert "unique" in out.lower() or "1 solution" in out
    assert main(["masyu", "solve", "--count", "https://puzz.link/p?mashu/3/3/000"]) == 0
    assert "13" in capsys.readouterr().out  # the 3x3 grid's loops


def test_generate_from_a_loop_prints_the_counts(tmp_path, capsys):
    text = "F--7\nL-7|\n..LJ\n"
    rows, cols, loop = design.read_loop(text)
    good = ref.good_sets(rows, cols, loop)
    minimal = {s for s in good if not any(t < s for t in good)}
    least = min(len(s) for s in good)
    path = tmp_path / "loop.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["masyu", "generate", "--loop", str(path)]) == 0
    assert f"good pearl sets: {len(good)}\n" in capsys.readouterr().out
    assert main(["masyu", "generate", "--loop", str(path), "--minimal", "--list", "1"]) == 0
    out = capsys.readouterr().out
    assert f"minimal pearl sets: {len(minimal)}\n" in out and out.count("https://puzz.link") == 1
    assert main(["masyu", "generate", "--loop", str(path), "--minimum"]) == 0
    count = sum(len(s) == least for s in good)
    assert f"minimum pearl sets: {count} with {least} pearls" in capsys.readouterr().out


def test_generate_minimum_takes_the_route_without_h_unless_told(tmp_path, capsys):
    text = "F--7\nL-7|\n..LJ\n"
    rows, cols, loop = design.read_loop(text)
    good = ref.good_sets(rows, cols, loop)
    least = min(len(s) for s in good)
    minimum = {s for s in good if len(s) == least}
    path = tmp_path / "loop.txt"
    path.write_text(text, encoding="utf-8")
    shown = {}
    for route, counted in (("auto", "not counted (the route without H)"), ("lazy", "not counted"),
                           ("whole", str(len(good)))):
        assert main(["masyu", "generate", "--loop", str(path), "--minimum", "--route", route,
                     "--list", "100"]) == 0
        out = capsys.readouterr().out
        assert f"good pearl sets: {counted}" in out
        assert f"minimum pearl sets: {len(minimum)} with {least} pearls" in out
        urls = [line.split()[-1] for line in out.splitlines() if line.startswith("#")]
        shown[route] = {frozenset(Puzzle.from_url(u).pearls) for u in urls}
    assert shown == {"auto": minimum, "lazy": minimum, "whole": minimum}


def test_generate_ranks_and_restricts_to_candidates(tmp_path, capsys):
    text = "F--7\nL-7|\n..LJ\n"
    rows, cols, loop = design.read_loop(text)
    kinds = ref.admitted(loop)
    good = ref.good_sets(rows, cols, loop)
    (tmp_path / "loop.txt").write_text(text, encoding="utf-8")
    (tmp_path / "cells.txt").write_text("xxxx\n.x..\n....\n", encoding="utf-8")
    loop_file = str(tmp_path / "loop.txt")
    assert main(["masyu", "generate", "--loop", loop_file, "--rank", "--list", "100"]) == 0
    out = capsys.readouterr().out
    keys = sorted((len(s), sum(kinds[c] == "b" for c in s)) for s in good)
    shown = [line.split("  ")[0] for line in out.splitlines() if line.startswith("#")]
    assert shown == [f"#{n}: {k} pearls ({b} black)" for n, (k, b) in enumerate(keys, 1)]
    assert "hardest first" in out
    assert main(["masyu", "generate", "--loop", loop_file, "--candidates",
                 str(tmp_path / "cells.txt")]) == 0
    marked = {(0, 0), (0, 1), (0, 2), (0, 3), (1, 1)}
    assert f"good pearl sets: {sum(s <= marked for s in good)}\n" in capsys.readouterr().out


def test_reduce_prints_the_minimal_subsets(capsys):
    loop = next(x for x in ref.grid_loops(3, 4) if len(ref.good_sets(3, 4, x)) > 2)
    kinds = ref.admitted(loop)
    good = ref.good_sets(3, 4, loop)
    full = max(good, key=len)
    minimal = {s for s in good if s <= full and not any(t < s for t in good)}
    url = Puzzle(3, 4, {c: kinds[c] for c in full}).to_url()
    assert main(["masyu", "reduce", url, "--list", "100"]) == 0
    out = capsys.readouterr().out
    assert f"{len(minimal)} minimal subset" in out
    urls = {line.split()[-1] for line in out.splitlines() if line.startswith("#")}
    assert {frozenset(Puzzle.from_url(u).pearls) for u in urls} == minimal


@pytest.mark.parametrize("args, fragment", [
    (["generate", "--loop", "{bad}"], "does not meet"),
    (["generate", "--loop", "no/such/file"], "no such file"),
    (["generate"], "either a board size"),
    (["generate", "--loop", "{good}", "--seed", "3"], "does not go with"),
    (["solve", "mashu/3/3/zzzz"], "masyu URL"),
    (["generate", "--loop", "{good}", "--candidates", "{bad}"], "expected 2 rows of 2"),
    (["generate", "--loop", "{good}", "--candidates", "{good}x"], "no such file"),
    (["generate", "--loop", "{bad}x", "--rank"], "no such file"),
    (["generate", "3x3", "--rank"], "does not go with"),
    (["reduce", "mashu/3/3/000"], "13 solutions"),
    (["generate", "--loop", "{good}", "--route", "lazy", "--minimal"], "answers --minimum only"),
    (["generate", "--loop", "{good}", "--route", "lazy"], "answers --minimum only"),
    (["generate", "3x3", "--route", "whole"], "does not go with"),
])
def test_bad_input_is_one_line(args, fragment, tmp_path, capsys):
    (tmp_path / "bad.txt").write_text("F-7\n|.|\nL-.\n", encoding="utf-8")
    (tmp_path / "good.txt").write_text("F7\nLJ\n", encoding="utf-8")
    args = [a.format(bad=tmp_path / "bad.txt", good=tmp_path / "good.txt") for a in args]
    assert main(["masyu", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and fragment in err[0], err
