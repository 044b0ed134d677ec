"""Reading back the text pictures the genres draw, so that whatever the ``zalg`` program
prints as a board is accepted as input (a board copied from the terminal reads back as
the same puzzle; the solution drawn on it is ignored).

Two layouts:

* the *dot grid* (Slitherlink, Nurimeizu): ``+`` at every grid point, a 3-character
  slot between two points of a point row (``---``, blank, or a genre's fill such as
  ``###``), and rows of cells between the point rows, each cell 3 characters wide
  with a 1-character slot (``|``, blank, or the fill) before and after it::

      +---+---+
      | 3     |
      +   +---+

  :func:`read_dot_grid` returns every slot as drawn; the genre says what they mean
  (Slitherlink: hints in the cells, the loop in the slots; Nurimeizu: icons in the
  cells, room walls in the slots).
* *cell rows* (Numberlink, Nagareru): one line per row of cells, the cells'
  tokens separated by blanks or by the characters that draw a line between two
  cells (``-``, ``>``), with lines of the characters that join cells vertically
  (``|``, ``^``, ``v``) between them.  :func:`cell_rows` drops those and leaves
  the tokens.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .board import check_size
from .errors import PuzzleFormatError

__all__ = ["DotGrid", "is_dot_grid", "read_dot_grid", "cell_rows"]

_POINT_ROW = re.compile(r"\+(?:[^\n+]{3}\+)+")


@dataclass(frozen=True)
class DotGrid:
    """A dot-grid picture's slots as drawn: ``cells[(r, c)]`` the 3 characters of cell
    (r, c); ``across[(r, c)]`` the 3 characters between points (r, c) and (r, c + 1)
    (point rows 0..rows); ``down[(r, c)]`` the character between points (r, c) and
    (r + 1, c) (cell rows 0..rows-1, point columns 0..cols)."""
    rows: int
    cols: int
    cells: dict
    across: dict
    down: dict


def _trimmed_lines(text: str) -> list[str]:
    """The lines from the first to the last that is not blank, without trailing blanks."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def is_dot_grid(text: str) -> bool:
    """Whether ``text`` starts (after blank lines) with a point row: ``+---+``, ``+   +``."""
    lines = _trimmed_lines(text[:10_000])
    return bool(lines) and _POINT_ROW.fullmatch(lines[0].strip()) is not None


def read_dot_grid(text: str, what: str, slots: str, fill: str = "") -> DotGrid:
    """The slots of a dot-grid picture (see the module).  ``slots``: the characters a
    slot between points may hold besides blanks (``-`` and ``|``), ``fill``: a genre's
    fill character also allowed there.  PuzzleFormatError, naming the line, for
    anything else."""
    lines = [line.strip("\n") for line in _trimmed_lines(text)]
    indent = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
    lines = [line[indent:] for line in lines]
    if len(lines) < 3 or len(lines) % 2 == 0:
        raise PuzzleFormatError(f"{what}: a drawn board has an odd number of lines (point rows "
                                f"around rows of cells), got {len(lines)}")
    first = lines[0]
    if _POINT_ROW.fullmatch(first) is None:
        raise PuzzleFormatError(f"{what}: line 1 is no row of points such as +---+   +")
    rows, cols = check_size((len(lines) - 1) // 2, (len(first) - 1) // 4, what)
    width = 4 * cols + 1
    allowed = set(slots) | set(fill) | {" "}
    cells, across, down = {}, {}, {}
    for i, line in enumerate(lines):
        if len(line) > width:
            raise PuzzleFormatError(f"{what}: line {i + 1} is longer than the first ({width} "
                                    "characters)")
        line = line.ljust(width)
        r = i // 2
        for c in range(cols + 1):
            slot = line[4 * c]
            if i % 2 == 0 and slot != "+":
                raise PuzzleFormatError(f"{what}: line {i + 1}, column {4 * c + 1}: expected +, "
                                        f"got {slot!r}")
            if i % 2 == 1:
                if slot not in allowed:
                    raise PuzzleFormatError(f"{what}: line {i + 1}, column {4 * c + 1}: "
                                            f"unexpected {slot!r}")
                down[(r, c)] = slot
            if c == cols:
                break
            inner = line[4 * c + 1: 4 * c + 4]
            if i % 2 == 0:
                if not set(inner) <= allowed:
                    raise PuzzleFormatError(f"{what}: line {i + 1}, columns {4 * c + 2}-"
                                            f"{4 * c + 4}: unexpected {inner!r}")
                across[(r, c)] = inner
            else:
                cells[(r, c)] = inner
    return DotGrid(rows, cols, cells, across, down)


def cell_rows(text: str, across: str, down: str) -> list[str]:
    """The rows of a cell-rows picture (see the module): lines made only of blanks and
    ``down`` characters are dropped, ``across`` characters become blanks."""
    table = str.maketrans(across, " " * len(across))
    out = []
    for line in text.splitlines():
        if line.strip() and not set(line) <= set(down) | {" ", "\t"}:
            out.append(line.translate(table))
    return out
