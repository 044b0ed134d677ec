"""The Slitherlink board model, its formats (URL, pzprv3, text) and its checker, on
hand-made boards and the pzprjs test boards of ../shared/data/pzprjs (skipped with a
reason when absent)."""
from __future__ import annotations

import pytest

from puzzles import slitherlink as sl
from puzzles.common.errors import PuzzleFormatError
from tests.helpers.pzprjs_data import (json_edges_slither, load, negatives_of,
                                       normalised_pzprv3)


SLITHER_URL = "https://puzz.link/p?slither/5/5/cbcbcddad"
SLITHER_TEXT = "2..1.\n.2..1\n..2..\n3..3.\n.0..3\n"


class TestSlitherlinkModel:
    def test_geometry_1x1(self):
        p = sl.Puzzle(1, 1)
        assert p.dots() == [(0, 0), (0, 1), (1, 0), (1, 1)]
        assert p.edges() == [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))]
        assert p.cell_edges((0, 0)) == tuple(p.edges())

    def test_geometry_counts_and_order(self):
        p = sl.Puzzle(2, 3)
        edges = p.edges()
        assert len(p.dots()) == 12 and len(edges) == 2 * 4 + 3 * 3 == 17
        assert edges[:3] == [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (0, 2))]
        assert all(a < b for a, b in edges) and len(set(edges)) == 17
        assert p.cell_edges((1, 2)) == (((1, 2), (1, 3)), ((1, 2), (2, 2)), ((1, 3), (2, 3)), ((2, 2), (2, 3)))
        assert p.dot_edges((1, 3)) == [((0, 3), (1, 3)), ((1, 2), (1, 3)), ((1, 3), (2, 3))]

    def test_url_text_pzprv3_round_trips(self):
        p = sl.Puzzle.from_url(SLITHER_URL)
        assert p.to_url() == SLITHER_URL
        assert p.to_text() == SLITHER_TEXT
        assert sl.Puzzle.from_text(SLITHER_TEXT) == p
        assert sl.Puzzle.from_text(p.to_pzprv3()) == p
        assert sl.Puzzle.from_text(" 2 . . 1 . \n\n.2..1\n..2..\n3..3.\n.0..3") == p

    def test_unknown_clue_and_full_variant(self):
        p = sl.Puzzle.from_text("?.\n.3\n", variant="full")
        assert p.hints == {(1, 1): 3} and p.unknown_hints == {(0, 0)}
        assert p.to_url() == "https://puzz.link/p?slither/f/2/2/.hd"
        assert sl.Puzzle.from_url(p.to_url()) == p
        assert p.to_text() == "?.\n.3\n"
        assert p.to_pzprv3() == "pzprv3\nslither\n2\n2\nf\n- . \n. 3 \n"
        assert sl.Puzzle.from_text(p.to_pzprv3()) == p

    def test_from_file_detects_the_format(self, tmp_path):
        p = sl.Puzzle.from_url(SLITHER_URL)
        sol = {((0, 0), (0, 1))}
        for name, content in (("a.txt", SLITHER_TEXT), ("b.pzprv3", p.to_pzprv3(sol)), ("c.url", SLITHER_URL + "\n")):
            (tmp_path / name).write_text(content, encoding="utf-8")
            assert sl.Puzzle.from_file(tmp_path / name) == p, name
        assert sl.Puzzle.solution_from_pzprv3((tmp_path / "b.pzprv3").read_text()) == frozenset(sol)

    def test_checker_on_hand_made_boards(self):
        p = sl.Puzzle(1, 1, {(0, 0): 4})
        assert sl.check_solution(p, p.edges()) == []
        assert [v.rule for v in sl.check_solution(p, p.edges()[:3])] == ["dead end", "dead end", "hint count"]
        two = sl.Puzzle(1, 3)
        squares = list(two.cell_edges((0, 0))) + list(two.cell_edges((0, 2)))
        assert [v.rule for v in sl.check_solution(two, squares)] == ["more than one loop"]
        # edges may be given unsorted
        assert sl.check_solution(p, [(b, a) for a, b in p.edges()]) == []
        with pytest.raises(PuzzleFormatError, match=r"not an edge of the 1x1 board"):
            sl.check_solution(p, [((0, 0), (1, 1))])
        # a "?" clue constrains nothing
        q = sl.Puzzle.from_text("?.\n..\n")
        assert sl.check_solution(q, q.cell_edges((1, 1))) == []

    @pytest.mark.parametrize("make, fragment", [
        (lambda: sl.Puzzle.from_url("https://puzz.link/p?slither/5/5/cbcbcdda"),
         "slitherlink URL: body ends after 24 of 25 cells"),
        (lambda: sl.Puzzle.from_url("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"),
         "slitherlink URL: pid 'numlin' is not slither"),
        (lambda: sl.Puzzle.from_url("slither/x/2/2/j"), "unknown flag 'x'"),
        (lambda: sl.Puzzle.from_url("slither/v:abc/2/2/j"), "variant 'v:abc' is not supported"),
        (lambda: sl.Puzzle.from_url("slither/2/2/1F"), "unknown character 'F' at position 1"),
        (lambda: sl.Puzzle.from_text("2..1.\n.2..\n"), "slitherlink text: row 1 has 4 cells, expected 5"),
        (lambda: sl.Puzzle.from_text("2.x\n"), "unknown character 'x' at row 0, col 2"),
        (lambda: sl.Puzzle.from_text("..\n.5\n"), "hint 5 at row 1, col 1 is outside 0..4"),
        (lambda: sl.Puzzle.from_text(" \n\n"), "slitherlink text: no rows"),
        (lambda: sl.Puzzle.from_text("pzprv3\nslither\n3\n2\n. . \n. . \n"),
         "clue block: expected 3 rows, got 2"),
        (lambda: sl.Puzzle.from_text("pzprv3\nslither\n2\n2\n. . \n. . . \n"),
         "clue block row 1: expected 2 items, got 3"),
        (lambda: sl.Puzzle.from_text("pzprv3\nslither\n1\n2\n7 . \n"), "hint 7 at row 0, col 0 is outside 0..4"),
        (lambda: sl.Puzzle.from_text("pzprv3\nslither\n1\n2\nx . \n"), "unknown clue 'x' at row 0, col 0"),
        (lambda: sl.Puzzle.from_text("pzprv3\nnumlin\n1\n2\n"), "pid 'numlin' is not slither"),
        (lambda: sl.Puzzle.solution_from_pzprv3("pzprv3\nslither\n1\n1\n. \n1 y \n1 \n1 \n"),
         "unknown edge item 'y'"),
        (lambda: sl.Puzzle.solution_from_pzprv3("pzprv3\nslither\n1\n1\n. \n1 1 \n1 \n"),
         "horizontal edge block: expected 2 rows, got 1"),
        (lambda: sl.Puzzle(2, 2, {(0, 0): 5}), "hint 5 at row 0, col 0 is outside 0..4"),
        (lambda: sl.Puzzle(2, 2, {(2, 0): 1}), "(2, 0) is not a cell of the 2x2 board"),
        (lambda: sl.Puzzle(0, 2), "rows must be a positive integer"),
        (lambda: sl.Puzzle(1, 1, variant="other"), "unknown variant 'other'"),
    ])
    def test_bad_input(self, make, fragment):
        with pytest.raises(PuzzleFormatError) as info:
            make()
        assert fragment in str(info.value)
        assert "\n" not in str(info.value)


class TestSlitherlinkData:
    def test_url_round_trip_and_board(self):
        data = load("slither")
        with_url = [pz for pz in data["puzzles"] if pz["url"]]
        assert with_url, "slither.json has no URL puzzle"
        for pz in with_url:
            p = sl.Puzzle.from_url(pz["url"])
            assert p.to_url() == pz["url"]
            assert (p.rows, p.cols) == (pz["rows"], pz["cols"])
            assert p.grid() == pz["board"]["clues"]
            assert sl.Puzzle.from_url("slither/" + pz["url_body"]) == p
            assert sl.Puzzle.from_url("http://pzv.jp/p.html?slitherlink/" + pz["url_body"]) == p
            assert p.variant is None

    @pytest.mark.parametrize("index", [0, 1])
    def test_pzprv3_board_and_solution(self, index):
        pz = load("slither")["puzzles"][index]
        p, sol = sl.read_pzprv3(pz["solution_pzprv3"])
        # the 2x3 "full" board lists empty cells as "." instead of null in the JSON
        clues = [[None if v == "." else v for v in row] for row in pz["board"]["clues"]]
        assert p.grid() == clues
        assert sol == json_edges_slither(pz["solution"])
        assert p.variant == ("full" if "variant" in pz else None)
        if pz["url"]:
            assert sl.Puzzle.from_url(pz["url"]) == p
        assert sl.check_solution(p, sol) == []

    def test_pzprv3_round_trip_of_the_url_puzzle(self):
        pz = load("slither")["puzzles"][0]
        p, sol = sl.read_pzprv3(pz["solution_pzprv3"])
        written = p.to_pzprv3(sol)
        assert written == normalised_pzprv3(pz["solution_pzprv3"], 4 + p.rows)
        assert sl.read_pzprv3(written) == (p, sol)

    def test_pzprv3_round_trip_of_the_full_puzzle(self):
        pz = load("slither")["puzzles"][1]
        p, sol = sl.read_pzprv3(pz["solution_pzprv3"])
        written = p.to_pzprv3(sol)
        # written as pzprv3 (no cell-mark block), with the f line kept
        assert written == "pzprv3\nslither\n2\n3\nf\n. . . \n. . . \n1 0 0 1 \n1 1 1 1 \n1 1 1 \n0 1 0 \n1 0 1 \n"
        assert sl.read_pzprv3(written) == (p, sol)
        assert p.to_url() == "https://puzz.link/p?slither/f/3/2/l"
        assert sl.Puzzle.from_url(p.to_url()) == p

    def test_full_variant_rule_is_what_rejects_the_cx_negative(self):
        neg = next(n for n in load("slither")["failcheck_negatives"] if n["expected_error"] == "cxNoLine")
        p, sol = sl.read_pzprv3(neg["pzprv3"])
        assert p.variant == "full"
        assert [(v.rule, v.where) for v in sl.check_solution(p, sol)] == [
            ("every vertex", ((2, 2),)), ("every vertex", ((2, 3),))]
        plain = sl.Puzzle(p.rows, p.cols, p.hints, p.unknown_hints, None)
        assert sl.check_solution(plain, sol) == []

    SLITHER_RULE = {"brNoLine": "no loop", "lnBranch": "branch", "lnCross": "crossing",
                    "nmLineNe": "hint count", "lnPlLoop": "more than one loop",
                    "lnDeadEnd": "dead end", "cxNoLine": "every vertex"}
    # every rule the checker reports for each negative (checked by hand against the drawings)
    SLITHER_ALL_RULES = {
        "brNoLine": {"no loop"},
        "lnBranch": {"dead end", "branch", "hint count", "more than one loop"},
        "lnCross": {"dead end", "crossing", "hint count"},
        "nmLineNe": {"dead end", "hint count"},
        "lnPlLoop": {"more than one loop"},
        "lnDeadEnd": {"dead end"},
        "cxNoLine": {"every vertex"},
    }

    @pytest.mark.parametrize("neg", negatives_of("slither"))
    def test_negative_is_rejected(self, neg):
        p, sol = sl.read_pzprv3(neg["pzprv3"])
        rules = {v.rule for v in sl.check_solution(p, sol or ())}
        assert self.SLITHER_RULE[neg["expected_error"]] in rules
        assert rules == self.SLITHER_ALL_RULES[neg["expected_error"]]
        if "parsed" in neg:
            parsed = neg["parsed"]
            assert [[{"-": "?", ".": None}.get(t, t) for t in row] for row in parsed["clues"]] == \
                [[None if v is None else str(v) for v in row] for row in p.grid()]

    def test_negative_with_changed_clue_uses_its_own_board(self):
        neg = next(n for n in load("slither")["failcheck_negatives"] if n["expected_error"] == "lnPlLoop")
        p, _ = sl.read_pzprv3(neg["pzprv3"])
        assert p.hints[(0, 3)] == 0


# =================================================================== Numberlink
