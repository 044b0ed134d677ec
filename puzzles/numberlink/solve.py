"""Solving Numberlink to a ZDD of all solutions (Yoshinaka et al. 2012, Algorithm 2).

The solutions of a board are the path matchings of its grid graph with the clue
pairs as prescribed terminal pairs (``Graph.path_matchings(pairs=...)``);
``cover=True`` (every cell used: arukone, and the paper's Remark 7) adds the
covering condition.  Boards of one shape whose frontier starts on the same side
share one graph (building a graph and its universe costs more than solving a
small board), so their families can be compared with ``==``; the front door
(``puzzle.Puzzle``) keeps its board's graph with its solutions.  The sweep starts
on the side of the clues (``board.clue_sweep``): on published 11x11-13x13 boards
the best of the four sides is up to 15x faster than the worst, and the clue side
is the best or close to it (docs/performance.md).
"""
from __future__ import annotations

import zalg
from zalg.progress import Progress

from ..common.board import clue_sweep
from ..common.caches import cached
from .deduce import deduce
from .logic import Contradiction

__all__ = ["board_graph", "solve", "QUICK_WIDTH", "MANY_LABELS"]

#: states per level under which the frontier sweep runs before any deduction: every
#: board with many short paths stays under it (at most 4,096 states on the generated
#: 10x10-20x15 boards, where the deductions cost 15-700 ms and the sweep 3-20 ms);
#: boards with few long paths pass it within 10-50 ms (docs/performance.md)
QUICK_WIDTH = 1 << 12

#: labels past which ``solve`` sweeps without the deductions: their cost grows with
#: labels x cells (a flood per label, a variable per cell and label) while the labels
#: keep the sweep narrow (measured, CPU s: 0.3-1.0 with 46-64 labels on the published
#: 25x32-35x48 boards, 2.3 / 9.9 / 24.6 with 99 / 164 / 207 labels on generated
#: 20x20-30x30 boards, whose covering sweep takes 0.05-0.6 s bare)
MANY_LABELS = 96


@cached(maxsize=16)
def _grid(rows: int, cols: int, sweep: str) -> zalg.Graph:
    """The board graph of a shape swept from one side, shared by all such boards."""
    return zalg.grid(rows, cols, order=sweep)


def board_graph(p) -> zalg.Graph:
    """The graph of the board's shape, swept from the side of its clues (the universe
    of ``solve``'s families: see the module docstring)."""
    terminals = [cell for pair in p.pairs.values() for cell in pair]
    return _grid(p.rows, p.cols, clue_sweep(p.rows, p.cols, terminals))


def solve(p, cover: bool = False, method: str = "frontier", *, progress: Progress = None,
          graph: zalg.Graph | None = None) -> zalg.Family:
    """Every solution of board p as a family of edge sets over ``graph``'s universe
    (default: :func:`board_graph`).

    The frontier method sweeps the bare board of more than ``MANY_LABELS`` labels
    without deductions; it sweeps any other with a width limit of ``QUICK_WIDTH``
    states first; past it, it fixes the edges that sound rules decide
    (``deduce.deduce``: propagation, reachability and cut cells; probing costs
    seconds on large boards and found nothing more on the published ones,
    docs/performance.md) and sweeps again from the side of the clues.  The algebraic
    method (``method="algebra"``, the mate-ZDD, edge by edge) always starts from the
    deductions.  The family is the same either way (deductions only drop edge sets
    that are no solution)."""
    G = board_graph(p) if graph is None else graph
    if not p.pairs:
        return G.universe.empty
    cover = bool(cover)
    pairs = [p.pairs[label] for label in p.labels()]

    def sweep(fixed, max_width=None):
        return G.path_matchings(pairs=pairs, cover=cover, fixed=fixed, method=method,
                                progress=progress, max_width=max_width)

    if method == "frontier":
        if len(pairs) > MANY_LABELS:  # the deductions would cost more than they save
            return sweep(None)
        try:  # boards with many short paths: the sweep is cheaper than the deductions
            return sweep(None, QUICK_WIDTH)
        except zalg.TooWide:
            pass
    try:
        fixed = deduce(p.rows, p.cols, p.pairs, G.edges, cover=cover, probe=False)
    except Contradiction:
        return G.universe.empty
    return sweep(fixed)
