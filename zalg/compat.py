"""Graphillion's names for the common calls, over zalg's graph families.

A thin layer for Graphillion users: ``GraphSet.set_universe(edges)`` makes one
``zalg.Graph`` (edge order as given: Graphillion's ``traversal="as-is"``; any other
traversal lets zalg choose its order), and a ``GraphSet`` wraps one ``zalg.Family``
over its edges.  A graph is a list of edges; an edge ``(u, v)`` is the same as
``(v, u)``.  The family is ``family``: everything else of zalg (cost bounds, sampling,
the relational image, ...) is one attribute away.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator

from .algebra.family import Family
from .graphs.graph import Graph, edge

__all__ = ["GraphSet"]


class GraphSet:
    """A set of subgraphs of the universe graph (Graphillion's ``GraphSet``): with no
    argument the empty set, else the graphs given (lists of edges) or a zalg Family over
    the universe's edges."""

    _graph: Graph | None = None

    def __init__(self, graphs: Family | Iterable[Iterable[tuple]] | None = None):
        G = GraphSet._universe_graph()
        if isinstance(graphs, Family):
            self.family = graphs
        else:
            self.family = G.universe.family(
                [_edges_of(g) for g in graphs] if graphs is not None else [])

    # ---- the universe ---------------------------------------------------------------
    @staticmethod
    def set_universe(edges: Iterable[tuple], traversal: str = "as-is") -> None:
        """The universe graph: its edges (pairs of vertices, weights after them ignored)."""
        pairs = [tuple(e[:2]) for e in edges]
        GraphSet._graph = Graph(pairs, order="as-is" if traversal == "as-is" else "auto")

    @staticmethod
    def universe() -> list[tuple]:
        """The universe's edges in their order."""
        return list(GraphSet._universe_graph().edges)

    @staticmethod
    def _universe_graph() -> Graph:
        if GraphSet._graph is None:
            raise ValueError("no universe: call GraphSet.set_universe(edges) first")
        return GraphSet._graph

    # ---- the classes ----------------------------------------------------------------
    @staticmethod
    def graphs(num_edges: int | None = None) -> GraphSet:
        """Every subgraph (with ``num_edges``: those of that many edges)."""
        U = GraphSet._universe_graph().universe
        return GraphSet(U.power_set() if num_edges is None else U.exactly(num_edges))

    @staticmethod
    def paths(terminal1: Hashable, terminal2: Hashable, is_hamilton: bool = False) -> GraphSet:
        """Simple paths between the two terminals."""
        return GraphSet(GraphSet._universe_graph().paths(terminal1, terminal2, hamilton=is_hamilton))

    @staticmethod
    def cycles(is_hamilton: bool = False) -> GraphSet:
        """Simple cycles."""
        return GraphSet(GraphSet._universe_graph().cycles(hamilton=is_hamilton))

    @staticmethod
    def trees(root: Hashable | None = None, is_spanning: bool = False) -> GraphSet:
        """Trees (with ``root``: through it, the graph without edges included)."""
        return GraphSet(GraphSet._universe_graph().trees(root, spanning=is_spanning))

    @staticmethod
    def forests(roots: Iterable[Hashable], is_spanning: bool = False) -> GraphSet:
        """Forests whose every tree holds exactly one root."""
        return GraphSet(GraphSet._universe_graph().forests(list(roots), spanning=is_spanning))

    # ---- selecting ------------------------------------------------------------------
    def including(self, obj) -> GraphSet:
        """The graphs holding ``obj``: an edge, a vertex (an edge at it), or a graph or
        GraphSet (a supergraph of one of its graphs)."""
        F, G = self.family, GraphSet._universe_graph()
        if _is_edge(obj, G):
            return GraphSet(F.onset(edge(*obj)))
        if obj in G.vertices if isinstance(obj, Hashable) else False:
            return GraphSet(F.restrict(G.universe.family([[e] for e in _edges_at(G, obj)])))
        return GraphSet(F.restrict(_family_of(obj, G)))

    def excluding(self, obj) -> GraphSet:
        """The graphs not holding ``obj`` (as in ``including``)."""
        return GraphSet(self.family - self.including(obj).family)

    # ---- a set ----------------------------------------------------------------------
    def len(self) -> int:
        """The number of graphs, exact."""
        return self.family.count()

    def __len__(self) -> int:
        return len(self.family)

    def __iter__(self) -> Iterator[list[tuple]]:
        """Each graph as a list of its edges (in the universe's order)."""
        order = {e: k for k, e in enumerate(GraphSet._universe_graph().edges)}
        for member in self.family:
            yield sorted(member, key=order.__getitem__)

    def __contains__(self, graph) -> bool:
        return frozenset(_edges_of(graph)) in self.family

    def __or__(self, other: GraphSet) -> GraphSet:
        return GraphSet(self.family | other.family)

    def __and__(self, other: GraphSet) -> GraphSet:
        return GraphSet(self.family & other.family)

    def __sub__(self, other: GraphSet) -> GraphSet:
        return GraphSet(self.family - other.family)

    def __eq__(self, other) -> bool:
        return isinstance(other, GraphSet) and self.family == other.family

    def __le__(self, other: GraphSet) -> bool:
        return self.family <= other.family

    __hash__ = None

    def __repr__(self) -> str:
        return f"GraphSet({self.family.count()} graphs)"


def _is_edge(obj, G: Graph) -> bool:
    if not (isinstance(obj, tuple) and len(obj) == 2):
        return False
    try:
        return edge(*obj) in G.universe
    except (TypeError, ValueError):
        return False


def _edges_at(G: Graph, v: Hashable) -> list[tuple]:
    return [e for e in G.edges if v in e]


def _edges_of(graph: Iterable[tuple]) -> list[tuple]:
    """A graph's edges as universe elements (each edge sorted, weights ignored)."""
    out = []
    U = GraphSet._universe_graph().universe
    for e in graph:
        x = edge(*e[:2])
        if x not in U:
            raise ValueError(f"{tuple(e[:2])!r} is not an edge of the universe")
        out.append(x)
    return out


def _family_of(obj, G: Graph) -> Family:
    """A GraphSet's family, or the family of one graph (a list of edges)."""
    if isinstance(obj, GraphSet):
        return obj.family
    return G.universe.family([_edges_of(obj)])
