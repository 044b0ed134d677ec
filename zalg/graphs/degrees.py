"""Edge sets of a ``Graph`` by the degrees of its vertices: matchings, b-matchings,
k-factors, f-factors and any degree constraint.

A member is an edge set E in which every constrained vertex v has deg_E(v) in its set
of allowed degrees A(v):

* ``subgraphs(degrees)``: deg_E(v) ∈ degrees[v] for every v in the mapping;
* ``matchings``: deg_E(v) ≤ 1 for all v (``perfect``: = 1); ``k_matchings(k)``: ≤ k;
* ``b_matchings(b)``: deg_E(v) ≤ b[v] (0 for a vertex not in b);
* ``k_factors(k)``: deg_E(v) = k for all v; ``f_factors(f)``: = f[v] (0 when absent).

Built top down by the degrees machine (``degrees.c``, compiled into
``zalg.topdown._frontier``): a state row (int16) holds, per frontier slot, the number
of chosen edges at its vertex so far (0 for an unconstrained vertex, so that those
states merge).  Per level an info row gives the edge's slots, which end enters or
leaves, the allowed degrees of both ends as a bit mask, and how many edges of each end
come later: a state dies as soon as no allowed degree is within reach.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from .plan import FrontierPlan, plan_of
from ..topdown.functions import builtin
from ..topdown.machine import Machine

__all__ = ["subgraphs", "matchings", "k_matchings", "b_matchings", "k_factors", "f_factors"]

(D_CU, D_CV, D_ENTER_U, D_ENTER_V, D_LEAVE_U, D_LEAVE_V, D_ALLOW_U, D_ALLOW_V, D_LATER_U,
 D_LATER_V) = range(10)
INFO_WIDTH = 10
ANY = -1
#: the largest degree a constraint may name (bit d of an int64 mask)
MAX_DEGREE = 62


step = builtin("degrees.step", np.int16)
takes = builtin("degrees.takes", np.int16)
final = builtin("degrees.final", np.int16)


def _mask(x, allowed: Iterable[int], degree: int) -> int:
    """The allowed degrees of x up to its degree in the graph as a bit mask."""
    mask = 0
    for k in allowed:
        if not isinstance(k, (int, np.integer)) or k < 0:
            raise ValueError(f"degrees of {x!r} must be non-negative integers")
        if k <= degree:
            if k > MAX_DEGREE:
                raise ValueError(f"a degree above {MAX_DEGREE} at {x!r}")
            mask |= 1 << int(k)
    return mask


def subgraphs(graph, degrees: dict, progress=None, ends: list | None = None):
    """Edge sets in which every vertex v of ``degrees`` has a degree in ``degrees[v]``
    (an iterable of allowed degrees, or one integer); other vertices are free.
    ``ends``: per edge of ``graph.edges``, the two vertices whose degrees it counts
    (default: its own two ends; a directed graph's arc counts at its tail's "out" and
    its head's "in" vertex)."""
    split = ends is not None
    ends = list(ends) if split else graph.edges
    vertices = list(dict.fromkeys(x for e in ends for x in e)) if split else graph.vertices
    vset = set(vertices)
    degree = {x: 0 for x in vertices}
    for u, v in ends:
        degree[u] += 1
        degree[v] += 1
    masks = {}
    for x, a in degrees.items():
        if x not in vset:
            raise ValueError(f"unknown vertex {x!r}")
        masks[x] = _mask(x, [a] if isinstance(a, (int, np.integer)) else a, degree[x])
    U = graph.universe
    if any(m == 0 for m in masks.values()):
        return U.empty
    if not graph.edges:
        return U.unit if all(m & 1 for m in masks.values()) else U.empty
    plan = FrontierPlan(ends) if split else plan_of(graph, progress)
    m = len(graph.edges)
    info = np.zeros((m, INFO_WIDTH), dtype=np.int64)
    info[:, D_CU], info[:, D_CV] = plan.cu, plan.cv
    info[:, [D_ENTER_U, D_ENTER_V]] = np.array(plan.enter, dtype=np.int64)
    info[:, [D_LEAVE_U, D_LEAVE_V]] = np.array(plan.leave, dtype=np.int64)
    seen = {x: 0 for x in vertices}
    for i, (u, v) in enumerate(ends):
        for x, allow, later in ((u, D_ALLOW_U, D_LATER_U), (v, D_ALLOW_V, D_LATER_V)):
            seen[x] += 1
            info[i, allow] = masks.get(x, ANY)
            info[i, later] = degree[x] - seen[x]
    root = np.full(plan.width, -1, dtype=np.int16)
    machine = Machine(step, final, info, root, np.array([plan.width], dtype=np.int64),
                      takes=takes, name="frontier (degrees)")
    return machine.build(U, [U.level(e) for e in graph.edges], progress)


def matchings(graph, perfect: bool = False, progress=None):
    return subgraphs(graph, {x: (1,) if perfect else (0, 1) for x in graph.vertices}, progress)


def k_matchings(graph, k: int, progress=None):
    return subgraphs(graph, {x: range(k + 1) for x in graph.vertices}, progress)


def b_matchings(graph, b: dict, progress=None):
    return subgraphs(graph, {x: range(b.get(x, 0) + 1) for x in graph.vertices}, progress)


def k_factors(graph, k: int, progress=None):
    return subgraphs(graph, {x: (k,) for x in graph.vertices}, progress)


def f_factors(graph, f: dict, progress=None):
    return subgraphs(graph, {x: (f.get(x, 0),) for x in graph.vertices}, progress)
