"""Slitherlink in the studio: its board editor, and the design view that lists every
good hint set of a drawn loop (minimal or minimum ones, hardest first, by pages), by
the route ``route.answer`` chooses."""
from __future__ import annotations

import itertools
from collections.abc import Callable

from zalg.progress import reporter

from ..common.loops import outline
from ..common.studio_part import (Params, StudioError, StudioPart, Task, cells_grid, cells_of, count,
                           listing, page, parse_loop_rows, rows_grid, size_fields)
from . import design, route
from .model import check_solution
from .puzzle import Puzzle

__all__ = ["PART"]

EDITOR = {
    "layout": "cells", "blank": None,
    "tools": [["cycle", "click: blank → 0 → 1 → 2 → 3 → ? → blank"]],
    "cycle": [None, 0, 1, 2, 3, "?"],
    "typed": [["^[0-4]$", "digit"], ["^[?]$", "key"]],
    "keys": "Arrows move; 0-4 or ? set the hint; Backspace clears.",
}

#: the loop editor: cells inside the loop, and the candidate cells where hints may go
LOOP_EDITOR = {
    "layout": "cells", "blank": None, "layers": {"inside": False, "cand": True},
    "tools": [["inside", "inside the loop"], ["candidate", "candidate cell"]],
    "layer_tools": {"inside": "inside", "candidate": "cand"}, "outline": "inside",
    "typed": [["^[cC]$", {"set": "candidate"}], ["^ $", {"set": "inside"}]],
    "keys": "Arrows move; Space toggles inside; c toggles candidate.",
}

#: candidate cells up to which a page also counts the good and the minimal hint sets
#: (through H: a 6x6 loop with every cell a candidate takes 15-28 s); past them the
#: minimum and the hardest lists take the route without H and the counts say
#: "not counted"
COUNTED_CELLS = 36
#: which hint sets a page lists
LISTS = {"minimum": "Minimum hint sets", "minimal": "Minimal hint sets",
         "hardest": "Hardest minimal hint sets"}


def _board(p: Puzzle) -> dict:
    return {"rows": p.rows, "cols": p.cols, "cells": p.grid()}


def _check_design(params: Params) -> Params:
    rows, cols, region = parse_loop_rows(params.get("loop"))
    broken = check_solution(Puzzle(rows, cols), outline(region))
    if broken:
        raise StudioError(f"loop: the outline of the # cells is not one loop ({broken[0].message}); "
                          "the # cells must form one area without holes, joined side to side")
    which = params.get("list") or "minimum"
    if which not in LISTS:
        raise StudioError(f"list must be one of {', '.join(LISTS)}")
    loop_text = "/".join("".join("#" if (r, c) in region else "." for c in range(cols))
                         for r in range(rows))
    out = {"loop": loop_text, "candidates": None, "list": which, **page(params)}
    if params.get("candidates"):
        grid = rows_grid(params["candidates"], "candidates", "x#.")
        if (len(grid), len(grid[0])) != (rows, cols):
            raise StudioError(f"candidates: expected {rows} rows of {cols} cells like the loop")
        out["candidates"] = "/".join(grid)
    return out


def _run_design(params: Params, progress: Callable) -> dict:
    """Good, minimal, minimum or hardest hint sets of the loop by the route
    ``route.answer`` chooses: every count up to ``COUNTED_CELLS`` candidate cells (the
    whole H), past them the minimum or the hardest without H (the good and minimal ones
    not counted); one page of the listed ones, hardest first."""
    rows, cols, region = parse_loop_rows(params["loop"])
    loop = outline(region)
    cand = cells_of(params["candidates"].split("/"), "x#") if params["candidates"] else None
    which, offset, limit = params["list"], params["offset"], params["limit"]
    if (len(cand) if cand is not None else rows * cols) <= COUNTED_CELLS:
        asked = ("good", "minimal", "minimum")
    else:
        asked = {"minimum": ("minimum",), "minimal": ("minimal", "minimum"),
                 "hardest": ("minimum", "hardest")}[which]
    # one more of the hardest than the page shows: whether a next page exists
    A = route.answer((rows, cols), loop, asked, candidates=cand, count=offset + limit + 1,
                     progress=progress)
    with reporter(progress) as report:
        minimal = A.minimal
        if minimal is None and A.good is not None:
            report.stage("minimal hint sets")
            minimal = design.minimal(A.good, progress=report)
        report.stage("ranking by difficulty")
        least = A.minimum
        if which == "hardest" and minimal is None:  # without H: as many as asked for
            ranked = iter(A.hardest[offset:offset + limit])
            total, at_least = offset + min(limit + 1, len(A.hardest) - offset), \
                len(A.hardest) > offset + limit
        else:
            listed = least if which == "minimum" else minimal  # the hardest: minimal ones
            ranked = itertools.islice(design.rank_by_difficulty(listed, loop), offset,
                                      offset + limit)
            total, at_least = listed.count(), False
        h = design.loop_hints(loop, rows, cols)
        shown = [(Puzzle(rows, cols, {E: h[E] for E in S}), len(S), list(key)) for S, key in ranked]
    sizes = least.by_size()
    size = f" with {min(sizes)} hints" if sizes and which == "minimum" else ""
    unknown = "not counted (route without H)"
    return {"rows": rows, "cols": cols, "route": A.route,
            "counts": {"good": count(A.good.count()) if A.good is not None else unknown,
                       "minimal": count(minimal.count()) if minimal is not None else unknown,
                       "minimum": count(least.count())},
            "minimum_size": min(sizes) if sizes else None,
            "loop_svg": Puzzle(rows, cols).render(loop, fmt="svg"),
            "total": count(max(total, 0)), "at_least": at_least, "unit": "hints",
            "offset": offset,
            "caption": f"{LISTS[which]}{size}, hardest first (4s, 0s, 3s, 1s, 2s)",
            "instances": listing(shown, offset)}


VIEW = {
    "title": "Slitherlink",
    "sections": [{
        "heading": "Draw a loop",
        "fields": [*size_fields("", 1, 30, 5, 7)],
        "editor": LOOP_EDITOR,
        "buttons": [{"id": "new", "label": "New board", "action": "new"}],
    }, {
        "heading": "",
        "fields": [{"id": "list", "label": "list", "type": "select",
                    "options": [[k, v.lower()] for k, v in LISTS.items()]}],
        "buttons": [{"id": "all-candidates", "label": "All cells candidates", "action": "fill",
                     "layer": "cand"},
                    {"id": "compute", "label": "Count hint sets", "primary": True,
                     "task": "design", "show": "listing",
                     "params": {"loop": "layer:inside", "candidates": "layer-unless-full:cand:x",
                                "list": "field:list"}}],
    }],
    "counts": [["good", "good"], ["minimal", "minimal"], ["minimum", "minimum"]],
    "query": {"loop": {"load": "layer:inside", "then": "compute"}},
}


PART = StudioPart(editor=EDITOR, to_board=_board,
                  from_board=lambda board: Puzzle.from_grid(cells_grid(board)),
                  tasks={"design": Task(_check_design, _run_design)}, view=VIEW)
