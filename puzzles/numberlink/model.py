"""Numberlink's board: its data, geometry, file formats and an independent answer
checker (the front door that solves and draws is ``puzzle.Puzzle``, a ``Board``).

Geometry: cells ``(row, col)``; an edge joins two orthogonally adjacent cells and
is their sorted tuple, e.g. ``((0, 0), (0, 1))``. ``pairs`` maps each label to
its two endpoint cells (sorted).

Labels are ``int`` (>= 0) as in pzprjs; plain text may also use letters or
multi-character labels (``[A-Za-z0-9]+``), which stay ``str`` unless all digits.
The pzprjs "?" number marker is not supported (its cell has no label to pair).

Formats: puzz.link URLs (pid ``numlin``/``numberlink``, or ``arukone``; Number16
encoding), pzprv3 files (optionally with the answer blocks) and plain text: one
row per line, ``.`` for an empty cell, either one character per cell or, when
any label is longer than one character, whitespace-separated tokens.

``Puzzle.solve`` returns every solution as a ``zalg.Family`` of edge sets
(``numberlink.solve``; docs/numberlink.md).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping, Sequence, Union

from ..common import pzprjs
from ..common.board import components as _components
from ..common.board import check_size
from ..common.board import edge_set as _edge_set
from ..common.board import grid_edges, is_grid_edge, point_edges
from ..common.board import is_int as _is_int
from ..common.board import is_line as _is_line
from ..common.board import read_number
from ..common.board import make_edge
from ..common.board import pos as _pos
from ..common.errors import PuzzleFormatError
from ..common.inputs import board_from_file
from ..common.pictures import cell_rows
from ..common.pzprjs import UNKNOWN
from ..common.violations import Violation

__all__ = ["Cell", "Edge", "Label", "Board", "make_edge", "check_solution",
           "FAILCODES"]

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]
Label = Union[int, str]

PID = "numlin"

#: pzprjs failcode -> the rule ``check_solution`` reports for it.
FAILCODES = {"brNoLine": "no line", "lnBranch": "branch", "lnCross": "crossing",
             "lcTripleNum": "more than two numbers", "nmConnDiff": "different labels",
             "lcOnNum": "path through number", "lnDeadEnd": "dead end",
             "lcIsolate": "isolated line", "nmNoLine": "unconnected number"}
VARIANTS = (None, "arukone")
_LABEL_RE = re.compile(r"[A-Za-z0-9]+")


def _label_text(label: Label) -> str:
    return str(label)


@dataclass(frozen=True)
class Board:
    """A Numberlink board.

    ``pairs`` maps label -> (cell, cell). ``variant`` is ``None`` (pzprjs numlin:
    cells may stay empty) or ``"arukone"`` (every cell must be used unless
    ``flags`` contains ``"e"``); see :attr:`requires_cover`.
    """

    rows: int
    cols: int
    pairs: Mapping[Label, tuple[Cell, Cell]]
    variant: str | None = None
    flags: str = ""

    def __post_init__(self) -> None:
        what = "numberlink board"
        check_size(self.rows, self.cols, what)
        if self.variant not in VARIANTS:
            raise PuzzleFormatError(f"{what}: unknown variant {self.variant!r} (expected None or 'arukone')")
        if self.flags and (self.variant != "arukone" or set(self.flags) - {"e"}):
            raise PuzzleFormatError(f"{what}: flags {self.flags!r} are not valid for variant {self.variant!r}")
        pairs: dict[Label, tuple[Cell, Cell]] = {}
        owner: dict[Cell, Label] = {}
        for label, pair in self.pairs.items():
            _check_label(label, what)
            try:
                a, b = pair
            except (TypeError, ValueError):
                raise PuzzleFormatError(f"{what}: label {label} must map to two cells, got {pair!r}") from None
            self._check_cell(a, what)
            self._check_cell(b, what)
            if a == b:
                raise PuzzleFormatError(f"{what}: label {label} has the same cell twice ({_pos(a)})")
            for cell in (a, b):
                if cell in owner:
                    raise PuzzleFormatError(
                        f"{what}: {_pos(cell)} carries both label {owner[cell]} and label {label}")
                owner[cell] = label
            pairs[label] = make_edge(a, b)
        texts: dict[str, Label] = {}
        for label in pairs:
            if _label_text(label) in texts:
                raise PuzzleFormatError(f"{what}: labels {texts[_label_text(label)]!r} and {label!r} look the same")
            texts[_label_text(label)] = label
        object.__setattr__(self, "pairs", pairs)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, frozenset(self.pairs.items()), self.variant, self.flags))

    def _check_cell(self, cell: object, what: str) -> None:
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(_is_int(x) for x in cell)
                and 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols):
            raise PuzzleFormatError(f"{what}: {cell!r} is not a cell of the {self.rows}x{self.cols} board")

    @property
    def requires_cover(self) -> bool:
        """True for arukone without the ``e`` flag: every cell must be on a path."""
        return self.variant == "arukone" and "e" not in self.flags

    def labels(self) -> list[Label]:
        """The labels in a fixed order: ints by value, then strings."""
        return _sorted_labels(self.pairs)

    @property
    def clues(self) -> dict[Cell, Label]:
        """Label of every numbered cell, in row-major order."""
        return dict(sorted((cell, label) for label, pair in self.pairs.items() for cell in pair))

    # ------------------------------------------------------------ geometry

    def cells(self) -> list[Cell]:
        """All cells, row-major."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def edges(self) -> list[Edge]:
        """All edges: for each cell in row-major order, its right edge then its down edge."""
        return grid_edges(self.rows, self.cols)

    def cell_edges(self, cell: Cell) -> list[Edge]:
        """The 2 to 4 edges at ``cell``, in :meth:`edges` order."""
        self._check_cell(cell, "numberlink board")
        return point_edges(cell, self.rows, self.cols)

    def is_edge(self, edge: object) -> bool:
        """True when ``edge`` is a sorted pair of adjacent cells of this board."""
        return is_grid_edge(edge, self.rows, self.cols)

    def grid(self) -> list[list[Label | None]]:
        """Rows of cell values: the label or ``None``."""
        clues = self.clues
        return [[clues.get((r, c)) for c in range(self.cols)] for r in range(self.rows)]

    @classmethod
    def from_grid(cls, grid: Sequence[Sequence[Label | None]], variant: str | None = None, flags: str = "",
                  what: str = "numberlink board") -> "Board":
        """Build from rows of labels and ``None``; every label must occur exactly twice."""
        if not grid or not grid[0]:
            raise PuzzleFormatError(f"{what}: empty grid")
        cols = len(grid[0])
        where: dict[Label, list[Cell]] = {}
        for r, row in enumerate(grid):
            if len(row) != cols:
                raise PuzzleFormatError(f"{what}: row {r} has {len(row)} cells, expected {cols}")
            for c, v in enumerate(row):
                if v is None:
                    continue
                if v == UNKNOWN:
                    raise PuzzleFormatError(f"{what}: the '?' number marker at {_pos((r, c))} is not supported")
                _check_label(v, what)
                where.setdefault(v, []).append((r, c))
        for label, cells in where.items():
            if len(cells) != 2:
                times = "once" if len(cells) == 1 else f"{len(cells)} times"
                at = "; ".join(_pos(cell) for cell in cells)
                raise PuzzleFormatError(f"{what}: label {label} appears {times} (at {at})")
        return cls(len(grid), cols, {label: (a, b) for label, (a, b) in where.items()}, variant, flags)

    # ------------------------------------------------------------- readers

    @classmethod
    def from_url(cls, url: str) -> "Board":
        """Read a puzz.link URL (or bare ``numlin/<cols>/<rows>/<body>``); ``arukone`` too."""
        what = "numberlink URL"
        u = pzprjs.parse_url(url, what)
        if u.pid not in (PID, "arukone"):
            raise PuzzleFormatError(f"{what}: pid {u.pid!r} is not numlin/numberlink/arukone")
        if u.variant is not None:
            raise PuzzleFormatError(f"{what}: variant 'v:{u.variant}' is not supported")
        variant = "arukone" if u.pid == "arukone" else None
        if u.pflag and (variant is None or set(u.pflag) - {"e"}):
            raise PuzzleFormatError(f"{what}: unknown flag {u.pflag!r} for {u.pid}")
        values = pzprjs.decode_number16(u.body, u.rows * u.cols, what)
        grid = [values[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
        return cls.from_grid(grid, variant, u.pflag, what)

    @classmethod
    def from_text(cls, text: str, variant: str | None = None) -> "Board":
        """Read a pzprv3 file (detected by its first line) or plain text.

        The picture the ``zalg`` program prints reads back too (``puzzles.common.pictures``):
        ``+`` is an empty cell on a line, the lines' ``-`` and ``|`` are ignored.
        ``variant`` applies to plain text only (a pzprv3 file carries its pid).
        """
        if pzprjs.is_pzprv3(text):
            return cls.read_pzprv3(text)[0]
        what = "numberlink text"
        lines = [line.strip().replace("+", ".") for line in cell_rows(text, across="-", down="|")]
        lines = [line for line in lines if line]
        if not lines:
            raise PuzzleFormatError(f"{what}: no rows")
        spaced = any(len(line.split()) > 1 for line in lines)
        rows = [line.split() if spaced else list(line) for line in lines]
        grid = [[_text_cell(tok, (r, c), what) for c, tok in enumerate(row)] for r, row in enumerate(rows)]
        for r, row in enumerate(grid):
            if len(row) != len(grid[0]):
                raise PuzzleFormatError(f"{what}: row {r} has {len(row)} cells, expected {len(grid[0])}")
        return cls.from_grid(grid, variant, "", what)

    @classmethod
    def from_file(cls, path: str | Path, variant: str | None = None) -> "Board":
        """Read a file holding a pzprv3 file, plain text, or a single puzz.link URL."""
        return board_from_file(cls, path, "numberlink file", variant=variant)

    @classmethod
    def solution_from_pzprv3(cls, text: str) -> frozenset[Edge]:
        """The line edges of a pzprv3 file's answer blocks (empty if it has none)."""
        return cls.read_pzprv3(text)[1] or frozenset()

    @classmethod
    def read_pzprv3(cls, text: str) -> tuple["Board", frozenset[Edge] | None]:
        """A numlin (or arukone) pzprv3 file: the board and the answer edges (``None`` if absent).

        Layout: header, number rows (number, ``-`` = "?", ``.``), then ``rows`` x
        ``cols-1`` items for lines between horizontal neighbours and ``rows-1`` x
        ``cols`` items for lines between vertical neighbours (``1`` = line, any other
        integer = no line). A file with only the header is an empty board.
        """
        return _read_pzprv3(cls, text)

    # ------------------------------------------------------------- writers

    def _numbers(self, what: str) -> list[list[int | None]]:
        grid = self.grid()
        for row in grid:
            for v in row:
                if v is not None and not _is_int(v):
                    raise PuzzleFormatError(f"{what}: label {v!r} is not a number; pzprjs needs integer labels")
        return grid  # type: ignore[return-value]

    def to_url(self) -> str:
        """``https://puzz.link/p?numlin/<cols>/<rows>/<body>`` (Number16, pzprjs' canonical form)."""
        values = [v for row in self._numbers("numberlink URL") for v in row]
        pid = "arukone" if self.variant == "arukone" else PID
        return pzprjs.format_url(pid, self.cols, self.rows, pzprjs.encode_number16(values), self.flags)

    def to_text(self) -> str:
        """Plain text: one character per cell, or space-separated aligned tokens when
        a label is longer than one character (the variant is not written)."""
        tokens = [["." if v is None else _label_text(v) for v in row] for row in self.grid()]
        width = max(len(t) for row in tokens for t in row)
        if width == 1:
            return "".join("".join(row) + "\n" for row in tokens)
        return "".join(" ".join(t.rjust(width) for t in row) + "\n" for row in tokens)

    def to_pzprv3(self, solution: Iterable[Edge] | None = None) -> str:
        """A pzprv3 file; with ``solution`` (a set of edges) the answer blocks are added."""
        what = "numberlink pzprv3"
        if self.flags:
            raise PuzzleFormatError(f"{what}: flags {self.flags!r} cannot be written to a pzprv3 file")
        blocks = [[["." if v is None else str(v) for v in row] for row in self._numbers(what)]]
        if solution is not None:
            lines = _edge_set(self, solution, "numberlink solution")
            blocks.extend(pzprjs.cell_line_blocks(self.rows, self.cols, lines))
        pid = "arukone" if self.variant == "arukone" else PID
        return pzprjs.format_pzprv3(pid, self.rows, self.cols, blocks)


def _sorted_labels(labels: Iterable[Label]) -> list[Label]:
    """Labels in a fixed order: ints by value, then strings."""
    return sorted(labels, key=lambda x: (1, x, 0) if isinstance(x, str) else (0, "", x))


def _check_label(label: object, what: str) -> None:
    if _is_int(label):
        if label < 0:  # type: ignore[operator]
            raise PuzzleFormatError(f"{what}: label {label} is negative")
    elif isinstance(label, str):
        if not _LABEL_RE.fullmatch(label):
            raise PuzzleFormatError(f"{what}: label {label!r} must be letters and digits only")
        if label.isdigit():
            raise PuzzleFormatError(f"{what}: label {label!r} is a digit string; use the int {int(label)}")
    else:
        raise PuzzleFormatError(f"{what}: label {label!r} must be an int or a str")


def _text_cell(token: str, cell: Cell, what: str) -> Label | None:
    if token == ".":
        return None
    if token == "?":
        raise PuzzleFormatError(f"{what}: the '?' number marker at {_pos(cell)} is not supported")
    if not _LABEL_RE.fullmatch(token) or not token.isascii():
        raise PuzzleFormatError(f"{what}: unknown character {token!r} at {_pos(cell)}")
    return read_number(token, f"{what}: label at {_pos(cell)}") if token.isdigit() else token


def _read_pzprv3(cls: type[Board], text: str) -> tuple[Board, frozenset[Edge] | None]:
    what = "numberlink pzprv3"
    f = pzprjs.Pzprv3Reader(text, what)
    if f.pid not in (PID, "arukone"):
        raise PuzzleFormatError(f"{what}: pid {f.pid!r} is not numlin/numberlink/arukone")
    variant = "arukone" if f.pid == "arukone" else None
    rows, cols = f.rows, f.cols
    if f.at_end():
        return cls(rows, cols, {}, variant), None
    grid: list[list[Label | None]] = []
    for r, items in enumerate(f.read_block(rows, cols, "number")):
        row: list[Label | None] = []
        for c, item in enumerate(items):
            if item == ".":
                row.append(None)
            elif item == "-":
                raise PuzzleFormatError(f"{what}: the '?' number marker at {_pos((r, c))} is not supported")
            elif re.fullmatch(r"[0-9]+", item):
                row.append(read_number(item, f"{what}: number at {_pos((r, c))}"))
            else:
                raise PuzzleFormatError(f"{what}: unknown number {item!r} at {_pos((r, c))}")
        grid.append(row)
    puzzle = cls.from_grid(grid, variant, "", what)
    if f.at_end():
        return puzzle, None
    return puzzle, pzprjs.read_cell_lines(f, lambda item, where: _is_line(item, what))


# ------------------------------------------------------------------- checker


def check_solution(p: Board, edges: Iterable[Edge], cover: bool = False) -> list[Violation]:
    """All rule violations of the line set ``edges`` on ``p``; empty means solved.

    Cell rules: ``"branch"`` / ``"crossing"`` (3 / 4 lines at a cell),
    ``"dead end"`` (a line ends on an unnumbered cell), ``"path through number"``
    (a number with 2+ lines), ``"unconnected number"`` (a number without line).
    Path rules, per connected piece of lines: ``"loop"`` (it contains a cycle),
    ``"isolated line"`` (no number on it, loop or not), ``"more than two numbers"``,
    ``"different labels"`` (joins two different labels). ``"no line"`` when nothing
    is drawn; with ``cover=True`` also ``"every cell used"`` for each empty
    unnumbered cell (pass ``cover=p.requires_cover`` for arukone).
    """
    lines = _edge_set(p, edges, "numberlink solution")
    clues = p.clues
    out: list[Violation] = []
    if not lines:
        out.append(Violation("no line", (), "no line is drawn"))
    degree = {cell: 0 for cell in p.cells()}
    adj: dict[Cell, list[Cell]] = {}
    for a, b in sorted(lines):
        degree[a] += 1
        degree[b] += 1
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    for cell, deg in degree.items():
        if deg >= 3:
            rule = "branch" if deg == 3 else "crossing"
            out.append(Violation(rule, (cell,), f"cell {cell} has {deg} lines"))
        if cell in clues:
            if deg == 0:
                out.append(Violation("unconnected number", (cell,), f"number {clues[cell]} at {cell} has no line"))
            elif deg >= 2:
                out.append(Violation("path through number", (cell,),
                                     f"number {clues[cell]} at {cell} has {deg} lines"))
        elif deg == 1:
            out.append(Violation("dead end", (cell,), f"a line ends at the empty cell {cell}"))
        elif deg == 0 and cover:
            out.append(Violation("every cell used", (cell,), f"cell {cell} is not on a path"))
    for comp in _components(adj):
        n_edges = sum(degree[cell] for cell in comp) // 2
        numbered = sorted(cell for cell in comp if cell in clues)
        first = min(comp)
        if n_edges >= len(comp):
            out.append(Violation("loop", (comp,), f"the lines through {first} contain a loop"))
        if not numbered:
            out.append(Violation("isolated line", (comp,), f"the line through {first} touches no number"))
        if len(numbered) > 2:
            out.append(Violation("more than two numbers", (comp,),
                                 f"the line through {first} joins {len(numbered)} numbers"))
        elif len(numbered) == 2 and clues[numbered[0]] != clues[numbered[1]]:
            a, b = numbered
            out.append(Violation("different labels", (comp,),
                                 f"the line joins {clues[a]} at {a} and {clues[b]} at {b}"))
    return out
