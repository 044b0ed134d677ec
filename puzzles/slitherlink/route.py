"""The route a designer's question takes: through the whole family H, or without it.

A designer draws a loop C* and marks candidate cells Y, then asks one question:

* "good": H, every good hint set (``design.instances``);
* "minimal": the minimal members of H (``design.minimal``);
* "minimum": the members of H of fewest cells (``design.minimum``);
* "hardest": the k hardest minimal members by the paper's key
  (``design.rank_by_difficulty`` of the minimal ones).

Every route gives the same answer (the same sets); they differ in time and memory:

* "whole": the relation W swept from one side of the board (``design.SWEEPS``),
  H = hitting(W) top down (bottom up past the memory budget), then what the
  question asks of H.  The only route to "good" and "minimal".
* "lazy": ``lazy.LazyDesign``, violation sets learned on demand; H is never built.
  It answers "minimum" and "hardest".

:func:`answer` decides by the question: "good" and "minimal" take the whole
route, from the side of least work by a trial (W from each of the 8 sides and the
first ``TRIAL_LEVELS`` levels of its top-down H, ``design.sweep_trials``);
"minimum" and "hardest" asked alone take the route without H, faster on every
loop measured (4x4 to 8x8: 1x to 15x, the whole H not finishing on 7x7 and 8x8
loops; docs/performance.md).  One progress line says which route and side were
taken, and :class:`Answer` records them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import zalg
from zalg.progress import Progress, reporter

from ..common.solving import one_solution
from . import design
from .lazy import LazyDesign

__all__ = ["QUESTIONS", "ROUTES", "Answer", "answer", "choose", "reduce"]

#: the questions a designer asks of a loop
QUESTIONS = ("good", "minimal", "minimum", "hardest")
#: the routes: through the whole H, or without it
ROUTES = ("whole", "lazy")
#: the levels of the top-down H each side's trial builds
TRIAL_LEVELS = 12


@dataclass
class Answer:
    """A designer's answer and the route that gave it.  ``question``: the questions
    asked (``QUESTIONS``).  ``route``: "whole" or
    "lazy"; ``sweep``: the side W was swept from (``design.SWEEPS``; None on the route
    without H).  The families are those the route built: ``good`` and ``minimal`` only on
    the whole route; ``minimum`` for "minimum"; ``hardest``: (set, key) pairs, hardest
    first, for "hardest"."""
    question: tuple[str, ...]
    route: str
    sweep: int | None
    good: zalg.Family | None = None
    minimal: zalg.Family | None = None
    minimum: zalg.Family | None = None
    hardest: list = field(default_factory=list)
    why: str = ""


def _questions(question: str | Iterable[str]) -> tuple[str, ...]:
    """The questions asked (one name or several), checked."""
    asked = (question,) if isinstance(question, str) else tuple(question)
    for q in asked:
        if q not in QUESTIONS:
            raise ValueError(f"question: one of {', '.join(QUESTIONS)}, got {q!r}")
    if not asked:
        raise ValueError("no question asked")
    return asked


def choose(question: str | Iterable[str]) -> tuple[str, str]:
    """(route, why) for ``question`` (one of ``QUESTIONS`` or several)."""
    whole_only = [q for q in _questions(question) if q in ("good", "minimal")]
    if whole_only:
        return "whole", f"only H answers '{whole_only[0]}'"
    return "lazy", "the minimum and the hardest need no H"


def answer(puzzle_or_shape, cycle: Iterable, question: str | Iterable[str] = "minimum",
           candidates: Iterable | None = None, count: int = 10, route: str = "auto",
           sweep: int | str = "auto", method: str = "auto", multi: bool = False,
           progress: Progress = None) -> Answer:
    """The answer to a designer's ``question`` (one of ``QUESTIONS``, or several answered
    together) about ``cycle`` with hints
    on ``candidates`` (every cell when None), by the route :func:`choose` picks from the
    question (``route="auto"``), or by the one given ("whole" or "lazy"; ``sweep``: a
    side of ``design.SWEEPS`` for the whole route, "auto" by the trial of each side).
    ``count``: how many of the hardest.  ``method``: how H is built (``design.instances``;
    any but "auto" asks for the whole route).  ``progress``: see ``zalg.progress`` (one
    line names the route)."""
    rows, cols = design.board_shape(puzzle_or_shape)
    loop = design.checked_loop(rows, cols, cycle, multi)
    Y = design.candidate_cells(rows, cols, loop, candidates)
    if route not in ("auto", *ROUTES):
        raise ValueError(f"route: 'auto', 'whole' or 'lazy', got {route!r}")
    asked = _questions(question)
    if route == "lazy" and {"good", "minimal"} & set(asked):
        raise ValueError("the route without H answers 'minimum' and 'hardest' only")
    if sweep != "auto" and sweep not in range(len(design.SWEEPS)):
        raise ValueError(f"sweep: 'auto' or 0-{len(design.SWEEPS) - 1}, got {sweep!r}")
    with reporter(progress) as report:
        if route == "lazy":
            return _lazy(rows, cols, loop, Y, asked, count, multi, report, "as asked")
        if not Y or method == "literal":  # nothing to sweep, or the definition itself
            H = design.instances((rows, cols), loop, Y, method, multi, report)
            report.note("route: the whole H (no candidates)" if not Y else
                        "route: the whole H, by its definition (as asked)")
            return _whole(H, loop, asked, count, 0, report, "as asked")
        chosen, why = ("whole", "as asked") if route == "whole" else \
            ("whole", f"H built by method {method!r}") if method != "auto" else choose(asked)
        if chosen == "lazy":
            return _lazy(rows, cols, loop, Y, asked, count, multi, report, why)
        sides = range(len(design.SWEEPS)) if sweep == "auto" else [sweep]
        with report.waiting(f"choosing the side: {TRIAL_LEVELS} levels of H from "
                            f"{'each side' if len(sides) > 1 else 'the side asked'}"):
            W, k = _trials(rows, cols, loop, Y, multi, sides)
        report.note(f"route: the whole H, swept from the {design.SWEEPS[k]} ({why})")
        # S ⊆ Y meets viol(C') iff it meets C' ∪ viol(C') (design.instances)
        H = W.hitting(Y, method="bottomup" if method == "hitting" else method,
                      progress=report)
        return _whole(H, loop, asked, count, k, report, why)


def _trials(rows: int, cols: int, loop: frozenset, Y: list, multi: bool,
            sides) -> tuple[zalg.Family, int]:
    """(W, k) of the side of least trial work (``design.best_sweep``), one side's W
    alive at a time besides the best so far."""
    best = None
    for k in sides:
        [trial] = design.sweep_trials(rows, cols, loop, Y, multi, TRIAL_LEVELS, [k])
        if best is None or (sum(e for _, e in trial[2]), k) < (sum(e for _, e in best[2]),
                                                               best[0]):
            best = trial
        del trial
    W, k, _ = design.best_sweep([best], rows, cols)
    return W, k


def _whole(H: zalg.Family, loop: frozenset, question: tuple[str, ...], count: int, k: int, report,
           why: str) -> Answer:
    """The answer from H (swept from side k)."""
    out = Answer(question, "whole", k, good=H, why=why)
    if {"minimal", "hardest"} & set(question):
        out.minimal = design.minimal(H, progress=report)
    if "minimum" in question:  # the members of least size are minimal: from the smaller family
        out.minimum = design.minimum(out.minimal if out.minimal is not None else H)
    if "hardest" in question:
        ranked = design.rank_by_difficulty(out.minimal, loop)
        out.hardest = [pair for _, pair in zip(range(count), ranked)]
    return out


def _lazy(rows: int, cols: int, loop: frozenset, Y: list, question: tuple[str, ...], count: int,
          multi: bool, report, why: str) -> Answer:
    """The answer without H (``lazy.LazyDesign``)."""
    report.note(f"route: without H, violation sets learned on demand ({why})")
    lazy = LazyDesign((rows, cols), loop, Y, multi, report)
    out = Answer(question, "lazy", None, why=why)
    if "minimum" in question:  # first: its violation sets make the hardest cheaper
        out.minimum = lazy.minimum()
    if "hardest" in question:
        out.hardest = lazy.hardest(count)
    return out


def reduce(puzzle, progress: Progress = None) -> zalg.Family:
    """The minimal hint subsets of a uniquely solvable puzzle that keep it uniquely
    solvable (with the same solution): the "minimal" question (:func:`answer`) with the
    puzzle's hints as the candidates.  ``progress``: see ``zalg.progress`` (the solve,
    the route, the relation of other loops, the hitting sets, the minimal ones)."""
    with reporter(progress) as report:
        report.stage("solving the puzzle")
        loop = one_solution(puzzle, "reduce", report)
        return answer(puzzle, loop, "minimal", candidates=list(puzzle.hints),
                      progress=report).minimal
