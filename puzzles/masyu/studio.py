"""Masyu in the studio: its board editor (white and black pearls), and the design view
(random puzzles with a minimal pearl set; the minimal pearl subsets of a drawn board that
keep its solution unique)."""
from __future__ import annotations

import itertools
from collections.abc import Callable

from zalg.progress import reporter

from ..common.studio_part import (Params, SEED_FIELD, StudioError, StudioPart, Task, cells_grid,
                                  check_generate, count, generated, listing, page, puzzle_params,
                                  size_fields)
from . import design
from .puzzle import Puzzle

__all__ = ["PART"]

EDITOR = {
    "layout": "cells", "blank": ".",
    "tools": [["o", "○ white"], ["x", "● black"], ["erase", "erase"]],
    "typed": [["^[oOwW]$", {"set": "o"}], ["^[xXbB*]$", {"set": "x"}]],
    "glyphs": {"o": "○", "x": "●"},
    "keys": "Arrows move; o or w white pearl; x or b black pearl; Backspace clears.",
}


def _board(p: Puzzle) -> dict:
    return {"rows": p.rows, "cols": p.cols, "cells": p.grid()}


def _from_board(board: dict) -> Puzzle:
    return Puzzle.from_grid(cells_grid(board))


def _check_generate(params: Params) -> Params:
    return check_generate(params, 12, least=2)


def _run_generate(params: Params, progress: Callable) -> dict:
    p = design.random_puzzle(params["rows"], params["cols"], seed=params["seed"], progress=progress)
    return generated("masyu", p, _board(p), params["seed"], f"{len(p.pearls)} pearls",
                     pearls=len(p.pearls))


def _check_reduce(params: Params) -> Params:
    return {**puzzle_params("masyu", Puzzle, _from_board, params), **page(params)}


def _run_reduce(params: Params, progress: Callable) -> dict:
    """The minimal pearl subsets that keep the board's one solution; a page of the smallest."""
    p = Puzzle.from_url(params["url"])
    if p.count() != 1:
        raise StudioError(f"the board has {p.count()} solutions, not one")
    with reporter(progress) as report:
        loop, H, reduced = design.reduce(p, progress=report)
    sizes = reduced.by_size()
    offset, limit = params["offset"], params["limit"]
    least = reduced.of_size(min(sizes)) if sizes else reduced
    members = [(design.puzzle_of(p.rows, p.cols, loop, K), len(K), None)
               for K in itertools.islice(least, offset, offset + limit)]
    return {"counts": {"good": count(H.count()), "minimal": count(reduced.count()),
                       "minimum": count(least.count()) if sizes else "0"},
            "clues": len(p.pearls), "by_size": [[k, count(sizes[k])] for k in sorted(sizes)],
            "size_label": "pearls", "total": count(least.count()) if sizes else "0",
            "unit": "pearls", "offset": offset, "caption": "Minimum pearl sets",
            "instances": listing(members, offset)}


VIEW = {
    "title": "Masyu",
    "sections": [{
        "heading": "Generate a puzzle",
        "fields": [*size_fields("g-", 2, 12, 6, 6), SEED_FIELD],
        "buttons": [{"id": "generate", "label": "Generate", "primary": True, "task": "generate",
                     "show": "generated",
                     "params": {"rows": "field:g-rows", "cols": "field:g-cols",
                                "seed": "field:g-seed"}}],
    }, {
        "heading": "Reduce a board to its minimal pearl sets",
        "fields": [*size_fields("", 2, 30, 6, 6)],
        "editor": EDITOR,
        "buttons": [{"id": "new", "label": "New board", "action": "new"},
                    {"id": "use-generated", "label": "Use the generated one", "action": "use-generated"},
                    {"id": "compute", "label": "Minimal pearl sets", "task": "reduce", "show": "listing",
                     "params": {"board": "board"}}],
    }],
    "counts": [["good", "good pearl sets"], ["minimal", "minimal"], ["minimum", "minimum"]],
    "query": {"p": {"load": "puzzle", "then": "compute"}},
}


PART = StudioPart(editor=EDITOR, to_board=_board, from_board=_from_board,
                  tasks={"generate": Task(_check_generate, _run_generate),
                         "reduce": Task(_check_reduce, _run_reduce)},
                  view=VIEW)
