"""Numberlink in the studio: its board editor, the "every cell used" option of solving,
and the design view (every good instance of a small grid, by size; random instances)."""
from __future__ import annotations

import itertools
from collections.abc import Callable

from zalg.progress import reporter

from ..common.studio_part import (Params, SEED_FIELD, StudioPart, Task, cells_grid, check_generate, count,
                           generated, integer, listing, number_field, page, size, size_fields)
from . import design
from .puzzle import Puzzle

__all__ = ["PART"]

EDITOR = {
    "layout": "cells", "blank": None,
    "tools": [["number", "click: place the number, again: clear"], ["erase", "erase"]],
    "number": True, "typed": [["^[0-9]$", "number"]],
    "keys": "Arrows move; type a number; Backspace clears.",
}


def _board(p: Puzzle) -> dict:
    return {"rows": p.rows, "cols": p.cols, "cells": p.grid()}


def _solve(p: Puzzle, options: Params, progress: Callable):
    """Every solution; every cell used when asked or when the board says so."""
    with reporter(progress) as report:
        with report.waiting(f"numberlink: solving {p.rows}x{p.cols}"):
            return p.solve(bool(options.get("cover")) or p.requires_cover)


def _check_instances(params: Params) -> Params:
    rows, cols = size(params, 8)
    return {"rows": rows, "cols": cols, "max_pairs": integer(params, "max_pairs", 0, 64),
            "minimum": bool(params.get("minimum")),
            "seed": integer(params, "seed", 0, 2 ** 63 - 1, 0), **page(params)}


def _run_instances(params: Params, progress: Callable) -> dict:
    """Good instances of the grid, their sizes, one page of them and a random one."""
    rows, cols = params["rows"], params["cols"]
    good = design.good_instances(rows, cols, max_pairs=params["max_pairs"], progress=progress)
    sizes = good.by_size()
    least = design.minimum_instances(good)
    shown = least if params["minimum"] else good
    offset, limit = params["offset"], params["limit"]
    members = [(design.to_puzzle(rows, cols, m), len(m), None)
               for m in itertools.islice(shown, offset, offset + limit)]
    pick = good.sample(1, seed=params["seed"]) if good else []
    return {"rows": rows, "cols": cols,
            "counts": {"good": count(good.count()), "minimum": count(least.count())},
            "by_size": [[k, count(sizes[k])] for k in sorted(sizes)], "size_label": "pairs",
            "minimum_size": min(sizes) if sizes else None,
            "total": count(shown.count()), "unit": "pairs", "offset": offset,
            "caption": "Minimum instances" if params["minimum"] else "Instances",
            "instances": listing(members, offset),
            "random": listing([(design.to_puzzle(rows, cols, m), len(m), None) for m in pick], 0)}


def _check_generate(params: Params) -> Params:
    out = check_generate(params, 30)
    out["pairs"] = integer(params, "pairs", 1, 450)
    return out


def _run_generate(params: Params, progress: Callable) -> dict:
    p = design.random_instance(params["rows"], params["cols"], pairs=params["pairs"],
                               seed=params["seed"], progress=progress)
    return generated("numberlink", p, _board(p), params["seed"], f"{len(p.pairs)} pairs",
                     pairs=len(p.pairs))


VIEW = {
    "title": "Numberlink",
    "sections": [{
        "heading": "Every good instance of a grid",
        "fields": [*size_fields("", 1, 8, 3, 3),
                   number_field("max-pairs", "at most (pairs)", 0, 64, placeholder="any"),
                   {"id": "only-minimum", "label": "list minimum only", "type": "checkbox"}],
        "buttons": [{"id": "compute", "label": "Count instances", "primary": True,
                     "task": "instances", "show": "listing",
                     "params": {"rows": "field:rows", "cols": "field:cols",
                                "max_pairs": "field:max-pairs", "minimum": "field:only-minimum"}}],
    }, {
        "heading": "A random good instance",
        "fields": [*size_fields("g-", 1, 30, 10, 10),
                   number_field("g-pairs", "pairs", 1, 450, placeholder="any"),
                   SEED_FIELD],
        "buttons": [{"id": "generate", "label": "Generate", "task": "generate", "show": "generated",
                     "params": {"rows": "field:g-rows", "cols": "field:g-cols",
                                "pairs": "field:g-pairs", "seed": "field:g-seed"}}],
    }],
    "counts": [["good", "good"], ["minimum", "minimum"]],
    "query": {"size": {"load": "size", "then": "compute"}},
}

PART = StudioPart(editor=EDITOR, to_board=_board,
                  from_board=lambda board: Puzzle.from_grid(cells_grid(board)),
                  tasks={"instances": Task(_check_instances, _run_instances),
                         "generate": Task(_check_generate, _run_generate)},
                  view=VIEW, solve=_solve,
                  solve_fields=({"id": "cover", "label": "every cell used", "type": "checkbox"},))
