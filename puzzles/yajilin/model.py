"""Yajilin's (pzprjs pid ``yajilin``) board: its data, geometry, file formats, the clues'
rays and an independent answer checker (the front door that solves and draws is
``puzzle.Puzzle``, a ``Board``).

Geometry: cells ``(row, col)``; an edge joins two orthogonally adjacent cells and is their
sorted tuple, e.g. ``((0, 0), (0, 1))``.  :attr:`Board.clues` maps each clue cell to
``(direction, number)``: ``direction`` one of ``"u" "d" "l" "r"`` or ``""`` (no arrow),
``number`` an integer >= 0 or ``None`` (a blank clue cell).

Rules: clue cells are neither shaded nor on the loop; shaded cells are never orthogonally
adjacent; every other cell is on one loop through cell centres; a clue with an arrow and a
number counts the shaded cells from it to the board's edge in the arrow's direction; a
number without an arrow is an error (pzprjs's ``anNoArrow``).  The loop may be empty
(pzprjs's checklist has no "a line exists" check): with every free cell shaded and no two
of them adjacent the board is solved without a line (a 1x1 board: the cell shaded).  An answer (a solution) is
a set of edges and a set of shaded cells, given either as ``{"edges": ..., "shaded": ...}``
or as one set holding both (the members of the solution family).

Formats: the puzz.link URL (pzprjs ``encodeArrowNumber16``, see docs/yajilin.md), pzprv3
(cell block ``.``, ``#`` a blank clue cell, ``D,N`` with ``D`` 0-4 (none, up, down, left,
right) and ``N`` a number or ``-``; then the answer's shading block ``#`` shaded, ``+``
or ``.`` not, and the line blocks of Numberlink's layout), plain text (one token a cell:
``.`` empty, ``^N vN <N >N`` a clue, ``^? ...`` an arrow without number, ``?`` a blank
clue cell, ``N`` a number without arrow; the drawing ``render`` prints reads back).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from ..common import inputs, pzprjs
from ..common.board import (STEP, cell_items, check_size, grid_edges, is_cell, is_grid_edge, is_int, is_line,
                            make_edge, point_edges)
from ..common.board import components as _components
from ..common.board import edge_set as _edge_set
from ..common.board import pos as _pos
from ..common.errors import PuzzleFormatError
from ..common.pictures import cell_rows
from ..common.violations import Violation

__all__ = ["Cell", "Edge", "Clue", "Board", "PID", "FAILCODES", "make_edge", "check_solution",
           "ray", "split_answer", "MAX_NUMBER"]

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]
Clue = tuple[str, "int | None"]

PID = "yajilin"
#: the largest clue number the URL can hold (pzprjs: three hex digits)
MAX_NUMBER = 4095
#: pzprjs's qdir of each direction, and the plain-text arrows
_QDIR = {"": 0, "u": 1, "d": 2, "l": 3, "r": 4}
_DIR_OF_QDIR = {v: k for k, v in _QDIR.items()}
_ARROW = {"u": "^", "d": "v", "l": "<", "r": ">"}
_DIR_OF_ARROW = {v: k for k, v in _ARROW.items()}

FAILCODES: dict[str, str] = {
    "lnBranch": "branch",
    "lnCross": "crossing",
    "lnOnShade": "line on shaded cell",
    "csAdjacent": "adjacent shaded cells",
    "lnDeadEnd": "dead end",
    "anShadeNe": "clue count",
    "lnPlLoop": "more than one loop",
    "ceEmpty": "empty cell",
    "anNoArrow": "number without arrow",
}
"""Every failcode of pzprjs's yajilin checker (without the shaded-outside variant) -> the
``Violation.rule`` reporting it."""


@dataclass(frozen=True)
class Board:
    """A Yajilin board: ``clues`` maps each clue cell to ``(direction, number)``."""

    rows: int
    cols: int
    clues: Mapping[Cell, Clue]

    def __post_init__(self) -> None:
        what = "yajilin board"
        clean = {}
        for cell, clue in cell_items(self, self.clues, what, "clues", "(direction, number)"):
            if not (isinstance(clue, tuple) and len(clue) == 2 and clue[0] in _QDIR
                    and (clue[1] is None or (is_int(clue[1]) and 0 <= clue[1] <= MAX_NUMBER))):
                raise PuzzleFormatError(f"{what}: the clue at {_pos(cell)} must be (direction in u d l r "
                                        f"or '', number 0..{MAX_NUMBER} or None), got {clue!r}")
            d, n = clue
            clean[cell] = ("" if n is None and d == "" else d, n)
        object.__setattr__(self, "clues", dict(sorted(clean.items())))

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, frozenset(self.clues.items())))

    # ------------------------------------------------------------ geometry

    def edges(self) -> list[Edge]:
        """All grid edges: for each cell in row-major order, its right edge then its down edge."""
        return grid_edges(self.rows, self.cols)

    def cell_edges(self, cell: Cell) -> list[Edge]:
        """The 2 to 4 edges at ``cell``."""
        return point_edges(cell, self.rows, self.cols)

    def is_edge(self, edge: object) -> bool:
        """True when ``edge`` is a sorted pair of adjacent cells of this board."""
        return is_grid_edge(edge, self.rows, self.cols)

    def free_cells(self) -> list[Cell]:
        """The cells that are no clue (on the loop or shaded), row-major."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.clues]

    def counted(self) -> dict[Cell, tuple[list[Cell], int]]:
        """Each clue with an arrow and a number -> (the free cells of its ray, its number)."""
        return {cell: ([x for x in ray(cell, d, self.rows, self.cols) if x not in self.clues], n)
                for cell, (d, n) in self.clues.items() if d and n is not None}

    def token(self, cell: Cell) -> str:
        """The plain-text token of a cell (see the module)."""
        if cell not in self.clues:
            return "."
        d, n = self.clues[cell]
        return (_ARROW[d] if d else "") + ("?" if n is None else str(n))

    def grid(self) -> list[list[str]]:
        """Rows of plain-text tokens."""
        return [[self.token((r, c)) for c in range(self.cols)] for r in range(self.rows)]

    @classmethod
    def from_grid(cls, grid, what: str = "yajilin board") -> "Board":
        """Build from rows of tokens (``.``, ``^N vN <N >N``, ``^?``..., ``?``, ``N``; ``#``
        and ``+`` read as ``.``)."""
        rows = [[str(t) for t in row] for row in grid]
        if not rows or not any(rows):
            raise PuzzleFormatError(f"{what}: no rows")
        check_size(len(rows), max(len(row) for row in rows), what)
        cols = len(rows[0])
        clues: dict[Cell, Clue] = {}
        for r, row in enumerate(rows):
            if len(row) != cols:
                raise PuzzleFormatError(f"{what}: row {r} has {len(row)} cells, expected {cols}")
            for c, t in enumerate(row):
                if t in (".", "#", "+"):
                    continue
                clues[(r, c)] = _read_token(t, (r, c), what)
        return cls(len(rows), cols, clues)

    # ------------------------------------------------------------- readers

    @classmethod
    def from_url(cls, url: str) -> "Board":
        """Read a puzz.link URL (or bare ``yajilin/<cols>/<rows>/<body>``); the display
        flag ``b`` is read and dropped, the variant ``o`` is refused."""
        what = "yajilin URL"
        u = pzprjs.parse_url(url, what)
        if u.pid != PID:
            raise PuzzleFormatError(f"{what}: pid {u.pid!r} is not {PID}")
        if u.variant is not None or u.pflag not in ("", "b"):
            extra = f"v:{u.variant}" if u.variant is not None else u.pflag
            raise PuzzleFormatError(f"{what}: {extra!r} is not supported for {PID}")
        return cls(u.rows, u.cols, _decode_arrows(u.body, u.rows, u.cols, what))

    @classmethod
    def from_text(cls, text: str) -> "Board":
        """Read a pzprv3 file (detected by its first line) or plain text: one row per
        line, whitespace between tokens (see the module), blank lines ignored.  The
        picture ``draw.text`` prints reads back (``#`` shaded and ``+`` loop cells are
        empty cells; the loop's ``-`` and ``|`` are ignored)."""
        if pzprjs.is_pzprv3(text):
            return cls.read_pzprv3(text)[0]
        rows = [line.split() for line in cell_rows(text, across="-", down="|")]
        return cls.from_grid(rows, "yajilin text")

    @classmethod
    def from_file(cls, path: str | Path) -> "Board":
        """Read a file holding a pzprv3 file, plain text, or a single puzz.link URL."""
        return inputs.board_from_file(cls, path, "yajilin file")

    @classmethod
    def solution_from_pzprv3(cls, text: str) -> frozenset:
        """The answer of a pzprv3 file as one set: its line edges and its shaded cells."""
        answer = cls.read_pzprv3(text)[1]
        return frozenset() if answer is None else answer["edges"] | answer["shaded"]

    @classmethod
    def read_pzprv3(cls, text: str) -> tuple["Board", dict | None]:
        """A yajilin pzprv3 file: the board and the answer ``{"edges", "shaded"}`` (None if absent)."""
        return _read_pzprv3(cls, text)

    # ------------------------------------------------------------- writers

    def to_url(self) -> str:
        """``https://puzz.link/p?yajilin/<cols>/<rows>/<body>`` as pzprjs writes it."""
        return pzprjs.format_url(PID, self.cols, self.rows, _encode_arrows(self))

    def to_text(self) -> str:
        """Plain text: one token per cell, tokens separated by blanks, one line per row."""
        return "".join(" ".join(row) + "\n" for row in self.grid())

    def to_pzprv3(self, solution=None) -> str:
        """A pzprv3 file; with ``solution`` (a dict or one set, see the module) the
        shading and line blocks are added."""
        blocks = [[[_pzprv3_item(self.clues.get((r, c))) for c in range(self.cols)]
                   for r in range(self.rows)]]
        if solution is not None:
            edges, shaded = split_answer(self, solution)
            blocks.append([["#" if (r, c) in shaded else "." for c in range(self.cols)]
                           for r in range(self.rows)])
            blocks.extend(pzprjs.cell_line_blocks(self.rows, self.cols, edges))
        return pzprjs.format_pzprv3(PID, self.rows, self.cols, blocks)


def _read_token(t: str, cell: Cell, what: str) -> Clue:
    d = _DIR_OF_ARROW.get(t[0], "")
    rest = t[1:] if d else t
    if rest == "?":
        return (d, None)
    if rest.isdigit() and rest.isascii() and len(rest) <= 4:
        return (d, int(rest))
    shown = t if len(t) <= 10 else t[:10] + "..."
    raise PuzzleFormatError(f"{what}: unknown token {shown!r} at {_pos(cell)} "
                            "(expected . ^N vN <N >N ^? ? N, or # + as drawn)")


def ray(cell: Cell, d: str, rows: int, cols: int) -> list[Cell]:
    """The cells from ``cell`` (excluded) to the board's edge in direction ``d``."""
    dr, dc = STEP[d]
    out = []
    r, c = cell[0] + dr, cell[1] + dc
    while 0 <= r < rows and 0 <= c < cols:
        out.append((r, c))
        r, c = r + dr, c + dc
    return out


# ------------------------------------------------------------------- URL body


def _decode_arrows(body: str, rows: int, cols: int, what: str) -> dict[Cell, Clue]:
    """pzprjs ``decodeArrowNumber16``: per cell ``+`` a blank clue, ``D`` (0-4) and one hex
    digit or ``.``, ``D+5`` and two hex digits, ``-D`` and three hex digits; ``a``-``z``
    skip 1-26 cells."""
    n = rows * cols
    clues: dict[Cell, Clue] = {}
    c = i = 0
    while i < len(body):
        if c >= n:
            pzprjs.check_no_trailing(what, body, i)
        ch = body[i]
        m = _URL_CLUE.match(body, i)
        if ch == "+":
            clues[divmod(c, cols)] = ("", None)
            i += 1
        elif "a" <= ch <= "z":
            c += int(ch, 36) - 10
            i += 1
        elif m is None:
            raise pzprjs.unknown_character(what, ch, i, body)
        else:
            token = m.group(0)
            if token[0] == "-":
                d, digits = int(token[1]), token[2:]
            elif token[0] in "56789":
                d, digits = int(token[0]) - 5, token[1:]
            else:
                d, digits = int(token[0]), token[1:]
            clues[divmod(c, cols)] = (_DIR_OF_QDIR[d], None if digits == "." else int(digits, 16))
            i += len(token)
        c += 1
    if c > n:
        raise PuzzleFormatError(f"{what}: the body skips past the board's {n} cells")
    return clues


#: one clue of the URL body: ``D`` and a hex digit or ``.``; ``D+5`` and two; ``-D`` and three
_URL_CLUE = re.compile(r"[0-4][0-9a-f.]|[5-9][0-9a-f]{2}|-[0-4][0-9a-f]{3}")


def _url_token(clue: Clue | None) -> str:
    if clue is None:
        return ""
    d, n = clue
    q = _QDIR[d]
    if n is None:
        return f"{q}." if d else "+"
    if n < 16:
        return f"{q}{n:x}"
    if n < 256:
        return f"{q + 5}{n:02x}"
    return f"-{q}{n:03x}"


def _encode_arrows(p: Board) -> str:
    """pzprjs ``encodeArrowNumber16`` (runs of empty cells as ``a``-``z``, at most 26)."""
    return pzprjs.encode_letter_runs(_url_token(p.clues.get((r, c)))
                                     for r in range(p.rows) for c in range(p.cols))


# --------------------------------------------------------------------- pzprv3


def _pzprv3_item(clue: Clue | None) -> str:
    if clue is None:
        return "."
    d, n = clue
    if not d and n is None:
        return "#"
    return f"{_QDIR[d]},{'-' if n is None else n}"


def _read_clue_item(item: str, cell: Cell, what: str) -> Clue | None:
    if item == ".":
        return None
    if item == "#":
        return ("", None)
    parts = item.split(",")
    if (len(parts) == 2 and parts[0] in ("0", "1", "2", "3", "4")
            and (parts[1] == "-" or (parts[1].isdigit() and parts[1].isascii() and len(parts[1]) <= 4))):
        n = None if parts[1] == "-" else int(parts[1])
        if n is None or n <= MAX_NUMBER:
            return (_DIR_OF_QDIR[int(parts[0])], n)
    shown = item if len(item) <= 10 else item[:10] + "..."
    raise PuzzleFormatError(f"{what}: unknown clue {shown!r} at {_pos(cell)} (expected . # D,N D,-)")


def _read_pzprv3(cls: type[Board], text: str) -> tuple[Board, dict | None]:
    what = "yajilin pzprv3"
    f = pzprjs.Pzprv3Reader(text, what)
    if f.pid != PID:
        raise PuzzleFormatError(f"{what}: pid {f.pid!r} is not {PID}")
    rows, cols = f.rows, f.cols
    if f.peek() == "o":
        raise PuzzleFormatError(f"{what}: the variant 'o' (shaded cells outside the loop) is not supported")
    if f.at_end():
        return cls(rows, cols, {}), None
    clues = {}
    for r, items in enumerate(f.read_block(rows, cols, "clue")):
        for c, item in enumerate(items):
            clue = _read_clue_item(item, (r, c), what)
            if clue is not None:
                clues[(r, c)] = clue
    board = cls(rows, cols, clues)
    if f.at_end():
        return board, None
    shaded = set()
    for r, items in enumerate(f.read_block(rows, cols, "shading")):
        for c, item in enumerate(items):
            if item == "#":
                shaded.add((r, c))
            elif item not in (".", "+"):
                raise PuzzleFormatError(f"{what}: unknown shading {item[:10]!r} at {_pos((r, c))} "
                                        "(expected # + .)")
    edges = pzprjs.read_cell_lines(f, lambda item, where: is_line(item, f"{what}, {where}"))
    return board, {"edges": edges, "shaded": frozenset(shaded)}


# ------------------------------------------------------------------- answers


def split_answer(p: Board, answer) -> tuple[frozenset, frozenset]:
    """(edges, shaded cells) of an answer given as ``{"edges", "shaded"}`` or as one set
    of edges and cells; every item checked to be an edge or a cell of ``p``."""
    what = "yajilin solution"
    if isinstance(answer, Mapping):
        unknown = set(answer) - {"edges", "shaded"}
        if unknown:
            raise PuzzleFormatError(f"{what}: unknown keys {sorted(map(str, unknown))}")
        edges, shaded = answer.get("edges", ()), answer.get("shaded", ())
    else:
        if isinstance(answer, (str, bytes)):
            raise PuzzleFormatError(f"{what}: expected edges and cells, got a string")
        items = list(answer)
        shaded = [x for x in items if is_cell(p, x)]
        edges = [x for x in items if not is_cell(p, x)]
    cells = set()
    for x in shaded:
        if not is_cell(p, x):
            raise PuzzleFormatError(f"{what}: {x!r} is not a cell of the {p.rows}x{p.cols} board")
        cells.add(x)
    return _edge_set(p, edges, what), frozenset(cells)


def _adjacency(lines: Iterable[Edge]) -> dict[Cell, list[Cell]]:
    adj: dict[Cell, list[Cell]] = {}
    for a, b in sorted(lines):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    return adj


def check_solution(p: Board, answer) -> list[Violation]:
    """All rule violations of an answer (``{"edges", "shaded"}`` or one set of edges and
    cells) on ``p``; empty means solved.

    Rules, in pzprjs's order (failcode in brackets, see :data:`FAILCODES`): ``"branch"``
    [lnBranch], ``"crossing"`` [lnCross], ``"line on shaded cell"`` [lnOnShade: a line
    at a shaded or clue cell], ``"adjacent shaded cells"`` [csAdjacent], ``"dead end"``
    [lnDeadEnd], ``"clue count"`` [anShadeNe], ``"more than one loop"`` [lnPlLoop],
    ``"empty cell"`` [ceEmpty: a free cell neither shaded nor on the loop], ``"number
    without arrow"`` [anNoArrow].  A shaded clue cell is reported as ``"shaded clue"``.
    Raises :class:`PuzzleFormatError` if an item is not an edge or a cell of the board."""
    lines, shaded = split_answer(p, answer)
    adj = _adjacency(lines)
    degree = {cell: len(nb) for cell, nb in adj.items()}
    out: list[Violation] = []
    for deg, rule in ((3, "branch"), (4, "crossing")):
        out.extend(Violation(rule, (cell,), f"{deg} lines meet at {cell}")
                   for cell, d in sorted(degree.items()) if d == deg)
    out.extend(Violation("line on shaded cell", (c,), f"a line passes the {kind} cell {c}")
               for c, kind in sorted((c, "shaded" if c in shaded else "clue") for c in degree
                                     if c in shaded or c in p.clues))
    out.extend(Violation("shaded clue", (c,), f"the clue cell {c} is shaded")
               for c in sorted(shaded) if c in p.clues)
    for c in sorted(shaded):
        for d in ("r", "d"):
            n = (c[0] + STEP[d][0], c[1] + STEP[d][1])
            if n in shaded:
                out.append(Violation("adjacent shaded cells", (c, n), f"shaded cells {c} and {n} touch"))
    out.extend(Violation("dead end", (c,), f"a line ends at {c}")
               for c, d in sorted(degree.items()) if d == 1)
    for cell, (d, n) in p.clues.items():
        if d and n is not None:
            k = sum(x in shaded for x in ray(cell, d, p.rows, p.cols))
            if k != n:
                out.append(Violation("clue count", (cell,), f"the clue at {cell} sees {k} shaded "
                                     f"cells, not {n}"))
    pieces = _components(adj)
    if len(pieces) > 1:
        out.append(Violation("more than one loop", tuple(pieces), f"the lines form {len(pieces)} separate pieces"))
    out.extend(Violation("empty cell", (c,), f"the cell {c} is neither shaded nor on the loop")
               for c in p.free_cells() if c not in shaded and not degree.get(c))
    out.extend(Violation("number without arrow", (c,), f"the number at {c} has no arrow")
               for c, (d, n) in p.clues.items() if not d and n is not None)
    return out
