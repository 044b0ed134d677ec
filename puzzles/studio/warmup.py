"""Warm start for job workers: the forkserver of ``puzzles.studio.jobs`` imports this
module once, and every worker is forked from it.

Importing it solves each genre's smallest example board and runs one tiny Slitherlink
design, so that numba's compiled kernels are loaded (from its on-disk cache) before
the fork instead of in every worker: a small job then ends in milliseconds rather
than the tenths of a second those loads take.  Nothing else imports it.
"""
from __future__ import annotations

from ..common import genre as G
from .. import slitherlink

__all__ = ["warm"]


def warm() -> None:
    """Solve one small board per genre and design one tiny loop (results discarded)."""
    for module in G.genres():
        module.Puzzle.from_url(module.EXAMPLES[-1]).count()
    loop = slitherlink.outline({(1, 1), (1, 2)})
    good = slitherlink.instances((3, 4), loop)
    good.minimal().count()
    next(slitherlink.rank_by_difficulty(slitherlink.minimum(good), loop), None)


warm()
