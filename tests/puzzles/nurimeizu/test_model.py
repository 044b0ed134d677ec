"""Board model, formats, checker and drawings of puzzles.nurimeizu.

Uses the pzprjs test board in ../shared/data/pzprjs/nurimaze.json (skipped with a
reason when that folder is absent), hand-made boards whose solution counts are
worked out in comments, and random boards (hypothesis) for the round trips.
"""
from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.common.errors import PuzzleFormatError
from puzzles.nurimeizu import FAILCODES, Puzzle, check_solution, read_pzprv3, route
from tests.helpers.nurimeizu_reference import count, solutions
from tests.helpers.paths import DATA as SHARED_DATA

DATA = SHARED_DATA
PZPRJS_ORDER = ["bkMixed", "objShaded", "cuDivide", "cs2x2", "cu2x2", "cuLoop",
                "routeIgnoreCP", "routePassDeadEnd"]


def load() -> dict:
    path = DATA / "pzprjs" / "nurimaze.json"
    if not path.is_file():
        pytest.skip(f"shared test data not found at {path}")
    return json.loads(path.read_text(encoding="utf-8"))


def negatives() -> list:
    """Parametrisation list; a single skip marker when the data is absent."""
    path = DATA / "pzprjs" / "nurimaze.json"
    if not path.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"shared test data not found at {path}"))]
    data = json.loads(path.read_text(encoding="utf-8"))
    return [pytest.param(n, id=n["expected_error"]) for n in data["failcheck_negatives"]]


def lines_of(slash_text: str) -> str:
    """A '/'-joined pzprv3 text (as in the pzprjs tests) as a file."""
    return slash_text.rstrip("/").replace("/", "\n") + "\n"


def json_icons(cells: list) -> dict:
    names = {"s": "S", "g": "G", "o": "o", "t": "t"}
    return {(r, c): names[v] for r, row in enumerate(cells) for c, v in enumerate(row) if v != "."}


def one_line(exc: pytest.ExceptionInfo) -> str:
    message = str(exc.value)
    assert message and "\n" not in message
    return message


def test_missing_shared_data_skips_with_its_path(monkeypatch, tmp_path):
    monkeypatch.setattr(sys.modules[__name__], "DATA", tmp_path / "nowhere")
    with pytest.raises(pytest.skip.Exception, match="shared test data not found at .*nowhere"):
        load()
    [param] = negatives()
    assert "nowhere" in param.marks[0].kwargs["reason"]


# ------------------------------------------------------------------ the pzprjs board


def test_pzprjs_url_decodes_to_the_json_board():
    pz = load()["puzzles"][0]
    p = Puzzle.from_url(pz["url"])
    assert (p.rows, p.cols, p.nrooms) == (pz["rows"], pz["cols"], pz["board"]["nrooms"])
    assert p.room_grid() == pz["board"]["rooms"]
    assert p.icons == json_icons(pz["board"]["cells"])
    assert (p.start, p.goal) == ((0, 0), (5, 0))
    # walls: vborders[r][c] between (r, c) and (r, c+1); hborders[r][c] between (r, c) and (r+1, c)
    walls = {((r, c), (r, c + 1)) for r, row in enumerate(pz["board"]["vborders"]) for c, v in enumerate(row) if v}
    walls |= {((r, c), (r + 1, c)) for r, row in enumerate(pz["board"]["hborders"]) for c, v in enumerate(row) if v}
    assert set(p.borders()) == walls


def test_pzprjs_url_and_pzprv3_agree_and_url_is_canonical():
    pz = load()["puzzles"][0]
    p = Puzzle.from_url(pz["url"])
    q, black = read_pzprv3(pz["solution_pzprv3"])
    assert q == p and hash(q) == hash(p)
    assert p.to_url() == pz["url"]
    assert Puzzle.from_url("nurimaze/" + pz["url_body"]).to_url().endswith(pz["url_body"])
    # our writer reproduces the pzprjs answer file exactly ('#' black, '+' white)
    assert p.to_pzprv3(black) == lines_of(pz["solution_pzprv3"])
    assert Puzzle.from_text(lines_of(pz["solution_pzprv3"])) == p


def test_pzprjs_answer_is_accepted_and_found_by_brute_force():
    pz = load()["puzzles"][0]
    p, black = read_pzprv3(pz["solution_pzprv3"])
    shaded = {(r, c) for r, row in enumerate(pz["solution"]["shaded"]) for c, v in enumerate(row) if v}
    assert black == shaded
    assert check_solution(p, black) == []
    assert Puzzle.solution_from_pzprv3(pz["solution_pzprv3"]) == black
    path = route(p, black)
    assert path[0] == p.start and path[-1] == p.goal and (1, 5) in path
    # 17 rooms, 5 of them hold an icon: 2^12 colourings; exactly one is a solution
    assert solutions(p) == {black}


@pytest.mark.parametrize("negative", negatives())
def test_pzprjs_failcheck_negative_is_rejected(negative):
    p, black = read_pzprv3(negative["pzprv3"])
    assert black is not None
    rules = [v.rule for v in check_solution(p, black)]
    expected = FAILCODES[negative["expected_error"]]
    assert expected in rules
    # pzprjs reports the first failing check of its list; so do we
    assert rules[0] == expected


def test_failcodes_follow_pzprjs_order_and_are_distinct():
    assert list(FAILCODES) == PZPRJS_ORDER
    assert len(set(FAILCODES.values())) == len(FAILCODES)


# ------------------------------------------------------------------ URL decisions


def test_url_defaults_for_missing_start_and_goal():
    # 1x2 board: one wall ('g' = 10000), then '6' skips both cells: S and G take
    # their pzprjs defaults (top-left, bottom-right); the encoder writes them out
    p = Puzzle.from_url("https://puzz.link/p?nurimaze/2/1/g6")
    assert p.icons == {(0, 0): "S", (0, 1): "G"} and p.nrooms == 2
    assert p.to_url() == "https://puzz.link/p?nurimaze/2/1/g12"
    # a circle on the default S cell is dropped (pzprjs's encoder writes S there)
    assert Puzzle.from_url("nurimaze/2/1/g35").icons == {(0, 0): "S", (0, 1): "G"}
    # only G missing: it goes to the bottom-right cell
    assert Puzzle.from_url("nurimaze/3/1/016").icons == {(0, 0): "S", (0, 2): "G"}


def test_url_wall_inside_a_room_is_dropped():
    # 2x2: only the wall (0,0)|(0,1); all cells stay connected, so one room
    p = Puzzle.from_url("nurimaze/2/2/g0162")
    assert p.nrooms == 1 and p.borders() == []
    assert p.to_url().endswith("/2/2/00162")


def test_url_skip_characters_cover_31_cells():
    rooms = ["A" * 8] * 5
    p = Puzzle.from_rooms(rooms, {(0, 0): "S", (4, 7): "G", (4, 0): "t"})
    body = p.to_url().rsplit("/", 1)[1]
    # 7*5 + 8*4 walls -> 7 + 7 characters; S, 31 empty ('z'), t, 6 empty ('a'), G
    assert body == "0" * 14 + "1z4a2"
    assert Puzzle.from_url(p.to_url()) == p


# ------------------------------------------------------------------ round trips


@st.composite
def boards(draw, max_side: int = 6):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(2 if rows == 1 else 1, max_side))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    labels = draw(st.lists(st.integers(0, 3), min_size=len(cells), max_size=len(cells)))
    s, g = draw(st.lists(st.sampled_from(cells), min_size=2, max_size=2, unique=True))
    marks = draw(st.lists(st.sampled_from([None, None, None, "o", "t"]), min_size=len(cells), max_size=len(cells)))
    icons = {cell: m for cell, m in zip(cells, marks) if m}
    icons[s], icons[g] = "S", "G"
    return Puzzle(rows, cols, dict(zip(cells, labels)), icons)


@settings(max_examples=150, deadline=None)
@given(boards(), st.data())
def test_round_trips_on_random_boards(p, data):
    assert Puzzle.from_url(p.to_url()) == p
    assert Puzzle.from_text(p.to_text()) == p
    assert read_pzprv3(p.to_pzprv3()) == (p, None)
    black = frozenset(data.draw(st.sets(st.sampled_from(p.cells()))))
    assert read_pzprv3(p.to_pzprv3(black)) == (p, black)
    # normalised rooms: connected, numbered in reading order of their first cell
    firsts = [cells[0] for cells in p.room_cells()]
    assert firsts == sorted(firsts)
    assert all(p.rooms[cell] == rid for rid, cells in enumerate(p.room_cells()) for cell in cells)


@settings(max_examples=60, deadline=None)
@given(boards(max_side=4))
def test_every_brute_force_solution_has_a_valid_route(p):
    for black in solutions(p):
        path = route(p, black)
        assert path[0] == p.start and path[-1] == p.goal
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
        assert not set(path) & black and len(set(path)) == len(path)
        assert {c for c, i in p.icons.items() if i == "o"} <= set(path)
        assert not {c for c, i in p.icons.items() if i == "t"} & set(path)


def _valid(p: Puzzle, black: frozenset) -> bool:
    """The rules written out directly (a second implementation, for cross-checking)."""
    if any(len({cell in black for cell in cells}) > 1 for cells in p.room_cells()):
        return False
    if any(cell in black for cell in p.icons):
        return False
    white = [cell for cell in p.cells() if cell not in black]
    for r in range(p.rows - 1):
        for c in range(p.cols - 1):
            if len({(r + dr, c + dc) in black for dr in (0, 1) for dc in (0, 1)}) == 1:
                return False
    edges = [(a, b) for a in white for b in white if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]
    if len(edges) != len(white) - 1:
        return False   # a connected graph is a tree iff it has |V| - 1 edges
    def walk(at, seen):  # the unique S-G path by depth-first search
        if at == p.goal:
            return [at]
        for a, b in edges:
            nxt = b if a == at else a if b == at else None
            if nxt is not None and nxt not in seen:
                rest = walk(nxt, seen | {at})
                if rest:
                    return [at] + rest
        return None
    path = walk(p.start, frozenset())
    if path is None or len(set(white)) != len(_reach(white, edges)):
        return False
    on = set(path)
    return all((icon == "o") <= (cell in on) and not (icon == "t" and cell in on) for cell, icon in p.icons.items())


def _reach(white, edges):
    seen, stack = {white[0]}, [white[0]]
    while stack:
        at = stack.pop()
        for a, b in edges:
            for x, y in ((a, b), (b, a)):
                if x == at and y not in seen:
                    seen.add(y)
                    stack.append(y)
    return seen


@settings(max_examples=40, deadline=None)
@given(boards(max_side=3))
def test_brute_force_agrees_with_a_second_rule_implementation(p):
    cells = p.cells()
    direct = {frozenset(cell for i, cell in enumerate(cells) if mask >> i & 1)
              for mask in range(1 << len(cells))}
    assert solutions(p) == {black for black in direct if _valid(p, black)}


def test_text_with_more_than_62_rooms_uses_numbers():
    p = Puzzle.from_rooms([[r * 8 + c for c in range(8)] for r in range(9)], {(0, 0): "S", (8, 7): "G"})
    assert p.nrooms == 72
    text = p.to_text()
    assert text.splitlines()[0].split() == ["0", "1", "2", "3", "4", "5", "6", "7"]
    assert Puzzle.from_text(text) == p


def test_plain_text_example_and_label_reuse():
    text = "AABB\nACCB\nDDDB\n\nS..o\n.t..\n...G\n"
    p = Puzzle.from_text(text)
    assert p.nrooms == 4 and p.icons == {(0, 0): "S", (0, 3): "o", (1, 1): "t", (2, 3): "G"}
    assert p.to_text() == "AABB\nACCB\nDDDB\n\nS..o\n.t..\n...G\n"
    # a label whose cells are not connected makes several rooms; spaced forms are read too
    q = Puzzle.from_text("A B A\n\ns . g\n")
    assert q.nrooms == 3 and q.room_grid() == [[0, 1, 2]] and q.icons == {(0, 0): "S", (0, 2): "G"}
    assert Puzzle.from_rooms(["ABA"], ["S.G"]) == q


def test_pzprv3_details():
    # same id in two separate areas -> two rooms; missing s/g -> defaults; trailing line blocks ignored
    text = "pzprv3\nnurimaze\n1\n3\n2\n0 1 0 \n. o . \n# . + \n0 0 \n"
    p, black = read_pzprv3(text)
    assert p.room_grid() == [[0, 1, 2]]
    assert p.icons == {(0, 0): "S", (0, 1): "o", (0, 2): "G"}
    assert black == {(0, 0)}
    # header only: one room, default S and G
    q, none = read_pzprv3("pzprv3\nnurimaze\n2\n2\n")
    assert none is None and q.nrooms == 1 and (q.start, q.goal) == ((0, 0), (1, 1))


def test_from_file_reads_url_text_and_pzprv3(tmp_path):
    p = Puzzle.from_rooms(["AAB", "CCB"], ["S..", "..G"])
    for name, content in (("u.txt", p.to_url() + "\n"), ("t.txt", p.to_text()), ("z.txt", p.to_pzprv3())):
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        assert Puzzle.from_file(path) == p


# ------------------------------------------------------------------ hostile inputs

BODY = "6efjsstsvjun1e374i2547"


@pytest.mark.parametrize("url, match", [
    ("nurimaze/6/6/6efjsst!vjun1e374i2547", "not a base-32 border digit"),
    ("nurimaze/6/6/6EFJSSTSVJUN1e374i2547", "not a base-32 border digit"),
    ("nurimaze/6/6/6efjsstsvjun1e37Xi2547", "unknown character 'X'"),
    ("nurimaze/6/6/6efjsstsvjun1e370i2547", "unknown character '0'"),
    ("nurimaze/6/6/6efj", "room-border part ends after 4 of 12"),
    ("nurimaze/6/6/6efjsstsvjun1e37", "body ends after"),
    ("nurimaze/99999/99999/" + BODY, "larger than the limit"),
    ("nurimaze/4096/4096/", "more than the limit"),
    ("slither/6/6/" + BODY, "is not nurimaze"),
    ("nurimaze/x/6/6/" + BODY, "unknown flag"),
    ("nurimaze/2/1/g11", "second S"),
    ("nurimaze/2/1/g51", "S and G would share a cell"),
    ("nurimaze/1/1/5", "S and G would share a cell"),
])
def test_bad_urls(url, match):
    with pytest.raises(PuzzleFormatError, match=match) as exc:
        Puzzle.from_url(url)
    assert one_line(exc).startswith("nurimeizu URL")


def _pzprv3(rooms="0 0 1 \n", icons="s . g \n", answer="", count="2"):
    return f"pzprv3\nnurimaze\n1\n3\n{count}\n{rooms}{icons}{answer}"


@pytest.mark.parametrize("text, match", [
    (_pzprv3(rooms="0 0 2 \n"), r"room id '2' at row 0, col 2 is not in 0\.\.1"),
    (_pzprv3(rooms="0 -1 1 \n"), "room id '-1'"),
    (_pzprv3(count="x"), "room count must be a positive integer"),
    (_pzprv3(count="0"), "room count must be a positive integer"),
    (_pzprv3(icons="s x g \n"), "unknown icon 'x'"),
    (_pzprv3(icons="s s g \n"), "a second s"),
    (_pzprv3(answer="# + \n"), "answer block row 0: expected 3 items, got 2"),
    (_pzprv3(answer="# + x \n"), "unknown answer item 'x'"),
    (_pzprv3(icons=""), "icon block: expected 1 rows"),
    ("pzprv3\nnumlin\n1\n3\n", "is not nurimaze"),
    ("pzprv3\nnurimaze\n100000\n100000\n", "larger than the limit"),
])
def test_bad_pzprv3(text, match):
    with pytest.raises(PuzzleFormatError, match=match) as exc:
        read_pzprv3(text)
    assert one_line(exc).startswith("nurimeizu pzprv3")


@pytest.mark.parametrize("text, match", [
    ("AB\n\nSS\n", "2 starts S"),
    ("AB\n\nS.\n", "no goal G"),
    ("AB\nCD\n", "got 1 block"),
    ("AB\nC\n\nS.\n.G\n", "room row 1 has 1 cells, expected 2"),
    ("A#\n\nSG\n", "room label '#'"),
    ("AÄ\n\nSG\n", "room label"),
    ("AB\n\nS.G\n", "icon row 0 has 3 cells, expected 2"),
    ("AB\n\nSx\n", "unknown icon 'x'"),
    ("AB\nAB\n\nSG\n", "1 icon rows, expected 2"),
    ("AB\n\nSG\n\nAB\n", "got 3 block"),
])
def test_bad_text(text, match):
    with pytest.raises(PuzzleFormatError, match=match) as exc:
        Puzzle.from_text(text)
    assert one_line(exc).startswith("nurimeizu text")


def test_bad_files(tmp_path):
    raw = tmp_path / "raw.txt"
    raw.write_bytes(b"AB\n\nS\xffG\n")
    with pytest.raises(PuzzleFormatError, match="not UTF-8") as exc:
        Puzzle.from_file(raw)
    one_line(exc)
    with pytest.raises(PuzzleFormatError, match="is a directory") as exc:
        Puzzle.from_file(tmp_path)
    one_line(exc)
    with pytest.raises(PuzzleFormatError, match="no such file") as exc:
        Puzzle.from_file(tmp_path / "missing")
    one_line(exc)
    no_goal = tmp_path / "nogoal.txt"
    no_goal.write_text("AAB\nCCB\n\nS..\n...\n", encoding="utf-8")
    with pytest.raises(PuzzleFormatError, match="no goal G") as exc:
        Puzzle.from_file(no_goal)
    one_line(exc)


@pytest.mark.parametrize("rows, cols, rooms, icons, match", [
    (1, 2, {(0, 0): 0}, {(0, 0): "S", (0, 1): "G"}, "no room given for row 0, col 1"),
    (1, 2, {(0, 0): 0, (0, 1): 1.5}, {(0, 0): "S", (0, 1): "G"}, "must be an int or a str"),
    (1, 2, {(0, 0): 0, (0, 2): 0}, {(0, 0): "S", (0, 1): "G"}, "is not a cell of the 1x2 board"),
    (1, 2, {(0, 0): 0, (0, 1): 0}, {(0, 0): "S", (0, 1): "X"}, "icon 'X'"),
    (1, 2, {(0, 0): 0, (0, 1): 0}, {(0, 0): "S", (1, 1): "G"}, "is not a cell"),
    (1, 2, {(0, 0): 0, (0, 1): 0}, {(0, 0): "G", (0, 1): "G"}, "no start S"),
    (0, 2, {}, {}, "rows must be a positive integer"),
    (5000, 1, {}, {}, "larger than the limit"),
])
def test_bad_boards(rows, cols, rooms, icons, match):
    with pytest.raises(PuzzleFormatError, match=match) as exc:
        Puzzle(rows, cols, rooms, icons)
    assert one_line(exc).startswith("nurimeizu board")


def test_checker_rejects_non_cells():
    p = Puzzle.from_rooms(["AB"], ["SG"])
    for bad in ([(0, 2)], [(0, True)], [(0,)], "00", [[0, 0]]):
        with pytest.raises(PuzzleFormatError, match="nurimeizu solution") as exc:
            check_solution(p, bad)
        one_line(exc)


# ------------------------------------------------------------------ hand-made boards

# Each entry: room rows, icon rows, expected number of solutions, with the reasoning.
HAND_MADE = [
    # S and G are both white and adjacent: the only colouring is "all white".
    (["AB"], ["SG"], 1),
    # The middle cell must be white, else S and G are cut apart.
    (["ABC"], ["S.G"], 1),
    # 2x2 singletons, S and G on a diagonal: the other two cells can't both be white
    # (white 2x2) nor both black (S and G divided); either one black -> 2.
    (["AB", "CD"], ["S.", ".G"], 2),
    # As above with a circle at (0,1): it is white, so (1,0) is the black one -> 1.
    (["AB", "CD"], ["So", ".G"], 1),
    # A triangle at (0,1): it is white; (1,0) black puts it on the only route,
    # (1,0) white makes a white 2x2 -> 0.
    (["AB", "CD"], ["St", ".G"], 0),
    # S in room A, G in room B: both rooms white = the whole 2x2 white -> 0.
    (["AB", "AB"], ["S.", ".G"], 0),
    # Row 0 is room A (white, S); G's room is white; room B = (1,0) must be black
    # (white would make a white 2x2) and then S-(0,1)-G is the route -> 1.
    (["AA", "BC"], ["S.", ".G"], 1),
    # 2x3 singletons, S (0,0), G (0,2).  (0,1) white: the top row is the route;
    # bottom cells b0 b1 b2 may not have b0,b1 or b1,b2 both white (2x2) and
    # each touches a white top cell, so b1 white (b0, b2 black) or b1 black
    # (b0, b2 free): 1 + 4 = 5.  (0,1) black: the bottom row must all be white
    # to join S and G: 1.  Total 6.
    (["ABC", "DEF"], ["S.G", "..."], 6),
    # Same with a circle at (1,1): it must be on the route, which is only
    # possible with (0,1) black and the bottom row white -> 1.
    (["ABC", "DEF"], ["S.G", ".o."], 1),
]


@pytest.mark.parametrize("rooms, icons, expected", HAND_MADE, ids=lambda x: "/".join(x) if isinstance(x, list) else None)
def test_hand_made_counts(rooms, icons, expected):
    p = Puzzle.from_rooms(rooms, icons)
    assert count(p) == expected
    assert count(p, prune=False) == expected


def test_route_is_none_unless_white_is_a_tree():
    p = Puzzle.from_rooms(["AB", "CD"], ["S.", ".G"])
    assert route(p, {(1, 0)}) == [(0, 0), (0, 1), (1, 1)]
    assert route(p, set()) is None                 # white 2x2: a cycle
    assert route(p, {(0, 1), (1, 0)}) is None      # S and G divided
    assert route(p, {(0, 0)}) is None              # S black


def test_checker_reports_every_rule_once_in_order():
    p = Puzzle.from_rooms(["AB", "CD"], ["S.", ".G"])
    rules = [v.rule for v in check_solution(p, set())]
    assert rules == ["white 2x2", "white loop"]
    rules = [v.rule for v in check_solution(p, {(0, 0), (0, 1), (1, 0), (1, 1)})]
    assert rules == ["black icon", "black icon", "black 2x2"]
    q = Puzzle.from_rooms(["AAC", "BDE"], ["S.G", "..o"])
    assert [v.rule for v in check_solution(q, {(0, 1)})] == ["mixed room"]
    assert [v.rule for v in check_solution(q, set())] == ["white 2x2", "white 2x2", "white loop"]
    # no white path between S and G: every white circle is off the route
    rules = [v.rule for v in check_solution(q, {(0, 1), (0, 0), (1, 1)})]
    assert rules == ["black icon", "white divided", "circle off route"]
    # a circle off the route and a triangle on it
    r = Puzzle.from_rooms(["ABC", "DEF"], ["StG", ".o."])
    rules = [v.rule for v in check_solution(r, {(1, 0), (1, 2)})]
    assert rules == ["circle off route", "triangle on route"]


# ------------------------------------------------------------------ drawings


def test_text_drawing():
    p = Puzzle.from_rooms(["AAB", "CCB"], ["S..", "..G"])
    assert p.render() == ("+---+---+---+\n"
                          "| S     |   |\n"
                          "+---+---+   +\n"
                          "|       | G |\n"
                          "+---+---+---+\n")
    assert p.render({(1, 0), (1, 1)}) == ("+---+---+---+\n"
                                          "| S   * | * |\n"
                                          "+---+---+   +\n"
                                          "|#######| G |\n"
                                          "+---+---+---+\n")
    with pytest.raises(ValueError):
        p.render(fmt="png")


def test_svg_drawing_parses():
    pz = load()["puzzles"][0]
    p, black = read_pzprv3(pz["solution_pzprv3"])
    ns = "{http://www.w3.org/2000/svg}"
    for doc, has_route in ((p.render(fmt="svg"), False), (p.render(black, fmt="svg"), True)):
        root = ET.fromstring(doc)
        assert root.tag == ns + "svg"
        assert "dominant-baseline" not in doc
        assert len(root.findall(ns + "polyline")) == int(has_route)
        assert sorted(t.text for t in root.findall(ns + "text")) == ["G", "S"]
        assert len(root.findall(ns + "polygon")) == 2 and len(root.findall(ns + "circle")) == 1
    # a wrong answer (icons shaded) still draws
    ET.fromstring(p.render(set(p.cells()), fmt="svg"))
