"""Rooks in the studio (the tests' toy genre): its board editor (blocked cells) and a
design view that generates boards with one solution."""
from __future__ import annotations

from collections.abc import Callable

from puzzles.common.studio_part import (Params, SEED_FIELD, StudioError, StudioPart, Task, cells_grid,
                                 check_generate, generated, size_fields)

from .design import generate
from .puzzle import Puzzle

__all__ = ["PART"]

EDITOR = {
    "layout": "cells", "blank": ".",
    "tools": [["#", "■ blocked"], ["erase", "erase"]],
    "typed": [["^[#bB]$", {"set": "#"}]], "glyphs": {"#": ""}, "dark": "#",
    "keys": "Arrows move; # or b blocks the cell; Backspace clears.",
}


def _board(p: Puzzle) -> dict:
    return {"rows": p.rows, "cols": p.cols,
            "cells": [["#" if (r, c) in p.blocked else "." for c in range(p.cols)]
                      for r in range(p.rows)]}


def _from_board(board: dict) -> Puzzle:
    cells = cells_grid(board)
    if any(v not in (None, ".", "#") for row in cells for v in row):
        raise StudioError("board.cells: a rooks cell is # (blocked) or . (free)")
    return Puzzle(len(cells), len(cells[0]),
                  frozenset((r, c) for r, row in enumerate(cells) for c, v in enumerate(row)
                            if v == "#"))


def _run_generate(params: Params, progress: Callable) -> dict:
    p = generate(params["rows"], params["cols"], seed=params["seed"], progress=progress)
    return generated("rooks", p, _board(p), params["seed"], f"{len(p.blocked)} blocked")


VIEW = {
    "title": "Rooks",
    "sections": [{
        "heading": "Generate a board with one solution",
        "fields": [*size_fields("g-", 1, 8, 4, 4),
                   SEED_FIELD],
        "buttons": [{"id": "generate", "label": "Generate", "primary": True, "task": "generate",
                     "show": "generated",
                     "params": {"rows": "field:g-rows", "cols": "field:g-cols", "seed": "field:g-seed"}}],
    }],
    "counts": [],
}

PART = StudioPart(editor=EDITOR, to_board=_board, from_board=_from_board,
                  tasks={"generate": Task(lambda params: check_generate(params, 8), _run_generate)},
                  view=VIEW)
