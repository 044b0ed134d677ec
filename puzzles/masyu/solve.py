"""Solving Masyu to a ZDD of all solutions, by the family algebra.

Over the edges X of the cell grid (``board_graph``), with C the single cycles and, for
each pearl p of kind k, E_p its nearby edges (its sides and the edges one cell further
along them, ``model.local_edges``) and A_p the subsets of E_p that keep the pearl
(``model.local_patterns``), the solutions are

    S = C ∩ ⋂_p ( A_p ⊔ 2^(X − E_p) ) ∩ ⋂_p at_least(1, sides(p))

(``⊔`` the join: a member of the pearl's family is an allowed pattern of its edges
and anything elsewhere).  Every allowed pattern uses two sides of its pearl, so the
last factor (every pearl on the loop) is implied; ``method="algebra"`` writes it all
the same, with C = ``Graph.cycles()``.  The default ``method="frontier"`` starts
from a smaller C' ⊆ C holding every solution: the single cycles through every pearl
(``Graph.oriented_cycles`` with no one-way edge, ``visit`` the pearls) that never make
the turns or straight passes a pearl forbids at its cell or, for a black pearl, at
the cells next to it (``forbidden_pairs``), and leave out the sides a pearl can never
use (``fixed``); then it intersects the pearls' families as above.  Both give the
same family (tested).  The pearls' families are intersected with each other first
(``pearls_family``: local rules make a narrow diagram) and then with the cycles once:
meeting the large family of cycles pearl by pearl would walk it once per pearl.
"""
from __future__ import annotations

import zalg
from zalg.progress import Progress, reporter

from ..common.caches import cached
from .model import local_edges, local_patterns

__all__ = ["board_graph", "pearl_family", "pearls_family", "pruning", "solve"]

METHODS = ("frontier", "algebra")


@cached(maxsize=32)
def board_graph(rows: int, cols: int) -> zalg.Graph:
    """The grid of cells, edges ordered across the narrow side (one graph per shape)."""
    return zalg.grid(rows, cols, order="narrow")


def pearl_family(U: zalg.Universe, kind: str, cell, rows: int, cols: int) -> zalg.Family:
    """A_p ⊔ 2^(U − E_p): the sets of U's elements whose edges near ``cell`` keep a pearl of
    ``kind`` there (``model.admits``), anything on the other elements."""
    edges, patterns = local_patterns(kind, cell, rows, cols)
    near = set(edges)
    return U.family(patterns) * U.power_set([x for x in U.elements if x not in near])


def pearls_family(U: zalg.Universe, p) -> zalg.Family:
    """⋂_p (A_p ⊔ 2^(U − E_p)) over board p's pearls: each pearl's family is local, and
    so is their intersection (a narrow diagram), built pairwise as a balanced tree, so
    that the single cycles are met once."""
    parts = [pearl_family(U, kind, cell, p.rows, p.cols) for cell, kind in p.pearls.items()]
    if not parts:
        return U.power_set(U.elements)
    while len(parts) > 1:
        parts = [parts[i] & parts[i + 1] if i + 1 < len(parts) else parts[i]
                 for i in range(0, len(parts), 2)]
    return parts[0]


def pruning(p) -> dict:
    """Necessary parts of the pearls' rules for ``Graph.oriented_cycles``: ``visit`` (the
    pearls), ``forbidden_pairs`` (a white pearl never turns; a black one never goes
    straight, nor turns in a cell next to it along an arm) and ``fixed`` (a side of a
    black pearl with no cell two steps beyond it, a side of a white one whose
    opposite side is off the board: never on)."""
    fixed: dict = {}
    pairs: list = []
    for cell, kind in p.pearls.items():
        near = local_edges(cell, p.rows, p.cols)
        side = near["side"]
        if kind == "w":
            for a, b in (("l", "r"), ("u", "d")):
                if a not in side or b not in side:
                    for d in (a, b):
                        if d in side:
                            fixed[side[d]] = 0
            pairs.extend((side[a], side[b]) for a in "ud" for b in "lr" if a in side and b in side)
            continue
        for a, b in (("l", "r"), ("u", "d")):
            if a in side and b in side:
                pairs.append((side[a], side[b]))
        for d, e in side.items():
            if d not in near["far"]:
                fixed[e] = 0
                continue
            n = e[0] if e[1] == cell else e[1]
            across = local_edges(n, p.rows, p.cols)["side"]
            pairs.extend((e, across[t]) for t in ("lr" if d in "ud" else "ud") if t in across)
    return {"visit": list(p.pearls), "forbidden_pairs": pairs, "fixed": fixed}


def solve(p, method: str = "frontier", *, progress: Progress = None) -> zalg.Family:
    """Every solution of board p: a family of edge sets over the universe of
    ``board_graph(p.rows, p.cols)`` (see the module for the formula and ``method``)."""
    if method not in METHODS:
        raise ValueError(f"masyu: unknown method {method!r}: one of {', '.join(METHODS)}")
    G = board_graph(p.rows, p.cols)
    U = G.universe
    with reporter(progress) as report:
        report.stage("masyu: single cycles")
        if method == "algebra":
            F = G.cycles(progress=report)
            for cell in p.pearls:
                F = F & U.at_least(1, local_edges(cell, p.rows, p.cols)["side"].values())
        else:
            F = G.oriented_cycles(progress=report, **pruning(p))
        report.stage("masyu: the pearls' rules")
        F = F & pearls_family(U, p)
    return F
