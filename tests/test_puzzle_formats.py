"""Board models and file formats of puzzles.slitherlink / puzzles.numberlink.

Uses the pzprjs test boards in ../shared/data/pzprjs (skipped with a reason when
that folder is absent) plus hand-made boards whose expected values follow from
the encoding tables of shared/data/FORMAT-pzprjs.md.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import numberlink as nl
from puzzles import pzprjs
from puzzles import slitherlink as sl
from puzzles.errors import PuzzleFormatError

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def load(pid: str) -> dict:
    path = DATA / "pzprjs" / f"{pid}.json"
    if not path.is_file():
        pytest.skip(f"shared test data not found at {path}")
    return json.loads(path.read_text(encoding="utf-8"))


def negatives_of(pid: str) -> list:
    """Parametrisation list; a single skip marker when the data is absent."""
    path = DATA / "pzprjs" / f"{pid}.json"
    if not path.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"shared test data not found at {path}"))]
    data = json.loads(path.read_text(encoding="utf-8"))
    return [pytest.param(n, id=n["expected_error"]) for n in data["failcheck_negatives"]]


def json_edges_slither(solution: dict) -> set:
    """Edge set from the JSON 0/1 arrays (FORMAT 4.1 geometry), built independently."""
    edges = set()
    for r, row in enumerate(solution["vlines"]):
        for c, v in enumerate(row):
            if v == 1:
                edges.add(((r, c), (r + 1, c)))
    for r, row in enumerate(solution["hlines"]):
        for c, v in enumerate(row):
            if v == 1:
                edges.add(((r, c), (r, c + 1)))
    return edges


def json_edges_numlin(solution: dict) -> set:
    """Edge set from the JSON 0/1 arrays (FORMAT 4.2 geometry)."""
    edges = set()
    for r, row in enumerate(solution["vlines"]):
        for c, v in enumerate(row):
            if v == 1:
                edges.add(((r, c), (r, c + 1)))
    for r, row in enumerate(solution["hlines"]):
        for c, v in enumerate(row):
            if v == 1:
                edges.add(((r, c), (r + 1, c)))
    return edges


def normalised_pzprv3(slash_text: str, first_edge_line: int) -> str:
    """A '/'-joined pzprv3 text as lines, with every edge token other than 1 written as 0."""
    lines = slash_text.rstrip("/").split("/")
    out = lines[:first_edge_line]
    for line in lines[first_edge_line:]:
        out.append("".join(("1" if t == "1" else "0") + " " for t in line.split()))
    return "\n".join(out) + "\n"


def test_missing_shared_data_skips_with_its_path(monkeypatch, tmp_path):
    monkeypatch.setattr(sys.modules[__name__], "DATA", tmp_path / "nowhere")
    with pytest.raises(pytest.skip.Exception, match="shared test data not found at .*nowhere"):
        load("slither")
    [param] = negatives_of("slither")
    assert param.marks[0].kwargs["reason"].startswith("shared test data not found at ")


# =========================================================== pzprjs codec helpers


class TestUrlParsing:
    def test_prefixes_and_bare_body_give_the_same_parts(self):
        want = pzprjs.PuzzUrl(pid="slither", cols=5, rows=5, body="cbcbcddad")
        for url in ("https://puzz.link/p?slither/5/5/cbcbcddad",
                    "http://pzv.jp/p.html?slither/5/5/cbcbcddad",
                    "https://pzprxs.vercel.app/p?slither/5/5/cbcbcddad",
                    "slither/5/5/cbcbcddad",
                    "slitherlink/5/5/cbcbcddad/",
                    "  https://puzz.link/p?slither/5/5/cbcbcddad  "):
            assert pzprjs.parse_url(url) == want, url

    def test_pflag_and_variant_components(self):
        u = pzprjs.parse_url("https://puzz.link/p?slither/f/3/2/l")
        assert (u.pid, u.pflag, u.variant, u.cols, u.rows, u.body) == ("slither", "f", None, 3, 2, "l")
        u = pzprjs.parse_url("numberlink/v:xyz/e/4/3/zz")
        assert (u.pid, u.pflag, u.variant, u.cols, u.rows, u.body) == ("numlin", "e", "xyz", 4, 3, "zz")

    def test_width_comes_first(self):
        u = pzprjs.parse_url("slither/7/2/zzzz")
        assert (u.rows, u.cols) == (2, 7)

    @pytest.mark.parametrize("url, fragment", [
        ("", "empty URL"),
        ("https://puzz.link/slither/5/5/x", "has no '?'"),
        ("slither/5", "expected <cols>/<rows>"),
        ("slither/0/5/zz", "width (cols) must be a positive integer, got '0'"),
        ("slither/5/-1/zz", "must be a positive integer"),
        ("/5/5/zz", "no puzzle type"),
    ])
    def test_bad_urls(self, url, fragment):
        with pytest.raises(PuzzleFormatError) as info:
            pzprjs.parse_url(url)
        assert fragment in str(info.value)

    def test_format_url(self):
        assert pzprjs.format_url("slither", 3, 2, "l", "f") == "https://puzz.link/p?slither/f/3/2/l"
        assert pzprjs.format_url("numlin", 5, 4, "zk") == "https://puzz.link/p?numlin/5/4/zk"


class TestFourCell:
    def test_format_doc_example(self):
        values = pzprjs.decode_4cell("cbcbcddad", 25)
        rows = ["".join("." if v is None else str(v) for v in values[r * 5:r * 5 + 5]) for r in range(5)]
        assert rows == ["2..1.", ".2..1", "..2..", "3..3.", ".0..3"]

    def test_table(self):
        # 0-4 plain, 5-9 skip one, a-e skip two, g-z skip 1..20, '.' unknown
        assert pzprjs.decode_4cell("3", 1) == [3]
        assert pzprjs.decode_4cell("72", 3) == [2, None, 2]
        assert pzprjs.decode_4cell("e0", 4) == [4, None, None, 0]
        assert pzprjs.decode_4cell("g.h", 4) == [None, "?", None, None]
        assert pzprjs.decode_4cell("z", 20) == [None] * 20

    def test_canonical_encoding(self):
        assert pzprjs.encode_4cell([None] * 25) == "zk"
        # after 20 empties 'z' is flushed; a clue at the last cell skips past the end ('c')
        assert pzprjs.encode_4cell([None] * 21 + [0, 1, 2]) == "zg01c"
        assert pzprjs.encode_4cell(["?", None, 4, 4, None, None, None, 0]) == ".g4ega"

    def test_characters_after_the_last_cell_are_ignored(self):
        assert pzprjs.decode_4cell("1234", 2) == [1, 2]

    def test_truncated_and_unknown(self):
        with pytest.raises(PuzzleFormatError, match=r"body ends after 24 of 25 cells"):
            pzprjs.decode_4cell("cbcbcdda", 25, "slitherlink URL")
        with pytest.raises(PuzzleFormatError, match=r"unknown character 'f' at position 1"):
            pzprjs.decode_4cell("1f", 4)
        with pytest.raises(PuzzleFormatError, match=r"cell 1 has value 5"):
            pzprjs.encode_4cell([1, 5])

    @settings(max_examples=150, deadline=None)
    @given(st.lists(st.one_of(st.none(), st.integers(0, 4), st.just("?")), min_size=1, max_size=60))
    def test_round_trip(self, values):
        body = pzprjs.encode_4cell(values)
        assert pzprjs.decode_4cell(body, len(values)) == values
        assert pzprjs.encode_4cell(pzprjs.decode_4cell(body, len(values))) == body


class TestNumber16:
    @pytest.mark.parametrize("value, token", [
        (0, "0"), (15, "f"), (16, "-10"), (255, "-ff"), (256, "+100"), (4095, "+fff"),
        (4096, "=000"), (8191, "=fff"), (8192, "%000"), (12239, "%fcf"), (12240, "*0000"),
        (77775, "*ffff"), (77776, "$00000"), (pzprjs.NUMBER16_MAX, "$fffff"),
    ])
    def test_range_boundaries(self, value, token):
        assert pzprjs.encode_number16([value]) == token
        assert pzprjs.decode_number16(token, 1) == [value]

    def test_alternative_and_unknown_tokens(self):
        assert pzprjs.decode_number16("@001", 1) == [8193]
        assert pzprjs.decode_number16(".g1", 3) == ["?", None, 1]
        assert pzprjs.encode_number16(["?", None, 1]) == ".g1"
        assert pzprjs.encode_number16([None] * 41 + [7]) == "zzg7"

    def test_errors(self):
        with pytest.raises(PuzzleFormatError, match=r"'-' at position 1 must be followed by 2 hex digits, got '1'"):
            pzprjs.decode_number16("1-1", 2)
        with pytest.raises(PuzzleFormatError, match=r"body ends after 2 of 3 cells"):
            pzprjs.decode_number16("12", 3)
        with pytest.raises(PuzzleFormatError, match=r"unknown character '#'"):
            pzprjs.decode_number16("#", 1)
        with pytest.raises(PuzzleFormatError, match=r"larger than"):
            pzprjs.encode_number16([pzprjs.NUMBER16_MAX + 1])

    @settings(max_examples=150, deadline=None)
    @given(st.lists(st.one_of(st.none(), st.integers(0, pzprjs.NUMBER16_MAX), st.just("?")),
                    min_size=1, max_size=50))
    def test_round_trip(self, values):
        body = pzprjs.encode_number16(values)
        assert pzprjs.decode_number16(body, len(values)) == values


class TestPzprv3Layout:
    def test_slash_joined_and_newline_forms_agree(self):
        slash = "pzprv3/numlin/2/3/1 . 1 /. . . /"
        a = pzprjs.Pzprv3Reader(slash)
        b = pzprjs.Pzprv3Reader(slash.replace("/", "\n"))
        for f in (a, b):
            assert (f.version, f.pid, f.rows, f.cols) == ("pzprv3", "numlin", 2, 3)
            assert f.read_block(2, 3, "number") == [["1", ".", "1"], [".", ".", "."]]
            assert f.at_end()

    def test_format_writes_trailing_spaces(self):
        text = pzprjs.format_pzprv3("numlin", 1, 2, [[["1", "1"]], [["0"]]])
        assert text == "pzprv3\nnumlin\n1\n2\n1 1 \n0 \n"

    @pytest.mark.parametrize("text, fragment", [
        ("pzprv3\nslither\n5", "file ends before the column count line"),
        ("pzprv2\nslither\n5\n5", "first line must be 'pzprv3' or 'pzprv3.1'"),
        ("pzprv3\nslither\nfive\n5", "row count must be a positive integer, got 'five'"),
    ])
    def test_bad_headers(self, text, fragment):
        with pytest.raises(PuzzleFormatError) as info:
            pzprjs.Pzprv3Reader(text)
        assert fragment in str(info.value)

    def test_short_block(self):
        f = pzprjs.Pzprv3Reader("pzprv3\nslither\n5\n5\n. . . . . \n")
        with pytest.raises(PuzzleFormatError, match=r"clue block: expected 5 rows, got 1"):
            f.read_block(5, 5, "clue")


# =================================================================== Slitherlink


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
