"""Solving Yajilin to a ZDD of all solutions, by the family algebra on the loop family.

One universe per board shape (``universe``): the grid's edges X (``board_graph``, ordered
across the narrow side) and one element per cell (shaded; for a clue cell, which is never
shaded, the designer's "number shown"), each cell just after the last of its edges.  With
F the free cells (no clue), E(v) the edges at v between free cells, G_F the grid graph on
F and C its single cycles (``Graph.cycles``) with the empty loop added, the solutions are

    S₀ = C ∩ ⋂_{u ~ v in F} at_least(1, E(u) ∪ E(v))         (no two adjacent cells off the loop)
    S₁ = S₀ with each v ∈ F added to the members that miss E(v):
         S ← (S ∩ at_least(1, E(v))) ∪ ((S − at_least(1, E(v))) ⊔ {{v}})
    S  = S₁ ∩ ⋂_{clues (d, n)} exactly(n, ray(d) ∩ F)          (the clues' counts)

so a member is the loop's edges and the shaded cells: the free cells off the loop.  A
number without an arrow admits no answer (pzprjs's ``anNoArrow``): S = ∅.  ``base``
gives S₁ (every clue blank), the designer's starting family.
"""
from __future__ import annotations

import zalg
from zalg.progress import Progress, reporter

from ..common.caches import cached

__all__ = ["board_graph", "universe", "free_edges", "base", "clue_family", "solve"]

METHODS = ("algebra",)


@cached(maxsize=32)
def board_graph(rows: int, cols: int) -> zalg.Graph:
    """The grid of cells, edges ordered across the narrow side (one graph per shape)."""
    return zalg.grid(rows, cols, order="narrow")


@cached(maxsize=32)
def universe(rows: int, cols: int) -> zalg.Universe:
    """The board's edges in ``board_graph`` order with each cell placed just after the last
    of its edges."""
    edges = board_graph(rows, cols).edges
    last: dict = {}
    for i, (a, b) in enumerate(edges):
        last[a] = last[b] = i
    after: dict[int, list] = {}
    for cell in ((r, c) for r in range(rows) for c in range(cols)):
        after.setdefault(last.get(cell, -1), []).append(cell)
    elements = list(after.get(-1, []))
    for i, e in enumerate(edges):
        elements.append(e)
        elements.extend(after.get(i, []))
    return zalg.Universe(elements)


def free_edges(p) -> list:
    """The edges between two free cells, in ``board_graph`` order."""
    return [e for e in board_graph(p.rows, p.cols).edges if e[0] not in p.clues and e[1] not in p.clues]


def _cycles(p, report) -> zalg.Family:
    """C: the single cycles of the grid graph on the free cells, and the empty loop."""
    U = universe(p.rows, p.cols)
    edges = free_edges(p)
    if not edges:
        return U.unit
    C = zalg.Graph(edges).cycles(progress=report)
    return U.adopt(C) | U.unit


def base(p, progress: Progress = None) -> zalg.Family:
    """S₁: every loop of the free cells with the free cells off it shaded, no two shaded
    cells adjacent (the clues' numbers ignored)."""
    U = universe(p.rows, p.cols)
    edges = set(free_edges(p))
    at = {v: [e for e in p.cell_edges(v) if e in edges] for v in p.free_cells()}
    with reporter(progress) as report:
        report.stage("yajilin: single cycles")
        F = _cycles(p, report)
        pairs = [(u, e[1]) for u in at for e in p.cell_edges(u) if e[0] == u and e[1] in at]
        report.stage("yajilin: no adjacent shaded cells", total=len(pairs) + len(at))
        for k, (u, v) in enumerate(pairs):
            F = F & U.at_least(1, at[u] + at[v])
            report.update(k + 1)
        for k, (v, near) in enumerate(at.items()):
            A = U.at_least(1, near)
            F = (F & A) | ((F - A) * U.single(v))
            report.update(len(pairs) + k + 1)
    return F


def clue_family(p, cell) -> zalg.Family:
    """The sets of the universe whose shaded cells keep the clue at ``cell`` (its number of
    shaded free cells along its arrow)."""
    cells, n = p.counted()[cell]
    return universe(p.rows, p.cols).exactly(n, cells)


def solve(p, method: str = "algebra", *, progress: Progress = None) -> zalg.Family:
    """Every solution of board p: a family of sets of edges and shaded cells over
    ``universe(p.rows, p.cols)`` (see the module for the formula)."""
    if method not in METHODS:
        raise ValueError(f"yajilin: unknown method {method!r}: one of {', '.join(METHODS)}")
    U = universe(p.rows, p.cols)
    if any(not d and n is not None for d, n in p.clues.values()):
        return U.empty
    counted = p.counted()
    with reporter(progress) as report:
        F = base(p, progress=report)
        report.stage("yajilin: the clues", total=len(counted))
        for k, cell in enumerate(counted):
            F = F & clue_family(p, cell)
            report.update(k + 1)
    return F
