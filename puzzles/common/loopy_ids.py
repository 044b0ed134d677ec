"""Simon Tatham's Loopy game ids for square grids: ``<W>x<H>t0[d<diff>]:<clues>``.

The parameters give the width first, then the height (``10`` alone means 10x10), the
grid type (``t0``, squares; the only one read here) and optionally the difficulty
(``de``, ``dn``, ``dt`` or ``dh``: easy, normal, tricky, hard).  The clue string
lists the cells row by row: a digit is a clue, a letter ``a``-``z`` a run of 1-26
cells without one.  The runs and clues must fill the board exactly.

Cell values are ``None`` (no clue) or an ``int``, as in :mod:`puzzles.common.pzprjs`.
"""
from __future__ import annotations

import re
from typing import Sequence

from .board import check_size
from .errors import PuzzleFormatError
from .pzprjs import CellValue

__all__ = ["LoopyId", "is_loopy_id", "parse_loopy", "format_loopy", "DIFFICULTIES"]

#: the difficulty letters Loopy writes after ``d``
DIFFICULTIES = {"e": "easy", "n": "normal", "t": "tricky", "h": "hard"}

_ID = re.compile(r"(?P<w>[0-9]{1,9})(?:x(?P<h>[0-9]{1,9}))?(?:t(?P<t>[0-9]{1,3}))?"
                 r"(?:d(?P<d>[a-z]))?:(?P<desc>.*)", re.DOTALL)
_LOOKS = re.compile(r"[0-9]+(x[0-9]+)?(t[0-9]+)?(d[a-z])?:")
_MAX_RUN = 26


class LoopyId:
    """A square Loopy board: ``rows`` x ``cols`` clue values (row-major) and the
    difficulty letter the id named (``None`` if it named none)."""

    def __init__(self, rows: int, cols: int, values: list[CellValue],
                 difficulty: str | None = None) -> None:
        self.rows, self.cols, self.values, self.difficulty = rows, cols, values, difficulty

    def grid(self) -> list[list[CellValue]]:
        """The clues as rows of cells."""
        return [self.values[r * self.cols:(r + 1) * self.cols] for r in range(self.rows)]


def is_loopy_id(text: str) -> bool:
    """Whether ``text`` is meant as a Loopy game id (``<W>x<H>...:``)."""
    return bool(_LOOKS.match(text.strip()))


def parse_loopy(text: str, what: str = "Loopy game id") -> LoopyId:
    """The board of a square-grid Loopy game id; PuzzleFormatError names what is wrong."""
    s = text.strip()
    m = _ID.fullmatch(s)
    if not m:
        shown = s if len(s) <= 40 else s[:40] + "..."
        raise PuzzleFormatError(f"{what}: {shown!r} is not <width>x<height>t0:<clues>")
    if m["t"] is not None and int(m["t"]) != 0:
        raise PuzzleFormatError(f"{what}: grid type t{m['t']} is not the square grid (t0)")
    if m["d"] is not None and m["d"] not in DIFFICULTIES:
        raise PuzzleFormatError(f"{what}: difficulty 'd{m['d']}' is none of "
                                f"{', '.join('d' + k for k in DIFFICULTIES)}")
    cols = int(m["w"])
    rows = int(m["h"]) if m["h"] is not None else cols
    rows, cols = check_size(rows, cols, what)
    return LoopyId(rows, cols, _decode(m["desc"], rows * cols, what), m["d"])


def _decode(desc: str, ncells: int, what: str) -> list[CellValue]:
    values: list[CellValue] = [None] * ncells
    c = 0
    for pos, ch in enumerate(desc):
        if c >= ncells:
            rest = desc[pos:] if len(desc) - pos <= 40 else desc[pos:pos + 40] + "..."
            raise PuzzleFormatError(f"{what}: unexpected {rest!r} at position {pos}, after "
                                    "the last cell")
        if "0" <= ch <= "9":
            values[c] = int(ch)
            c += 1
        elif "a" <= ch <= "z":
            run = ord(ch) - ord("a") + 1
            if c + run > ncells:
                raise PuzzleFormatError(f"{what}: {ch!r} at position {pos} skips {run} cells, "
                                        f"but only {ncells - c} of {ncells} are left")
            c += run
        else:
            raise PuzzleFormatError(f"{what}: unknown character {ch!r} at position {pos} of "
                                    "the clues (digits are clues, a-z runs of empty cells)")
    if c < ncells:
        raise PuzzleFormatError(f"{what}: the clues end after {c} of {ncells} cells")
    return values


def format_loopy(rows: int, cols: int, values: Sequence[CellValue],
                 difficulty: str | None = None) -> str:
    """The Loopy game id of a square board (clues 0-9 or ``None``), as Loopy writes it:
    runs of empty cells as the letters of their length, at most 26 a letter."""
    if len(values) != rows * cols:
        raise ValueError(f"{len(values)} values for a {rows}x{cols} board")
    out: list[str] = []
    run = 0
    for c, v in enumerate(values):
        if v is None:
            if run == _MAX_RUN:
                out.append("z")
                run = 0
            run += 1
            continue
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 9:
            raise PuzzleFormatError(f"Loopy game id: cell {c} has value {v!r}; Loopy ids hold "
                                    "clues 0-9 or no clue")
        if run:
            out.append(chr(ord("a") + run - 1))
            run = 0
        out.append(str(v))
    if run:
        out.append(chr(ord("a") + run - 1))
    diff = f"d{difficulty}" if difficulty else ""
    return f"{cols}x{rows}t0{diff}:{''.join(out)}"
