"""Directed graphs whose arcs are the elements of a universe: directed paths, cycles,
Hamiltonian paths and arborescences.

An arc is a (tail, head) pair; both (u, v) and (v, u) may be arcs.  Each class is an
exact intersection of two families built by the frontier machines over the arcs:

* a family of the *underlying* multigraph (each arc an undirected edge between its ends,
  two opposite arcs two parallel edges): paths, cycles or trees, built by the mate and
  components machines;
* a family of in- and out-degree bounds, built by the degrees machine on the *split*
  graph in which arc (u, v) joins (u, "out") to (v, "in").

A connected arc set whose vertices all have in-degree ≤ 1 and out-degree ≤ 1 is a
directed path (no undirected cycle) or a directed cycle, so (A a member, V(A) its
vertices):

* ``paths(s, t)``: A is an s-t path of the underlying multigraph with in(s) = 0,
  out(t) = 0 and every in/out-degree ≤ 1: a directed path from s to t;
  ``hamilton``: V(A) = V;
* ``cycles()``: A is a cycle of the underlying multigraph (two opposite arcs make one
  of length 2) with every in/out-degree ≤ 1: a directed cycle; ``hamilton``: V(A) = V;
* ``arborescences(r)``: A is a tree through r (or ∅) with in(r) = 0 and in(v) ≤ 1
  elsewhere: since |A| = |V(A)| - 1 = Σ in-degrees, every vertex but r has in-degree
  exactly 1, an arborescence rooted at r (all arcs away from it); ``spanning``:
  V(A) = V.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from . import components, degrees
from .order import auto_order, frontier_sizes
from .paths import build
from ..algebra.universe import Universe
from ..progress import Progress

__all__ = ["DiGraph"]

OUT, IN = "out", "in"


class DiGraph:
    """A directed graph without loops or repeated arcs; ``universe`` has one element per
    arc (tail, head), in arc order.  ``order``: ``"auto"`` (the path-decomposition
    heuristic of ``zalg.graphs.order`` on the underlying graph, opposite arcs side by
    side), ``"as-is"``, or an explicit list of the arcs."""

    frontier_key = None
    outer_face = None

    def __init__(self, arcs, order="auto", vertices: Iterable[Hashable] = ()):
        if hasattr(arcs, "edges") and hasattr(arcs, "nodes"):  # networkx
            vertices = list(arcs.nodes) + list(vertices)
            arcs = list(arcs.edges)
        given: dict = {}
        for pair in arcs:
            try:
                u, v = pair
            except (TypeError, ValueError):
                raise ValueError(f"an arc must be a pair of vertices, got {pair!r}") from None
            if u == v:
                raise ValueError(f"self-loop at {u!r}: digraphs here have no loops")
            given.setdefault((u, v), None)
        self.vertices: list = list(dict.fromkeys([x for a in given for x in a] + list(vertices)))
        self.edges: list[tuple] = self._ordered(list(given), order)
        self.arcs = self.edges
        self.universe = Universe(self.edges)
        self._adj: dict = {x: [] for x in self.vertices}
        for u, v in self.edges:
            self._adj[u].append(v)
            self._adj[v].append(u)

    def _ordered(self, arcs: list[tuple], order) -> list[tuple]:
        if not isinstance(order, str):
            ordered = [tuple(a) for a in order]
            if sorted(map(repr, ordered)) != sorted(map(repr, arcs)):
                raise ValueError("an explicit order must list every arc exactly once")
            return ordered
        if order == "as-is":
            return arcs
        if order != "auto":
            raise ValueError(f"unknown arc order {order!r}: use 'auto', 'as-is' or a list")
        pairs: dict = {}
        for u, v in arcs:
            pairs.setdefault(frozenset((u, v)), []).append((u, v))
        simple = [tuple(arcs_[0]) for arcs_ in pairs.values()]
        return [a for e in auto_order(simple, self.vertices) for a in pairs[frozenset(e)]]

    def neighbours(self, v) -> list:
        """The vertices joined to v by an arc either way (once per arc)."""
        return list(self._adj[v])

    def frontier_width(self) -> int:
        """The largest number of vertices in the frontier under this arc order."""
        return frontier_sizes(self.edges)[0]

    def __repr__(self) -> str:
        return (f"DiGraph({len(self.vertices)} vertices, {len(self.edges)} arcs, "
                f"frontier width {self.frontier_width()})")

    def _degrees(self, bounds: dict, progress):
        """Arc sets whose in/out degrees obey ``bounds`` ((v, "in"/"out") -> allowed)."""
        ends = [((u, OUT), (v, IN)) for u, v in self.edges]
        return degrees.subgraphs(self, bounds, progress, ends=ends)

    def _at_most_one(self, zero=()) -> dict:
        bounds = {(x, side): (0, 1) for x in self.vertices for side in (IN, OUT)}
        for key in zero:
            bounds[key] = (0,)
        return {k: a for k, a in bounds.items() if self._has(k)}

    def _has(self, key) -> bool:
        x, side = key
        return any((u if side == OUT else v) == x for u, v in self.edges)

    def _known(self, *xs) -> None:
        for x in xs:
            if x not in self._adj:
                raise ValueError(f"unknown vertex {x!r}")

    # ---- families ------------------------------------------------------------------------
    def paths(self, s, t, hamilton: bool = False, progress: Progress = None):
        """Directed paths from s to t as arc sets ({∅} when s == t); ``hamilton``: only
        those through every vertex."""
        self._known(s, t)
        F = build(self, "paths", pairs=[(s, t)], cover=hamilton, progress=progress)
        if s == t or not F:
            return F
        return F & self._degrees(self._at_most_one([(s, IN), (t, OUT)]), progress)

    def cycles(self, hamilton: bool = False, progress: Progress = None):
        """Directed cycles (two opposite arcs make one of length 2) as arc sets;
        ``hamilton``: only those through every vertex."""
        F = build(self, "cycle", cover=hamilton, progress=progress)
        return F & self._degrees(self._at_most_one(), progress) if F else F

    def arborescences(self, root, spanning: bool = False, progress: Progress = None):
        """Arborescences rooted at ``root`` (every arc directed away from it) as arc sets,
        ∅ included; ``spanning``: through every vertex."""
        self._known(root)
        F = components.trees(self, root, spanning, progress)
        bounds = {(x, IN): (0, 1) for x in self.vertices if x != root}
        bounds[(root, IN)] = (0,)
        return F & self._degrees({k: a for k, a in bounds.items() if self._has(k)}, progress)
