"""The studio's jobs: what a worker process computes for the page.

Each task has two halves.  ``check(params)`` runs in the server before any work
starts: it validates the request (types, ranges, board sizes, parsing) and returns
the normalised parameters, or raises :class:`StudioError` (HTTP 4xx).  ``run(params,
progress)`` runs in a worker process (``puzzles.studio.jobs``) and returns a JSON
object; ``progress(stage, done, total)`` is the library's progress callback
(``zalg.progress``).  Counts are sent as decimal strings: they are exact at any size,
and JavaScript numbers are not.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from zalg.progress import reporter

from .. import nagareru, numberlink, nurimeizu, slitherlink
from ..common.solving import Solutions
from .boards import (StudioError, cells_of, check_side, describe, from_board, genre_module,
                     parse_loop_rows, read_source, rows_grid)

__all__ = ["Task", "TASKS", "check", "run"]

Params = dict[str, Any]
#: the most members one page of a design result lists
MAX_LIMIT = 200


@dataclass(frozen=True)
class Task:
    """A job the page can start: its request check and its work."""

    check: Callable[[Params], Params]
    run: Callable[[Params, Callable], dict]


def check(name: object, params: object) -> Params:
    """The normalised parameters of task ``name`` (StudioError when the request is bad)."""
    if not isinstance(name, str) or name not in TASKS:
        raise StudioError(f"task must be one of {', '.join(TASKS)}")
    if not isinstance(params, dict):
        raise StudioError("params must be an object")
    return TASKS[name].check(params)


def run(name: str, params: Params, progress: Callable) -> dict:
    """Task ``name``'s result for parameters that passed :func:`check`."""
    return TASKS[name].run(params, progress)


# ---- parameters ----------------------------------------------------------------------

def _int(params: Params, key: str, lo: int, hi: int, default: int | None = None) -> int | None:
    v = params.get(key, default)
    if v is None or v == "":
        return default
    if isinstance(v, str) and v.strip().lstrip("-").isdigit() and len(v) < 20:
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise StudioError(f"{key} must be an integer from {lo} to {hi}, got {str(v)[:30]!r}")
    return v


def _size(params: Params, limit: int) -> tuple[int, int]:
    return check_side(_int(params, "rows", 1, limit), _int(params, "cols", 1, limit), "board",
                      limit)


def _page(params: Params) -> Params:
    return {"offset": _int(params, "offset", 0, 10 ** 6, 0), "limit": _int(params, "limit", 1, MAX_LIMIT, 20)}


def _puzzle_params(params: Params, genre: str | None = None) -> Params:
    """``{"genre", "url"}`` of the puzzle a request gives as ``source`` (URL or file
    text) or ``board`` (editor JSON)."""
    if params.get("board") is not None:
        module, p = from_board(genre or params.get("genre"), params["board"])
    else:
        module, p = read_source(params.get("source"), genre or params.get("genre"))
    if genre and module.NAME != genre:
        raise StudioError(f"this is a {module.NAME} puzzle, not {genre}")
    return {"genre": module.NAME, "url": p.to_url()}


def _puzzle(params: Params):
    module = genre_module(params["genre"])
    return module, module.Puzzle.from_url(params["url"])


def _count(n: int) -> str:
    return str(n)


def _listing(puzzles, offset: int) -> list[dict]:
    return [{"index": offset + i, "url": q.to_url(), "size": size, "key": key}
            for i, (q, size, key) in enumerate(puzzles, 1)]


# ---- solve ---------------------------------------------------------------------------

def _check_solve(params: Params) -> Params:
    out = _puzzle_params(params)
    out["cover"] = bool(params.get("cover")) and out["genre"] == "numberlink"
    return out


def _run_solve(params: Params, progress: Callable) -> dict:
    module, p = _puzzle(params)
    if module.NAME == "numberlink":
        cover = params["cover"] or p.requires_cover
        with reporter(progress) as report:
            with report.waiting(f"numberlink: solving {p.rows}x{p.cols}"):
                family = p.solve(cover)
    else:
        family = p.solve(progress=progress)
    view = Solutions(p, family)
    n = view.count()
    result = describe(module, p)
    result.update(count=_count(n), unique=n == 1, differences=view.differences_line(),
                  differ=len(view.undecided()) if n > 1 else 0,
                  solution_svg=view.render("svg") if n else None)
    return result


# ---- Slitherlink: every good hint set of a loop --------------------------------------

def _check_slitherlink(params: Params) -> Params:
    rows, cols, region = parse_loop_rows(params.get("loop"))
    broken = slitherlink.check_solution(slitherlink.Puzzle(rows, cols), slitherlink.outline(region))
    if broken:
        raise StudioError(f"loop: the outline of the # cells is not one loop ({broken[0].message}); "
                          "the # cells must form one area without holes, joined side to side")
    loop_text = "/".join("".join("#" if (r, c) in region else "." for c in range(cols))
                         for r in range(rows))
    out = {"loop": loop_text, "candidates": None, **_page(params)}
    if params.get("candidates"):
        grid = rows_grid(params["candidates"], "candidates", "x#.")
        if (len(grid), len(grid[0])) != (rows, cols):
            raise StudioError(f"candidates: expected {rows} rows of {cols} cells like the loop")
        out["candidates"] = "/".join(grid)
    return out


def _run_slitherlink(params: Params, progress: Callable) -> dict:
    rows, cols, region = parse_loop_rows(params["loop"])
    loop = slitherlink.outline(region)
    cand = None
    if params["candidates"]:
        cand = cells_of(params["candidates"].split("/"), "x#")
    good = slitherlink.instances((rows, cols), loop, candidates=cand, progress=progress)
    with reporter(progress) as report:
        report.stage("minimal hint sets")
        minimal = good.minimal()
        report.stage("minimum hint sets")
        least = slitherlink.minimum(good)
        report.stage("ranking by difficulty")
        h = slitherlink.loop_hints(loop, rows, cols)
        offset, limit = params["offset"], params["limit"]
        ranked = itertools.islice(slitherlink.rank_by_difficulty(least, loop), offset, offset + limit)
        page = [(slitherlink.Puzzle(rows, cols, {E: h[E] for E in S}), len(S), list(key))
                for S, key in ranked]
    sizes = least.by_size()
    blank = slitherlink.Puzzle(rows, cols)
    return {"rows": rows, "cols": cols, "good": _count(good.count()),
            "minimal": _count(minimal.count()), "minimum": _count(least.count()),
            "minimum_size": min(sizes) if sizes else None,
            "loop_svg": blank.render(loop, fmt="svg"), "offset": offset,
            "instances": _listing(page, offset)}


# ---- Numberlink: every good instance of a grid ---------------------------------------

def _check_numberlink_instances(params: Params) -> Params:
    rows, cols = _size(params, 8)
    return {"rows": rows, "cols": cols, "max_pairs": _int(params, "max_pairs", 0, 64),
            "minimum": bool(params.get("minimum")), "seed": _int(params, "seed", 0, 2 ** 63 - 1, 0),
            **_page(params)}


def _run_numberlink_instances(params: Params, progress: Callable) -> dict:
    rows, cols = params["rows"], params["cols"]
    good = numberlink.good_instances(rows, cols, max_pairs=params["max_pairs"], progress=progress)
    sizes = good.by_size()
    least = numberlink.minimum_instances(good)
    shown = least if params["minimum"] else good
    offset, limit = params["offset"], params["limit"]
    page = [(numberlink.to_puzzle(rows, cols, m), len(m), None)
            for m in itertools.islice(shown, offset, offset + limit)]
    pick = good.sample(1, seed=params["seed"]) if good else []
    return {"rows": rows, "cols": cols, "good": _count(good.count()),
            "by_size": [[k, _count(sizes[k])] for k in sorted(sizes)],
            "minimum": _count(least.count()), "minimum_size": min(sizes) if sizes else None,
            "offset": offset, "instances": _listing(page, offset),
            "random": _listing([(numberlink.to_puzzle(rows, cols, m), len(m), None)
                                for m in pick], 0)}


def _check_generate(params: Params, limit: int) -> Params:
    rows, cols = _size(params, limit)
    seed = _int(params, "seed", 0, 2 ** 63 - 1)
    return {"rows": rows, "cols": cols,
            "seed": random.randrange(2 ** 32) if seed is None else seed}


def _generated(module, p, seed: int, **extra) -> dict:
    result = describe(module, p)
    result.update(seed=seed, solution_svg=p.render(p.solution(), fmt="svg"), **extra)
    return result


def _check_numberlink_generate(params: Params) -> Params:
    out = _check_generate(params, 30)
    out["pairs"] = _int(params, "pairs", 1, 450)
    return out


def _run_numberlink_generate(params: Params, progress: Callable) -> dict:
    p = numberlink.random_instance(params["rows"], params["cols"], pairs=params["pairs"],
                                   seed=params["seed"], progress=progress)
    return _generated(numberlink, p, params["seed"], pairs=len(p.pairs))


# ---- Nagareru: interesting instances, minimal clue sets ------------------------------

def _check_nagareru_generate(params: Params) -> Params:
    out = _check_generate(params, 20)
    if min(out["rows"], out["cols"]) < 2:
        raise StudioError("nagareru: a board needs at least 2x2 cells")
    white = _int(params, "white", 0, 100)
    out.update(white=None if white is None else white / 100,
               spread=_int(params, "spread", 0, 100, 2),
               min_length=_int(params, "min_length", 4, 10 ** 4, 4),
               max_length=_int(params, "max_length", 4, 10 ** 4))
    if out["max_length"] is not None and out["max_length"] < out["min_length"]:
        raise StudioError("max_length is below min_length")
    return out


def _run_nagareru_generate(params: Params, progress: Callable) -> dict:
    stats: dict = {}
    p = nagareru.generate(params["rows"], params["cols"], seed=params["seed"],
                          white=params["white"], spread=params["spread"],
                          min_length=params["min_length"], max_length=params["max_length"],
                          stats=stats, progress=progress)
    return _generated(nagareru, p, params["seed"], arrows=len(p.arrows()), fans=len(p.fans()),
                      solver_runs=stats.get("solves", 0))


def _check_reduce(genre: str) -> Callable[[Params], Params]:
    def check_(params: Params) -> Params:
        return {**_puzzle_params(params, genre), **_page(params)}
    return check_


def _run_nagareru_reduce(params: Params, progress: Callable) -> dict:
    _, p = _puzzle(params)
    with reporter(progress) as report:
        with report.waiting("minimal clue sets"):
            reduced = nagareru.reduce(p)
    sizes = reduced.by_size()
    offset, limit = params["offset"], params["limit"]
    least = reduced.of_size(min(sizes)) if sizes else reduced
    page = [(nagareru.Puzzle(p.rows, p.cols, {c: p.cells[c] for c in K}), len(K), None)
            for K in itertools.islice(least, offset, offset + limit)]
    return {"clues": len(p.cells), "minimal": _count(reduced.count()),
            "by_size": [[k, _count(sizes[k])] for k in sorted(sizes)],
            "minimum": _count(least.count()) if sizes else "0", "offset": offset,
            "instances": _listing(page, offset)}


# ---- Nurimeizu: icon sets of a drawn maze --------------------------------------------

def _check_nurimeizu_icons(params: Params) -> Params:
    out = {**_puzzle_params(params, "nurimeizu"), **_page(params)}
    _, p = _puzzle(out)
    grid = rows_grid(params.get("black"), "black", "#.")
    if (len(grid), len(grid[0])) != (p.rows, p.cols):
        raise StudioError(f"black: expected {p.rows} rows of {p.cols} cells like the board")
    out["black"] = [list(x) for x in cells_of(grid, "#")]
    return out


def _run_nurimeizu_icons(params: Params, progress: Callable) -> dict:
    _, p = _puzzle(params)
    bare = nurimeizu.Puzzle(p.rows, p.cols, p.rooms,
                            {x: i for x, i in p.icons.items() if i in "SG"})
    good = nurimeizu.icon_sets(bare, [tuple(x) for x in params["black"]], progress=progress)
    sizes = good.by_size()
    least = nurimeizu.minimum_icon_sets(good)
    offset, limit = params["offset"], params["limit"]
    page = []
    for K in itertools.islice(least, offset, offset + limit):
        icons = dict(bare.icons)
        icons.update(dict(K))
        page.append((nurimeizu.Puzzle(p.rows, p.cols, p.rooms, icons), len(K), None))
    return {"good": _count(good.count()), "minimal": _count(good.minimal().count()),
            "minimum": _count(least.count()), "minimum_size": min(sizes) if sizes else None,
            "offset": offset, "instances": _listing(page, offset)}


def _check_nurimeizu_generate(params: Params) -> Params:
    out = _check_generate(params, 20)
    if min(out["rows"], out["cols"]) < 2:
        raise StudioError("nurimeizu: a board needs at least 2x2 cells")
    out["largest_room"] = _int(params, "largest_room", 1, 64, 4)
    return out


def _run_nurimeizu_generate(params: Params, progress: Callable) -> dict:
    p = nurimeizu.generate(params["rows"], params["cols"], seed=params["seed"],
                           largest_room=params["largest_room"], progress=progress)
    black = p.solution()
    return _generated(nurimeizu, p, params["seed"], rooms=p.nrooms,
                      black="/".join("".join("#" if (r, c) in black else "." for c in range(p.cols))
                                     for r in range(p.rows)))


TASKS: dict[str, Task] = {
    "solve": Task(_check_solve, _run_solve),
    "slitherlink.design": Task(_check_slitherlink, _run_slitherlink),
    "numberlink.instances": Task(_check_numberlink_instances, _run_numberlink_instances),
    "numberlink.generate": Task(_check_numberlink_generate, _run_numberlink_generate),
    "nagareru.generate": Task(_check_nagareru_generate, _run_nagareru_generate),
    "nagareru.reduce": Task(_check_reduce("nagareru"), _run_nagareru_reduce),
    "nurimeizu.icons": Task(_check_nurimeizu_icons, _run_nurimeizu_icons),
    "nurimeizu.generate": Task(_check_nurimeizu_generate, _run_nurimeizu_generate),
}
