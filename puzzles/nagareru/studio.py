"""Nagareru in the studio: its board editor, and the design view (interesting instances
from the generator's knobs; the minimal clue sets of a drawn board)."""
from __future__ import annotations

import itertools
from collections.abc import Callable

from zalg.progress import reporter

from ..common.studio_part import (Params, SEED_FIELD, StudioError, StudioPart, Task, cells_grid,
                           check_generate, count, generated, integer, listing, number_field, page,
                           puzzle_params, size_fields)
from . import design
from .puzzle import Puzzle

__all__ = ["PART"]

EDITOR = {
    "layout": "cells", "blank": ".",
    "tools": [["u", "↑"], ["d", "↓"], ["l", "←"], ["r", "→"], ["N", "■ black"],
              ["U", "■↑"], ["D", "■↓"], ["L", "■←"], ["R", "■→"], ["erase", "erase"]],
    "typed": [["^[udlrUDLR]$", "key"], ["^[bBnN]$", {"set": "N"}]],
    "glyphs": {"u": "↑", "d": "↓", "l": "←", "r": "→", "U": "↑", "D": "↓", "L": "←", "R": "→",
               "N": ""},
    "dark": "NUDLR",
    "keys": "Arrows move; u d l r white arrow; U D L R black arrow; b black; Backspace clears.",
}


def _board(p: Puzzle) -> dict:
    return {"rows": p.rows, "cols": p.cols, "cells": p.grid()}


def _from_board(board: dict) -> Puzzle:
    return Puzzle.from_grid(cells_grid(board))


def _check_generate(params: Params) -> Params:
    out = check_generate(params, 20, least=2)
    white = integer(params, "white", 0, 100)
    out.update(white=None if white is None else white / 100,
               spread=integer(params, "spread", 0, 100, 2),
               min_length=integer(params, "min_length", 4, 10 ** 4, 4),
               max_length=integer(params, "max_length", 4, 10 ** 4))
    if out["max_length"] is not None and out["max_length"] < out["min_length"]:
        raise StudioError("max_length is below min_length")
    return out


def _run_generate(params: Params, progress: Callable) -> dict:
    stats: dict = {}
    p = design.generate(params["rows"], params["cols"], seed=params["seed"],
                        white=params["white"], spread=params["spread"],
                        min_length=params["min_length"], max_length=params["max_length"],
                        stats=stats, progress=progress)
    return generated("nagareru", p, _board(p), params["seed"],
                     f"{len(p.arrows())} arrows, {len(p.fans())} fans",
                     arrows=len(p.arrows()), fans=len(p.fans()), solver_runs=stats.get("solves", 0))


def _check_reduce(params: Params) -> Params:
    return {**puzzle_params("nagareru", Puzzle, _from_board, params), **page(params)}


def _run_reduce(params: Params, progress: Callable) -> dict:
    """The minimal clue sets that keep the board unique; one page of the smallest."""
    p = Puzzle.from_url(params["url"])
    with reporter(progress) as report:
        with report.waiting("minimal clue sets"):
            reduced = design.reduce(p)
    sizes = reduced.by_size()
    offset, limit = params["offset"], params["limit"]
    least = reduced.of_size(min(sizes)) if sizes else reduced
    members = [(Puzzle(p.rows, p.cols, {c: p.cells[c] for c in K}), len(K), None)
               for K in itertools.islice(least, offset, offset + limit)]
    return {"counts": {"minimal": count(reduced.count()),
                       "minimum": count(least.count()) if sizes else "0"},
            "clues": len(p.cells), "by_size": [[k, count(sizes[k])] for k in sorted(sizes)],
            "size_label": "clues", "total": count(least.count()) if sizes else "0",
            "unit": "clues", "offset": offset, "caption": "Minimum clue sets",
            "instances": listing(members, offset)}


VIEW = {
    "title": "Nagareru",
    "sections": [{
        "heading": "Generate an interesting instance",
        "fields": [*size_fields("g-", 2, 20, 6, 6),
                   number_field("g-white", "white arrows %", 0, 100, placeholder="any"),
                   number_field("g-spread", "spread", 0, 100, value=2),
                   number_field("g-min", "length ≥", 4, value=4),
                   number_field("g-max", "length ≤", 4, placeholder="any"),
                   SEED_FIELD],
        "buttons": [{"id": "generate", "label": "Generate", "primary": True, "task": "generate",
                     "show": "generated",
                     "params": {"rows": "field:g-rows", "cols": "field:g-cols", "white": "field:g-white",
                                "spread": "field:g-spread", "min_length": "field:g-min",
                                "max_length": "field:g-max", "seed": "field:g-seed"}}],
    }, {
        "heading": "Reduce a board to its minimal clue sets",
        "fields": [*size_fields("", 2, 30, 5, 5)],
        "editor": EDITOR,
        "buttons": [{"id": "new", "label": "New board", "action": "new"},
                    {"id": "use-generated", "label": "Use the generated one", "action": "use-generated"},
                    {"id": "compute", "label": "Minimal clue sets", "task": "reduce", "show": "listing",
                     "params": {"board": "board"}}],
    }],
    "counts": [["minimal", "minimal clue sets"], ["minimum", "minimum"]],
    "query": {"p": {"load": "puzzle", "then": "compute"}},
}

PART = StudioPart(editor=EDITOR, to_board=_board, from_board=_from_board,
                  tasks={"generate": Task(_check_generate, _run_generate),
                         "reduce": Task(_check_reduce, _run_reduce)},
                  view=VIEW)
