"""Nagareru's (pzprjs pid ``nagare``) board: its data, geometry, file formats and an
independent answer checker (the front door that solves and draws is ``puzzle.Puzzle``,
a ``Board``).

Geometry: cells ``(row, col)``; an edge joins two orthogonally adjacent cells and is
their sorted tuple, e.g. ``((0, 0), (0, 1))``. Directions are the strings ``"u"``,
``"d"``, ``"l"``, ``"r"`` (:data:`DIRECTIONS`; :data:`STEP` gives their ``(dr, dc)``).

Cell tokens (as in pzprv3 files): ``.`` empty white cell (never stored), ``u d l r``
white cell with a black arrow, ``N`` plain black cell, ``U D L R`` black fan blowing
in its arrow's direction. :attr:`Board.cells` holds only the non-empty cells.

Winds (:meth:`Board.winds`), computed as pzprjs does: a fan blows through the
following cells in its direction up to the next black cell or the border; white
arrow cells do not stop it. A cell may have several winds (also two opposite ones).

Rules checked by :func:`check_solution` (pzprjs checklist order; see :data:`FAILCODES`):
one loop through cell centres, no line on a black cell, every white arrow cell
visited and passed straight along its arrow, and in wind no straight crossing of the
wind and no move against it; the loop needs one travel direction that agrees with
all arrows and winds. Decisions taken from pzprjs's checker (src/variety/nagare.js):

* wind applies to white arrow cells too. A white arrow cell with any wind other
  than its own direction (``arAgainstWind``) is an error of the board itself, reported
  for every line set (even an empty one): such a cell can be neither passed against
  the wind nor crossed straight, so the board has no solution;
* a move against the wind is one between two cells that both carry that wind (a
  black cell has no wind), so a cell blown on by two opposite fans cannot be used;
* the travel direction is judged per piece of line (path or cycle without branch):
  ``"against arrow"`` when both directions move against some arrow, else
  ``"against wind"`` when the direction with fewest arrow violations (then fewest
  wind violations) moves against a wind. Empty result <=> some direction has neither.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from ..common import inputs, pzprjs
from ..common.board import STEP, cell_items, check_size, direction_of, grid_edges, is_grid_edge, is_one, make_edge, point_edges
from ..common.board import components as _components
from ..common.board import edge_set as _edge_set
from ..common.board import pos as _pos
from ..common.errors import PuzzleFormatError
from ..common.pictures import cell_rows
from ..common.violations import Violation

__all__ = ["Cell", "Edge", "Board", "DIRECTIONS", "STEP", "OPPOSITE", "TOKENS", "FAILCODES",
           "make_edge", "check_solution", "orient", "direction_of"]

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

PID = "nagare"
DIRECTIONS = ("u", "d", "l", "r")
OPPOSITE = {"u": "d", "d": "u", "l": "r", "r": "l"}
VERTICAL = frozenset("ud")
WHITE_ARROWS = "udlr"
FANS = "UDLR"
TOKENS = "udlrNUDLR"
"""Valid cell tokens; the URL digit of token ``TOKENS[i]`` is ``i + 1`` (ques * 5 + dir)."""
#: the tokens of the drawn board (``draw.text``) that differ from the plain text's
_PICTURE_TOKENS = str.maketrans({"#": "N", "+": "."})
_PICTURE_NAMES = "; as drawn: # a plain black cell, + an empty cell on the loop"

FAILCODES: dict[str, str] = {
    "brNoLine": "no loop",
    "arAgainstWind": "arrow against wind",
    "lnOnShade": "line on black cell",
    "lnCross": "crossing",
    "lnBranch": "branch",
    "lrAcrossArrow": "across arrow",
    "lrAgainstArrow": "against arrow",
    "lrAgainstWind": "against wind",
    "lrAcrossWind": "across wind",
    "arNoLine": "arrow not visited",
    "lnDeadEnd": "dead end",
    "lnPlLoop": "more than one loop",
}
"""Every failcode of pzprjs's nagare checker -> the ``Violation.rule`` reporting it."""

_EDGE_ITEM = re.compile(r"(-?[0-9]+)?[udlr]?")


@dataclass(frozen=True)
class Board:
    """A Nagareru board: ``cells`` maps each non-empty cell to its token (see
    :data:`TOKENS`; an entry ``"."`` is accepted and dropped). Stored row-major."""

    rows: int
    cols: int
    cells: Mapping[Cell, str]

    def __post_init__(self) -> None:
        what = "nagareru board"
        cells: dict[Cell, str] = {}
        for cell, token in cell_items(self, self.cells, what, "cells", "token"):
            if not (isinstance(token, str) and len(token) == 1 and token in TOKENS + "."):
                raise PuzzleFormatError(f"{what}: unknown token {token!r} at {_pos(cell)} "
                                        f"(expected one of {' '.join(TOKENS)} or .)")
            if token != ".":
                cells[cell] = token
        object.__setattr__(self, "cells", dict(sorted(cells.items())))

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, frozenset(self.cells.items())))

    # ------------------------------------------------------------ geometry

    def token(self, cell: Cell) -> str:
        """The token of ``cell`` (``"."`` for an empty white cell)."""
        return self.cells.get(cell, ".")

    def all_cells(self) -> list[Cell]:
        """All cells, row-major."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def is_black(self, cell: Cell) -> bool:
        """True for a plain black cell or a fan."""
        return self.token(cell) in "NUDLR"

    def black_cells(self) -> list[Cell]:
        """Black cells (plain and fans), row-major."""
        return [cell for cell, t in self.cells.items() if t in "NUDLR"]

    def white_cells(self) -> list[Cell]:
        """The cells a line may use (all non-black cells), row-major."""
        return [cell for cell in self.all_cells() if not self.is_black(cell)]

    def arrows(self) -> dict[Cell, str]:
        """White arrow cells -> their direction (``"u"``, ``"d"``, ``"l"``, ``"r"``)."""
        return {cell: t for cell, t in self.cells.items() if t in WHITE_ARROWS}

    def fans(self) -> dict[Cell, str]:
        """Black fan cells -> the direction they blow (lower case)."""
        return {cell: t.lower() for cell, t in self.cells.items() if t in FANS}

    def inside(self, cell: Cell) -> bool:
        """True when ``cell`` lies on the board."""
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def neighbour(self, cell: Cell, d: str) -> Cell | None:
        """The cell next to ``cell`` in direction ``d``, or ``None`` off the board."""
        nxt = (cell[0] + STEP[d][0], cell[1] + STEP[d][1])
        return nxt if self.inside(nxt) else None

    def blown_cells(self, fan: Cell) -> list[Cell]:
        """The cells the fan at ``fan`` blows on, nearest first (empty if it faces a
        black cell or the border)."""
        token = self.cells.get(fan, ".")
        if token not in FANS:
            raise PuzzleFormatError(f"nagareru board: {fan!r} is not a fan")
        d = token.lower()
        out = []
        cell = self.neighbour(fan, d)
        while cell is not None and not self.is_black(cell):
            out.append(cell)
            cell = self.neighbour(cell, d)
        return out

    def is_fan_effective(self, cell: Cell) -> bool:
        """True when ``cell`` is a fan that blows on at least one cell."""
        return self.token(cell) in FANS and bool(self.blown_cells(cell))

    def winds(self) -> dict[Cell, frozenset[str]]:
        """Cells with wind -> the set of directions blowing on them (only white cells,
        arrow cells included; cells without wind are left out)."""
        acc: dict[Cell, set[str]] = {}
        for fan, d in self.fans().items():
            for cell in self.blown_cells(fan):
                acc.setdefault(cell, set()).add(d)
        return {cell: frozenset(acc[cell]) for cell in sorted(acc)}

    def gray_cells(self) -> dict[Cell, frozenset[str]]:
        """Non-arrow white cells with wind -> their winds (the model's "gray" cells)."""
        arrows = self.arrows()
        return {cell: w for cell, w in self.winds().items() if cell not in arrows}

    def arrow_wind_conflicts(self) -> list[Cell]:
        """White arrow cells blown on by a wind other than their own direction
        (pzprjs ``arAgainstWind``): a board with one has no solution."""
        winds = self.winds()
        return [cell for cell, a in self.arrows().items() if winds.get(cell, frozenset()) - {a}]

    def edges(self) -> list[Edge]:
        """All grid edges: for each cell in row-major order, its right edge then its down edge."""
        return grid_edges(self.rows, self.cols)

    def cell_edges(self, cell: Cell) -> list[Edge]:
        """The 2 to 4 edges at ``cell``, in :meth:`edges` order."""
        if not self.inside(cell):
            raise PuzzleFormatError(f"nagareru board: {cell!r} is not a cell of the {self.rows}x{self.cols} board")
        return point_edges(cell, self.rows, self.cols)

    def is_edge(self, edge: object) -> bool:
        """True when ``edge`` is a sorted pair of adjacent cells of this board."""
        return is_grid_edge(edge, self.rows, self.cols)

    def usable_edges(self) -> list[Edge]:
        """The edges a solution may use, in :meth:`edges` order: both cells white, and
        at a white arrow cell only the two edges along its arrow (Ishihata & Tokumasu's graph)."""
        arrows = self.arrows()
        out = []
        for a, b in self.edges():
            if self.is_black(a) or self.is_black(b):
                continue
            vertical = a[1] == b[1]
            if any(x in arrows and (arrows[x] in VERTICAL) != vertical for x in (a, b)):
                continue
            out.append((a, b))
        return out

    def grid(self) -> list[list[str]]:
        """Rows of tokens, ``"."`` for an empty white cell."""
        return [[self.token((r, c)) for c in range(self.cols)] for r in range(self.rows)]

    @classmethod
    def from_grid(cls, grid: Sequence[Sequence[str]], what: str = "nagareru board",
                  also: str = "") -> "Board":
        """Build from rows of tokens (``.`` for an empty cell); ``also`` names further
        tokens the caller has already translated, for the error message."""
        if not grid or not grid[0]:
            raise PuzzleFormatError(f"{what}: empty grid")
        cols = len(grid[0])
        cells: dict[Cell, str] = {}
        for r, row in enumerate(grid):
            if len(row) != cols:
                raise PuzzleFormatError(f"{what}: row {r} has {len(row)} cells, expected {cols}")
            for c, t in enumerate(row):
                if t not in TOKENS and t != ".":
                    shown = t if len(t) <= 10 else t[:10] + "..."
                    raise PuzzleFormatError(f"{what}: unknown token {shown!r} at {_pos((r, c))} "
                                            f"(expected one of . {' '.join(TOKENS)}{also})")
                if t != ".":
                    cells[(r, c)] = t
        check_size(len(grid), cols, what)
        return cls(len(grid), cols, cells)

    # ------------------------------------------------------------- readers

    @classmethod
    def from_url(cls, url: str) -> "Board":
        """Read a puzz.link URL (or bare ``nagare/<cols>/<rows>/<body>``)."""
        what = "nagareru URL"
        u = pzprjs.parse_plain_url(url, PID, what)
        return cls(u.rows, u.cols, _decode_body(u.body, u.rows, u.cols, what))

    @classmethod
    def from_text(cls, text: str) -> "Board":
        """Read a pzprv3 file (detected by its first line) or plain text: one row per
        line, one token per cell (``.`` and :data:`TOKENS`), spaces optional, blank
        lines ignored.  The picture the ``zalg`` program prints reads back too
        (``puzzles.common.pictures``): ``#`` is a plain black cell (``N``), ``+`` an empty
        cell on the loop, and the loop's ``- | < > ^ v`` are ignored."""
        if pzprjs.is_pzprv3(text):
            return cls.read_pzprv3(text)[0]
        what = "nagareru text"
        rows = ["".join(line.split()).translate(_PICTURE_TOKENS)
                for line in cell_rows(text, across="-<>", down="|^v")]
        if not rows:
            raise PuzzleFormatError(f"{what}: no rows")
        check_size(len(rows), max(len(row) for row in rows), what)
        return cls.from_grid([list(row) for row in rows], what, also=_PICTURE_NAMES)

    @classmethod
    def from_file(cls, path: str | Path) -> "Board":
        """Read a file holding a pzprv3 file, plain text, or a single puzz.link URL."""
        return inputs.board_from_file(cls, path, "nagareru file")

    @classmethod
    def solution_from_pzprv3(cls, text: str) -> frozenset[Edge]:
        """The line edges of a pzprv3 file's answer blocks (empty if it has none)."""
        return cls.read_pzprv3(text)[1] or frozenset()

    @classmethod
    def read_pzprv3(cls, text: str) -> tuple["Board", frozenset[Edge] | None]:
        """A nagare pzprv3 file: the board and the answer edges (``None`` if absent).

        Layout: header, ``rows`` lines of ``cols`` cell tokens, then ``rows`` x ``cols-1``
        items for lines between horizontal neighbours and ``rows-1`` x ``cols`` items for
        lines between vertical neighbours (``1`` = line; a trailing ``u/d/l/r`` is an
        auxiliary mark and is ignored). A file with only the header is an empty board.
        """
        return _read_pzprv3(cls, text)

    # ------------------------------------------------------------- writers

    def to_url(self) -> str:
        """``https://puzz.link/p?nagare/<cols>/<rows>/<body>`` in pzprjs's canonical form."""
        return pzprjs.format_url(PID, self.cols, self.rows, _encode_body(self))

    def to_text(self) -> str:
        """Plain text: one character per cell, one line per row."""
        return "".join("".join(row) + "\n" for row in self.grid())

    def to_pzprv3(self, solution: Iterable[Edge] | None = None) -> str:
        """A pzprv3 file; with ``solution`` (a set of edges) the answer blocks are added."""
        blocks = [self.grid()]
        if solution is not None:
            lines = _edge_set(self, solution, "nagareru solution")
            blocks.extend(pzprjs.cell_line_blocks(self.rows, self.cols, lines))
        return pzprjs.format_pzprv3(PID, self.rows, self.cols, blocks)


# ------------------------------------------------------------------- URL body


def _decode_body(body: str, rows: int, cols: int, what: str) -> dict[Cell, str]:
    """Cells of a ``decodeNagare`` body: ``1``-``9`` a token, ``a``-``z`` skip 1-26 cells."""
    n = rows * cols
    cells: dict[Cell, str] = {}
    c = 0
    for i, ch in enumerate(body):
        if c >= n:
            pzprjs.check_no_trailing(what, body, i)
        if "1" <= ch <= "9":
            cells[divmod(c, cols)] = TOKENS[int(ch) - 1]
            c += 1
        elif "a" <= ch <= "z":
            pzprjs.check_skip(what, c, int(ch, 36) - 9, n, i)
            c += int(ch, 36) - 9
        else:
            raise pzprjs.unknown_character(what, ch, i, body)
    if c < n:
        raise PuzzleFormatError(f"{what}: body ends after {c} of {n} cells")
    return cells


def _encode_body(p: Board) -> str:
    """The ``encodeNagare`` body: a token digit per non-empty cell, runs of up to 26
    empty cells as one letter ``a``-``z`` (written before the next token)."""
    return pzprjs.encode_letter_runs("" if p.cells.get(cell) is None else str(TOKENS.index(p.cells[cell]) + 1)
                                     for cell in p.all_cells())


# --------------------------------------------------------------------- pzprv3


def _edge_item(item: str, where: str, what: str) -> bool:
    """A pzprv3 edge token: an optional integer then an optional aux-arrow letter
    ``u d l r``; only the integer 1 is a line."""
    m = _EDGE_ITEM.fullmatch(item)
    if not item or m is None:
        shown = item if len(item) <= 10 else item[:10] + "..."
        raise PuzzleFormatError(f"{what}: unknown edge item {shown!r} at {where} "
                                "(expected an integer with an optional u/d/l/r mark, e.g. 1, 0, -1, 1r)")
    return m.group(1) is not None and is_one(m.group(1))


def _read_pzprv3(cls: type[Board], text: str) -> tuple[Board, frozenset[Edge] | None]:
    what = "nagareru pzprv3"
    f = pzprjs.Pzprv3Reader(text, what)
    if f.pid != PID:
        raise PuzzleFormatError(f"{what}: pid {f.pid!r} is not {PID}")
    rows, cols = f.rows, f.cols
    if f.at_end():
        return cls(rows, cols, {}), None
    puzzle = cls.from_grid(f.read_block(rows, cols, "cell"), what)
    if f.at_end():
        return puzzle, None
    return puzzle, pzprjs.read_cell_lines(f, lambda item, where: _edge_item(item, where, what))


# ------------------------------------------------------------------- checker


def _adjacency(lines: Iterable[Edge]) -> dict[Cell, list[Cell]]:
    adj: dict[Cell, list[Cell]] = {}
    for a, b in sorted(lines):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    return adj


def _walk(adj: dict[Cell, list[Cell]], comp: frozenset[Cell]) -> list[Cell] | None:
    """The cells of a branch-free piece in travel order (a path from its smaller end,
    a cycle from its least cell towards its smaller neighbour); ``None`` if it branches."""
    if any(len(adj[x]) > 2 for x in comp):
        return None
    ends = sorted(x for x in comp if len(adj[x]) == 1)
    start = ends[0] if ends else min(comp)
    order, prev, cur = [start], None, start
    while True:
        nxt = [x for x in sorted(adj[cur]) if x != prev]
        if not nxt or nxt[0] == start:
            return order
        prev, cur = cur, nxt[0]
        order.append(cur)


def _against(order: list[Cell], closed: bool, arrows: Mapping[Cell, str],
             winds: Mapping[Cell, frozenset[str]]) -> tuple[list[Cell], list[Edge]]:
    """Arrow cells passed against their arrow and edges moved along against a wind,
    when travelling through ``order`` (and back to its start if ``closed``)."""
    bad_cells: list[Cell] = []
    bad_edges: list[Edge] = []
    steps = list(zip(order, order[1:] + order[:1])) if closed else list(zip(order, order[1:]))
    for a, b in steps:
        d = direction_of(a, b)
        back = OPPOSITE[d]
        for x in (a, b):
            if arrows.get(x) == back and x not in bad_cells:
                bad_cells.append(x)
        if back in winds.get(a, ()) and back in winds.get(b, ()):
            bad_edges.append(make_edge(a, b))
    return bad_cells, bad_edges


def _straight(adj: dict[Cell, list[Cell]], cell: Cell) -> str | None:
    """``"v"`` / ``"h"`` when exactly two lines pass ``cell`` straight, else ``None``."""
    nb = adj.get(cell, [])
    if len(nb) != 2:
        return None
    (a, b) = nb
    if a[1] == b[1] == cell[1]:
        return "v"
    if a[0] == b[0] == cell[0]:
        return "h"
    return None


def check_solution(p: Board, edges: Iterable[Edge]) -> list[Violation]:
    """All rule violations of the line set ``edges`` on ``p``; empty means solved.

    Rules, in pzprjs's order (pzprjs failcode in brackets, see :data:`FAILCODES`):
    ``"no loop"`` [brNoLine], ``"arrow against wind"`` [arAgainstWind: a white arrow
    cell with another wind; a board error reported whatever the lines],
    ``"line on black cell"`` [lnOnShade], ``"crossing"`` [lnCross], ``"branch"``
    [lnBranch], ``"across arrow"`` [lrAcrossArrow: a line on a side edge of a white
    arrow cell], ``"against arrow"`` [lrAgainstArrow] and ``"against wind"``
    [lrAgainstWind] (per branch-free piece, see the module doc), ``"across wind"``
    [lrAcrossWind: a straight line across a wind], ``"arrow not visited"`` [arNoLine],
    ``"dead end"`` [lnDeadEnd], ``"more than one loop"`` [lnPlLoop]. Raises
    :class:`PuzzleFormatError` if an item is not an edge of the board.
    """
    lines = _edge_set(p, edges, "nagareru solution")
    arrows, winds = p.arrows(), p.winds()
    adj = _adjacency(lines)
    degree = {cell: len(nb) for cell, nb in adj.items()}
    out: list[Violation] = []
    if not lines:
        out.append(Violation("no loop", (), "no line is drawn"))
    for cell in p.arrow_wind_conflicts():
        others = "".join(sorted(winds[cell] - {arrows[cell]}))
        out.append(Violation("arrow against wind", (cell,),
                             f"the arrow {arrows[cell]!r} at {cell} is blown on by wind {others!r}"))
    for cell in p.black_cells():
        if degree.get(cell):
            out.append(Violation("line on black cell", (cell,), f"a line enters the black cell {cell}"))
    for cell, deg in sorted(degree.items()):
        if deg == 4:
            out.append(Violation("crossing", (cell,), f"lines cross at {cell}"))
    for cell, deg in sorted(degree.items()):
        if deg == 3:
            out.append(Violation("branch", (cell,), f"the line branches at {cell}"))
    for cell, a in arrows.items():
        side = [x for x in adj.get(cell, []) if (x[1] == cell[1]) != (a in VERTICAL)]
        if side:
            out.append(Violation("across arrow", (cell,), f"a line leaves the arrow {a!r} at {cell} sideways"))
    pieces = _components(adj)
    out.extend(_direction_violations(p, adj, pieces, arrows, winds))
    for cell, w in winds.items():
        s = _straight(adj, cell)
        across = [d for d in sorted(w) if s is not None and (d in VERTICAL) != (s == "v")]
        if across:
            out.append(Violation("across wind", (cell,),
                                 f"the line crosses the wind {''.join(across)!r} straight at {cell}"))
    for cell, a in arrows.items():
        if not degree.get(cell):
            out.append(Violation("arrow not visited", (cell,), f"no line passes the arrow {a!r} at {cell}"))
    for cell, deg in sorted(degree.items()):
        if deg == 1:
            out.append(Violation("dead end", (cell,), f"a line ends at {cell}"))
    if len(pieces) > 1:
        out.append(Violation("more than one loop", tuple(pieces), f"the lines form {len(pieces)} separate pieces"))
    return out


def _direction_violations(p: Board, adj: dict[Cell, list[Cell]], pieces: list[frozenset[Cell]],
                          arrows: Mapping[Cell, str], winds: Mapping[Cell, frozenset[str]]) -> list[Violation]:
    """"against arrow" for every piece, then "against wind" (pzprjs's order)."""
    by_arrow: list[Violation] = []
    by_wind: list[Violation] = []
    for comp in pieces:
        order = _walk(adj, comp)
        if order is None:
            continue
        closed = all(len(adj[x]) == 2 for x in comp)
        forward = _against(order, closed, arrows, winds)
        backward = _against(order[::-1], closed, arrows, winds)
        cells, bad = min(forward, backward, key=lambda fb: (len(fb[0]), len(fb[1])))
        if cells:
            by_arrow.append(Violation("against arrow", tuple(cells),
                                      f"the line through {min(comp)} passes the arrow at {cells[0]} "
                                      "backwards in either direction"))
        if bad:
            by_wind.append(Violation("against wind", tuple(bad),
                                     f"the line through {min(comp)} moves against the wind on {bad[0]}"))
    return by_arrow + by_wind


def orient(p: Board, edges: Iterable[Edge]) -> list[Cell] | None:
    """The loop as its cells in a travel order that never moves against an arrow or a
    wind (the first cell is not repeated at the end), or ``None`` when ``edges`` is
    not one cycle or neither direction works. Rules that do not depend on the
    direction (black cells, straight crossings) are not checked here. When both
    directions work the order starts at the least cell towards its smaller neighbour."""
    lines = _edge_set(p, edges, "nagareru solution")
    adj = _adjacency(lines)
    if not lines or any(len(nb) != 2 for nb in adj.values()):
        return None
    pieces = _components(adj)
    if len(pieces) != 1:
        return None
    order = _walk(adj, pieces[0])
    assert order is not None
    arrows, winds = p.arrows(), p.winds()
    for candidate in (order, [order[0]] + order[:0:-1]):
        cells, bad = _against(candidate, True, arrows, winds)
        if not cells and not bad:
            return candidate
    return None
