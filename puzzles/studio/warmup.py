"""Warm start for job workers: the forkserver of ``puzzles.studio.jobs`` imports this
module once, and every worker is forked from it.

Importing it solves each genre's smallest example board and runs each genre's tiny
design warm-up (its studio part's ``warm``), so that numba's compiled kernels are
loaded (from its on-disk cache) before the fork instead of in every worker: a small job
then ends in milliseconds rather than the tenths of a second those loads take.  Nothing
else imports it.
"""
from __future__ import annotations

from ..common import genre as G

__all__ = ["warm"]


def warm() -> None:
    """Solve one small board per genre and run its design warm-up (results discarded)."""
    for module in G.genres():
        module.Puzzle.from_url(module.EXAMPLES[-1]).count()
        part = G.studio_part(module.NAME)
        if part.warm is not None:
            part.warm()


warm()
