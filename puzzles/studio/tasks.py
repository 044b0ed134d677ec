"""The studio's jobs: what a worker process computes for the page.

Each task has two halves (``puzzles.common.studio_part.Task``).  ``check(params)`` runs in the
server before any work starts: it validates the request (types, ranges, board sizes,
parsing) and returns the normalised parameters, or raises :class:`StudioError` (HTTP
4xx).  ``run(params, progress)`` runs in a worker process (``puzzles.studio.jobs``) and
returns a JSON object; ``progress(stage, done, total)`` is the library's progress
callback (``zalg.progress``).  Counts are sent as decimal strings: they are exact at
any size, and JavaScript numbers are not.

The tasks are ``solve`` (any genre) and each registered genre's own design tasks,
named ``<genre>.<task>`` (its ``studio.py``).
"""
from __future__ import annotations

from collections.abc import Callable

from ..common import genre as G
from ..common.solving import Solutions
from ..common.studio_part import Params, StudioError, Task, count
from .boards import describe, genre_module, part_of, puzzle_params

__all__ = ["tasks", "check", "run"]


def check(name: object, params: object) -> Params:
    """The normalised parameters of task ``name`` (StudioError when the request is bad)."""
    known = tasks()
    if not isinstance(name, str) or name not in known:
        raise StudioError(f"task must be one of {', '.join(known)}")
    if not isinstance(params, dict):
        raise StudioError("params must be an object")
    return known[name].check(params)


def run(name: str, params: Params, progress: Callable) -> dict:
    """Task ``name``'s result for parameters that passed :func:`check`."""
    return tasks()[name].run(params, progress)


def tasks() -> dict[str, Task]:
    """Every task the page can start: ``solve`` and the genres' ``<genre>.<task>``."""
    found = {"solve": Task(_check_solve, _run_solve)}
    for name in G.names():
        found.update({f"{name}.{task}": t for task, t in part_of(name).tasks.items()})
    return found


def _check_solve(params: Params) -> Params:
    out = puzzle_params(params)
    fields = part_of(out["genre"]).solve_fields
    out["options"] = {f["id"]: bool(params.get(f["id"])) for f in fields}
    return out


def _run_solve(params: Params, progress: Callable) -> dict:
    """The board's count, whether it is unique, one solution and where solutions differ."""
    module = genre_module(params["genre"])
    part = part_of(module.NAME)
    p = module.Puzzle.from_url(params["url"])
    family = (part.solve(p, params["options"], progress) if part.solve
              else p.solve(progress=progress))
    view = Solutions(p, family)
    n = view.count()
    result = describe(module, p)
    result.update(count=count(n), unique=n == 1, differences=view.differences_line(),
                  differ=len(view.undecided()) if n > 1 else 0,
                  solution_svg=view.render("svg") if n else None)
    return result
