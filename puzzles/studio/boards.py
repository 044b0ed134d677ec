"""Boards as the studio's page sends and shows them: puzzles from URLs, pzprv3 or plain
text and from the grid editor's JSON, and each puzzle back as editor JSON, URL,
pzprv3 and SVG.

Everything here goes through the genres' public API (``Puzzle.from_url``,
``from_text``, ``from_grid``, ``from_rooms``, ``grid``, ``to_url``, ...), and every
failure is one :class:`StudioError` line: nothing a request sends is evaluated.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..common import genre as G
from ..common.board import check_size, components
from ..common.errors import PuzzleFormatError
from ..common.inputs import looks_like_url

__all__ = ["StudioError", "GENRES", "MAX_SOURCE", "MAX_DESIGN_SIDE", "genre_module", "read_source",
           "from_board", "describe", "rows_grid", "parse_loop_rows", "check_side", "cells_of"]

GENRES = G.GENRES
#: The longest URL or puzzle text a request may carry (characters).
MAX_SOURCE = 1 << 20
#: The largest side of a board drawn in the editor or designed (design work grows
#: exponentially with the board; the genres' own limits hold for solving).
MAX_DESIGN_SIDE = 30

_PID = re.compile(r"\?(?:[A-Za-z0-9_]+:)?([A-Za-z0-9_]+)/")


class StudioError(ValueError):
    """A bad request: one line for the page (HTTP 4xx)."""


def genre_module(name: object):
    """The genre package called ``name`` (StudioError for anything else)."""
    if not isinstance(name, str) or name not in GENRES:
        raise StudioError(f"genre must be one of {', '.join(GENRES)}, got {_shown(name)}")
    return G.genre(name)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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


def read_source(source: object, genre: object = None):
    """(genre module, puzzle) from a puzz.link URL or a pzprv3 / plain-text file's text.

    Without ``genre``, a URL or pzprv3 file names its genre; plain text needs it."""
    if not isinstance(source, str) or not source.strip():
        raise StudioError("source: give a puzz.link URL or the text of a puzzle file")
    if len(source) > MAX_SOURCE:
        raise StudioError(f"source: {len(source)} characters is more than the limit of {MAX_SOURCE}")
    text = source.strip()
    is_url = "\n" not in text and looks_like_url(text)
    candidates = [genre_module(genre)] if genre not in (None, "", "auto") else G.genres()
    errors = []
    for module in candidates:
        try:
            p = module.Puzzle.from_url(text) if is_url else module.Puzzle.from_text(source)
            return module, p
        except PuzzleFormatError as exc:
            errors.append((module, str(exc)))
    if len(errors) == 1:
        raise StudioError(errors[0][1])
    named = _named_genre(text if is_url else text.splitlines()[1] if text.count("\n") else "")
    for module, message in errors:
        if named in (module.NAME, module.PID) or named.startswith(module.PID[:4]):
            raise StudioError(message)
    what = f"puzzle type {named!r}" if named else "this text"
    raise StudioError(f"{what} is none of the studio's genres ({', '.join(GENRES)}); plain "
                      "text needs the genre chosen")


def _named_genre(text: str) -> str:
    """The pzprjs name a URL (``?slither/``) or a pzprv3 file's second line gives."""
    m = _PID.search(text)
    return (m[1] if m else text.strip()).lower()[:40]


def _grid(board: dict, key: str, rows: int, cols: int) -> list[list]:
    """``board[key]``, checked to be ``rows`` lists of ``cols`` values."""
    grid = board.get(key)
    if not isinstance(grid, list) or len(grid) != rows or not all(
            isinstance(row, list) and len(row) == cols for row in grid):
        raise StudioError(f"board.{key} must be {rows} rows of {cols} cells")
    return grid


def from_board(genre: object, board: object):
    """(genre module, puzzle) from the grid editor's JSON (see docs/studio.md):
    ``{"rows", "cols", "cells"}`` (slitherlink: null, 0-4 or "?"; numberlink: null or a
    positive number; nagareru: "." or a token), nurimeizu ``{"rows", "cols", "rooms",
    "icons"}`` (rooms: a room number per cell, cells of one number joined side to side
    form one room; icons: "." S G o t)."""
    module = genre_module(genre)
    if not isinstance(board, dict):
        raise StudioError("board must be an object with rows, cols and the cells")
    rows, cols = check_side(board.get("rows"), board.get("cols"), "board")
    try:
        if module.NAME == "nurimeizu":
            rooms = _room_labels(_grid(board, "rooms", rows, cols))
            return module, module.Puzzle.from_rooms(rooms, _grid(board, "icons", rows, cols))
        cells = _grid(board, "cells", rows, cols)
        for row in cells:
            for v in row:
                if not (v is None or isinstance(v, str) and len(v) <= 4
                        or isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9999):
                    raise StudioError(f"board.cells: unexpected value {_shown(v)}")
        return module, module.Puzzle.from_grid(cells)
    except PuzzleFormatError as exc:
        raise StudioError(str(exc)) from None


def _room_labels(rooms: list[list]) -> list[list[int]]:
    """Room numbers per cell -> one label per room: the cells of one number that touch
    side to side (a number used for two separate areas makes two rooms)."""
    rows, cols = len(rooms), len(rooms[0])
    for row in rooms:
        for v in row:
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < rows * cols:
                raise StudioError(f"board.rooms: room numbers are 0 to {rows * cols - 1}, "
                                  f"got {_shown(v)}")
    adj = {(r, c): [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if 0 <= r + dr < rows and 0 <= c + dc < cols
                    and rooms[r + dr][c + dc] == rooms[r][c]]
           for r in range(rows) for c in range(cols)}
    labels = [[0] * cols for _ in range(rows)]
    for k, piece in enumerate(components(adj)):
        for r, c in piece:
            labels[r][c] = k
    return labels


def describe(module, p) -> dict[str, Any]:
    """What the page shows of a board: genre, size, URL, pzprv3, SVG and editor JSON."""
    if module.NAME == "nurimeizu":
        board = {"rows": p.rows, "cols": p.cols, "rooms": p.room_grid(),
                 "icons": [[icon or "." for icon in row] for row in p.icon_grid()]}
    else:
        board = {"rows": p.rows, "cols": p.cols, "cells": p.grid()}
    return {"genre": module.NAME, "rows": p.rows, "cols": p.cols, "url": p.to_url(),
            "pzprv3": p.to_pzprv3(), "svg": p.render(fmt="svg"), "board": board}


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
