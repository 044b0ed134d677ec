"""Rooks, the tests' toy genre (docs/architecture.md, "How to add a genre"): the board,
its formats and an independent answer checker.

A board of rows x cols cells, some of them blocked.  A solution puts one rook in every
row and one in every column, never on a blocked cell (so only square boards have
solutions); it is the set of the rooks' cells.

Formats: puzz.link-style URLs ``rooks/<cols>/<rows>/<body>`` (the blocked cells in
pzprjs's 4-cell encoding, value 1), pzprv3 files (a block of ``#`` blocked / ``.``
free, then optionally the answer: ``1`` a rook, ``.`` none) and plain text (``#`` and
``.``, one row a line).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from puzzles.common import pzprjs
from puzzles.common.board import cell_set, check_size
from puzzles.common.errors import PuzzleFormatError
from puzzles.common.inputs import read_text, single_url
from puzzles.common.violations import Violation

__all__ = ["Cell", "Board", "check_solution", "PID", "FAILCODES"]

Cell = tuple[int, int]

PID = "rooks"
#: failcode -> the rule ``check_solution`` reports for it
FAILCODES = {"rkBlocked": "on a blocked cell", "rkRowNe1": "row count",
             "rkColNe1": "column count"}


@dataclass(frozen=True)
class Board:
    """A Rooks board: ``blocked`` holds the cells no rook may stand on."""

    rows: int
    cols: int
    blocked: frozenset[Cell] = frozenset()

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols, "rooks board")
        object.__setattr__(self, "blocked", cell_set(self, self.blocked, "rooks board"))

    # ---- geometry -----------------------------------------------------------------------
    def cells(self) -> list[Cell]:
        """All cells, row-major."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def free_cells(self) -> list[Cell]:
        """The cells a rook may stand on, row-major."""
        return [x for x in self.cells() if x not in self.blocked]

    def lines(self) -> list[list[Cell]]:
        """Every row, then every column, as its cells."""
        return ([[(r, c) for c in range(self.cols)] for r in range(self.rows)]
                + [[(r, c) for r in range(self.rows)] for c in range(self.cols)])

    # ---- readers ------------------------------------------------------------------------
    @classmethod
    def from_url(cls, url: str) -> "Board":
        """A ``rooks/<cols>/<rows>/<body>`` URL."""
        what = "rooks URL"
        u = pzprjs.parse_url(url, what)
        if u.pid != PID:
            raise PuzzleFormatError(f"{what}: pid {u.pid!r} is not {PID}")
        values = pzprjs.decode_4cell(u.body, u.rows * u.cols, what)
        if any(v not in (None, 1) for v in values):
            raise PuzzleFormatError(f"{what}: a cell is blocked (1) or free, nothing else")
        return cls(u.rows, u.cols, frozenset(divmod(i, u.cols) for i, v in enumerate(values) if v))

    @classmethod
    def from_text(cls, text: str) -> "Board":
        """A pzprv3 file (detected by its first line) or plain text (``#`` blocked, ``.``
        free; ``R``, a rook of a drawn solution, is a free cell)."""
        if pzprjs.is_pzprv3(text):
            return cls.read_pzprv3(text)[0]
        rows = [line.strip() for line in text.splitlines() if line.strip()]
        if not rows or len({len(row) for row in rows}) != 1 or set("".join(rows)) - set("#.R"):
            raise PuzzleFormatError("rooks text: rows of equal length of #, . and R expected")
        return cls(len(rows), len(rows[0]), frozenset(
            (r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"))

    @classmethod
    def from_file(cls, path: str | Path) -> "Board":
        """A file holding a pzprv3 file, plain text, or a single URL."""
        text = read_text(path, "rooks file")
        url = single_url(text)
        return cls.from_url(url) if url else cls.from_text(text)

    @classmethod
    def read_pzprv3(cls, text: str) -> tuple["Board", frozenset[Cell] | None]:
        """A rooks pzprv3 file: the board and the rooks of its answer (None if absent)."""
        what = "rooks pzprv3"
        f = pzprjs.Pzprv3Reader(text, what)
        if f.pid != PID:
            raise PuzzleFormatError(f"{what}: pid {f.pid!r} is not {PID}")
        grid = f.read_block(f.rows, f.cols, "cell")
        if {x for row in grid for x in row} - set("#."):
            raise PuzzleFormatError(f"{what}: a cell is # or .")
        board = cls(f.rows, f.cols, frozenset((r, c) for r, row in enumerate(grid)
                                              for c, x in enumerate(row) if x == "#"))
        if f.at_end():
            return board, None
        answer = f.read_block(f.rows, f.cols, "answer")
        return board, frozenset((r, c) for r, row in enumerate(answer)
                                for c, x in enumerate(row) if x == "1")

    @classmethod
    def solution_from_pzprv3(cls, text: str) -> frozenset[Cell]:
        """The rooks of a pzprv3 file's answer (empty if it has none)."""
        return cls.read_pzprv3(text)[1] or frozenset()

    # ---- writers ------------------------------------------------------------------------
    def to_url(self) -> str:
        """``https://puzz.link/p?rooks/<cols>/<rows>/<body>``."""
        values = [1 if x in self.blocked else None for x in self.cells()]
        return pzprjs.format_url(PID, self.cols, self.rows, pzprjs.encode_4cell(values))

    def to_text(self) -> str:
        """Plain text: ``#`` blocked, ``.`` free."""
        return "".join("".join("#" if (r, c) in self.blocked else "." for c in range(self.cols))
                       + "\n" for r in range(self.rows))

    def to_pzprv3(self, solution: Iterable[Cell] | None = None) -> str:
        """A pzprv3 file; with ``solution`` (the rooks' cells) the answer block is added."""
        blocks = [[["#" if (r, c) in self.blocked else "." for c in range(self.cols)]
                   for r in range(self.rows)]]
        if solution is not None:
            rooks = cell_set(self, solution, "rooks solution")
            blocks.append([["1" if (r, c) in rooks else "." for c in range(self.cols)]
                           for r in range(self.rows)])
        return pzprjs.format_pzprv3(PID, self.rows, self.cols, blocks)


def check_solution(p: Board, rooks: Iterable[Cell]) -> list[Violation]:
    """Every broken rule of the rooks ``rooks`` on ``p`` (empty: solved)."""
    placed = cell_set(p, rooks, "rooks solution")
    out = [Violation("on a blocked cell", (x,), f"a rook stands on the blocked cell {x}")
           for x in sorted(placed & p.blocked)]
    for k, line in enumerate(p.lines()):
        n = len(placed.intersection(line))
        if n != 1:
            kind, index = ("row", k) if k < p.rows else ("column", k - p.rows)
            out.append(Violation(f"{kind} count", tuple(line), f"{n} rooks in {kind} {index}"))
    return out
