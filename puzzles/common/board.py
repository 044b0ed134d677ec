"""Grid-board helpers shared by the genre modules: points, edges, messages."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

import zalg
from zalg.graphs import grid_edges as zalg_grid_edges

from .errors import PuzzleFormatError

__all__ = ["make_edge", "is_int", "pos", "edge_set", "is_line", "is_one", "read_number",
           "shown_item", "MAX_DIGITS", "components", "edge_components",
           "grid_edges", "point_edges", "is_grid_edge", "square_sides",
           "MAX_SIDE", "MAX_CELLS", "check_size", "STEP", "direction_of", "is_cell", "cell_set",
           "neighbours", "allocate_slots", "narrow_sweeps", "clue_sweep", "race_sweeps"]

T = TypeVar("T")

#: The four directions as (row, col) steps: up, down, left, right.
STEP: dict[str, tuple[int, int]] = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}

#: The largest board any genre reads: checked before anything is allocated.
MAX_SIDE = 4096
MAX_CELLS = 65536


def check_size(rows: object, cols: object, what: str) -> tuple[int, int]:
    """(rows, cols) when both are integers in 1..MAX_SIDE with rows * cols <= MAX_CELLS;
    else a one-line :class:`PuzzleFormatError` naming ``what``."""
    for name, v in (("rows", rows), ("cols", cols)):
        if not is_int(v) or v < 1:
            raise PuzzleFormatError(f"{what}: {name} must be a positive integer, got {v!r}")
        if v > MAX_SIDE:
            raise PuzzleFormatError(f"{what}: {name} = {v} is larger than the limit {MAX_SIDE}")
    if rows * cols > MAX_CELLS:
        raise PuzzleFormatError(f"{what}: {rows}x{cols} = {rows * cols} cells is more than "
                                f"the limit of {MAX_CELLS}")
    return rows, cols

_INT_RE = re.compile(r"-?[0-9]+")


def make_edge(a: tuple[int, int], b: tuple[int, int]) -> tuple:
    """The edge between two grid points (dots or cells) as a sorted tuple (adjacency is not checked)."""
    return (a, b) if a <= b else (b, a)


def is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def pos(cell: tuple[int, int]) -> str:
    return f"row {cell[0]}, col {cell[1]}"


def edge_set(p, edges: Iterable, what: str) -> frozenset:
    """The edges as sorted pairs, each checked to be an edge of board p."""
    out = set()
    for e in edges:
        try:
            norm = make_edge(*e)
        except TypeError:
            norm = e
        if not p.is_edge(norm):
            raise PuzzleFormatError(f"{what}: {e!r} is not an edge of the {p.rows}x{p.cols} board")
        out.add(norm)
    return frozenset(out)


def is_line(item: str, what: str) -> bool:
    """A pzprv3 edge item: 1 is a line; any other integer is no line."""
    if not _INT_RE.fullmatch(item):
        raise PuzzleFormatError(f"{what}: unknown edge item {shown_item(item)!r} (expected an "
                                "integer such as 1, 0, -1)")
    return is_one(item)


def is_one(digits: str) -> bool:
    """Whether an integer text (``-?[0-9]+``) means 1, read without converting it (an item
    of 5,000 digits is no line, not Python's digit-limit error)."""
    return digits.lstrip("0") == "1"


#: The most digits a number in a puzzle file may have (hints, labels, counts): far more
#: than any board needs, far fewer than Python's 4,300-digit conversion limit.
MAX_DIGITS = 9


def read_number(item: str, what: str) -> int:
    """The integer of a digit text (``-?[0-9]+``) of at most MAX_DIGITS digits (leading
    zeros aside); a longer one is a PuzzleFormatError, checked before it is converted."""
    significant = item.lstrip("-").lstrip("0") or "0"
    if len(significant) > MAX_DIGITS:
        raise PuzzleFormatError(f"{what}: the number {shown_item(item)} has more than "
                                f"{MAX_DIGITS} digits")
    return -int(significant) if item.startswith("-") else int(significant)


def shown_item(item: str, limit: int = 20) -> str:
    """An item of a file as a message shows it: cut after ``limit`` characters."""
    return item if len(item) <= limit else f"{item[:limit]}... ({len(item)} characters)"


def components(adj) -> list[frozenset]:
    """Vertex sets of the connected pieces of a graph given as adjacency lists,
    ordered by their least vertex."""
    seen: set = set()
    comps = []
    for start in sorted(adj):
        if start in seen:
            continue
        stack, comp = [start], {start}
        while stack:
            for nxt in adj[stack.pop()]:
                if nxt not in comp:
                    comp.add(nxt)
                    stack.append(nxt)
        seen |= comp
        comps.append(frozenset(comp))
    return comps


def edge_components(edges) -> list[tuple[frozenset, list[tuple]]]:
    """The connected pieces of an edge set: ``(vertices, sorted edges)``, ordered
    by their least vertex."""
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    pieces = components(adj)
    owner = {x: k for k, piece in enumerate(pieces) for x in piece}
    piece_edges: list[list] = [[] for _ in pieces]
    for e in edges:
        piece_edges[owner[e[0]]].append(e)
    return [(piece, sorted(es)) for piece, es in zip(pieces, piece_edges)]


# A grid of points (r, c), 0 <= r < height, 0 <= c < width, joined to their right and
# lower neighbours: Slitherlink's dots ((rows+1) x (cols+1)), Numberlink's cells.

def grid_edges(height: int, width: int) -> list[tuple]:
    """All edges, row-major: each point's right edge, then its down edge."""
    return zalg_grid_edges(height, width)


def point_edges(point: tuple[int, int], height: int, width: int) -> list[tuple]:
    """The 2 to 4 edges at a point, in grid_edges order (up, left, right, down)."""
    r, c = point
    out = []
    if r > 0:
        out.append(((r - 1, c), (r, c)))
    if c > 0:
        out.append(((r, c - 1), (r, c)))
    if c + 1 < width:
        out.append(((r, c), (r, c + 1)))
    if r + 1 < height:
        out.append(((r, c), (r + 1, c)))
    return out


def is_grid_edge(edge: object, height: int, width: int) -> bool:
    """True when ``edge`` is a sorted pair of adjacent points of the grid."""
    try:
        (r1, c1), (r2, c2) = edge  # type: ignore[misc]
    except (TypeError, ValueError):
        return False
    if not all(is_int(x) for x in (r1, c1, r2, c2)):
        return False
    inside = 0 <= r1 < height and 0 <= c1 < width and 0 <= r2 < height and 0 <= c2 < width
    return inside and ((r1 == r2 and c2 == c1 + 1) or (c1 == c2 and r2 == r1 + 1))


def square_sides(cell: tuple[int, int]) -> tuple:
    """The 4 dot-grid edges around cell (r, c): top, left, right, bottom (grid_edges order)."""
    r, c = cell
    return (((r, c), (r, c + 1)), ((r, c), (r + 1, c)),
            ((r, c + 1), (r + 1, c + 1)), ((r + 1, c), (r + 1, c + 1)))


def direction_of(a: tuple[int, int], b: tuple[int, int]) -> str:
    """The direction ("u", "d", "l", "r") of the step from cell ``a`` to the adjacent cell ``b``."""
    step = (b[0] - a[0], b[1] - a[1])
    for d, s in STEP.items():
        if s == step:
            return d
    raise ValueError(f"{a} and {b} are not adjacent")


def is_cell(p, cell: object) -> bool:
    """True when ``cell`` is a ``(row, col)`` pair of integers inside board ``p``."""
    return (isinstance(cell, tuple) and len(cell) == 2 and all(is_int(x) for x in cell)
            and 0 <= cell[0] < p.rows and 0 <= cell[1] < p.cols)


def cell_items(p, mapping: object, what: str, field: str, values: str) -> list[tuple]:
    """The (cell, value) items of board ``p``'s ``field``, a mapping from cells to ``values``:
    the board's size, the mapping and every key checked (each key a cell of ``p``), else
    a one-line :class:`PuzzleFormatError` naming ``what``; the values are the caller's."""
    check_size(p.rows, p.cols, what)
    if not isinstance(mapping, Mapping):
        raise PuzzleFormatError(f"{what}: {field} must be a mapping (row, col) -> {values}, "
                                f"got {type(mapping).__name__}")
    items = list(mapping.items())
    for cell, _ in items:
        if not is_cell(p, cell):
            raise PuzzleFormatError(f"{what}: {cell!r} is not a cell of the {p.rows}x{p.cols} board")
    return items


def cell_set(p, cells: Iterable, what: str) -> frozenset:
    """The cells as a frozenset, each checked to be a cell of board ``p``."""
    if isinstance(cells, (str, bytes)):
        raise PuzzleFormatError(f"{what}: expected a collection of (row, col) cells, got a string")
    out = set()
    for cell in cells:
        if not is_cell(p, cell):
            raise PuzzleFormatError(f"{what}: {cell!r} is not a cell of the {p.rows}x{p.cols} board")
        out.add(cell)
    return frozenset(out)


def neighbours(cell: tuple[int, int], rows: int, cols: int) -> list[tuple[int, int]]:
    """The 2 to 4 orthogonal neighbours of a cell inside a rows x cols board."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < rows and 0 <= c + dc < cols]


def allocate_slots(intervals: dict, first: int) -> tuple[dict, int]:
    """Slots ``first, first + 1, ...`` of a frontier machine's state for the items of
    ``intervals`` (item -> (start, end) levels, both included): an item's slot is free
    again after its end level.  (item -> slot, slots used)."""
    free: list[int] = []
    busy: list[tuple[int, int]] = []
    slots, count = {}, 0
    for item, (lo, hi) in sorted(intervals.items(), key=lambda kv: (kv[1], kv[0])):
        for end, slot in [b for b in busy if b[0] < lo]:
            busy.remove((end, slot))
            free.append(slot)
        free.sort()
        if free:
            slots[item] = free.pop(0)
        else:
            slots[item] = first + count
            count += 1
        busy.append((hi, slots[item]))
    return slots, count


def narrow_sweeps(rows: int, cols: int) -> tuple[str, ...]:
    """The sweeps of ``zalg.grid`` whose frontier spans the narrow side of a rows x cols
    grid (all four on a square one)."""
    if rows == cols:
        return ("down", "up", "right", "left")
    return ("down", "up") if cols < rows else ("right", "left")


def clue_sweep(rows: int, cols: int, cells: Iterable[tuple[int, int]]) -> str:
    """The narrow sweep that reaches the clue ``cells`` earliest on average.

    A frontier sweep that starts in a blank region carries every partial loop of it
    before any clue can prune one; one that starts among the clues prunes from the
    first rows on.  Measured on generated 13x13 and 14x14 Nagareru boards: the
    median solve time halves and the slowest boards run 10-100x faster
    (docs/performance.md)."""
    cells = list(cells)
    sweeps = narrow_sweeps(rows, cols)
    if not cells:
        return sweeps[0]

    def mean_position(sweep: str) -> float:
        if sweep == "down":
            return sum(r for r, _ in cells) / len(cells) / max(rows - 1, 1)
        if sweep == "up":
            return sum(rows - 1 - r for r, _ in cells) / len(cells) / max(rows - 1, 1)
        if sweep == "right":
            return sum(c for _, c in cells) / len(cells) / max(cols - 1, 1)
        return sum(cols - 1 - c for _, c in cells) / len(cells) / max(cols - 1, 1)

    return min(sweeps, key=mean_position)


def race_sweeps(build: Callable[[str, int | None], T], sweeps: Iterable[str],
                first_width: int = 1 << 16, growth: int = 4, last_width: int = 1 << 22) -> T:
    """``build(sweep, max_width)`` for the first of ``sweeps`` (best guess first) whose
    frontier stays within ``max_width`` states per level.

    No cheap rule predicts which side gives the narrowest frontier on every board;
    ``clue_sweep`` is right on most boards and wrong by 10-50x on a few.  So each
    sweep in turn runs with a width that most boards never reach; those that pass
    it (``zalg.TooWide``, raised before the wide level is built) are retried with
    ``growth`` times the width, and past ``last_width`` the best guess runs without
    a limit.  Boards the guess gets right cost nothing extra (docs/performance.md:
    on 100 generated 14x14 Nagareru boards the mean solve time halves, and no size
    gets slower)."""
    order = list(dict.fromkeys(sweeps))
    width = first_width
    while width <= last_width:
        for sweep in order:
            try:
                return build(sweep, width)
            except zalg.TooWide:
                pass
        width *= growth
    return build(order[0], None)
