"""Solving Rooks (the tests' toy genre) with the family algebra: every solution as a ZDD.

The solutions of a board are ``P(free cells) ∩ ⋂_lines exactly(1, line)``: the sets of
free cells with exactly one cell in every row and in every column."""
from __future__ import annotations

from functools import lru_cache

import zalg
from zalg.progress import Progress, reporter

__all__ = ["board_universe", "solve"]


@lru_cache(maxsize=8)
def board_universe(rows: int, cols: int) -> zalg.Universe:
    """The cells of a rows x cols board, row-major (one universe per shape)."""
    return zalg.Universe([(r, c) for r in range(rows) for c in range(cols)])


def solve(p, *, progress: Progress = None) -> zalg.Family:
    """Every solution of board p: the family of the rooks' cell sets."""
    U = board_universe(p.rows, p.cols)
    lines = p.lines()
    with reporter(progress) as report:
        report.stage("rows and columns", total=len(lines))
        F = U.power_set(p.free_cells())
        for k, line in enumerate(lines):
            F = F & U.exactly(1, line)
            report.update(k + 1)
    return F
