"""Numberlink solver (Puzzle.solve and friends), rendering and the ``zalg numberlink`` CLI.

Evidence: the ZDD families are compared member by member with brute-force
enumerations of edge subsets accepted by the independent answer checker
``check_solution``; the two zalg constructions (frontier engine, algebraic
mate-ZDD) are compared with each other; the pzprjs test board's accepted answer
must be a member.  Hand-derived values are explained where they are used.
"""
from __future__ import annotations

import dataclasses
import json
import pickle
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from functools import lru_cache

import pytest

import zalg
from puzzles.common import caches, render
from puzzles.common.board import edge_components
from puzzles.common.errors import PuzzleFormatError
from puzzles.numberlink import Puzzle, read_pzprv3
from puzzles.numberlink.design import covering_path_matchings
from puzzles.common.solving import SOLVED
from puzzles.program.cli import main
from tests.helpers.numberlink_reference import (SMALL, accepted, board, brute, brute_all_subsets,
                                                brute_pruned)
from tests.helpers.paths import DATA as SHARED_DATA

DATA = SHARED_DATA
NUMLIN_URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
SVG = "{http://www.w3.org/2000/svg}"


# ------------------------------------------------------------------ hand-derived values


class TestHandDerived:
    def test_one_by_three(self):
        # the only line from (0,0) to (0,2) on a 1x3 board goes through (0,1)
        p = board("1.1")
        expected = frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2))})
        assert set(p.solve()) == {expected} == set(p.solve(cover=True))
        assert p.count() == 1 and p.is_unique() and p.solution() == expected

    def test_two_by_two_diagonal(self):
        # 1 at opposite corners of a 2x2 board: via (0,1) or via (1,0); a covering
        # path would have 4 cells and so end on cells of different colours: none
        p = board("1./.1")
        assert set(p.solve()) == {frozenset({((0, 0), (0, 1)), ((0, 1), (1, 1))}),
                                  frozenset({((0, 0), (1, 0)), ((1, 0), (1, 1))})}
        assert p.count() == 2 and not p.is_unique()
        assert p.count(cover=True) == 0 and p.solution(cover=True) is None

    def test_crossing_pairs(self):
        p = board("12/21")  # the two paths would have to cross
        assert p.count() == 0 and not p.is_unique() and p.solution() is None
        assert p.solve() == p.graph().universe.empty

    def test_no_labels(self):
        # check_solution calls an empty drawing "no line" and any line "isolated"
        p = board("../..")
        assert p.count() == 0 and p.solve(cover=True).count() == 0


# ------------------------------------------------------------------ brute force comparisons


def test_pruned_enumeration_matches_all_subsets():
    """The pruned brute force (used for boards with more than 12 edges) finds exactly
    what checking all 2**m subsets finds, on a 3x4 board (17 edges) and a 3x3 one."""
    for p in (board("1..2/..../1..2"), board("1.1/.../...")):
        assert brute_pruned(p) == brute_all_subsets(p)
        assert brute_pruned(p)[0]  # not vacuous


@pytest.mark.parametrize("p", SMALL)
@pytest.mark.parametrize("cover", [False, True], ids=["free", "cover"])
def test_solve_equals_brute_force(p, cover):
    expected = brute(p, cover)
    F = p.solve(cover=cover)
    members = list(F)
    assert len(members) == len(set(members)) == F.count() == p.count(cover)
    assert set(members) == expected
    assert p.is_unique(cover) == (len(expected) == 1)
    assert (p.solution(cover) is None) == (not expected)
    if expected:
        assert p.solution(cover) in expected


def test_small_boards_cover_the_interesting_cases():
    """The boards above include no-solution, unique and several-solution cases, with
    and without cover, and boards where cover changes the answer."""
    boards = [param.values[0] for param in SMALL]
    free = [len(brute(p, False)) for p in boards]
    cover = [len(brute(p, True)) for p in boards]
    assert 0 in free and 1 in free and max(free) >= 100
    assert 0 in cover and 1 in cover and max(cover) >= 10
    assert any(f != c for f, c in zip(free, cover))
    assert sum(1 for p in boards if p.rows == p.cols == 4) >= 6


@pytest.mark.parametrize("p", SMALL)
@pytest.mark.parametrize("cover", [False, True], ids=["free", "cover"])
def test_algebra_route_gives_the_same_family(p, cover):
    A = p.solve(cover=cover, method="algebra")
    F = p.solve(cover=cover)
    assert A.universe is F.universe is p.graph().universe
    assert A == F


# ------------------------------------------------------------------ API details


def test_graph_is_cached_and_swept_from_the_clues():
    # equal boards met earlier in the run keep the graph they got then, and the
    # shared graphs are the last 16 used: start from no recent boards; and share as
    # long as the caches' pool has room (puzzles.common.caches): room for this test
    SOLVED.clear()
    previous = caches.set_limit(1 << 40)
    try:
        graph_sharing()
    finally:
        caches.set_limit(previous)


def graph_sharing():
    # not a board of SMALL: those live the whole run, with the graph they were solved in
    # when this test's shape may have been dropped from the pool since
    p = board("1..2/..../2..1")
    G = p.graph()
    assert isinstance(G, zalg.Graph) and G is p.graph()
    assert sorted(G.edges) == sorted(p.edges()) and list(G.universe) == G.edges
    assert G.edges == zalg.graphs.graph.sweep_order(3, 4, "right")  # wide: columns, clues on the left
    assert board("1..2/..../2..1").graph() is G  # equal boards share the graph
    assert board("1...\n..2.\n1..2").graph() is G  # so do boards of the same shape and sweep
    assert board("...1\n.2..\n2..1").graph().edges == zalg.graphs.graph.sweep_order(3, 4, "left")
    assert p.solve() is p.solve()
    q = pickle.loads(pickle.dumps(p))  # the cache (CUDD objects) is not pickled
    assert q == p and q.graph() is G and q.solve() is p.solve()


def test_solution_is_the_first_member_and_stable():
    p = board("1.../.2../..2./...1")
    first = next(iter(p.solve()))
    assert p.solution() == first == p.solution()
    assert accepted(p, first, False)


def test_unknown_method_and_format():
    p = board("1.1")
    with pytest.raises(ValueError, match="method"):
        p.solve(method="magic")
    with pytest.raises(ValueError, match="format"):
        p.render(fmt="png")
    with pytest.raises(PuzzleFormatError):
        p.render([((0, 0), (1, 0))])  # not an edge of a 1x3 board


# ------------------------------------------------------------------ the pzprjs test board


def numlin_data() -> dict:
    path = DATA / "pzprjs" / "numlin.json"
    if not path.is_file():
        pytest.skip(f"shared test data not found at {path}")
    return json.loads(path.read_text(encoding="utf-8"))


def test_pzprjs_board_accepted_answer_is_the_unique_solution():
    entry = numlin_data()["puzzles"][0]
    p = Puzzle.from_url(entry["url"])
    board_of_file, answer = read_pzprv3(entry["solution_pzprv3"])
    assert board_of_file == p and answer
    assert accepted(p, answer, False)  # pzprjs marked it correct; so does our checker
    F = p.solve()
    assert answer in F
    members = set(F)
    assert all(accepted(p, s, False) for s in members)
    # independent confirmation of completeness: the pruned brute force (5512 leaves)
    assert members == brute(p, False)
    assert p.count() == 1 and p.is_unique() and p.solution() == answer
    # the answer happens to use every cell, so it is also the unique covering solution
    assert set(p.solve(cover=True)) == {answer} == brute(p, True)
    assert p.solve(method="algebra") == F


# ------------------------------------------------------------------ larger boards


def covering_instance(rows: int, cols: int, seed: int) -> tuple[Puzzle, frozenset]:
    """:func:`_covering_instance` as a fresh board each call: the cache keeps no board
    that holds its solutions (their families and universes)."""
    p, S = _covering_instance(rows, cols, seed)
    return dataclasses.replace(p), S


@lru_cache(maxsize=None)
def _covering_instance(rows: int, cols: int, seed: int) -> tuple[Puzzle, frozenset]:
    """A board whose pairs are the ends of a random covering path matching, and that
    path matching (the generating solution)."""
    M = covering_path_matchings(rows, cols)  # 8x8: 0.4M nodes (10x10: 8M nodes, 0.8 GB)
    G = zalg.grid(rows, cols)
    (S,) = M.sample(1, seed=seed)
    pairs = {}
    for k, (verts, es) in enumerate(edge_components(S)):
        ends = sorted(v for v in verts if sum(v in e for e in es) == 1)
        assert len(ends) == 2 and len(es) == len(verts) - 1  # a path
        pairs[k + 1] = tuple(ends)
    assert {v for e in S for v in e} == set(G.vertices)
    return Puzzle(rows, cols, pairs), S


@pytest.mark.parametrize("seed", [1, 2])
def test_random_eight_by_eight_cover_instance(seed):
    p, S = covering_instance(8, 8, seed)
    assert accepted(p, S, True)
    C = p.solve(cover=True)
    F = p.solve()
    assert S in C and S in F
    assert 1 <= C.count() <= F.count()
    assert C <= F  # every covering solution is a solution
    for s in C.sample(min(C.count(), 30), seed=0):
        assert accepted(p, s, True)
    for s in F.sample(min(F.count(), 30), seed=0):
        assert accepted(p, s, False)
    assert accepted(p, p.solution(cover=True), True)


# ------------------------------------------------------------------ rendering


def parse_text_drawing(p: Puzzle, text: str) -> frozenset:
    """Edges read back from ``numberlink_text``: a '-' in the separator column between
    two cells, a '|' in the line between two rows (below the cell's centre)."""
    width = max([1] + [len(str(v)) for v in p.clues.values()])
    mid = (width - 1) // 2
    lines = text.split("\n")
    edges = set()
    for r in range(p.rows):
        row = lines[2 * r].ljust(p.cols * (width + 1))
        for c in range(p.cols - 1):
            if row[c * (width + 1) + width] == "-":
                edges.add(((r, c), (r, c + 1)))
        if r + 1 < p.rows:
            between = lines[2 * r + 1].ljust(p.cols * (width + 1))
            for c in range(p.cols):
                if between[c * (width + 1) + mid] == "|":
                    edges.add(((r, c), (r + 1, c)))
    return frozenset(edges)


class TestRender:
    def test_text_exact_small(self):
        assert board("1.1").render(board("1.1").solution()) == "1-+-1\n"
        p = board("1.2/1.2")
        assert p.render() == "1 . 2\n\n1 . 2\n"
        # two solutions: which one comes first depends on the board's edge order
        assert p.render(p.solution()) in ("1 . 2\n|   |\n1 . 2\n", "1-+ 2\n  | |\n1-+ 2\n")
        q = board("12/12")
        assert q.render(q.solution()) == "1 2\n| |\n1 2\n"

    def test_text_wide_labels(self):
        p = Puzzle(1, 3, {10: ((0, 0), (0, 2))})
        # cells are 2 wide; '+' and '|' sit in the first column of their cell
        assert p.render(p.solution()) == "10-+--10\n"
        assert p.render() == "10 .  10\n"

    def test_text_round_trip_on_large_solutions(self):
        for seed in (1, 2):
            p, S = covering_instance(8, 8, seed)
            text = p.render(S)
            assert parse_text_drawing(p, text) == S
            for cell, label in p.clues.items():
                assert str(label) in text.split("\n")[2 * cell[0]]

    def test_pzprjs_answer_drawing(self):
        p = Puzzle.from_url(NUMLIN_URL)
        text = p.render(p.solution())
        assert text.splitlines()[0] == "1-+ +-+-+"
        assert parse_text_drawing(p, text) == p.solution()

    def test_svg(self):
        p = board("1.2./3.1./342./4...")
        s = p.solution()
        assert s is not None
        doc = p.render(s, fmt="svg")
        assert doc.startswith("<svg")
        root = ET.fromstring(doc)
        assert root.tag == SVG + "svg"
        paths = root.findall(SVG + "path")
        assert len(paths) == len(p.pairs)  # one drawn piece per label
        assert len({el.get("stroke") for el in paths}) == len(p.pairs)
        assert sorted(el.text for el in root.findall(SVG + "text")) == sorted(str(v) for v in p.clues.values())
        # every edge is one "M x y L x y" segment between two cell centres
        segments = sum(len(re.findall("M", el.get("d"))) for el in paths)
        assert segments == len(s)

    def test_svg_empty_board(self):
        p = Puzzle(3, 4, {})
        root = ET.fromstring(p.render(fmt="svg"))
        assert not root.findall(SVG + "path") and not root.findall(SVG + "text")
        assert len(root.findall(SVG + "line")) == (3 - 1) + (4 - 1)

    def test_helpers(self):
        assert render.xml_escape("<a & 'b'>\"") == "&lt;a &amp; &#39;b&#39;&gt;&quot;"
        doc = render.svg_document(10, 20.5, ['<circle r="1"/>'], title="x < y")
        root = ET.fromstring(doc)
        assert root.get("width") == "10" and root.get("height") == "20.5"
        assert root.find(SVG + "title").text == "x < y"
        assert edge_components([((0, 0), (0, 1)), ((5, 5), (5, 6)), ((0, 1), (1, 1))]) == [
            (frozenset({(0, 0), (0, 1), (1, 1)}), [((0, 0), (0, 1)), ((0, 1), (1, 1))]),
            (frozenset({(5, 5), (5, 6)}), [((5, 5), (5, 6))])]


# ------------------------------------------------------------------ CLI


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "puzzles", *args], capture_output=True, text=True,
                          timeout=300)


class TestCli:
    def test_count(self, capsys):
        assert main(["numberlink", "solve", NUMLIN_URL, "--count"]) == 0
        out = capsys.readouterr().out
        assert "solutions: 1\n" in out and "\nunique\n" in out
        p = Puzzle.from_url(NUMLIN_URL)
        assert p.render(p.solution()) in out and out.startswith("numberlink 5x5, 3 pairs\n" + p.render())

    def test_several_and_none(self, capsys, tmp_path):
        f = tmp_path / "b.txt"
        f.write_text("1.\n.1\n")
        assert main(["numberlink", "solve", str(f), "--count"]) == 0
        out = capsys.readouterr().out
        assert "solutions: 2\n" in out and "\n2 solutions\n" in out
        assert main(["numberlink", "solve", str(f), "--cover"]) == 0
        out = capsys.readouterr().out
        assert "no solution" in out and "solutions:" not in out

    def test_arukone_uses_cover(self, capsys):
        url = Puzzle(2, 2, {1: ((0, 0), (1, 1))}, variant="arukone").to_url()
        assert main(["numberlink", "solve", url, "--count"]) == 0
        out = capsys.readouterr().out
        assert "every cell used" in out and "solutions: 0" in out

    def test_pzprv3_file_and_svg(self, capsys, tmp_path):
        p = Puzzle.from_url(NUMLIN_URL)
        f = tmp_path / "b.pzprv3"
        f.write_text(p.to_pzprv3())
        out_svg = tmp_path / "out.svg"
        assert main(["numberlink", "solve", str(f), "--svg", str(out_svg)]) == 0
        assert "unique" in capsys.readouterr().out
        doc = out_svg.read_text()
        assert doc.startswith(("<svg", "<?xml"))
        assert len(ET.fromstring(doc).findall(SVG + "path")) == 3

    @pytest.mark.parametrize("args, message", [
        (["https://puzz.link/p?numlin/5/5/1j2h3m1h2j"], "numberlink URL: body ends after 24 of 25 cells"),
        (["https://puzz.link/p?slither/3/3/abc"], "pid 'slither' is not numlin"),
        (["no-such-board.txt"], "no such file 'no-such-board.txt'"),
    ])
    def test_errors_are_one_line_exit_2(self, args, message):
        run = run_cli("numberlink", "solve", *args)
        assert run.returncode == 2
        assert run.stdout == ""
        lines = run.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("zalg: error: ") and message in lines[0]
        assert "Traceback" not in run.stderr

    def test_bad_file_content_is_one_line(self, tmp_path, capsys):
        f = tmp_path / "bad.txt"
        f.write_text("1.2\n...\n")
        assert main(["numberlink", "solve", str(f)]) == 2
        err = capsys.readouterr().err
        assert err == "zalg: error: numberlink text: label 1 appears once (at row 0, col 0)\n"
