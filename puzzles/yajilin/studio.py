"""Yajilin in the studio: its board editor (clue cells with an arrow and a number, blank
clue cells), and the design view (random puzzles with a minimal set of shown numbers; the
minimal sets of shown numbers of a drawn board that keep its solution unique)."""
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

_ARROWS = {"^": "↑", "v": "↓", "<": "←", ">": "→"}
_CLUES = [a + str(n) for a in _ARROWS for n in range(5)]

EDITOR = {
    "layout": "cells", "blank": ".",
    "tools": [[t, _ARROWS[t[0]] + t[1:]] for t in _CLUES] + [["?", "■ blank clue"], ["erase", "erase"]],
    "typed": [["^[?#]$", {"set": "?"}]],
    "glyphs": {**{t: _ARROWS[t[0]] + t[1:] for t in _CLUES}, "?": ""},
    "dark": "?",
    "keys": "Arrows move; pick a clue tool and click a cell; ? or # blank clue cell; Backspace clears.",
}


def _board(p: Puzzle) -> dict:
    return {"rows": p.rows, "cols": p.cols, "cells": p.grid()}


def _from_board(board: dict) -> Puzzle:
    return Puzzle.from_grid(cells_grid(board))


def _check_generate(params: Params) -> Params:
    return check_generate(params, 10, least=2)


def _run_generate(params: Params, progress: Callable) -> dict:
    p = design.random_puzzle(params["rows"], params["cols"], seed=params["seed"], progress=progress)
    numbers = sum(n is not None for _, n in p.clues.values())
    return generated("yajilin", p, _board(p), params["seed"], f"{numbers} numbers",
                     numbers=numbers)


def _check_reduce(params: Params) -> Params:
    return {**puzzle_params("yajilin", Puzzle, _from_board, params), **page(params)}


def _run_reduce(params: Params, progress: Callable) -> dict:
    """The minimal sets of shown numbers that keep the board's one solution; a page of the smallest."""
    p = Puzzle.from_url(params["url"])
    if p.count() != 1:
        raise StudioError(f"the board has {p.count()} solutions, not one")
    with reporter(progress) as report:
        H = design.instances(p, progress=report)
        report.stage("minimal number sets")
        reduced = design.minimal(H)
    sizes = reduced.by_size()
    offset, limit = params["offset"], params["limit"]
    least = reduced.of_size(min(sizes)) if sizes else reduced
    members = [(design.puzzle_of(p, K), len(K), None)
               for K in itertools.islice(least, offset, offset + limit)]
    return {"counts": {"good": count(H.count()), "minimal": count(reduced.count()),
                       "minimum": count(least.count()) if sizes else "0"},
            "clues": sum(n is not None for _, n in p.clues.values()),
            "by_size": [[k, count(sizes[k])] for k in sorted(sizes)],
            "size_label": "numbers", "total": count(least.count()) if sizes else "0",
            "unit": "numbers", "offset": offset, "caption": "Minimum number sets",
            "instances": listing(members, offset)}


VIEW = {
    "title": "Yajilin",
    "sections": [{
        "heading": "Generate a puzzle",
        "fields": [*size_fields("g-", 2, 10, 6, 6), SEED_FIELD],
        "buttons": [{"id": "generate", "label": "Generate", "primary": True, "task": "generate",
                     "show": "generated",
                     "params": {"rows": "field:g-rows", "cols": "field:g-cols",
                                "seed": "field:g-seed"}}],
    }, {
        "heading": "Reduce a board to its minimal sets of shown numbers",
        "fields": [*size_fields("", 2, 20, 6, 6)],
        "editor": EDITOR,
        "buttons": [{"id": "new", "label": "New board", "action": "new"},
                    {"id": "use-generated", "label": "Use the generated one", "action": "use-generated"},
                    {"id": "compute", "label": "Minimal number sets", "task": "reduce", "show": "listing",
                     "params": {"board": "board"}}],
    }],
    "counts": [["good", "good number sets"], ["minimal", "minimal"], ["minimum", "minimum"]],
    "query": {"p": {"load": "puzzle", "then": "compute"}},
}


PART = StudioPart(editor=EDITOR, to_board=_board, from_board=_from_board,
                  tasks={"generate": Task(_check_generate, _run_generate),
                         "reduce": Task(_check_reduce, _run_reduce)},
                  view=VIEW)
