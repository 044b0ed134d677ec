"""Nagareru board model, formats, checker, drawings and brute-force reference.

Uses the pzprjs test board in ../shared/data/pzprjs/nagare.json (skipped with a
reason when that folder is absent) and hand-made boards whose solution counts are
worked out in the comments. A second, independent formulation of the rules
(:func:`natural_ok`, written from the Nikoli rule text) is compared with
``check_solution`` on random small boards.
"""
from __future__ import annotations

import os
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import nagareru_reference as ref
from puzzles.common.errors import PuzzleFormatError
from puzzles.nagareru import FAILCODES, Puzzle, check_solution, orient, read_pzprv3
from puzzles.nagareru import draw
from tests.helpers.nagareru_rules import (HAND_BOARDS, board, cycle_order, load, natural_direction_ok,
                                          natural_ok, natural_winds)
from tests.helpers.pzprjs_data import json_edges_numlin, negatives_of

URL = "https://puzz.link/p?nagare/6/6/9e5c8f21g69b5e"
PZPRJS_CODES = {"brNoLine", "arAgainstWind", "lnOnShade", "lnCross", "lnBranch", "lrAcrossArrow",
                "lrAgainstArrow", "lrAgainstWind", "lrAcrossWind", "arNoLine", "lnDeadEnd", "lnPlLoop"}


def normalised_pzprv3(slash_text: str, rows: int) -> str:
    """A '/'-joined pzprv3 text as lines, edge tokens reduced to 1 (line) or 0."""
    lines = slash_text.rstrip("/").split("/")
    first_edge_line = 4 + rows
    out = lines[:first_edge_line]
    for line in lines[first_edge_line:]:
        out.append("".join(("1" if t.rstrip("udlr") == "1" else "0") + " " for t in line.split()))
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ pzprjs board


class TestPzprjsBoard:
    def test_url_decodes_to_the_json_board_and_its_pzprv3(self):
        data = load()
        entry = data["puzzles"][0]
        assert entry["url"] == URL
        p = Puzzle.from_url(entry["url"])
        assert (p.rows, p.cols) == (entry["rows"], entry["cols"])
        assert p.grid() == entry["board"]["cells"]
        q, edges = read_pzprv3(entry["solution_pzprv3"])
        assert q == p and edges is not None
        for neg in data["failcheck_negatives"]:
            q, _ = read_pzprv3(neg["pzprv3"])
            assert q.grid() == neg["parsed"]["cells"]

    def test_url_is_canonical(self):
        entry = load()["puzzles"][0]
        p = Puzzle.from_url(entry["url"])
        assert p.to_url() == "https://puzz.link/p?nagare/" + entry["url_body"]
        assert Puzzle.from_url("nagare/" + entry["url_body"] + "/") == p
        with pytest.raises(PuzzleFormatError, match="unexpected 'ignored' after the body"):
            Puzzle.from_url("nagare/" + entry["url_body"] + "/ignored")

    def test_accepted_answer(self):
        entry = load()["puzzles"][0]
        p, edges = read_pzprv3(entry["solution_pzprv3"])
        assert edges == json_edges_numlin(entry["solution"])
        assert Puzzle.solution_from_pzprv3(entry["solution_pzprv3"]) == edges
        assert check_solution(p, edges) == []
        order = orient(p, edges)
        assert order is not None and len(order) == len(edges)
        # (0, 2) is entered from below and left to the right: the wind at (0, 0) blows right
        i = order.index((0, 2))
        assert order[i - 1] == (1, 2) and order[(i + 1) % len(order)] == (0, 3)
        assert p.to_pzprv3(edges) == normalised_pzprv3(entry["solution_pzprv3"], p.rows)

    def test_brute_force_finds_exactly_the_answer(self):
        entry = load()["puzzles"][0]
        p, edges = read_pzprv3(entry["solution_pzprv3"])
        assert ref.solutions(p) == {edges}

    def test_winds_of_the_board(self):
        p = Puzzle.from_url(URL)
        w = p.winds()
        # R at (0,0) blows along row 0; U at (4,2) blows up column 2 to the top;
        # L at (1,4) blows left to the black cell at (1,0); R at (4,3) to the border
        assert w[(0, 2)] == {"r", "u"} and w[(1, 2)] == {"l", "u"}
        assert {c for c, d in w.items() if "r" in d} == {(0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (4, 4), (4, 5)}
        assert {c for c, d in w.items() if "l" in d} == {(1, 1), (1, 2), (1, 3)}
        assert {c for c, d in w.items() if "u" in d} == {(0, 2), (1, 2), (2, 2), (3, 2)}
        assert w == {c: frozenset(ws) for c, ws in natural_winds(p).items() if ws}
        assert p.arrow_wind_conflicts() == []
        assert all(p.is_fan_effective(f) for f in p.fans())


@pytest.mark.parametrize("neg", negatives_of("nagare"))
def test_failcheck_negative_is_rejected(neg):
    p, edges = read_pzprv3(neg["pzprv3"])
    rules = [v.rule for v in check_solution(p, edges or ())]
    assert FAILCODES[neg["expected_error"]] in rules
    # the checks run in pzprjs's order, so pzprjs's (first) error comes first
    assert rules[0] == FAILCODES[neg["expected_error"]]


def test_failcodes_cover_the_pzprjs_checker():
    assert set(FAILCODES) == PZPRJS_CODES
    assert len(set(FAILCODES.values())) == len(FAILCODES)


# ------------------------------------------------------------------ round trips

TOKEN = st.sampled_from(list("......udlrNUDLR"))


@st.composite
def boards(draw_, max_side=6):
    rows = draw_(st.integers(1, max_side))
    cols = draw_(st.integers(1, max_side))
    grid = [[draw_(TOKEN) for _ in range(cols)] for _ in range(rows)]
    return Puzzle.from_grid(grid)


@settings(max_examples=200, deadline=None)
@given(boards())
def test_url_text_round_trips(p):
    assert Puzzle.from_url(p.to_url()) == p
    assert Puzzle.from_text(p.to_text()) == p
    spaced = "\n\n".join(" ".join(row) for row in p.grid())
    assert Puzzle.from_text(spaced) == p
    assert hash(Puzzle.from_text(spaced)) == hash(p)


@settings(max_examples=200, deadline=None)
@given(boards(), st.data())
def test_pzprv3_round_trips(p, data):
    assert read_pzprv3(p.to_pzprv3()) == (p, None)
    edges = frozenset(e for e in p.edges() if data.draw(st.booleans()))
    q, got = read_pzprv3(p.to_pzprv3(edges))
    assert q == p
    assert (got or frozenset()) == edges  # a 1x1 board has no edge lines to write


def test_url_encoding_by_hand():
    # 27 empty cells then a black cell: 'z' (26) + 'a' (1) + '5'; trailing empties as one letter
    p = Puzzle(4, 8, {(3, 3): "N"})
    assert p.to_url() == "https://puzz.link/p?nagare/8/4/za5d"
    assert Puzzle.from_url("nagare/8/4/za5d") == p
    with pytest.raises(PuzzleFormatError, match="skips 26 cells"):  # trailing data
        Puzzle.from_url("nagare/8/4/za5zzz")
    assert Puzzle(1, 9, {(0, c): t for c, t in enumerate("udlrNUDLR")}).to_url().endswith("/9/1/123456789")


def test_pzprv3_aux_marks_and_empty_board():
    text = "pzprv3\nnagare\n2\n2\n. r \nN . \n1r \nl \n-1 1u \n"
    p, edges = read_pzprv3(text)
    assert p.cells == {(0, 1): "r", (1, 0): "N"}
    assert edges == {((0, 0), (0, 1)), ((0, 1), (1, 1))}
    assert read_pzprv3("pzprv3/nagare/2/3/") == (Puzzle(2, 3, {}), None)
    assert Puzzle.from_text("pzprv3\nnagare\n2\n3\n") == Puzzle(2, 3, {})


def test_from_file(tmp_path):
    p = Puzzle.from_url(URL)
    (tmp_path / "u.txt").write_text(URL + "\n")
    (tmp_path / "p.txt").write_text(p.to_pzprv3())
    (tmp_path / "t.txt").write_text(p.to_text())
    for name in ("u.txt", "p.txt", "t.txt"):
        assert Puzzle.from_file(tmp_path / name) == p


# -------------------------------------------------------------- hostile inputs

BAD_URLS = [
    "nagare/3/3/12!",            # unknown character
    "nagare/3/3/0h",             # 0 is not a cell value
    "nagare/3/3/1A",             # upper case is not a skip
    "nagare/3/3/12",             # body ends early
    "nagare/3/3/",               # empty body
    "nagare/99999/99999/a",      # too large
    "nagare/4097/1/a",
    "nagare/0/3/a",
    "nagare/3/x/a",
    "nagare/" + "9" * 5000 + "/3/a",
    "slither/3/3/i",             # another genre
    "nagare/v:x/1/1/1",
    "nagare/f/1/1/1",
    "",
    "https://puzz.link/p",
]


@pytest.mark.parametrize("url", BAD_URLS, ids=range(len(BAD_URLS)))
def test_bad_urls(url):
    with pytest.raises(PuzzleFormatError) as exc:
        Puzzle.from_url(url)
    msg = str(exc.value)
    assert "\n" not in msg and msg.startswith("nagareru URL")


BAD_TEXTS = [
    "..x\n...",                  # unknown token
    "..*\n...",
    "...\n..",                   # ragged
    "",                          # no rows
    " \n\n",
    "." * 5000,                  # too wide
    "pzprv3\nslither\n1\n1\n.\n",  # wrong pid
    "pzprv3\nnagare\n2\n2\n. X \n. . \n",  # unknown token
    "pzprv3\nnagare\n2\n2\n. . \n",        # cell block too short
    "pzprv3\nnagare\n2\n2\n. . \n. . . \n",  # row too long
    "pzprv3\nnagare\n2\n2\n. . \n. . \n1 \n",  # answer blocks too short
    "pzprv3\nnagare\n2\n2\n. . \n. . \n1 1 \n1 \n1 1 \n",  # horizontal block wrong width
    "pzprv3\nnagare\n2\n2\n. . \n. . \n1 \n1 \n1 \n",  # vertical block wrong width
    "pzprv3\nnagare\n2\n2\n. . \n. . \n1q \n1 \n1 1 \n",  # bad edge item
    "pzprv3\nnagare\n2\n2\n. . \n. . \nr1 \n1 \n1 1 \n",
    "pzprv3\nnagare\n2\n2\n. . \n. . \n1.5 \n1 \n1 1 \n",
    "pzprv3\nnagare\n99999\n99999\n",
    "pzprv3\nnagare\n3\n",
    "pzprv4\nnagare\n1\n1\n",
]


@pytest.mark.parametrize("text", BAD_TEXTS, ids=range(len(BAD_TEXTS)))
def test_bad_texts(text):
    with pytest.raises(PuzzleFormatError) as exc:
        if text.startswith("pzprv"):
            read_pzprv3(text)
        else:
            Puzzle.from_text(text)
    msg = str(exc.value)
    assert "\n" not in msg and msg.startswith("nagareru")


@pytest.mark.parametrize("args", [
    (0, 3, {}), (3, -1, {}), ("3", 3, {}), (True, 3, {}), (5000, 5000, {}),
    (2, 2, {(2, 0): "N"}), (2, 2, {(0, -1): "N"}), (2, 2, {"a": "N"}), (2, 2, {(0, 0): "x"}),
    (2, 2, {(0, 0): "NN"}), (2, 2, {(0, 0): 5}), (2, 2, [((0, 0), "N")]),
], ids=range(12))
def test_bad_boards(args):
    with pytest.raises(PuzzleFormatError) as exc:
        Puzzle(*args)
    assert "\n" not in str(exc.value) and str(exc.value).startswith("nagareru board")


def test_bad_files(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"..\n.\xff\n")
    cases = [bad, tmp_path, tmp_path / "missing.txt"]
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        cases.append(tmp_path / "fifo")
    for path in cases:
        with pytest.raises(PuzzleFormatError) as exc:
            Puzzle.from_file(path)
        assert "\n" not in str(exc.value) and str(exc.value).startswith("nagareru file")


def test_checker_rejects_non_edges():
    p = Puzzle(2, 2, {})
    for bad in ([((0, 0), (1, 1))], [((0, 0), (0, 2))], [(1, 2)], [((0, 1), (0, 0), (1, 1))]):
        with pytest.raises(PuzzleFormatError):
            check_solution(p, bad)
    # reversed pairs are accepted and normalised
    assert check_solution(p, [((0, 1), (0, 0)), ((1, 0), (1, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))]) == []


# ------------------------------------------------------------------- counting


@pytest.mark.parametrize("n, cycles", [(2, 1), (3, 13), (4, 213)])
def test_blank_board_counts_every_cycle(n, cycles):
    # OEIS A140517: cycles in the n x n grid graph
    assert ref.count(Puzzle(n, n, {})) == cycles


def test_blank_5x5_in_seconds():
    assert ref.count(Puzzle(5, 5, {})) == 9349  # A140517(5)


@pytest.mark.parametrize("text, expected", HAND_BOARDS, ids=[t.replace("\n", "/") for t, _ in HAND_BOARDS])
def test_hand_made_counts(text, expected):
    p = board(text)
    assert ref.count(p) == expected
    assert ref.count(p) == sum(natural_ok(p, cycle_order(c)) for c in ref.cycles(p))


@st.composite
def small_boards(draw_):
    rows = draw_(st.integers(2, 4))
    cols = draw_(st.integers(2, 5))
    # mostly white boards, so that many cycles survive and the rules decide
    mix = draw_(st.sampled_from(["................udlrUDLRN", "..............udUDLR", "..........udlrNUDLR"]))
    token = st.sampled_from(list(mix))
    return Puzzle.from_grid([[draw_(token) for _ in range(cols)] for _ in range(rows)])


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_checker_agrees_with_the_natural_rules(p):
    winds = natural_winds(p)
    assert p.winds() == {c: frozenset(w) for c, w in winds.items() if w}
    for cyc in ref.cycles(p):
        assert (not check_solution(p, cyc)) == natural_ok(p, cycle_order(cyc)), sorted(cyc)
        order = orient(p, cyc)
        if not check_solution(p, cyc):
            assert order is not None and natural_direction_ok(p, order)
        else:
            assert order is None or check_solution(p, cyc)


# ------------------------------------------------------------------- the rules


def test_arrow_wind_conflict_is_a_board_error():
    p = board("D..\nu..\n...")
    assert p.winds()[(1, 0)] == {"d"} and p.arrow_wind_conflicts() == [(1, 0)]
    assert "arrow against wind" in [v.rule for v in check_solution(p, [])]
    # the same wind along the arrow is fine
    assert board("D..\nd..\n...").arrow_wind_conflicts() == []


def test_winds_pass_arrow_cells_and_stop_at_black():
    p = board("Rr.N.\n.....")
    assert p.winds() == {(0, 1): {"r"}, (0, 2): {"r"}}
    assert p.blown_cells((0, 0)) == [(0, 1), (0, 2)]
    assert not board("RN..").is_fan_effective((0, 0)) and not board("L...\n....").is_fan_effective((0, 0))
    assert board("R.L").winds() == {(0, 1): {"l", "r"}}


def test_usable_edges():
    p = board("r.\nN.")
    assert p.usable_edges() == [((0, 0), (0, 1)), ((0, 1), (1, 1))]
    assert p.black_cells() == [(1, 0)] and p.white_cells() == [(0, 0), (0, 1), (1, 1)]
    assert p.arrows() == {(0, 0): "r"} and p.fans() == {}
    assert len(Puzzle(3, 4, {}).edges()) == 3 * 3 + 2 * 4 and Puzzle(3, 4, {}).edges()[:2] == [
        ((0, 0), (0, 1)), ((0, 0), (1, 0))]


RING = {((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))}


def test_orient():
    assert orient(Puzzle(2, 2, {}), RING) == [(0, 0), (0, 1), (1, 1), (1, 0)]
    assert orient(board("l.\n.."), RING) == [(0, 0), (1, 0), (1, 1), (0, 1)]
    # wind blowing up column 0: travel (1,0) -> (0,0), clockwise
    assert orient(board("..\n..\nU."), RING) == [(0, 0), (0, 1), (1, 1), (1, 0)]
    assert orient(board("..\n..\n.U"), RING) == [(0, 0), (1, 0), (1, 1), (0, 1)]
    # wind blowing up both columns: one side always goes down against it
    assert orient(board("..\n..\nUU"), RING) is None
    two = RING | {((0, 3), (0, 4)), ((0, 4), (1, 4)), ((1, 3), (1, 4)), ((0, 3), (1, 3))}
    assert orient(Puzzle(2, 5, {}), two) is None
    assert orient(Puzzle(2, 2, {}), []) is None
    assert orient(Puzzle(2, 2, {}), RING - {((0, 0), (0, 1))}) is None


def test_check_reports_every_rule():
    p = board("....\n....\n....")
    two = RING | {((0, 3), (1, 3)), ((1, 3), (2, 3))}
    rules = [v.rule for v in check_solution(p, two)]
    assert rules == ["dead end", "dead end", "more than one loop"]


# -------------------------------------------------------------------- drawings


def test_text_drawing():
    p = board("..\n..\nU.")
    assert p.render() == ". .\n\n. .\n\nU .\n"
    assert p.render(RING) == "+>+\n^ v\n+<+\n\nU .\n"
    assert draw.text(p, RING) == "+-+\n| |\n+-+\n\nU .\n"
    assert board("N\nr").render() == "#\n\nr\n"


def _svg_counts(doc: str) -> dict:
    root = ET.fromstring(doc)
    ns = "{http://www.w3.org/2000/svg}"
    rects = [e for e in root.iter(ns + "rect") if e.get("class") == "black"]
    assert all(e.get("fill") == "#000000" for e in rects)
    out = {"black": len(rects), "loop": sum(1 for e in root.iter(ns + "path") if e.get("class") == "loop")}
    for e in root.iter(ns + "polygon"):
        out[e.get("class")] = out.get(e.get("class"), 0) + 1
    return out


def test_svg_drawing():
    # the one solution of ".r./.../R..": the outline of the top two faces, clockwise
    p = board(".r.\n...\nR..")
    loop = {((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (1, 2)), ((1, 1), (1, 2)), ((1, 0), (1, 1)),
            ((0, 0), (1, 0))}
    assert ref.solutions(p) == {frozenset(loop)}
    assert _svg_counts(p.render(fmt="svg")) == {"black": 1, "loop": 0, "fan": 1, "arrow": 1}
    doc = p.render(loop, fmt="svg")
    # a head on each step of the loop but the two beside the arrow, which shows the way
    assert _svg_counts(doc) == {"black": 1, "loop": 1, "fan": 1, "arrow": 1, "heading": 4}
    assert "dominant-baseline" not in doc
    # a loop that cannot be oriented is drawn without arrowheads
    assert "heading" not in _svg_counts(board("..\n..\nUU").render(RING, fmt="svg"))
    assert _svg_counts(draw.svg(p, loop)) == {"black": 1, "loop": 1, "fan": 1, "arrow": 1}
    with pytest.raises(ValueError):
        p.render(None, fmt="png")


def test_svg_of_the_pzprjs_answer():
    p, edges = read_pzprv3(load()["puzzles"][0]["solution_pzprv3"])
    counts = _svg_counts(p.render(edges, fmt="svg"))
    beside_arrows = [e for e in edges if set(e) & set(p.arrows())]
    assert beside_arrows
    assert counts == {"black": 6, "loop": 1, "fan": 4, "arrow": 2,
                      "heading": len(edges) - len(beside_arrows)}
