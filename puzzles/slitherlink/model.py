"""Slitherlink's board: its data, geometry, file formats and an independent answer
checker (the front door that solves and draws is ``puzzle.Puzzle``, a ``Board``).

Geometry: cells ``(row, col)`` with ``0 <= row < rows``, ``0 <= col < cols``;
dots (grid vertices) ``(row, col)`` with ``0 <= row <= rows``, ``0 <= col <= cols``;
an edge is the sorted tuple of two orthogonally adjacent dots, e.g. ``((0, 0), (0, 1))``.

Formats: puzz.link URLs (pid ``slither``, "4-cell" clue encoding), pzprv3 files
(optionally with the answer blocks) and plain text (one row per line, ``0``-``4``
hint, ``.`` empty, ``?`` a clue cell whose number is not given).

Hints are 0..4. A 4 is accepted but can only be satisfied when the whole loop is
the 1x1 square around that cell.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from ..common import loopy_ids
from ..common import pzprjs
from ..common.board import check_size, components
from ..common.board import edge_set as _edge_set
from ..common.board import grid_edges, is_grid_edge, point_edges, square_sides
from ..common.board import is_int as _is_int
from ..common.board import is_line as _is_line
from ..common.board import read_number
from ..common.board import make_edge
from ..common.board import pos as _pos
from ..common.errors import PuzzleFormatError
from ..common.inputs import board_from_file
from ..common.pictures import is_dot_grid, read_dot_grid
from ..common.pzprjs import UNKNOWN, CellValue
from ..common.violations import Violation

__all__ = ["Cell", "Dot", "Edge", "Board", "make_edge", "check_solution", "FAILCODES"]

Cell = tuple[int, int]
Dot = tuple[int, int]
Edge = tuple[Dot, Dot]

PID = "slither"

#: pzprjs failcode -> the rule ``check_solution`` reports for it.
FAILCODES = {"brNoLine": "no loop", "lnBranch": "branch", "lnCross": "crossing",
             "nmLineNe": "hint count", "lnPlLoop": "more than one loop",
             "lnDeadEnd": "dead end", "cxNoLine": "every vertex"}
VARIANTS = (None, "full")
_HINT_CHARS = "01234"
_INT_RE = re.compile(r"-?[0-9]+")


@dataclass(frozen=True)
class Board:
    """A Slitherlink board.

    ``hints`` maps cells to 0..4; ``unknown_hints`` are clue cells shown as "?"
    (they constrain nothing); ``variant`` is ``None`` or ``"full"`` (pzprjs
    slither_full, URL pflag ``f``: the loop must pass through every dot).
    """

    rows: int
    cols: int
    hints: Mapping[Cell, int] = field(default_factory=dict)
    unknown_hints: frozenset[Cell] = frozenset()
    variant: str | None = None

    def __post_init__(self) -> None:
        what = "slitherlink board"
        check_size(self.rows, self.cols, what)
        if self.variant not in VARIANTS:
            raise PuzzleFormatError(f"{what}: unknown variant {self.variant!r} (expected None or 'full')")
        for cell, value in self.hints.items():
            self._check_cell(cell, what)
            if not _is_int(value) or not 0 <= value <= 4:
                raise PuzzleFormatError(f"{what}: hint {value!r} at {_pos(cell)} is outside 0..4")
        hints = {cell: self.hints[cell] for cell in sorted(self.hints)}
        unknown = frozenset(self.unknown_hints)
        for cell in unknown:
            self._check_cell(cell, what)
            if cell in hints:
                raise PuzzleFormatError(f"{what}: {_pos(cell)} is both a hint and a '?' clue")
        object.__setattr__(self, "hints", hints)
        object.__setattr__(self, "unknown_hints", unknown)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, frozenset(self.hints.items()), self.unknown_hints, self.variant))

    def _check_cell(self, cell: object, what: str) -> None:
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(_is_int(x) for x in cell)
                and 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols):
            raise PuzzleFormatError(f"{what}: {cell!r} is not a cell of the {self.rows}x{self.cols} board")

    # ------------------------------------------------------------ geometry

    def cells(self) -> list[Cell]:
        """All cells, row-major."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def dots(self) -> list[Dot]:
        """All dots (grid vertices), row-major."""
        return [(r, c) for r in range(self.rows + 1) for c in range(self.cols + 1)]

    def edges(self) -> list[Edge]:
        """All edges: for each dot in row-major order, its right edge then its down edge."""
        return grid_edges(self.rows + 1, self.cols + 1)

    def cell_edges(self, cell: Cell) -> tuple[Edge, Edge, Edge, Edge]:
        """The 4 sides of ``cell`` in :meth:`edges` order: top, left, right, bottom."""
        self._check_cell(cell, "slitherlink board")
        return square_sides(cell)

    def dot_edges(self, dot: Dot) -> list[Edge]:
        """The 2 to 4 edges that touch ``dot``, in :meth:`edges` order."""
        r, c = dot
        if not (0 <= r <= self.rows and 0 <= c <= self.cols):
            raise PuzzleFormatError(f"slitherlink board: {dot!r} is not a dot of the {self.rows}x{self.cols} board")
        return point_edges(dot, self.rows + 1, self.cols + 1)

    def is_edge(self, edge: object) -> bool:
        """True when ``edge`` is a sorted pair of adjacent dots of this board."""
        return is_grid_edge(edge, self.rows + 1, self.cols + 1)

    def grid(self) -> list[list[CellValue]]:
        """Rows of cell values: hint ``int``, ``"?"`` or ``None``."""
        return [[self.hints.get((r, c), UNKNOWN if (r, c) in self.unknown_hints else None)
                 for c in range(self.cols)] for r in range(self.rows)]

    @classmethod
    def from_grid(cls, grid: Sequence[Sequence[CellValue]], variant: str | None = None) -> "Board":
        """Build from rows of ``int`` hints, ``"?"`` and ``None``."""
        if not grid or not grid[0]:
            raise PuzzleFormatError("slitherlink board: empty grid")
        cols = len(grid[0])
        hints, unknown = {}, set()
        for r, row in enumerate(grid):
            if len(row) != cols:
                raise PuzzleFormatError(f"slitherlink board: row {r} has {len(row)} cells, expected {cols}")
            for c, v in enumerate(row):
                if v == UNKNOWN:
                    unknown.add((r, c))
                elif v is not None:
                    hints[(r, c)] = v
        return cls(len(grid), cols, hints, frozenset(unknown), variant)

    # ------------------------------------------------------------- readers

    @classmethod
    def from_url(cls, url: str) -> "Board":
        """Read a puzz.link URL (or bare ``slither/<cols>/<rows>/<body>``) or a Loopy game
        id (``<cols>x<rows>t0:<clues>``, :mod:`puzzles.common.loopy_ids`)."""
        if loopy_ids.is_loopy_id(url):
            return cls.from_grid(loopy_ids.parse_loopy(url).grid())
        what = "slitherlink URL"
        u = pzprjs.parse_url(url, what)
        if u.pid != PID:
            raise PuzzleFormatError(f"{what}: pid {u.pid!r} is not slither/slitherlink")
        if u.variant is not None:
            raise PuzzleFormatError(f"{what}: variant 'v:{u.variant}' is not supported")
        unknown_flags = sorted(set(u.pflag) - {"f"})
        if unknown_flags:
            raise PuzzleFormatError(f"{what}: unknown flag {unknown_flags[0]!r} in {u.pflag!r}")
        values = pzprjs.decode_4cell(u.body, u.rows * u.cols, what)
        grid = [values[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
        return cls.from_grid(grid, "full" if "f" in u.pflag else None)

    @classmethod
    def from_text(cls, text: str, variant: str | None = None) -> "Board":
        """Read a pzprv3 file (detected by its first line) or plain text.

        Plain text: one row per line; ``0``-``4`` hint, ``.`` empty, ``?`` unknown
        clue; spaces inside a row and blank lines are ignored.  The picture the
        ``zalg`` program prints (dots ``+``, hints between them, the loop as ``---``
        and ``|`` if drawn) reads back too (``puzzles.common.pictures``).  ``variant``
        applies to plain text only (a pzprv3 file carries its own).
        """
        if pzprjs.is_pzprv3(text):
            return cls.read_pzprv3(text)[0]
        what = "slitherlink text"
        if is_dot_grid(text):
            return cls.from_grid(_picture_grid(text, what), variant)
        rows = ["".join(line.split()) for line in text.splitlines()]
        rows = [row for row in rows if row]
        if not rows:
            raise PuzzleFormatError(f"{what}: no rows")
        grid: list[list[CellValue]] = []
        for r, row in enumerate(rows):
            if len(row) != len(rows[0]):
                raise PuzzleFormatError(f"{what}: row {r} has {len(row)} cells, expected {len(rows[0])}")
            grid.append([_text_cell(ch, (r, c), what) for c, ch in enumerate(row)])
        return cls.from_grid(grid, variant)

    @classmethod
    def from_file(cls, path: str | Path, variant: str | None = None) -> "Board":
        """Read a file holding a pzprv3 file, plain text, or a single puzz.link URL."""
        return board_from_file(cls, path, "slitherlink file", variant=variant)

    @classmethod
    def solution_from_pzprv3(cls, text: str) -> frozenset[Edge]:
        """The line edges of a pzprv3 file's answer blocks (empty if it has none)."""
        return cls.read_pzprv3(text)[1] or frozenset()

    @classmethod
    def read_pzprv3(cls, text: str) -> tuple["Board", frozenset[Edge] | None]:
        """A slither pzprv3 file: the board and the answer edges (``None`` if absent).

        Layout: header, optional ``f`` line, clue rows (``0``-``4``, ``-`` = "?",
        ``.``), cell marks (``pzprv3.1`` only, ignored), ``rows`` x ``cols+1`` vertical
        and ``rows+1`` x ``cols`` horizontal edge items (``1`` = line, any other integer
        = no line). A file with only the header is an empty board.
        """
        return _read_pzprv3(cls, text)

    # ------------------------------------------------------------- writers

    def to_url(self) -> str:
        """``https://puzz.link/p?slither/[f/]<cols>/<rows>/<body>`` in pzprjs' canonical form."""
        values = [v for row in self.grid() for v in row]
        return pzprjs.format_url(PID, self.cols, self.rows, pzprjs.encode_4cell(values),
                                 "f" if self.variant == "full" else "")

    def to_loopy(self, difficulty: str | None = None) -> str:
        """The Loopy game id ``<cols>x<rows>t0[d<difficulty>]:<clues>`` (Loopy has neither
        the "?" clue nor the ``full`` variant: PuzzleFormatError for those)."""
        if self.variant is not None or self.unknown_hints:
            raise PuzzleFormatError("Loopy game id: Loopy has no '?' clue and no "
                                    f"{self.variant or 'other'} variant")
        values = [v for row in self.grid() for v in row]
        return loopy_ids.format_loopy(self.rows, self.cols, values, difficulty)

    def to_text(self) -> str:
        """Plain text, one row per line (the variant is not written)."""
        return "".join("".join("." if v is None else str(v) for v in row) + "\n" for row in self.grid())

    def to_pzprv3(self, solution: Iterable[Edge] | None = None) -> str:
        """A pzprv3 file; with ``solution`` (a set of edges) the answer blocks are added."""
        clue_rows = [["." if v is None else "-" if v == UNKNOWN else str(v) for v in row] for row in self.grid()]
        blocks = [clue_rows]
        if solution is not None:
            lines = _edge_set(self, solution, "slitherlink solution")
            blocks.append([["1" if ((r, c), (r + 1, c)) in lines else "0" for c in range(self.cols + 1)]
                           for r in range(self.rows)])
            blocks.append([["1" if ((r, c), (r, c + 1)) in lines else "0" for c in range(self.cols)]
                           for r in range(self.rows + 1)])
        preamble = ["f"] if self.variant == "full" else []
        return pzprjs.format_pzprv3(PID, self.rows, self.cols, blocks, preamble)


def _text_cell(ch: str, cell: Cell, what: str) -> CellValue:
    if ch in _HINT_CHARS:
        return int(ch)
    if ch == ".":
        return None
    if ch == "?":
        return UNKNOWN
    if ch in "56789":
        raise PuzzleFormatError(f"{what}: hint {ch} at {_pos(cell)} is outside 0..4")
    raise PuzzleFormatError(f"{what}: unknown character {ch!r} at {_pos(cell)}")


def _picture_grid(text: str, what: str) -> list[list[CellValue]]:
    """The hints of a drawn board (``draw.text``): each cell's middle character."""
    picture = read_dot_grid(text, what, slots="-|")
    grid: list[list[CellValue]] = []
    for r in range(picture.rows):
        row: list[CellValue] = []
        for c in range(picture.cols):
            left, ch, right = picture.cells[(r, c)]
            if left != " " or right != " ":
                raise PuzzleFormatError(f"{what}: cell {_pos((r, c))} holds "
                                        f"{picture.cells[(r, c)]!r}, not one hint")
            row.append(None if ch == " " else _text_cell(ch, (r, c), what))
        grid.append(row)
    return grid


def _read_pzprv3(cls: type[Board], text: str) -> tuple[Board, frozenset[Edge] | None]:
    what = "slitherlink pzprv3"
    f = pzprjs.Pzprv3Reader(text, what)
    if f.pid != PID:
        raise PuzzleFormatError(f"{what}: pid {f.pid!r} is not slither")
    rows, cols = f.rows, f.cols
    variant = None
    if f.peek() == "f":
        f.next_line()
        variant = "full"
    if f.at_end():
        return cls(rows, cols, variant=variant), None
    grid: list[list[CellValue]] = []
    for r, items in enumerate(f.read_block(rows, cols, "clue")):
        row: list[CellValue] = []
        for c, item in enumerate(items):
            if item == "-":
                row.append(UNKNOWN)
            elif item == ".":
                row.append(None)
            elif _INT_RE.fullmatch(item):
                value = read_number(item, f"{what}: hint at {_pos((r, c))}")
                if not 0 <= value <= 4:
                    raise PuzzleFormatError(f"{what}: hint {value} at {_pos((r, c))} is outside 0..4")
                row.append(value)
            else:
                raise PuzzleFormatError(f"{what}: unknown clue {item!r} at {_pos((r, c))}")
        grid.append(row)
    puzzle = cls.from_grid(grid, variant)
    if f.version == "pzprv3.1" and not f.at_end():
        f.read_block(rows, cols, "cell mark")
    if f.at_end():
        return puzzle, None
    vlines = f.read_block(rows, cols + 1, "vertical edge")
    hlines = f.read_block(rows + 1, cols, "horizontal edge")
    edges = set()
    for r, items in enumerate(vlines):
        for c, item in enumerate(items):
            if _is_line(item, what):
                edges.add(((r, c), (r + 1, c)))
    for r, items in enumerate(hlines):
        for c, item in enumerate(items):
            if _is_line(item, what):
                edges.add(((r, c), (r, c + 1)))
    return puzzle, frozenset(edges)


# ------------------------------------------------------------------- checker


def check_solution(p: Board, edges: Iterable[Edge]) -> list[Violation]:
    """All rule violations of the line set ``edges`` on ``p``; empty means solved.

    Rules: ``"no loop"`` (no line at all), ``"dead end"`` / ``"branch"`` /
    ``"crossing"`` (a dot touched by 1 / 3 / 4 lines), ``"hint count"`` (a hint
    cell with a different number of sides drawn), ``"more than one loop"``
    (several connected line components) and, for the ``full`` variant,
    ``"every vertex"`` (a dot without line). Raises :class:`PuzzleFormatError`
    if an item is not an edge of the board.
    """
    lines = _edge_set(p, edges, "slitherlink solution")
    out: list[Violation] = []
    if not lines:
        out.append(Violation("no loop", (), "no line is drawn"))
    degree = {d: 0 for d in p.dots()}
    for a, b in lines:
        degree[a] += 1
        degree[b] += 1
    names = {1: "dead end", 3: "branch", 4: "crossing"}
    for dot, deg in degree.items():
        if deg in names:
            out.append(Violation(names[deg], (dot,), f"dot {dot} touches {_plural(deg, 'line')}"))
    for cell, hint in p.hints.items():
        drawn = sum(e in lines for e in p.cell_edges(cell))
        if drawn != hint:
            out.append(Violation("hint count", (cell,), f"cell {cell} has {_plural(drawn, 'side')} drawn, hint {hint}"))
    components = _components(lines)
    if len(components) > 1:
        out.append(Violation("more than one loop", tuple(components),
                             f"the lines form {len(components)} separate pieces"))
    if p.variant == "full":
        for dot, deg in degree.items():
            if deg == 0:
                out.append(Violation("every vertex", (dot,), f"dot {dot} is not on the loop"))
    return out


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _components(lines: frozenset[Edge]) -> list[frozenset[Dot]]:
    """Dot sets of the connected components of the line graph, in row-major order."""
    adj: dict[Dot, list[Dot]] = {}
    for a, b in lines:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    return components(adj)
