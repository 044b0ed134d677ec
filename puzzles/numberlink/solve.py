"""Solving Numberlink to a ZDD of all solutions (Yoshinaka et al. 2012, Algorithm 2).

The solutions of a board are the path matchings of its grid graph with the clue
pairs as prescribed terminal pairs (``Graph.path_matchings(pairs=...)``);
``cover=True`` (every cell used: arukone, and the paper's Remark 7) adds the
covering condition.  Each board keeps its graph and solved families in a cache
shared by equal boards alive at the same time, and boards of one shape whose
frontier starts on the same side share one graph (building a graph and its
universe costs more than solving a small board), so their families can be
compared with ``==``.  The sweep starts on the side of the clues
(``board.clue_sweep``): on published 11x11-13x13 boards the best of the four
sides is up to 15x faster than the worst, and the clue side is the best or
close to it (docs/performance.md).
"""
from __future__ import annotations

import weakref
from functools import lru_cache

import zalg

from ..board import clue_sweep
from .deduce import deduce
from .logic import Contradiction

__all__ = ["board_graph", "solve"]


class _SolverCache(dict):
    """Graph and solution families of one board (a dict that can be weakly referenced)."""


_SHARED: "weakref.WeakValueDictionary[tuple, _SolverCache]" = weakref.WeakValueDictionary()


@lru_cache(maxsize=16)
def _grid(rows: int, cols: int, sweep: str) -> "zalg.Graph":
    """The board graph of a shape swept from one side, shared by all such boards."""
    return zalg.grid(rows, cols, order=sweep)


def _cache(p) -> _SolverCache:
    """The board's cache, kept on the instance (so ``p.graph()`` never changes during
    ``p``'s life) and shared with every equal board alive at the same time."""
    entry = p.__dict__.get("_solver_cache")
    if entry is None:
        key = (p.rows, p.cols, frozenset(p.pairs.items()), p.variant, p.flags)
        entry = _SHARED.get(key)
        if entry is None:
            terminals = [cell for pair in p.pairs.values() for cell in pair]
            sweep = clue_sweep(p.rows, p.cols, terminals)
            entry = _SolverCache(graph=_grid(p.rows, p.cols, sweep))
            _SHARED[key] = entry
        object.__setattr__(p, "_solver_cache", entry)
    return entry


def board_graph(p) -> "zalg.Graph":
    """The graph of the board's shape, swept from the side of its clues (the universe
    of ``solve``'s families: see the module docstring)."""
    return _cache(p)["graph"]


def solve(p, cover: bool = False, method: str = "frontier") -> "zalg.Family":
    """Every solution of board p as a family of edge sets (cached per cover and method).

    Both methods first fix the edges that sound rules decide (``deduce.deduce``:
    propagation, reachability and cut cells; probing costs seconds on large boards
    and found nothing more on the published ones, docs/performance.md); the frontier
    method then sweeps from the side of the clues, the algebraic one (``method="algebra"``, the
    mate-ZDD) adds edge by edge; the family lives in ``board_graph(p)``'s universe."""
    cache = _cache(p)
    key = ("solve", bool(cover), method)
    family = cache.get(key)
    if family is None:
        family = _solve(p, cache, bool(cover), method)
        cache[key] = family
    return family


def _solve(p, cache, cover: bool, method: str) -> "zalg.Family":
    G = cache["graph"]
    if not p.pairs:
        return G.universe.empty
    pairs = [p.pairs[label] for label in p.labels()]
    try:
        fixed = deduce(p.rows, p.cols, p.pairs, G.edges, cover=cover, probe=False)
    except Contradiction:
        return G.universe.empty
    return G.path_matchings(pairs=pairs, cover=cover, fixed=fixed, method=method)
