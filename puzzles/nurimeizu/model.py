"""Nurimeizu's (pzprjs ``nurimaze``) board: its data, geometry, file formats and an
independent answer checker (the front door that solves and draws is ``puzzle.Puzzle``,
a ``Board``).

Rules: the board is divided into rooms. Colour every cell black or white so that
(1) every room is all black or all white; (2) cells with an icon (S start, G goal,
``o`` circle, ``t`` triangle) are white; (3) the white cells are connected and
contain no cycle (so there is exactly one white path from S to G); (4) every
circle lies on the S-G path and no triangle does; (5) no 2x2 block is all black
or all white.  A solution is the set of black cells.

Geometry: cells ``(row, col)``, 0-based, row 0 at the top.  ``rooms`` maps every
cell to a room id; ``icons`` maps the cells that carry an icon to ``"S"``,
``"G"``, ``"o"`` or ``"t"`` (exactly one S and one G).

Rooms are normalised by the constructor: a room is a 4-connected set of cells
with the same label, so a label whose cells are not connected becomes several
rooms (as in pzprjs, whose rooms are the areas enclosed by walls); rooms are
then numbered 0..N-1 in reading order of their first cell.  Any ``int`` or
``str`` labels are accepted.

Formats:

* puzz.link URL ``nurimaze/<cols>/<rows>/<body>``: the walls in base 32 (5 bits a
  character, the ``(cols-1)*rows`` walls between horizontal neighbours, then the
  ``cols*(rows-1)`` walls between vertical neighbours, row-major), then the
  cell objects: ``1`` S, ``2`` G, ``3`` circle, ``4`` triangle, ``5``-``9``/``a``-``z``
  skip 1..31 cells.  As in pzprjs a missing S is put on the top-left cell and a
  missing G on the bottom-right cell (a circle or triangle there is dropped, as
  pzprjs's encoder writes S/G in its place).  Unlike pzprjs, decoding is strict:
  an unknown character, a body that ends before the last cell, goes on after it
  or skips past it, a second S or G,
  or S and G on one cell raise :class:`PuzzleFormatError`.  A wall that does not
  separate two rooms is dropped (the model keeps rooms, not walls).
  :meth:`Board.to_url` writes pzprjs's canonical form.
* pzprv3 files: header, the room count N, a room-id grid (ids 0..N-1), an icon grid
  (``s g o t .``), optionally the answer grid (``#`` black; ``+`` and ``.`` not
  black) and line blocks, which are ignored.  A missing ``s``/``g`` gets the
  same default as in a URL.
* plain text: the room grid, a blank line, the icon grid.  Room grid: one label
  per cell, either one character (``[A-Za-z0-9]``) per cell or, when any row holds
  whitespace, whitespace-separated labels (``[A-Za-z0-9]+``).  Icon grid: ``S``,
  ``G``, ``o``, ``t`` or ``.`` per cell (``s``/``g`` also read), spaces allowed.
  Exactly one S and one G.  Example (4 rooms)::

      AABB
      ACCB
      DDDB

      S..o
      .t..
      ...G

  :meth:`Board.to_text` writes letters (``A``-``Z``, ``a``-``z``, ``0``-``9``) for up
  to 62 rooms and space-separated room ids beyond.
"""
from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping, Sequence, Union

from ..common import inputs, pzprjs
from ..common.board import cell_set, check_size, components, grid_edges, is_cell, is_int, neighbours, pos
from ..common.errors import PuzzleFormatError
from ..common.pictures import is_dot_grid, read_dot_grid
from ..common.violations import Violation

__all__ = ["Cell", "Board", "check_solution", "route", "FAILCODES", "RULES",
           "ICONS", "PID", "decode_borders", "encode_borders"]

Cell = tuple[int, int]
Label = Union[int, str]

PID = "nurimaze"
ICONS = ("S", "G", "o", "t")
#: pzprjs failcode -> rule name of :func:`check_solution`, in pzprjs's check order.
FAILCODES: dict[str, str] = {
    "bkMixed": "mixed room",
    "objShaded": "black icon",
    "cuDivide": "white divided",
    "cs2x2": "black 2x2",
    "cu2x2": "white 2x2",
    "cuLoop": "white loop",
    "routeIgnoreCP": "circle off route",
    "routePassDeadEnd": "triangle on route",
}
RULES = tuple(FAILCODES.values())

_LABEL_RE = re.compile(r"[A-Za-z0-9]+")
_TEXT_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_B32 = "0123456789abcdefghijklmnopqrstuv"
_PZPRV3_ICON = {"S": "s", "G": "g", "o": "o", "t": "t"}
_WHAT = "nurimeizu board"


@dataclass(frozen=True)
class Board:
    """A Nurimeizu board: ``rooms`` (cell -> room id 0..N-1) and ``icons`` (cell -> S/G/o/t)."""

    rows: int
    cols: int
    rooms: Mapping[Cell, int]
    icons: Mapping[Cell, str]

    def __post_init__(self) -> None:
        what = _WHAT
        check_size(self.rows, self.cols, what)
        if not isinstance(self.rooms, Mapping) or not isinstance(self.icons, Mapping):
            raise PuzzleFormatError(f"{what}: rooms and icons must be mappings from cells")
        labels: dict[Cell, Label] = {}
        for cell, label in self.rooms.items():
            self._check_cell(cell, what)
            if not (is_int(label) or isinstance(label, str)):
                raise PuzzleFormatError(f"{what}: room label {label!r} at {pos(cell)} must be an int or a str")
            labels[cell] = label
        if len(labels) != self.rows * self.cols:
            missing = next(cell for cell in self.cells() if cell not in labels)
            raise PuzzleFormatError(f"{what}: no room given for {pos(missing)}")
        ids, room_cells = _label_rooms(self.rows, self.cols, labels)
        icons: dict[Cell, str] = {}
        for cell, icon in self.icons.items():
            self._check_cell(cell, what)
            if icon not in ICONS:
                raise PuzzleFormatError(f"{what}: icon {icon!r} at {pos(cell)} is not one of S, G, o, t")
            icons[cell] = icon
        _check_icons(icons, what)
        object.__setattr__(self, "rooms", ids)
        object.__setattr__(self, "icons", dict(sorted(icons.items())))
        object.__setattr__(self, "_room_cells", room_cells)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, tuple(self.rooms.values()), frozenset(self.icons.items())))

    def _check_cell(self, cell: object, what: str) -> None:
        if not is_cell(self, cell):
            raise PuzzleFormatError(f"{what}: {cell!r} is not a cell of the {self.rows}x{self.cols} board")

    # ------------------------------------------------------------ geometry

    def cells(self) -> list[Cell]:
        """All cells, row-major."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    @property
    def nrooms(self) -> int:
        """The number of rooms."""
        return len(self._room_cells)  # type: ignore[attr-defined]

    def room_cells(self) -> list[list[Cell]]:
        """The cells of each room (row-major), indexed by room id."""
        return [list(cells) for cells in self._room_cells]  # type: ignore[attr-defined]

    def room_of(self, cell: Cell) -> int:
        """The room id of ``cell``."""
        self._check_cell(cell, _WHAT)
        return self.rooms[cell]

    def borders(self) -> list[tuple[Cell, Cell]]:
        """Pairs of adjacent cells in different rooms (the walls), right then down per cell."""
        return [(a, b) for a, b in grid_edges(self.rows, self.cols) if self.rooms[a] != self.rooms[b]]

    @property
    def start(self) -> Cell:
        """The cell of S."""
        return next(cell for cell, icon in self.icons.items() if icon == "S")

    @property
    def goal(self) -> Cell:
        """The cell of G."""
        return next(cell for cell, icon in self.icons.items() if icon == "G")

    def room_grid(self) -> list[list[int]]:
        """Rows of room ids."""
        return [[self.rooms[(r, c)] for c in range(self.cols)] for r in range(self.rows)]

    def icon_grid(self) -> list[list[str | None]]:
        """Rows of icons (``None`` for a cell without one)."""
        return [[self.icons.get((r, c)) for c in range(self.cols)] for r in range(self.rows)]

    # ------------------------------------------------------------ readers

    @classmethod
    def from_rooms(cls, grid: Sequence[Sequence[Label]],
                   icons: Mapping[Cell, str] | Sequence[Sequence[str]]) -> "Board":
        """Build from rows of room labels (e.g. ``["AAB", "CCB"]``) and the icons, given
        as a mapping cell -> icon or as rows of icon characters (``.`` none)."""
        rows = len(grid)
        cols = len(grid[0]) if rows else 0
        check_size(rows, cols, _WHAT)
        for r, row in enumerate(grid):
            if len(row) != cols:
                raise PuzzleFormatError(f"{_WHAT}: room row {r} has {len(row)} cells, expected {cols}")
        rooms = {(r, c): label for r, row in enumerate(grid) for c, label in enumerate(row)}
        if not isinstance(icons, Mapping):
            icons = _icon_rows(icons, rows, cols, _WHAT)
        return cls(rows, cols, rooms, icons)

    @classmethod
    def from_url(cls, url: str) -> "Board":
        """Read a puzz.link URL (or bare ``nurimaze/<cols>/<rows>/<body>``)."""
        what = "nurimeizu URL"
        u = pzprjs.parse_url(url, what)
        if u.pid != PID:
            raise PuzzleFormatError(f"{what}: pid {u.pid!r} is not nurimaze")
        if u.variant is not None:
            raise PuzzleFormatError(f"{what}: variant 'v:{u.variant}' is not supported")
        if u.pflag:
            raise PuzzleFormatError(f"{what}: unknown flag {u.pflag[:20]!r}")
        walls, used = decode_borders(u.body, u.rows, u.cols, what)
        icons = _decode_objects(u.body, used, u.rows * u.cols, what)
        icons = _with_defaults({(i // u.cols, i % u.cols): v for i, v in icons.items()}, u.rows, u.cols, what)
        return cls(u.rows, u.cols, _rooms_from_walls(u.rows, u.cols, walls), icons)

    @classmethod
    def from_text(cls, text: str) -> "Board":
        """Read a pzprv3 file (detected by its first line), the plain-text format, or
        the picture the ``zalg`` program prints (walls ``---`` and ``|`` between the
        rooms, icon letters in the cells; black cells ``#`` and route marks ``*``
        are ignored: ``puzzles.common.pictures``)."""
        if pzprjs.is_pzprv3(text):
            return cls.read_pzprv3(text)[0]
        if is_dot_grid(text):
            return _read_picture(cls, text)
        return _read_text(cls, text)

    @classmethod
    def from_file(cls, path: str | Path) -> "Board":
        """Read a file holding a pzprv3 file, plain text, or a single puzz.link URL."""
        return inputs.board_from_file(cls, path, "nurimeizu file")

    @classmethod
    def solution_from_pzprv3(cls, text: str) -> frozenset[Cell]:
        """The black cells of a pzprv3 file's answer grid (empty if it has none)."""
        return cls.read_pzprv3(text)[1] or frozenset()

    @classmethod
    def read_pzprv3(cls, text: str) -> tuple["Board", frozenset[Cell] | None]:
        """A nurimaze pzprv3 file: the board and the black cells (``None`` without an answer grid).

        A file with only the header is a board of one room with S and G on their
        default cells.  Anything after the answer grid (line-mode blocks) is ignored."""
        return _read_pzprv3(cls, text)

    # ------------------------------------------------------------ writers

    def to_url(self) -> str:
        """``https://puzz.link/p?nurimaze/<cols>/<rows>/<body>`` in pzprjs's canonical form."""
        body = encode_borders(self.rows, self.cols, self.borders()) + _encode_objects(self)
        return pzprjs.format_url(PID, self.cols, self.rows, body)

    def to_text(self) -> str:
        """The plain-text format: room grid, blank line, icon grid."""
        if self.nrooms <= len(_TEXT_LABELS):
            room_lines = ["".join(_TEXT_LABELS[i] for i in row) for row in self.room_grid()]
        else:
            width = len(str(self.nrooms - 1))
            room_lines = [" ".join(str(i).rjust(width) for i in row) for row in self.room_grid()]
        icon_lines = ["".join(icon or "." for icon in row) for row in self.icon_grid()]
        return "\n".join(room_lines) + "\n\n" + "\n".join(icon_lines) + "\n"

    def to_pzprv3(self, solution: Iterable[Cell] | None = None) -> str:
        """A pzprv3 file; with ``solution`` (the black cells) the answer grid is added
        (``#`` black, ``+`` white, as pzprjs writes a finished answer)."""
        blocks = [[[str(i) for i in row] for row in self.room_grid()],
                  [[_PZPRV3_ICON[icon] if icon else "." for icon in row] for row in self.icon_grid()]]
        if solution is not None:
            black = cell_set(self, solution, "nurimeizu solution")
            blocks.append([["#" if (r, c) in black else "+" for c in range(self.cols)] for r in range(self.rows)])
        return pzprjs.format_pzprv3(PID, self.rows, self.cols, blocks, preamble=[str(self.nrooms)])


# ------------------------------------------------------------------ helpers


def _label_rooms(rows: int, cols: int, labels: Mapping[Cell, Label]) -> tuple[dict[Cell, int], tuple]:
    """Room ids (4-connected same-label areas, numbered in reading order) and each room's cells."""
    ids: dict[Cell, int] = {}
    rooms: list[tuple[Cell, ...]] = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in ids:
                continue
            rid, label = len(rooms), labels[(r, c)]
            ids[(r, c)] = rid
            queue, found = deque([(r, c)]), [(r, c)]
            while queue:
                for nxt in neighbours(queue.popleft(), rows, cols):
                    if nxt not in ids and labels[nxt] == label:
                        ids[nxt] = rid
                        found.append(nxt)
                        queue.append(nxt)
            rooms.append(tuple(sorted(found)))
    return dict(sorted(ids.items())), tuple(rooms)


def _check_icons(icons: Mapping[Cell, str], what: str) -> None:
    for name, icon in (("start", "S"), ("goal", "G")):
        at = [cell for cell, v in icons.items() if v == icon]
        if not at:
            raise PuzzleFormatError(f"{what}: no {name} {icon}")
        if len(at) > 1:
            raise PuzzleFormatError(f"{what}: {len(at)} {name}s {icon} (at {'; '.join(pos(c) for c in sorted(at))})")


def _with_defaults(icons: dict[Cell, str], rows: int, cols: int, what: str) -> dict[Cell, str]:
    """pzprjs's defaults: S on the top-left, G on the bottom-right cell when absent."""
    for icon, cell in (("S", (0, 0)), ("G", (rows - 1, cols - 1))):
        if icon not in icons.values():
            if icons.get(cell) in ("S", "G"):
                raise PuzzleFormatError(f"{what}: no {icon} given and its default cell {pos(cell)} "
                                        f"holds {icons[cell]} (S and G would share a cell)")
            icons[cell] = icon
    return icons


def _icon_rows(rows_of_icons: Sequence[Sequence[str]], rows: int, cols: int, what: str) -> dict[Cell, str]:
    """Icons from rows of characters (``S G o t .``, ``s``/``g`` too), spaces ignored."""
    grid = [[ch for ch in row if not ch.isspace()] for row in rows_of_icons]
    if len(grid) != rows:
        raise PuzzleFormatError(f"{what}: {len(grid)} icon rows, expected {rows}")
    icons: dict[Cell, str] = {}
    for r, row in enumerate(grid):
        if len(row) != cols:
            raise PuzzleFormatError(f"{what}: icon row {r} has {len(row)} cells, expected {cols}")
        for c, ch in enumerate(row):
            icon = {"s": "S", "g": "G"}.get(ch, ch)
            if icon in ICONS:
                icons[(r, c)] = icon
            elif ch != ".":
                raise PuzzleFormatError(f"{what}: unknown icon {ch!r} at {pos((r, c))} (use S G o t .)")
    _check_icons(icons, what)
    return icons


# ------------------------------------------------------------------ URL codec


def decode_borders(body: str, rows: int, cols: int, what: str = "URL") -> tuple[set[tuple[Cell, Cell]], int]:
    """The walls of a pzprjs border body (``decodeBorder``) and the number of characters used.

    Walls are pairs of adjacent cells, right neighbours first; padding bits are ignored."""
    nv, nh = (cols - 1) * rows, cols * (rows - 1)
    lengths = (-(-nv // 5), -(-nh // 5))
    if len(body) < sum(lengths):
        raise PuzzleFormatError(f"{what}: the room-border part ends after {len(body)} of {sum(lengths)} characters")
    walls: set[tuple[Cell, Cell]] = set()
    start = 0
    for part, (count, length) in enumerate(zip((nv, nh), lengths)):
        bits = []
        for i in range(start, start + length):
            value = _B32.find(body[i])
            if value < 0:
                raise PuzzleFormatError(f"{what}: {body[i]!r} at position {i} is not a base-32 border digit")
            bits.extend((value >> (4 - k)) & 1 for k in range(5))
        for k in range(count):
            if bits[k]:
                if part == 0:
                    r, c = divmod(k, cols - 1)
                    walls.add(((r, c), (r, c + 1)))
                else:
                    r, c = divmod(k, cols)
                    walls.add(((r, c), (r + 1, c)))
        start += length
    return walls, start


def encode_borders(rows: int, cols: int, walls: Iterable[tuple[Cell, Cell]]) -> str:
    """The pzprjs border body (``encodeBorder``) of a set of walls between adjacent cells."""
    wallset = set(walls)
    vbits = [int(((r, c), (r, c + 1)) in wallset) for r in range(rows) for c in range(cols - 1)]
    hbits = [int(((r, c), (r + 1, c)) in wallset) for r in range(rows - 1) for c in range(cols)]
    out = []
    for bits in (vbits, hbits):
        for i in range(0, len(bits), 5):
            chunk = bits[i:i + 5] + [0] * (5 - len(bits[i:i + 5]))
            out.append(_B32[int("".join(map(str, chunk)), 2)])
    return "".join(out)


def _decode_objects(body: str, start: int, ncells: int, what: str) -> dict[int, str]:
    """Cell index -> icon of the object part of a URL body (``decodeCell_nurimaze``)."""
    icons: dict[int, str] = {}
    c = 0
    for i in range(start, len(body)):
        if c >= ncells:
            pzprjs.check_no_trailing(what, body, i)
        ch = body[i]
        if ch in "1234":
            icon = ICONS[int(ch) - 1]
            if icon in ("S", "G") and icon in icons.values():
                raise PuzzleFormatError(f"{what}: a second {icon} at position {i} of the body")
            icons[c] = icon
            c += 1
        elif "5" <= ch <= "9" or "a" <= ch <= "z":
            pzprjs.check_skip(what, c, int(ch, 36) - 4, ncells, i)
            c += int(ch, 36) - 4
        else:
            raise pzprjs.unknown_character(what, ch, i, body)
    if c < ncells:
        raise PuzzleFormatError(f"{what}: body ends after {c} of {ncells} cells")
    return icons


def _encode_objects(p: Board) -> str:
    """The object part as pzprjs writes it: runs of up to 31 empty cells as ``5``-``z``."""
    code = {"S": "1", "G": "2", "o": "3", "t": "4"}
    out, count = [], 0
    for cell in p.cells():
        icon = p.icons.get(cell)
        if icon is None:
            count += 1
            if count < 31:
                continue
        if count:
            out.append(_base36(4 + count))
            count = 0
        if icon is not None:
            out.append(code[icon])
    if count:
        out.append(_base36(4 + count))
    return "".join(out)


def _base36(v: int) -> str:
    """One base-36 digit (0 <= v < 36)."""
    return "0123456789abcdefghijklmnopqrstuvwxyz"[v]


def _rooms_from_walls(rows: int, cols: int, walls: set) -> dict[Cell, int]:
    """Room labels: the areas of cells not separated by walls."""
    label: dict[Cell, int] = {}
    n = -1
    for r0 in range(rows):
        for c0 in range(cols):
            if (r0, c0) in label:
                continue
            n += 1
            label[(r0, c0)] = n
            stack = [(r0, c0)]
            while stack:
                cell = stack.pop()
                for nxt in neighbours(cell, rows, cols):
                    if nxt not in label and (min(cell, nxt), max(cell, nxt)) not in walls:
                        label[nxt] = n
                        stack.append(nxt)
    return label


# ------------------------------------------------------------------ text and pzprv3


def _read_text(cls: type, text: str) -> Board:
    what = "nurimeizu text"
    sections: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip():
            sections[-1].append(line.strip())
        elif sections[-1]:
            sections.append([])
    sections = [s for s in sections if s]
    if len(sections) != 2:
        raise PuzzleFormatError(f"{what}: expected the room grid, a blank line and the icon grid, "
                                f"got {len(sections)} block(s) of lines")
    room_lines, icon_lines = sections
    spaced = any(len(line.split()) > 1 for line in room_lines)
    grid = [line.split() if spaced else list(line) for line in room_lines]
    cols = len(grid[0])
    check_size(len(grid), cols, what)
    for r, row in enumerate(grid):
        if len(row) != cols:
            raise PuzzleFormatError(f"{what}: room row {r} has {len(row)} cells, expected {cols}")
        for c, label in enumerate(row):
            if not (_LABEL_RE.fullmatch(label) and label.isascii()):
                raise PuzzleFormatError(f"{what}: room label {label[:20]!r} at {pos((r, c))} "
                                        "must be letters and digits")
    icons = _icon_rows(icon_lines, len(grid), cols, what)
    return cls.from_rooms(grid, icons)


def _read_picture(cls: type, text: str) -> Board:
    """A drawn board (``draw.text``): rooms from its walls, icons from its cells."""
    what = "nurimeizu picture"
    picture = read_dot_grid(text, what, slots="-|", fill="#")
    rows, cols = picture.rows, picture.cols
    walls = {((r - 1, c), (r, c)) for (r, c), slot in picture.across.items()
             if 0 < r < rows and slot == "---"}
    walls |= {((r, c - 1), (r, c)) for (r, c), slot in picture.down.items()
              if 0 < c < cols and slot == "|"}
    icons = {}
    for cell, inner in picture.cells.items():
        left, icon, right = inner
        if icon in "SGot" and {left, right} <= {" ", "#"} and left == right:
            icons[cell] = icon
        elif not (inner in ("   ", "###", " * ")):
            raise PuzzleFormatError(f"{what}: cell {pos(cell)} holds {inner!r} (expected an "
                                    "icon S G o t, blank, ### or *)")
    return cls(rows, cols, _rooms_from_walls(rows, cols, walls), _with_defaults(icons, rows, cols, what))


def _read_pzprv3(cls: type[Board], text: str) -> tuple[Board, frozenset[Cell] | None]:
    what = "nurimeizu pzprv3"
    f = pzprjs.Pzprv3Reader(text, what)
    if f.pid != PID:
        raise PuzzleFormatError(f"{what}: pid {f.pid!r} is not nurimaze")
    rows, cols = f.rows, f.cols
    if f.at_end():
        rooms = {(r, c): 0 for r in range(rows) for c in range(cols)}
        return cls(rows, cols, rooms, _with_defaults({}, rows, cols, what)), None
    count_line = f.next_line()
    if not re.fullmatch(r"[0-9]{1,9}", count_line) or int(count_line) < 1:
        raise PuzzleFormatError(f"{what}: room count must be a positive integer, got {count_line[:20]!r}")
    nrooms = int(count_line)
    rooms: dict[Cell, int] = {}
    for r, items in enumerate(f.read_block(rows, cols, "room")):
        for c, item in enumerate(items):
            if not re.fullmatch(r"[0-9]{1,9}", item) or int(item) >= nrooms:
                raise PuzzleFormatError(f"{what}: room id {item[:20]!r} at {pos((r, c))} is not in 0..{nrooms - 1}")
            rooms[(r, c)] = int(item)
    icons: dict[Cell, str] = {}
    for r, items in enumerate(f.read_block(rows, cols, "icon")):
        for c, item in enumerate(items):
            icon = {"s": "S", "g": "G", "o": "o", "t": "t"}.get(item)
            if icon is None and item != ".":
                raise PuzzleFormatError(f"{what}: unknown icon {item[:20]!r} at {pos((r, c))} (use s g o t .)")
            if icon in ("S", "G") and icon in icons.values():
                raise PuzzleFormatError(f"{what}: a second {item} at {pos((r, c))}")
            if icon is not None:
                icons[(r, c)] = icon
    puzzle = cls(rows, cols, rooms, _with_defaults(icons, rows, cols, what))
    if f.at_end():
        return puzzle, None
    black = set()
    for r, items in enumerate(f.read_block(rows, cols, "answer")):
        for c, item in enumerate(items):
            if item == "#":
                black.add((r, c))
            elif item not in ("+", "."):
                raise PuzzleFormatError(f"{what}: unknown answer item {item[:20]!r} at {pos((r, c))} (use # + .)")
    return puzzle, frozenset(black)


# ------------------------------------------------------------------ checker


def _white_graph(p: Board, black: frozenset[Cell]) -> dict[Cell, list[Cell]]:
    return {cell: [n for n in neighbours(cell, p.rows, p.cols) if n not in black]
            for cell in p.cells() if cell not in black}


def _sg_path(p: Board, adj: Mapping[Cell, list[Cell]], comps: list[frozenset]) -> tuple[str, list[Cell] | None]:
    """(``"ok"``, path) when S and G are white and joined inside an acyclic white area;
    (``"loop"``, None) when their area has a cycle; (``"none"``, None) when no white path joins them."""
    s, g = p.start, p.goal
    if s not in adj or g not in adj:
        return "none", None
    comp = next(comp for comp in comps if s in comp)
    if g not in comp:
        return "none", None
    if sum(len(adj[cell]) for cell in comp) // 2 >= len(comp):
        return "loop", None
    parent: dict[Cell, Cell | None] = {s: None}
    queue = deque([s])
    while queue:
        cell = queue.popleft()
        for nxt in adj[cell]:
            if nxt not in parent:
                parent[nxt] = cell
                queue.append(nxt)
    path: list[Cell] = []
    at: Cell | None = g
    while at is not None:
        path.append(at)
        at = parent[at]
    return "ok", path[::-1]


def route(p: Board, black_cells: Iterable[Cell]) -> list[Cell] | None:
    """The cells of the white S-G path, S first; ``None`` unless the white cells form
    one tree that contains S and G."""
    black = cell_set(p, black_cells, "nurimeizu route")
    adj = _white_graph(p, black)
    comps = components(adj)
    if len(comps) != 1:
        return None
    status, path = _sg_path(p, adj, comps)
    return path if status == "ok" else None


def check_solution(p: Board, black_cells: Iterable[Cell]) -> list[Violation]:
    """All rule violations of the colouring with ``black_cells`` black; empty means solved.

    Rules, in pzprjs's check order (see :data:`FAILCODES`): ``"mixed room"`` (one per
    room), ``"black icon"`` (one per icon cell), ``"white divided"`` (once, with the
    white areas), ``"black 2x2"`` / ``"white 2x2"`` (one per block, by its top-left
    cell), ``"white loop"`` (one per white area with a cycle), ``"circle off route"``
    and ``"triangle on route"`` (one per icon).  When no white path joins S and G
    every white circle is off the route; when the white area of S and G has a loop
    the route is not defined and only ``"white loop"`` reports it.
    """
    black = cell_set(p, black_cells, "nurimeizu solution")
    out: list[Violation] = []
    for rid, cells in enumerate(p._room_cells):  # type: ignore[attr-defined]
        n = sum(cell in black for cell in cells)
        if 0 < n < len(cells):
            out.append(Violation("mixed room", tuple(cells),
                                 f"room {rid} (from {pos(cells[0])}) has {n} black and {len(cells) - n} white cells"))
    for cell, icon in p.icons.items():
        if cell in black:
            out.append(Violation("black icon", (cell,), f"the {icon} at {pos(cell)} is black"))
    adj = _white_graph(p, black)
    comps = components(adj)
    if len(comps) > 1:
        out.append(Violation("white divided", tuple(comps), f"the white cells form {len(comps)} separate areas"))
    blocks = [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
              for r in range(p.rows - 1) for c in range(p.cols - 1)]
    for rule, colour, test in (("black 2x2", "black", True), ("white 2x2", "white", False)):
        for block in blocks:
            if all((cell in black) == test for cell in block):
                out.append(Violation(rule, tuple(block), f"the 2x2 block at {pos(block[0])} is all {colour}"))
    for comp in comps:
        if sum(len(adj[cell]) for cell in comp) // 2 >= len(comp):
            out.append(Violation("white loop", (comp,), f"the white area through {pos(min(comp))} has a loop"))
    status, path = _sg_path(p, adj, comps)
    if status != "loop":
        on = set(path or ())
        why = "is not on the S-G route" if status == "ok" else "is white but no white path joins S and G"
        for cell, icon in p.icons.items():
            if icon == "o" and cell not in black and cell not in on:
                out.append(Violation("circle off route", (cell,), f"the circle at {pos(cell)} {why}"))
        for cell, icon in p.icons.items():
            if icon == "t" and cell in on:
                out.append(Violation("triangle on route", (cell,), f"the triangle at {pos(cell)} is on the S-G route"))
    return out
