"""Boards as the studio's page sends and shows them: puzzles from URLs, pzprv3 or plain
text and from the grid editor's JSON, and each puzzle back as editor JSON, URL,
pzprv3 and SVG.

Everything here goes through the genre registry (``puzzles.common.genre``): each genre's
public API (``Puzzle.from_url``, ``from_text``, ``to_url``, ...) and its studio part
(``to_board``, ``from_board``); every failure is one :class:`StudioError` line:
nothing a request sends is evaluated.
"""
from __future__ import annotations

import re
from typing import Any

from ..common import genre as G
from ..common.errors import NotRecognised, PuzzleFormatError
from ..common.inputs import looks_like_url
from ..common.studio_part import MAX_SOURCE, Params, StudioError, StudioPart, shown
from ..common.studio_part import describe as described

__all__ = ["genre_module", "part_of", "read_source", "from_board", "describe", "puzzle_params",
           "genre_data"]

_PID = re.compile(r"\?(?:[A-Za-z0-9_]+:)?([A-Za-z0-9_]+)/")


def genre_module(name: object):
    """The genre package called ``name`` (StudioError for anything else)."""
    if not isinstance(name, str) or name not in G.names():
        raise StudioError(f"genre must be one of {', '.join(G.names())}, got {shown(name)}")
    return G.genre(name)


def part_of(name: object) -> StudioPart:
    """The studio part of the genre called ``name`` (StudioError for anything else)."""
    return G.studio_part(genre_module(name).NAME)


def genre_data() -> list[dict[str, Any]]:
    """What the page learns of every registered genre: its names, example boards,
    Solve editor and options, and its design view."""
    out = []
    for module in G.genres():
        part = part_of(module.NAME)
        out.append({"name": module.NAME, "pid": module.PID, "examples": list(module.EXAMPLES),
                    "editor": part.editor, "solve_fields": list(part.solve_fields),
                    "view": part.view})
    return out


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
    errors, recognised = [], []
    for module in candidates:
        try:
            p = module.Puzzle.from_url(text) if is_url else module.Puzzle.from_text(source)
            return module, p
        except PuzzleFormatError as exc:
            errors.append((module, str(exc)))
            if not isinstance(exc, NotRecognised):
                recognised.append(str(exc))
    if len(errors) == 1 or len(recognised) == 1:
        raise StudioError((recognised or [errors[0][1]])[0])
    named = _named_genre(text if is_url else text.splitlines()[1] if text.count("\n") else "")
    for module, message in errors:
        if named in (module.NAME, module.PID) or named.startswith(module.PID[:4]):
            raise StudioError(message)
    what = f"puzzle type {named!r}" if named else "this text"
    raise StudioError(f"{what} is none of the studio's genres ({', '.join(G.names())}); plain "
                      "text needs the genre chosen")


def _named_genre(text: str) -> str:
    """The pzprjs name a URL (``?<pid>/``) or a pzprv3 file's second line gives."""
    m = _PID.search(text)
    return (m[1] if m else text.strip()).lower()[:40]


def from_board(genre: object, board: object):
    """(genre module, puzzle) from the grid editor's JSON (see docs/studio.md), read by
    the genre's studio part."""
    module = genre_module(genre)
    if not isinstance(board, dict):
        raise StudioError("board must be an object with rows, cols and the cells")
    try:
        return module, part_of(module.NAME).from_board(board)
    except PuzzleFormatError as exc:
        raise StudioError(str(exc)) from None


def puzzle_params(params: Params) -> Params:
    """``{"genre", "url"}`` of the puzzle a request gives as ``source`` (URL or file
    text) or ``board`` (editor JSON)."""
    if params.get("board") is not None:
        module, p = from_board(params.get("genre"), params["board"])
        return {"genre": module.NAME, "url": p.to_url()}
    module, p = read_source(params.get("source"), params.get("genre"))
    return {"genre": module.NAME, "url": p.to_url()}


def describe(module, p) -> dict[str, Any]:
    """What the page shows of a board: genre, size, URL, pzprv3, SVG and editor JSON."""
    return described(module.NAME, p, part_of(module.NAME).to_board(p))
