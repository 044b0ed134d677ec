"""Masyu's (pzprjs pid ``mashu``) board: its data, geometry, file formats, the pearls'
local rules and an independent answer checker (the front door that solves and draws is
``puzzle.Puzzle``, a ``Board``).

Geometry: cells ``(row, col)``; an edge joins two orthogonally adjacent cells and is
their sorted tuple, e.g. ``((0, 0), (0, 1))``.  :attr:`Board.pearls` maps each pearl's
cell to ``"w"`` (white) or ``"b"`` (black).

Rules: one loop through cell centres (not necessarily through every cell) that passes
every pearl; a white pearl is passed straight and the loop turns in at least one of the
two cells before and after it; a black pearl is a turn and the loop goes straight
through the next cell on both arms.

Formats: the puzz.link URL (pzprjs ``encodeCircle``: three cells a base-27 digit,
``9 * a + 3 * b + c`` with 0 empty, 1 white, 2 black, row-major, ``ceil(cells / 3)``
digits); pzprv3 (``rows`` lines of ``cols`` items ``.``, ``1`` white, ``2`` black, then
the line blocks of Numberlink's layout: ``rows`` x ``cols-1`` items between horizontal
neighbours, ``rows-1`` x ``cols`` between vertical ones, ``1`` a line); plain text, one
character a cell: ``.`` empty, ``o`` white, ``x`` black (``*`` read as black too;
``O``/``X`` as ``o``/``x``).  pzprjs's ``-`` (a pearl of unknown colour) is refused.
"""
from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from ..common import inputs, pzprjs
from ..common.board import (STEP, cell_items, check_size, grid_edges, is_grid_edge, is_line, make_edge,
                            point_edges)
from ..common.board import components as _components
from ..common.board import edge_set as _edge_set
from ..common.board import pos as _pos
from ..common.errors import PuzzleFormatError
from ..common.pictures import cell_rows
from ..common.violations import Violation

__all__ = ["Cell", "Edge", "Board", "PID", "KINDS", "FAILCODES", "make_edge", "check_solution",
           "local_edges", "admits", "local_patterns", "relative_patterns", "pearl_kind", "loop_pearls"]

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

PID = "mashu"
KINDS = ("w", "b")
#: plain-text character of each pearl kind, and the characters read as each
_TEXT = {"w": "o", "b": "x"}
_READ = {"o": "w", "O": "w", "x": "b", "X": "b", "*": "b"}
#: pzprv3 / URL value of each kind
_QNUM = {"w": 1, "b": 2}
_BASE27 = "0123456789abcdefghijklmnopq"

FAILCODES: dict[str, str] = {
    "brNoLine": "no loop",
    "lnBranch": "branch",
    "lnCross": "crossing",
    "mashuWCurve": "white pearl turned",
    "mashuBStrig": "black pearl straight",
    "mashuBCvNbr": "black pearl arm turns",
    "mashuWStNbr": "white pearl without turn",
    "mashuOnLine": "pearl not on loop",
    "lnDeadEnd": "dead end",
    "lnPlLoop": "more than one loop",
}
"""Every failcode of pzprjs's mashu checker -> the ``Violation.rule`` reporting it."""

_AXES = (("l", "r"), ("u", "d"))


@dataclass(frozen=True)
class Board:
    """A Masyu board: ``pearls`` maps each pearl's cell to ``"w"`` or ``"b"``."""

    rows: int
    cols: int
    pearls: Mapping[Cell, str]

    def __post_init__(self) -> None:
        what = "masyu board"
        for cell, kind in cell_items(self, self.pearls, what, "pearls", "'w' or 'b'"):
            if kind not in KINDS:
                raise PuzzleFormatError(f"{what}: unknown pearl {kind!r} at {_pos(cell)} (expected 'w' or 'b')")
        object.__setattr__(self, "pearls", dict(sorted(self.pearls.items())))

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, frozenset(self.pearls.items())))

    # ------------------------------------------------------------ geometry

    def inside(self, cell: Cell) -> bool:
        """True when ``cell`` lies on the board."""
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def edges(self) -> list[Edge]:
        """All grid edges: for each cell in row-major order, its right edge then its down edge."""
        return grid_edges(self.rows, self.cols)

    def cell_edges(self, cell: Cell) -> list[Edge]:
        """The 2 to 4 edges at ``cell``."""
        return point_edges(cell, self.rows, self.cols)

    def is_edge(self, edge: object) -> bool:
        """True when ``edge`` is a sorted pair of adjacent cells of this board."""
        return is_grid_edge(edge, self.rows, self.cols)

    def grid(self) -> list[list[str]]:
        """Rows of text characters (``.``, ``o``, ``x``)."""
        return [[_TEXT.get(self.pearls.get((r, c)), ".") for c in range(self.cols)]
                for r in range(self.rows)]

    @classmethod
    def from_grid(cls, grid, what: str = "masyu board") -> "Board":
        """Build from rows of characters (``.`` empty, ``o`` white, ``x`` or ``*`` black)."""
        text = "".join("".join(str(ch) for ch in row) + "\n" for row in grid)
        if not text.strip() or any("+" in row or "-" in row or "|" in row for row in grid):
            raise PuzzleFormatError(f"{what}: expected rows of . o x")
        return cls.from_text(text)

    # ------------------------------------------------------------- readers

    @classmethod
    def from_url(cls, url: str) -> "Board":
        """Read a puzz.link URL (or bare ``mashu/<cols>/<rows>/<body>``)."""
        what = "masyu URL"
        u = pzprjs.parse_plain_url(url, PID, what)
        return cls(u.rows, u.cols, _decode_circles(u.body, u.rows, u.cols, what))

    @classmethod
    def from_text(cls, text: str) -> "Board":
        """Read a pzprv3 file (detected by its first line) or plain text: one row per
        line, one character a cell (``.`` empty, ``o`` white, ``x`` or ``*`` black),
        spaces optional, blank lines ignored.  The picture ``draw.text`` prints reads back
        (``+`` an empty cell on the loop; the loop's ``-`` and ``|`` are ignored)."""
        if pzprjs.is_pzprv3(text):
            return cls.read_pzprv3(text)[0]
        what = "masyu text"
        rows = ["".join(line.split()).replace("+", ".") for line in cell_rows(text, across="-", down="|")]
        if not rows:
            raise PuzzleFormatError(f"{what}: no rows")
        check_size(len(rows), max(len(row) for row in rows), what)
        cols = len(rows[0])
        pearls: dict[Cell, str] = {}
        for r, row in enumerate(rows):
            if len(row) != cols:
                raise PuzzleFormatError(f"{what}: row {r} has {len(row)} cells, expected {cols}")
            for c, ch in enumerate(row):
                if ch in _READ:
                    pearls[(r, c)] = _READ[ch]
                elif ch != ".":
                    raise PuzzleFormatError(f"{what}: unknown character {ch!r} at {_pos((r, c))} "
                                            "(expected . o x *, or + - | as drawn)")
        return cls(len(rows), cols, pearls)

    @classmethod
    def from_file(cls, path: str | Path) -> "Board":
        """Read a file holding a pzprv3 file, plain text, or a single puzz.link URL."""
        return inputs.board_from_file(cls, path, "masyu file")

    @classmethod
    def solution_from_pzprv3(cls, text: str) -> frozenset[Edge]:
        """The line edges of a pzprv3 file's answer blocks (empty if it has none)."""
        return cls.read_pzprv3(text)[1] or frozenset()

    @classmethod
    def read_pzprv3(cls, text: str) -> tuple["Board", frozenset[Edge] | None]:
        """A mashu pzprv3 file: the board and the answer edges (``None`` if absent)."""
        return _read_pzprv3(cls, text)

    # ------------------------------------------------------------- writers

    def to_url(self) -> str:
        """``https://puzz.link/p?mashu/<cols>/<rows>/<body>`` as pzprjs writes it."""
        return pzprjs.format_url(PID, self.cols, self.rows, _encode_circles(self))

    def to_text(self) -> str:
        """Plain text: one character per cell, one line per row."""
        return "".join("".join(row) + "\n" for row in self.grid())

    def to_pzprv3(self, solution: Iterable[Edge] | None = None) -> str:
        """A pzprv3 file; with ``solution`` (a set of edges) the answer blocks are added."""
        blocks = [[[str(_QNUM[self.pearls[(r, c)]]) if (r, c) in self.pearls else "."
                    for c in range(self.cols)] for r in range(self.rows)]]
        if solution is not None:
            lines = _edge_set(self, solution, "masyu solution")
            blocks.extend(pzprjs.cell_line_blocks(self.rows, self.cols, lines))
        return pzprjs.format_pzprv3(PID, self.rows, self.cols, blocks)


# ------------------------------------------------------------------- URL body


def _decode_circles(body: str, rows: int, cols: int, what: str) -> dict[Cell, str]:
    """pzprjs ``decodeCircle``: each base-27 digit holds three cells (9a + 3b + c); a
    shorter body leaves the remaining cells empty."""
    n = rows * cols
    digits = (n + 2) // 3
    if len(body) > digits:
        pzprjs.check_no_trailing(what, body, digits)
    pearls: dict[Cell, str] = {}
    for i, ch in enumerate(body):
        v = _BASE27.find(ch)
        if v < 0:
            raise pzprjs.unknown_character(what, ch, i, body)
        for w, weight in enumerate((9, 3, 1)):
            k = 3 * i + w
            value = (v // weight) % 3
            if value and k < n:
                pearls[divmod(k, cols)] = KINDS[value - 1]
            elif value:
                raise PuzzleFormatError(f"{what}: the digit {ch!r} at {i} puts a pearl past the "
                                        f"board's {n} cells")
    return pearls


def _encode_circles(p: Board) -> str:
    """pzprjs ``encodeCircle``: three cells a base-27 digit, every digit written."""
    out = []
    n = p.rows * p.cols
    for i in range(0, n, 3):
        v = 0
        for w, weight in enumerate((9, 3, 1)):
            k = i + w
            if k < n:
                v += weight * _QNUM.get(p.pearls.get(divmod(k, p.cols)), 0)
        out.append(_BASE27[v])
    return "".join(out)


# --------------------------------------------------------------------- pzprv3


def _read_pzprv3(cls: type[Board], text: str) -> tuple[Board, frozenset[Edge] | None]:
    what = "masyu pzprv3"
    f = pzprjs.Pzprv3Reader(text, what)
    if f.pid != PID:
        raise PuzzleFormatError(f"{what}: pid {f.pid!r} is not {PID}")
    rows, cols = f.rows, f.cols
    if f.at_end():
        return cls(rows, cols, {}), None
    pearls: dict[Cell, str] = {}
    for r, items in enumerate(f.read_block(rows, cols, "pearl")):
        for c, item in enumerate(items):
            if item == "-":
                raise PuzzleFormatError(f"{what}: the pearl of unknown colour at {_pos((r, c))} "
                                        "is not supported")
            if item in ("1", "2"):
                pearls[(r, c)] = KINDS[int(item) - 1]
            elif item != ".":
                shown = item if len(item) <= 10 else item[:10] + "..."
                raise PuzzleFormatError(f"{what}: unknown pearl {shown!r} at {_pos((r, c))} "
                                        "(expected . 1 2)")
    puzzle = cls(rows, cols, pearls)
    if f.at_end():
        return puzzle, None
    return puzzle, pzprjs.read_cell_lines(f, lambda item, where: is_line(item, f"{what}, {where}"))


# ------------------------------------------------------------ the pearls' local rules


def _step(cell: Cell, d: str, k: int = 1) -> Cell:
    return (cell[0] + k * STEP[d][0], cell[1] + k * STEP[d][1])


def _inside(cell: Cell, rows: int, cols: int) -> bool:
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


def local_edges(cell: Cell, rows: int, cols: int) -> dict[str, dict[str, Edge]]:
    """The edges a pearl at ``cell`` depends on: ``{"side": {d: edge from cell to its
    neighbour in direction d}, "far": {d: edge from that neighbour one step further}}``
    (only the edges inside the board)."""
    side, far = {}, {}
    for d in "udlr":
        n1, n2 = _step(cell, d), _step(cell, d, 2)
        if _inside(n1, rows, cols):
            side[d] = make_edge(cell, n1)
            if _inside(n2, rows, cols):
                far[d] = make_edge(n1, n2)
    return {"side": side, "far": far}


def admits(kind: str, near: Mapping[str, Mapping[str, Edge]], on: Iterable[Edge]) -> bool:
    """Whether a loop whose edges among ``near`` (from :func:`local_edges`) are ``on``
    keeps a pearl of ``kind`` there.  On a single loop a cell with two edges is passed
    straight or turns, and a neighbour reached by a side goes straight on exactly when
    the far edge beyond it is on; so the rule is one of these edges alone:

    * white: the sides on are the two of one axis, and the two far edges beyond them
      are not both on (the loop turns before or after);
    * black: one side of each axis is on, and beyond each side on, its far edge too."""
    on = set(on)
    side, far = near["side"], near["far"]
    used = {d for d, e in side.items() if e in on}
    if kind == "w":
        axis = next((a for a in _AXES if used == set(a)), None)
        return axis is not None and not all(far.get(d) in on for d in axis)
    if len(used) != 2 or any(used == set(a) for a in _AXES):
        return False
    return all(d in far and far[d] in on for d in used)


def local_patterns(kind: str, cell: Cell, rows: int, cols: int) -> tuple[list[Edge], list[frozenset]]:
    """(edges, patterns): the edges a pearl of ``kind`` at ``cell`` depends on and every
    subset of them that :func:`admits` keeps the pearl."""
    near = local_edges(cell, rows, cols)
    key = {e: (part, d) for part, edges in near.items() for d, e in edges.items()}
    edges = sorted(key)
    by_key = {k: e for e, k in key.items()}
    return edges, [frozenset(by_key[k] for k in pattern)
                   for pattern in relative_patterns(kind, tuple(sorted(key.values())))]


@functools.lru_cache(maxsize=None)
def relative_patterns(kind: str, keys: tuple) -> list[tuple]:
    """The allowed patterns of a pearl of ``kind`` whose nearby edges on the board are
    ``keys`` ((``"side"`` or ``"far"``, direction) pairs): each the keys that are on (one
    table per kind and board edge situation, at most 2 x 2^8 of them)."""
    near: dict = {"side": {}, "far": {}}
    for part, d in keys:
        near[part][d] = (part, d)
    out = []
    for k in range(len(keys) + 1):
        for on in itertools.combinations(keys, k):
            if admits(kind, near, on):
                out.append(on)
    return out


def pearl_kind(cell: Cell, loop: Iterable[Edge], rows: int, cols: int) -> str | None:
    """The pearl the loop admits at ``cell``: ``"w"``, ``"b"`` or None (see :func:`admits`)."""
    near = local_edges(cell, rows, cols)
    on = set(loop)
    return next((kind for kind in KINDS if admits(kind, near, on)), None)


def loop_pearls(loop: Iterable[Edge], rows: int, cols: int) -> dict[Cell, str]:
    """Every cell of the loop with the pearl the loop admits there (a designer's candidates)."""
    loop = frozenset(loop)
    cells = sorted({x for e in loop for x in e})
    kinds = {cell: pearl_kind(cell, loop, rows, cols) for cell in cells}
    return {cell: k for cell, k in kinds.items() if k is not None}


# ------------------------------------------------------------------- checker


def _adjacency(lines: Iterable[Edge]) -> dict[Cell, list[Cell]]:
    adj: dict[Cell, list[Cell]] = {}
    for a, b in sorted(lines):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    return adj


def _shape(adj: dict[Cell, list[Cell]], cell: Cell) -> str | None:
    """``"straight"`` / ``"curve"`` for a cell with exactly two lines, else None."""
    nb = adj.get(cell, [])
    if len(nb) != 2:
        return None
    a, b = nb
    return "straight" if a[0] == b[0] or a[1] == b[1] else "curve"


def check_solution(p: Board, edges: Iterable[Edge]) -> list[Violation]:
    """All rule violations of the line set ``edges`` on ``p``; empty means solved.

    Rules, in pzprjs's order (failcode in brackets, see :data:`FAILCODES`): ``"no loop"``
    [brNoLine], ``"branch"`` [lnBranch], ``"crossing"`` [lnCross], ``"white pearl
    turned"`` [mashuWCurve], ``"black pearl straight"`` [mashuBStrig], ``"black pearl arm
    turns"`` [mashuBCvNbr: a cell next to a black pearl along the line turns],
    ``"white pearl without turn"`` [mashuWStNbr: both cells next to a white pearl along
    the line go straight], ``"pearl not on loop"`` [mashuOnLine], ``"dead end"``
    [lnDeadEnd], ``"more than one loop"`` [lnPlLoop].  Raises
    :class:`PuzzleFormatError` if an item is not an edge of the board."""
    lines = _edge_set(p, edges, "masyu solution")
    adj = _adjacency(lines)
    degree = {cell: len(nb) for cell, nb in adj.items()}
    out: list[Violation] = []
    if not lines:
        out.append(Violation("no loop", (), "no line is drawn"))
    for deg, rule in ((3, "branch"), (4, "crossing")):
        out.extend(Violation(rule, (cell,), f"{deg} lines meet at {cell}")
                   for cell, d in sorted(degree.items()) if d == deg)
    whites = [c for c, k in p.pearls.items() if k == "w"]
    blacks = [c for c, k in p.pearls.items() if k == "b"]
    out.extend(Violation("white pearl turned", (c,), f"the loop turns on the white pearl at {c}")
               for c in whites if _shape(adj, c) == "curve")
    out.extend(Violation("black pearl straight", (c,), f"the loop goes straight on the black pearl at {c}")
               for c in blacks if _shape(adj, c) == "straight")
    for c in blacks:
        if degree.get(c) == 2 and any(_shape(adj, n) == "curve" for n in adj[c]):
            out.append(Violation("black pearl arm turns", (c,),
                                 f"the loop turns right next to the black pearl at {c}"))
    for c in whites:
        if degree.get(c) == 2 and sum(_shape(adj, n) == "straight" for n in adj[c]) >= 2:
            out.append(Violation("white pearl without turn", (c,),
                                 f"the loop goes straight on both sides of the white pearl at {c}"))
    out.extend(Violation("pearl not on loop", (c,), f"no line passes the pearl at {c}")
               for c in p.pearls if not degree.get(c))
    out.extend(Violation("dead end", (c,), f"a line ends at {c}")
               for c, d in sorted(degree.items()) if d == 1)
    pieces = _components(adj)
    if len(pieces) > 1:
        out.append(Violation("more than one loop", tuple(pieces),
                             f"the lines form {len(pieces)} separate pieces"))
    return out
