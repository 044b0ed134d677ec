"""Brute-force Nagareru reference: every simple cycle of the grid graph on the
non-black cells, kept when :func:`puzzles.nagareru.check_solution` finds nothing.

Cycles are enumerated by depth-first search, each exactly once: a cycle is grown
from its least cell ``s`` through cells greater than ``s`` only, and kept when it
closes back to ``s`` with its second cell less than its last (one of its two
travel directions). A branch is cut when the path's end can no longer reach ``s``
through unused cells. Meant for boards up to 5 x 5 (the blank 5 x 5 board has
9,349 cycles).
"""
from __future__ import annotations

from puzzles.nagareru import Puzzle, check_solution, make_edge

Cell = tuple[int, int]


def _neighbours(p: Puzzle) -> dict[Cell, list[Cell]]:
    white = set(p.white_cells())
    adj: dict[Cell, list[Cell]] = {}
    for v in sorted(white):
        r, c = v
        adj[v] = [x for x in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)) if x in white]
    return adj


def _can_return(adj: dict[Cell, list[Cell]], start: Cell, end: Cell, used: set[Cell]) -> bool:
    """Whether ``end`` reaches a neighbour of ``start`` through cells > start not in ``used``."""
    seen = {end}
    stack = [end]
    while stack:
        v = stack.pop()
        for x in adj[v]:
            if x == start:
                return True
            if x > start and x not in used and x not in seen:
                seen.add(x)
                stack.append(x)
    return False


def cycles(p: Puzzle) -> list[frozenset]:
    """Every simple cycle (length >= 4) of the grid graph on the non-black cells, as edge sets."""
    adj = _neighbours(p)
    out: list[frozenset] = []
    for start in adj:
        path = [start]
        used = {start}

        def grow(v: Cell) -> None:
            for x in adj[v]:
                if x == start:
                    if len(path) >= 4 and path[1] < path[-1]:
                        out.append(frozenset(make_edge(a, b) for a, b in zip(path, path[1:] + path[:1])))
                    continue
                if x < start or x in used:
                    continue
                path.append(x)
                used.add(x)
                if _can_return(adj, start, x, used):
                    grow(x)
                path.pop()
                used.discard(x)

        grow(start)
    return out


def solutions(p: Puzzle) -> set[frozenset]:
    """All solutions of ``p`` (edge sets) found by brute force."""
    return {cyc for cyc in cycles(p) if not check_solution(p, cyc)}


def count(p: Puzzle) -> int:
    """The number of solutions of ``p`` by brute force."""
    return len(solutions(p))
