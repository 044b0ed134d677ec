"""What a genre gives the studio (``zalg studio``), and the checks its tasks share.

Every genre package has a module ``studio.py`` whose ``PART`` is a :class:`StudioPart`:

* ``editor``: the Solve view's board editor as data the page reads from
  ``GET /api/genres`` (tools, keys, how cells look; docs/studio.md lists the fields);
* ``to_board`` / ``from_board``: a puzzle as the editor's JSON and back;
* ``solve_fields`` and ``solve``: options of solving shown in the Solve view, and how a
  board solves with them (default: ``p.solve(progress=progress)``);
* ``tasks``: the genre's design jobs (each a :class:`Task`), started as
  ``<genre>.<task>``;
* ``view``: the genre's design view (``/design/<genre>``) as data: its sections, fields,
  editor, buttons and the counts it shows.

The studio (``puzzles/studio``) iterates the registry (``puzzles.common.genre.studio_parts``)
and names no genre; the helpers here keep every request check one line
(:class:`StudioError`, HTTP 4xx) and every count an exact decimal string.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .board import check_size, components
from .errors import PuzzleFormatError
from .inputs import looks_like_url

__all__ = ["StudioPart", "Task", "StudioError", "Params", "MAX_LIMIT", "MAX_DESIGN_SIDE",
           "MAX_SOURCE", "number_field", "size_fields", "SEED_FIELD", "integer", "size", "page", "listing", "count", "check_generate",
           "generated", "describe", "check_side", "rows_grid", "parse_loop_rows", "cells_of",
           "cells_grid", "room_labels", "puzzle_params", "shown"]

Params = dict[str, Any]
#: the most members one page of a design result lists
MAX_LIMIT = 200
#: The largest side of a board drawn in the editor or designed (design work grows
#: exponentially with the board; the genres' own limits hold for solving).
MAX_DESIGN_SIDE = 30
#: The longest URL or puzzle text a request may carry (characters).
MAX_SOURCE = 1 << 20


class StudioError(ValueError):
    """A bad request: one line for the page (HTTP 4xx)."""


@dataclass(frozen=True)
class Task:
    """A job the page can start: ``check(params)`` (in the server, before any work: the
    normalised parameters, or StudioError) and ``run(params, progress)`` (in a worker
    process: a JSON object)."""

    check: Callable[[Params], Params]
    run: Callable[[Params, Callable], dict]


@dataclass(frozen=True)
class StudioPart:
    """One genre's part of the studio (see the module's docstring)."""

    editor: dict
    to_board: Callable[[Any], dict]
    from_board: Callable[[dict], Any]
    tasks: dict[str, Task] = field(default_factory=dict)
    view: dict | None = None
    solve_fields: tuple = ()
    solve: Callable[[Any, Params, Callable], Any] | None = None


# ---- a design view's fields -------------------------------------------------------------

def number_field(id_: str, label: str, lo: int | None = None, hi: int | None = None,
                 value: int | None = None, placeholder: str | None = None) -> dict:
    """A number input of a design view (``value`` or ``placeholder`` shown at first)."""
    spec = {"id": id_, "label": label, "type": "number", "min": lo, "max": hi, "value": value,
            "placeholder": placeholder}
    return {k: v for k, v in spec.items() if v is not None}


def size_fields(prefix: str, lo: int, hi: int, rows: int, cols: int) -> list[dict]:
    """The ``rows`` and ``cols`` inputs (ids ``<prefix>rows``, ``<prefix>cols``)."""
    return [number_field(f"{prefix}rows", "rows", lo, hi, rows),
            number_field(f"{prefix}cols", "cols", lo, hi, cols)]


#: a generator's seed input (empty: a random seed)
SEED_FIELD = number_field("g-seed", "seed", 0, placeholder="random")


# ---- parameters ----------------------------------------------------------------------

def shown(value: object) -> str:
    """``value`` as a request showed it, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def integer(params: Params, key: str, lo: int, hi: int, default: int | None = None) -> int | None:
    """``params[key]``: an integer (or a text of digits) from ``lo`` to ``hi``."""
    v = params.get(key, default)
    if v is None or v == "":
        return default
    if isinstance(v, str) and v.strip().lstrip("-").isdigit() and len(v) < 20:
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise StudioError(f"{key} must be an integer from {lo} to {hi}, got {str(v)[:30]!r}")
    return v


def check_side(rows: object, cols: object, what: str, limit: int = MAX_DESIGN_SIDE) -> tuple[int, int]:
    """(rows, cols) within the genres' limits and at most ``limit`` on a side."""
    try:
        rows, cols = check_size(rows, cols, what)
    except PuzzleFormatError as exc:
        raise StudioError(str(exc)) from None
    if rows > limit or cols > limit:
        raise StudioError(f"{what}: {rows}x{cols} is larger than the studio's limit of "
                          f"{limit}x{limit}")
    return rows, cols


def size(params: Params, limit: int) -> tuple[int, int]:
    """``params``' board size (``rows``, ``cols``), at most ``limit`` on a side."""
    return check_side(integer(params, "rows", 1, limit), integer(params, "cols", 1, limit),
                      "board", limit)


def page(params: Params) -> Params:
    """The page of a listing a request asks for: ``offset`` (members skipped) and ``limit``."""
    return {"offset": integer(params, "offset", 0, 10 ** 18, 0),
            "limit": integer(params, "limit", 1, MAX_LIMIT, 20)}


def count(n: int) -> str:
    """An exact count for the page (JavaScript numbers are not exact past 2**53)."""
    return str(n)


def listing(puzzles: Iterable, offset: int) -> list[dict]:
    """One page of a listing: ``(puzzle, size, key)`` triples numbered from ``offset + 1``."""
    return [{"index": offset + i, "url": q.to_url(), "size": n, "key": key}
            for i, (q, n, key) in enumerate(puzzles, 1)]


def check_generate(params: Params, limit: int, least: int = 1) -> Params:
    """Size and seed of a generator (a random seed when none is given)."""
    rows, cols = size(params, limit)
    if min(rows, cols) < least:
        raise StudioError(f"a board needs at least {least}x{least} cells")
    seed = integer(params, "seed", 0, 2 ** 63 - 1)
    return {"rows": rows, "cols": cols,
            "seed": random.randrange(2 ** 32) if seed is None else seed}


# ---- boards --------------------------------------------------------------------------

def describe(name: str, p, board: dict) -> dict[str, Any]:
    """What the page shows of a board: genre, size, URL, pzprv3, SVG and editor JSON."""
    return {"genre": name, "rows": p.rows, "cols": p.cols, "url": p.to_url(),
            "pzprv3": p.to_pzprv3(), "svg": p.render(fmt="svg"), "board": board}


def generated(name: str, p, board: dict, seed: int, caption: str, **extra) -> dict:
    """A generated board with its answer, its seed and a caption for the page."""
    result = describe(name, p, board)
    result.update(seed=seed, solution_svg=p.render(p.solution(), fmt="svg"),
                  caption=f"{caption}, seed {seed}", **extra)
    return result


def _grid(board: dict, key: str, rows: int, cols: int) -> list[list]:
    """``board[key]``, checked to be ``rows`` lists of ``cols`` values."""
    grid = board.get(key)
    if not isinstance(grid, list) or len(grid) != rows or not all(
            isinstance(row, list) and len(row) == cols for row in grid):
        raise StudioError(f"board.{key} must be {rows} rows of {cols} cells")
    return grid


def _board_size(board: object) -> tuple[int, int]:
    if not isinstance(board, dict):
        raise StudioError("board must be an object with rows, cols and the cells")
    return check_side(board.get("rows"), board.get("cols"), "board")


def cells_grid(board: object) -> list[list]:
    """The editor's ``{"rows", "cols", "cells"}``: its cells, each null, a short text or a
    number from 0 to 9999."""
    rows, cols = _board_size(board)
    cells = _grid(board, "cells", rows, cols)
    for row in cells:
        for v in row:
            if not (v is None or isinstance(v, str) and len(v) <= 4
                    or isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9999):
                raise StudioError(f"board.cells: unexpected value {shown(v)}")
    return cells


def room_labels(board: object) -> tuple[list[list[int]], list[list]]:
    """The editor's ``{"rows", "cols", "rooms", "icons"}``: (one label per room, the icons).
    Cells of one room number that touch side to side form one room (a number used for two
    separate areas makes two rooms)."""
    rows, cols = _board_size(board)
    rooms = _grid(board, "rooms", rows, cols)
    icons = _grid(board, "icons", rows, cols)
    for row in rooms:
        for v in row:
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < rows * cols:
                raise StudioError(f"board.rooms: room numbers are 0 to {rows * cols - 1}, "
                                  f"got {shown(v)}")
    adj = {(r, c): [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if 0 <= r + dr < rows and 0 <= c + dc < cols
                    and rooms[r + dr][c + dc] == rooms[r][c]]
           for r in range(rows) for c in range(cols)}
    labels = [[0] * cols for _ in range(rows)]
    for k, piece in enumerate(components(adj)):
        for r, c in piece:
            labels[r][c] = k
    return labels, icons


def rows_grid(text: object, what: str, alphabet: str) -> list[str]:
    """Rows of a board written ``row/row/...`` in ``alphabet`` (all of one length)."""
    if not isinstance(text, str) or not text.strip():
        raise StudioError(f"{what}: give the board's rows separated by /, e.g. .##./.##./....")
    if len(text) > 4 * MAX_DESIGN_SIDE * MAX_DESIGN_SIDE:
        raise StudioError(f"{what}: too long ({len(text)} characters)")
    rows = [r.strip() for r in text.strip().strip("/").split("/")]
    check_side(len(rows), len(rows[0]), what)
    if len({len(r) for r in rows}) != 1:
        raise StudioError(f"{what}: the rows have different lengths")
    bad = sorted({ch for r in rows for ch in r} - set(alphabet))
    if bad:
        raise StudioError(f"{what}: unexpected character {bad[0]!r} (use {' '.join(alphabet)})")
    return rows


def parse_loop_rows(text: object) -> tuple[int, int, set]:
    """(rows, cols, region) from ``.##./.##./....``: ``#`` inside the loop."""
    rows = rows_grid(text, "loop", "#.")
    region = {(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"}
    if not region:
        raise StudioError("loop: no cell is inside the loop (mark them with #)")
    return len(rows), len(rows[0]), region


def cells_of(rows: Sequence[str], marks: str) -> list[tuple[int, int]]:
    """The cells whose character is one of ``marks``."""
    return [(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch in marks]


def puzzle_params(name: str, puzzle: type, from_board: Callable[[dict], Any],
                  params: Params) -> Params:
    """``{"genre", "url"}`` of the genre ``name``'s puzzle (class ``puzzle``) a request
    gives as ``board`` (editor JSON, read by ``from_board``) or ``source`` (a URL or a
    file's text)."""
    try:
        if params.get("board") is not None:
            p = from_board(params["board"])
        else:
            source = params.get("source")
            if not isinstance(source, str) or not source.strip():
                raise StudioError("source: give a puzz.link URL or the text of a puzzle file")
            if len(source) > MAX_SOURCE:
                raise StudioError(f"source: {len(source)} characters is more than the limit "
                                  f"of {MAX_SOURCE}")
            text = source.strip()
            p = (puzzle.from_url(text) if "\n" not in text and looks_like_url(text)
                 else puzzle.from_text(source))
    except PuzzleFormatError as exc:
        raise StudioError(str(exc)) from None
    return {"genre": name, "url": p.to_url()}
