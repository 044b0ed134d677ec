"""The route of a Masyu designer's question about a drawn loop: through H, or without it.

A designer asks for every good pearl set ("good"), the minimal ones ("minimal") or the
ones of fewest pearls ("minimum").  "good" and "minimal" need H (``design.instances``):
the whole route.  "minimum" takes the route without H (``design.minimum_lazy``,
violation sets learned from the solver): on loops through every cell it answers 8x8
6-13 times faster than H and 10x10 in seconds where H did not finish in 25 minutes,
and 6x6 within 1 s either way (docs/masyu.md).  The solver's cost grows with the
minimum sets, H's with the board's loops, so the rule needs no trial.  One progress
line says which route was taken, and :class:`Answer` records it.
"""

from __future__ import annotations

from dataclasses import dataclass

import zalg
from zalg.progress import Progress, reporter

from . import design

__all__ = ["QUESTIONS", "ROUTES", "Answer", "answer", "choose"]

#: the questions a designer asks of a loop
QUESTIONS = ("good", "minimal", "minimum")
#: the routes: through the whole H, or without it
ROUTES = ("whole", "lazy")


@dataclass
class Answer:
    """A designer's answer and the route that gave it.  ``good`` and ``minimal`` come
    only from the whole route (``good`` is H); ``minimum`` for the question "minimum"."""
    question: str
    route: str
    why: str
    good: zalg.Family | None = None
    minimal: zalg.Family | None = None
    minimum: zalg.Family | None = None


def choose(question: str) -> tuple[str, str]:
    """(route, why) for one of ``QUESTIONS``."""
    if question not in QUESTIONS:
        raise ValueError(f"question: one of {', '.join(QUESTIONS)}, got {question!r}")
    if question == "minimum":
        return "lazy", "the minimum alone needs no H"
    return "whole", f"only H answers '{question}'"


def answer(loop, rows: int, cols: int, question: str = "minimum", cells=None,
           route: str = "auto", progress: Progress = None) -> Answer:
    """The answer to ``question`` about ``loop`` with pearls on ``cells`` (every cell
    the loop admits one on when None), by the route :func:`choose` picks
    (``route="auto"``) or the one given ("whole" or "lazy").  Every family is over
    ``design.instance_universe(rows, cols)``; both routes give the same minimum."""
    picked, why = choose(question)
    if route not in ("auto", *ROUTES):
        raise ValueError(f"route: 'auto', 'whole' or 'lazy', got {route!r}")
    if route != "auto":
        if route == "lazy" and picked == "whole":
            raise ValueError("the route without H answers 'minimum' only")
        picked, why = route, "as asked"
    with reporter(progress) as report:
        if picked == "lazy":
            report.note(f"route: without H, violation sets learned on demand ({why})")
            least = design.minimum_lazy(loop, rows, cols, cells, progress=report)
            return Answer(question, "lazy", why, minimum=least)
        report.note(f"route: the whole H ({why})")
        H = design.instances(loop, rows, cols, cells, progress=report)
        out = Answer(question, "whole", why, good=H)
        if question == "minimal":
            out.minimal = design.minimal(H, progress=report)
        if question == "minimum":  # the members of least size are minimal
            out.minimum = design.minimum(H)
        return out
