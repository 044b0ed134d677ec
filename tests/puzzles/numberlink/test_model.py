"""The Numberlink board model, its formats (URL, pzprv3, text) and its checker, on
hand-made boards and the pzprjs test boards of ../shared/data/pzprjs (skipped with a
reason when absent)."""
from __future__ import annotations

import pytest

from puzzles import numberlink as nl
from puzzles.common.errors import PuzzleFormatError
from tests.helpers.pzprjs_data import (json_edges_numlin, load, negatives_of,
                                       normalised_pzprv3)

NUMLIN_URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
NUMLIN_TEXT = "1....\n2..3.\n.....\n.1..2\n....3\n"


class TestNumberlinkModel:
    def test_geometry(self):
        p = nl.Puzzle(2, 3, {})
        assert p.edges() == [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (0, 2)), ((0, 1), (1, 1)),
                             ((0, 2), (1, 2)), ((1, 0), (1, 1)), ((1, 1), (1, 2))]
        assert p.cell_edges((1, 1)) == [((0, 1), (1, 1)), ((1, 0), (1, 1)), ((1, 1), (1, 2))]

    def test_url_text_pzprv3_round_trips(self):
        p = nl.Puzzle.from_url(NUMLIN_URL)
        assert p.pairs == {1: ((0, 0), (3, 1)), 2: ((1, 0), (3, 4)), 3: ((1, 3), (4, 4))}
        assert p.to_url() == NUMLIN_URL
        assert p.to_text() == NUMLIN_TEXT
        assert nl.Puzzle.from_text(NUMLIN_TEXT) == p
        assert nl.Puzzle.from_text(p.to_pzprv3()) == p
        assert nl.Puzzle.from_url("numberlink/5/5/1j2h3m1h2j3") == p

    def test_letter_and_long_labels(self):
        p = nl.Puzzle.from_text("A.B\n...\nB.A\n")
        assert p.pairs == {"A": ((0, 0), (2, 2)), "B": ((0, 2), (2, 0))}
        assert p.to_text() == "A.B\n...\nB.A\n"
        q = nl.Puzzle.from_text("12 . x7\n.  . .\nx7 . 12\n")
        assert q.pairs == {12: ((0, 0), (2, 2)), "x7": ((0, 2), (2, 0))}
        assert q.to_text() == "12  . x7\n .  .  .\nx7  . 12\n"
        assert nl.Puzzle.from_text(q.to_text()) == q
        with pytest.raises(PuzzleFormatError, match=r"numberlink URL: label 'x7' is not a number"):
            q.to_url()
        big = nl.Puzzle.from_text("300 . 17\n17 . 300\n")
        assert big.to_url() == "https://puzz.link/p?numlin/3/2/+12cg-11-11g+12c"
        assert nl.Puzzle.from_url(big.to_url()) == big

    def test_arukone(self):
        p = nl.Puzzle.from_url("https://puzz.link/p?arukone/5/5/1j2h3m1h2j3")
        assert (p.variant, p.flags, p.requires_cover) == ("arukone", "", True)
        assert p.to_url() == "https://puzz.link/p?arukone/5/5/1j2h3m1h2j3"
        e = nl.Puzzle.from_url("arukone/e/5/5/1j2h3m1h2j3")
        assert (e.variant, e.flags, e.requires_cover) == ("arukone", "e", False)
        assert e.to_url() == "https://puzz.link/p?arukone/e/5/5/1j2h3m1h2j3"
        assert nl.Puzzle.from_text(p.to_pzprv3()) == p

    def test_from_file_detects_the_format(self, tmp_path):
        p = nl.Puzzle.from_url(NUMLIN_URL)
        for name, content in (("a.txt", NUMLIN_TEXT), ("b.pzprv3", p.to_pzprv3(set())), ("c.url", NUMLIN_URL)):
            (tmp_path / name).write_text(content, encoding="utf-8")
            assert nl.Puzzle.from_file(tmp_path / name) == p, name

    def test_checker_cover_rule(self):
        p = nl.Puzzle.from_text("1.1\n...\n")
        path = [((0, 0), (0, 1)), ((0, 1), (0, 2))]
        assert nl.check_solution(p, path) == []
        assert [(v.rule, v.where) for v in nl.check_solution(p, path, cover=True)] == [
            ("every cell used", ((1, 0),)), ("every cell used", ((1, 1),)), ("every cell used", ((1, 2),))]
        detour = [((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (1, 2)), ((0, 2), (1, 2))]
        assert nl.check_solution(p, detour) == []
        assert [(v.rule, v.where) for v in nl.check_solution(p, detour, cover=True)] == [
            ("every cell used", ((0, 1),))]

    def test_checker_on_hand_made_boards(self):
        p = nl.Puzzle.from_text("1..2\n....\n2..1\n")
        loop = [((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 2), (2, 2)), ((2, 1), (2, 2))]
        rules = [v.rule for v in nl.check_solution(p, loop)]
        assert rules == ["unconnected number"] * 4 + ["loop", "isolated line"]
        with pytest.raises(PuzzleFormatError, match=r"not an edge of the 3x4 board"):
            nl.check_solution(p, [((0, 0), (1, 1))])

    @pytest.mark.parametrize("make, fragment", [
        (lambda: nl.Puzzle.from_text("1....\n.....\n...7.\n.....\n....1\n"),
         "numberlink text: label 7 appears once (at row 2, col 3)"),
        (lambda: nl.Puzzle.from_text("1.1\n.1.\n"),
         "label 1 appears 3 times (at row 0, col 0; row 0, col 2; row 1, col 1)"),
        (lambda: nl.Puzzle.from_text("A..\n..a\n"), "label A appears once (at row 0, col 0)"),
        (lambda: nl.Puzzle.from_text("1?1\n"), "'?' number marker at row 0, col 1 is not supported"),
        (lambda: nl.Puzzle.from_text("1#1\n"), "unknown character '#' at row 0, col 1"),
        (lambda: nl.Puzzle.from_text("1.1\n..\n"), "numberlink text: row 1 has 2 cells, expected 3"),
        (lambda: nl.Puzzle.from_url("numlin/3/1/1g"), "numberlink URL: body ends after 2 of 3 cells"),
        (lambda: nl.Puzzle.from_url("numlin/3/1/1h"), "numberlink URL: label 1 appears once (at row 0, col 0)"),
        (lambda: nl.Puzzle.from_url("numlin/2/1/-1"), "must be followed by 2 hex digits"),
        (lambda: nl.Puzzle.from_url("slither/5/5/cbcbcddad"), "pid 'slither' is not numlin"),
        (lambda: nl.Puzzle.from_url("numlin/e/2/1/11"), "unknown flag 'e' for numlin"),
        (lambda: nl.Puzzle.from_url("numlin/2/1/.1"), "'?' number marker at row 0, col 0 is not supported"),
        (lambda: nl.Puzzle.from_text("pzprv3\nnumlin\n2\n2\n1 1 \n"), "number block: expected 2 rows, got 1"),
        (lambda: nl.Puzzle.from_text("pzprv3\nnumlin\n1\n3\n1 a 1 \n"), "unknown number 'a' at row 0, col 1"),
        (lambda: nl.Puzzle.from_text("pzprv3\nnumlin\n1\n2\n1 1 \n"
                                     "1 2 \n"), "horizontal-neighbour line block row 0: expected 1 items, got 2"),
        (lambda: nl.Puzzle(2, 2, {1: ((0, 0), (0, 0))}), "label 1 has the same cell twice"),
        (lambda: nl.Puzzle(2, 2, {1: ((0, 0), (1, 1)), 2: ((0, 0), (0, 1))}),
         "row 0, col 0 carries both label 1 and label 2"),
        (lambda: nl.Puzzle(2, 2, {"7": ((0, 0), (1, 1))}), "label '7' is a digit string; use the int 7"),
        (lambda: nl.Puzzle(2, 2, {1: ((0, 0), (2, 1))}), "(2, 1) is not a cell of the 2x2 board"),
    ])
    def test_bad_input(self, make, fragment):
        with pytest.raises(PuzzleFormatError) as info:
            make()
        assert fragment in str(info.value)
        assert "\n" not in str(info.value)


class TestNumberlinkData:
    def test_url_round_trip_and_board(self):
        data = load("numlin")
        assert data["puzzles"], "numlin.json has no puzzles"
        for pz in data["puzzles"]:
            p = nl.Puzzle.from_url(pz["url"])
            assert p.to_url() == pz["url"]
            assert (p.rows, p.cols) == (pz["rows"], pz["cols"])
            assert p.grid() == pz["board"]["clues"]
            assert nl.Puzzle.from_url("numlin/" + pz["url_body"]) == p

    def test_pzprv3_board_solution_and_round_trip(self):
        for pz in load("numlin")["puzzles"]:
            p, sol = nl.read_pzprv3(pz["solution_pzprv3"])
            assert p == nl.Puzzle.from_url(pz["url"])
            assert sol == json_edges_numlin(pz["solution"])
            written = p.to_pzprv3(sol)
            assert written == normalised_pzprv3(pz["solution_pzprv3"], 4 + p.rows)
            assert nl.read_pzprv3(written) == (p, sol)
            assert nl.Puzzle.solution_from_pzprv3(written) == sol
            assert nl.check_solution(p, sol) == []
            # this answer happens to use every cell (22 edges + 3 paths = 25 cells)
            assert nl.check_solution(p, sol, cover=True) == []

    NUMLIN_RULE = {"brNoLine": "no line", "lnBranch": "branch", "lnCross": "crossing",
                   "lcTripleNum": "more than two numbers", "nmConnDiff": "different labels",
                   "lcOnNum": "path through number", "lnDeadEnd": "dead end",
                   "lcIsolate": "isolated line", "nmNoLine": "unconnected number"}
    NUMLIN_ALL_RULES = {
        "brNoLine": {"no line"},
        "lnBranch": {"unconnected number", "branch", "more than two numbers"},
        "lnCross": {"crossing", "unconnected number", "more than two numbers"},
        "lcTripleNum": {"path through number", "unconnected number", "more than two numbers"},
        "nmConnDiff": {"unconnected number", "different labels"},
        "lcOnNum": {"unconnected number", "dead end", "path through number"},
        "lnDeadEnd": {"unconnected number", "dead end"},
        "lcIsolate": {"unconnected number", "loop", "isolated line"},
        "nmNoLine": {"unconnected number"},
    }

    @pytest.mark.parametrize("neg", negatives_of("numlin"))
    def test_negative_is_rejected(self, neg):
        p, sol = nl.read_pzprv3(neg["pzprv3"])
        rules = {v.rule for v in nl.check_solution(p, sol or ())}
        assert self.NUMLIN_RULE[neg["expected_error"]] in rules
        assert rules == self.NUMLIN_ALL_RULES[neg["expected_error"]]
        if "parsed" in neg:
            assert [[None if t == "." else int(t) for t in row] for row in neg["parsed"]["cells"]] == p.grid()
