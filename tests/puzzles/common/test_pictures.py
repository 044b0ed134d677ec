"""Notebook pictures and the differences between solutions, for every genre.

The edges or cells where solutions differ are checked against the members
themselves (in some but not all); the SVG marks are counted in the document.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from puzzles.common.genre import genre, genres
from puzzles.common.solving import Solutions, undecided


def several_solutions():
    """(genre name, puzzle) with several solutions, one or more per genre."""
    import puzzles.nagareru as NG
    import puzzles.nurimeizu as NM
    out = []
    for g in (genre("slitherlink"), genre("numberlink")):
        for url in g.EXAMPLES:
            p = g.Puzzle.from_url(url)
            if p.count() > 1:
                out.append((g.NAME, p))
    text = NM.Puzzle.from_url(NM.EXAMPLES[2]).to_text()
    out.append(("nurimeizu", NM.Puzzle.from_text(text.replace("o", ".").replace("t", "."))))
    # a Nagareru board without its clues: every loop through the white cells counts
    p = NG.Puzzle.from_url(NG.EXAMPLES[0])
    out.append(("nagareru", NG.Puzzle.from_text("\n".join("." * p.cols for _ in range(p.rows)))))
    return out


@pytest.mark.parametrize("g", genres(), ids=lambda g: g.NAME)
def test_a_puzzle_draws_itself_in_a_notebook(g):
    p = g.Puzzle.from_url(g.EXAMPLES[-1])
    svg = p._repr_svg_()
    assert svg == p.render(fmt="svg")            # the board alone, no answer
    assert svg != p.render(p.solution(), fmt="svg")
    ET.fromstring(svg)                           # well-formed


@pytest.mark.parametrize("name,p", several_solutions(), ids=lambda x: x if isinstance(x, str) else "")
def test_solutions_mark_where_they_differ(name, p):
    S = p.solutions()
    members = list(S.family)
    assert len(members) == S.count() > 1
    union = frozenset().union(*members)
    common = frozenset.intersection(*members)
    assert S.undecided() == union - common != frozenset()
    svg = S._repr_svg_()
    ET.fromstring(svg)
    assert svg.count('class="differs"') == len(union - common)
    text = S.render()
    assert f"{S.count()} solutions differ on {len(union - common)} " in text
    assert text.startswith(p.render(S.first()))


@pytest.mark.parametrize("g", genres(), ids=lambda g: g.NAME)
def test_a_unique_puzzle_has_no_marks(g):
    for url in g.EXAMPLES:
        p = g.Puzzle.from_url(url)
        if p.count() == 1:
            S = p.solutions()
            assert S.undecided() == frozenset()
            assert 'class="differs"' not in S._repr_svg_()
            assert "differ" not in S.render()
            assert re.match(r"<1 solution of a \d+x\d+ \w+ puzzle>", repr(S))
            return
    pytest.skip(f"no example of {g.NAME} has a unique solution")


def test_undecided_of_small_families():
    import zalg
    U = zalg.Universe("abc")
    assert undecided(U.empty) == frozenset()
    assert undecided(U.parse("a*b")) == frozenset()
    assert undecided(U.parse("a*b + a*c")) == {"b", "c"}
    assert undecided(U.parse("a + 1")) == {"a"}
    assert isinstance(Solutions(None, U.parse("a")).first(), frozenset)


@pytest.mark.parametrize("name,p", several_solutions(), ids=lambda x: x if isinstance(x, str) else "")
def test_the_command_line_shows_where_solutions_differ(name, p, tmp_path, capsys):
    from puzzles.program.cli import main
    source = tmp_path / "puzzle.txt"
    source.write_text(p.to_pzprv3())
    answer, board = tmp_path / "answer.svg", tmp_path / "board.svg"
    code = main([name, "solve", str(source), "--count", "--svg", str(answer),
                 "--puzzle-svg", str(board)])
    out = capsys.readouterr().out
    S = p.solutions()
    assert code == 0
    assert f"solutions: {S.count()}" in out
    assert S.differences_line() in out
    assert answer.read_text().count('class="differs"') == len(S.undecided())
    assert board.read_text() == p.render(fmt="svg")


def test_puzzle_svg_with_a_batch_is_refused(tmp_path, capsys):
    from puzzles.program.cli import main
    code = main(["numberlink", "generate", "4x4", "--count", "2", "--puzzle-svg",
                 str(tmp_path / "x.svg")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--puzzle-svg" in err
    assert not (tmp_path / "x.svg").exists()
