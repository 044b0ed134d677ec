"""Pairs in adjacent cells, which puzzle fans count as giveaways, and reworking a drawing
so that it has none.

In a good instance a pair in adjacent cells is always joined by the edge between
them (any longer path could be swapped for that edge: a second solution), so the
pairs in adjacent cells of a drawing (a covering path matching) are its paths of
one edge.  :func:`reworked` absorbs each such path into a neighbouring one, as
long as the puzzle stays unique:

* the end x of a one-edge path x-y next to an end c of another path: the edge x-c
  joins them (one pair fewer);
* x next to an inner cell c of another path c1-...-c-c2-...: the edge c-c1 is
  cut and x-c added, so that path's part through c continues to y, and its part
  from c1 becomes a path of its own (the same number of pairs) -- when that part
  has at least two edges, so that no new one-edge path appears.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

from ..common.board import make_edge, neighbours

__all__ = ["adjacent_pairs", "one_edge_paths", "reworked"]

Edge = tuple


def adjacent_pairs(pairs) -> list[tuple]:
    """The pairs (of a board's ``pairs``: label -> (a, b)) whose two cells are adjacent."""
    return [(a, b) for a, b in pairs if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]


def one_edge_paths(edges) -> list[Edge]:
    """The paths of one edge in a set of disjoint paths (sorted)."""
    degree = Counter(v for e in edges for v in e)
    return sorted(e for e in edges if degree[e[0]] == 1 and degree[e[1]] == 1)


def _walk(adjacent: dict, start, away_from) -> int:
    """The number of cells from ``start`` to the end of its path, going away from
    ``away_from`` (``start`` included)."""
    count, previous, cell = 1, away_from, start
    while True:
        nxt = [v for v in adjacent[cell] if v != previous]
        if not nxt:
            return count
        previous, cell = cell, nxt[0]
        count += 1


def _moves(edges: frozenset, path: Edge, rows: int, cols: int,
           join: bool = True) -> Iterator[frozenset]:
    """The drawings that absorb the one-edge ``path`` into a neighbouring path (see the
    module), none of them with a new one-edge path (``join``: also those that join it
    to a path end, one pair fewer)."""
    adjacent: dict = {}
    for a, b in edges:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    for x in path:
        for c in neighbours(x, rows, cols):
            if c in path:
                continue
            link = make_edge(x, c)
            if len(adjacent[c]) == 1:
                if join:
                    yield edges | {link}
                continue
            for c1 in adjacent[c]:
                if _walk(adjacent, c1, c) >= 3:
                    yield (edges - {make_edge(c, c1)}) | {link}


def reworked(edges: frozenset, rows: int, cols: int, unique: Callable[[frozenset], bool],
             rng: random.Random, join: bool = True) -> frozenset | None:
    """A drawing without one-edge paths reached from ``edges`` by moves that keep
    ``unique(drawing)`` (the puzzle of its path ends has one solution), tried in
    random order; None when a one-edge path is left that no such move absorbs.
    ``join=False``: only the moves that keep the number of paths."""
    edges = frozenset(edges)
    while True:
        paths = one_edge_paths(edges)
        if not paths:
            return edges
        rng.shuffle(paths)
        moved = None
        for path in paths:
            moves = list(_moves(edges, path, rows, cols, join))
            rng.shuffle(moves)
            moved = next((m for m in moves if unique(m)), None)
            if moved is not None:
                break
        if moved is None:
            return None
        edges = moved
