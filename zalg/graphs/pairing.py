"""Path matchings together with the pairs of endpoints they join (a relation).

For a graph G, the *pairing relation* is the family

    R = { P ∪ ends(P) : P a path matching of G }

over the edges and the *pair elements* ``("pair", s, t)`` (s < t), where a path
matching is a set of vertex-disjoint paths of at least one edge and ends(P) holds
one pair element per path, for its two end vertices.  Quantifying the edges out
of R answers questions about the pairs: ``R.exists(edges)`` is the set of
pairings that have a solution, ``R.unique_exists(edges)`` those that have
exactly one (Numberlink's instances; Yoshinaka et al. 2012, section 5).

The universe holds the edges in the graph's order, and each pair element right
after the edge at which the later of its two vertices leaves the frontier, so
that the frontier engine (``frontier.pairs``) can decide it as soon as the later end leaves.
"""

from __future__ import annotations

import numpy as np

from . import pairs as P
from ..topdown.machine import Machine
from .mate import EMPTY
from .plan import plan_of
from .graph import Graph, edge
from ..errors import InputError, OutOfMemory
from ..memory import default_budget
from ..algebra.universe import ELEMENT_BYTES, MAX_ELEMENTS, Universe
from ..progress import Progress

__all__ = ["pair_element", "pairing_universe", "pairing_relation"]


def pair_element(s, t) -> tuple:
    """The element naming the unordered pair {s, t}: ``("pair", s, t)`` with s < t."""
    return ("pair",) + edge(s, t)


def pairing_universe(graph: Graph) -> Universe:
    """Edges in graph order, each pair element after the edge where its later end leaves.

    Vertices without edges get no pair elements (no path can end there).  The
    universe is made once per graph and shared by its pairing relations."""
    plan = plan_of(graph)
    U = plan.cache.get("pairing universe")
    if U is not None:
        return U
    last = plan.last
    _check_room(len(graph.edges) + len(last) * (len(last) - 1) // 2)
    rank = {x: k for k, x in enumerate(graph.vertices)}
    after: list[list] = [[] for _ in graph.edges]
    linked = sorted(last, key=rank.__getitem__)
    for j, t in enumerate(linked):
        for s in linked[:j]:
            after[max(last[s], last[t])].append(pair_element(s, t))
    order: list = []
    for i, e in enumerate(graph.edges):
        order.append(e)
        order += after[i]
    U = plan.cache["pairing universe"] = Universe(order)
    return U


def _check_room(elements: int) -> None:
    """Refuse a pairing universe of ``elements`` elements before any of them is built:
    past the most a universe holds, or past the memory budget."""
    step = f"building the pairing universe ({elements} elements)"
    if elements > MAX_ELEMENTS:
        raise InputError(f"{step}: a universe holds at most {MAX_ELEMENTS} elements")
    budget = default_budget()
    if elements * ELEMENT_BYTES > budget:
        raise OutOfMemory(step, budget)


def pairing_relation(graph: Graph, cover: bool = False, max_paths: int | None = None,
                     progress: Progress = None):
    """R = {P ∪ ends(P)} over ``pairing_universe(graph)`` (see the module docstring).

    ``cover``: only path matchings that visit every vertex.  ``max_paths``: only
    those with at most that many paths (much smaller when the bound is small)."""
    U = pairing_universe(graph)
    if max_paths is not None and max_paths < 0:
        return U.empty
    isolated = [x for x in graph.vertices if not graph.neighbours(x)]
    if cover and isolated:
        return U.empty
    if not graph.edges:
        return U.unit
    plan = plan_of(graph)
    W = plan.width
    vid = {x: k for k, x in enumerate(graph.vertices)}
    bound = -1 if max_paths is None else int(max_paths)
    width = W + 2 + (1 if bound >= 0 else 0)
    root = np.full(width, EMPTY, dtype=np.int32)
    root[W:W + 2] = -1  # no pending pair
    if bound >= 0:
        root[W + 2] = 0  # no path completed
    elements = U.elements
    consts = np.array([W, W + len(graph.vertices), int(cover), bound, width], dtype=np.int64)
    machine = Machine(P.step, P.final, P.info_rows(graph, plan, elements, vid), root, consts,
                      takes=P.takes, name="pairing relation")
    return machine.build(U, np.arange(len(elements)), progress)
