"""Undirected graphs whose edges are the elements of a universe, and edge orders.

An edge is written as a sorted pair of vertices, e.g. ``((0, 0), (0, 1))`` on a
grid.  The order of the edges is the ZDD variable order; it decides ZDD sizes,
and the *frontier* (vertices with processed and unprocessed edges) is what the
frontier engine carries in its states, so narrow frontiers are fast.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from typing import TYPE_CHECKING

from .order import auto_order, bfs_order
from .plan import FrontierPlan
from . import classes, components, degrees as degree_classes
from .paths import build, build_oriented_cycle
from ..algebra.universe import Universe
from ..progress import Progress

if TYPE_CHECKING:
    import networkx

__all__ = ["Graph", "edge", "grid", "grid_edges", "sweep_order", "SWEEPS", "frontier_width"]


def _sort_key(v):
    return (type(v).__name__, v) if not isinstance(v, tuple) else ("tuple", v)


def edge(u, v) -> tuple:
    """The edge between vertices u and v as a sorted pair (a ValueError for u == v)."""
    if u == v:
        raise ValueError(f"self-loop at {u!r}: graphs here are simple")
    try:
        return (u, v) if u <= v else (v, u)
    except TypeError:
        return (u, v) if _sort_key(u) <= _sort_key(v) else (v, u)


def frontier_width(edges: list[tuple]) -> int:
    """The largest number of vertices in the frontier under an edge order."""
    return FrontierPlan(edges).frontier_width


class Graph:
    """A simple undirected graph; ``universe`` has one element per edge, in edge order.

    ``edges``: an iterable of vertex pairs, or a networkx graph.  ``vertices``:
    extra (possibly isolated) vertices.  ``order``: ``"auto"`` (the default: a
    path-decomposition heuristic, the order of least frontier width among greedy
    vertex sweeps and breadth-first orders from peripheral vertices and the given
    order, see ``zalg.graphs.order``), ``"as-is"`` (the given order), ``"bfs"``
    (edges in breadth-first order from the first vertex), ``"frontier"`` (the
    breadth-first orders only), or an explicit list of the edges.
    ``G.frontier_width()`` reports the width of the order chosen.
    """

    def __init__(self, edges, order="auto", vertices: Iterable[Hashable] = ()):
        extra = list(vertices)
        if hasattr(edges, "edges") and hasattr(edges, "nodes"):  # networkx
            extra += list(edges.nodes)
            edges = list(edges.edges)
        seen = {}
        for pair in edges:
            try:
                u, v = pair
            except (TypeError, ValueError):
                raise ValueError(f"an edge must be a pair of vertices, got {pair!r}") from None
            e = edge(u, v)
            seen.setdefault(e, None)
        given = list(seen)
        self.vertices: list = []
        vset = set()
        for e in given:
            for x in e:
                if x not in vset:
                    vset.add(x)
                    self.vertices.append(x)
        for x in extra:
            if x not in vset:
                vset.add(x)
                self.vertices.append(x)
        self.order_name = order if isinstance(order, str) else "explicit"
        #: for a planar graph whose every frontier is a cut line (a grid swept from one
        #: side): a function sorting frontier vertices along it (set by ``grid``)
        self.frontier_key = None
        #: for such a graph drawn in the plane: its outer face's vertices in cyclic order
        #: (set by ``grid``); the crossing cut then also counts the terminals still
        #: ahead of the sweep on it
        self.outer_face: list | None = None
        self.edges: list[tuple] = self._ordered(given, order)
        self.universe = Universe(self.edges)
        self._adj = {x: [] for x in self.vertices}
        for u, v in self.edges:
            self._adj[u].append(v)
            self._adj[v].append(u)

    # ---- orders -----------------------------------------------------------------------
    def _ordered(self, edges: list[tuple], order) -> list[tuple]:
        if not isinstance(order, str):
            ordered = [edge(*e) for e in order]
            if sorted(map(repr, ordered)) != sorted(map(repr, edges)):
                raise ValueError("an explicit order must list every edge exactly once")
            return ordered
        if order == "as-is":
            return edges
        if order == "bfs":
            return bfs_order(edges, self.vertices[0] if self.vertices else None)
        if order in ("auto", "frontier"):
            return auto_order(edges, self.vertices, sweeps=order == "auto")
        raise ValueError(f"unknown edge order {order!r}: use 'auto', 'as-is', 'bfs', "
                         "'frontier' or a list")

    def to_networkx(self, member=None) -> networkx.Graph:
        """A networkx graph: the whole graph, or the edges of ``member`` (an edge set, such
        as a member of one of this graph's families) with their end vertices."""
        try:
            import networkx as nx
        except ImportError:
            raise ImportError("this needs networkx: pip install 'zalg[interop]'") from None
        out = nx.Graph()
        if member is None:
            out.add_nodes_from(self.vertices)
            out.add_edges_from(self.edges)
            return out
        known = set(self.edges)
        for e in member:
            if e not in known:
                raise ValueError(f"{e!r} is not an edge of the graph")
            out.add_edge(*e)
        return out

    def frontier_width(self) -> int:
        """The largest number of vertices in the frontier under this edge order."""
        return frontier_width(self.edges)

    def neighbours(self, v) -> list:
        return list(self._adj[v])

    def __repr__(self) -> str:
        return (f"Graph({len(self.vertices)} vertices, {len(self.edges)} edges, "
                f"order={self.order_name!r}, frontier width {self.frontier_width()})")

    # ---- families (see zalg.graphs.paths) ----------------------------------------------------
    def paths(self, s, t, hamilton: bool = False, method: str = "frontier",
              progress: Progress = None):
        """All simple paths between s and t, as sets of edges ({∅} when s == t);
        ``hamilton``: only those through every vertex.  ``progress`` (frontier
        method): see ``zalg.progress``."""
        return build(self, "paths", pairs=[(s, t)], cover=hamilton, method=method,
                     progress=progress)

    def path_matchings(self, pairs=None, cover: bool = False, method: str = "frontier",
                       fixed=None, max_width: int | None = None, progress: Progress = None,
                       planar_cut: bool = True):
        """Sets of vertex-disjoint paths.

        ``pairs=None``: every edge set whose components are paths (a linear forest,
        ∅ included).  With ``pairs`` (a list of vertex pairs): exactly one path
        joining each pair and no other edges.  ``cover``: every vertex lies on a path.
        ``fixed`` maps edges to 0 or 1 decided in advance (only members that agree);
        frontier method only: ``max_width`` raises ``zalg.TooWide`` rather than expand
        a level of more states.  ``planar_cut`` (frontier method, with pairs, on graphs
        that know their sweep line: grids) drops a partial matching as soon as two of
        its labels would have to cross (their open ends and the terminals still ahead
        on the outer face alternate around the undecided part), or more of them must
        cross a line between two columns (rows) than its undecided edges carry; the
        family is the same without it, only built more slowly (``False``: for
        comparisons)."""
        return build(self, "matchings", pairs=pairs, cover=cover, method=method, fixed=fixed,
                     max_width=max_width, progress=progress, planar_cut=planar_cut)

    def cycles(self, hamilton: bool = False, method: str = "frontier",
               progress: Progress = None):
        """All simple cycles (one cycle each) as sets of edges; ``hamilton``: only
        those through every vertex."""
        return build(self, "cycle", cover=hamilton, method=method, progress=progress)

    def oriented_cycles(self, one_way=None, forbidden_pairs=(), visit=(), fixed=None,
                        progress: Progress = None, max_width: int | None = None):
        """Single cycles of a mixed graph: each admits a travel direction in which every
        edge of ``one_way`` (edge -> (tail, head)) runs from tail to head; no cycle
        uses both edges of a pair in ``forbidden_pairs`` (two edges sharing a vertex:
        a turn or a straight line the cycle may not make there); every vertex of
        ``visit`` lies on the cycle; ``fixed`` maps edges to 0 or 1.  A cycle is one
        member however many directions it allows (frontier method only).  ``max_width``:
        raise ``zalg.TooWide`` rather than expand a level of more states (to try
        another edge order)."""
        return build_oriented_cycle(self, one_way, forbidden_pairs, visit, fixed, progress,
                                    max_width)

    def cycle_sets(self, method: str = "frontier"):
        """Sets of vertex-disjoint cycles (every vertex of degree 0 or 2), ∅ included."""
        return build(self, "cycles", method=method)

    def degree_constrained(self, degrees, method: str = "frontier"):
        """Edge sets in which every vertex v has a degree in ``degrees[v]``.

        ``degrees`` maps a vertex to an iterable of allowed degrees (a vertex not in
        the mapping may have any degree)."""
        return degree_classes.subgraphs(self, degrees)

    # ---- degree classes (see zalg.graphs.degrees) -----------------------------------------
    def subgraphs(self, degrees: dict, progress: Progress = None):
        """Edge sets in which every vertex v of ``degrees`` has a degree in
        ``degrees[v]`` (allowed degrees, or one integer); other vertices are free."""
        return degree_classes.subgraphs(self, degrees, progress)

    def matchings(self, perfect: bool = False, progress: Progress = None):
        """Matchings (every degree at most 1; ``perfect``: exactly 1)."""
        return degree_classes.matchings(self, perfect, progress)

    def k_matchings(self, k: int, progress: Progress = None):
        """Edge sets with every degree at most k."""
        return degree_classes.k_matchings(self, k, progress)

    def b_matchings(self, b: dict, progress: Progress = None):
        """Edge sets with deg(v) at most b[v] (0 for a vertex not in b)."""
        return degree_classes.b_matchings(self, b, progress)

    def k_factors(self, k: int, progress: Progress = None):
        """Edge sets with every degree exactly k."""
        return degree_classes.k_factors(self, k, progress)

    def f_factors(self, f: dict, progress: Progress = None):
        """Edge sets with deg(v) exactly f[v] (0 for a vertex not in f)."""
        return degree_classes.f_factors(self, f, progress)

    # ---- component classes (see zalg.graphs.components) ----------------------------------
    def trees(self, root=None, spanning: bool = False, progress: Progress = None):
        """Trees as edge sets: acyclic, connected, not ∅; with ``root``: the trees
        through it (∅ included); ``spanning``: through every vertex."""
        return components.trees(self, root, spanning, progress)

    def forests(self, roots=None, spanning: bool = False, progress: Progress = None):
        """Acyclic edge sets; with ``roots``: each tree holds exactly one root;
        ``spanning``: every vertex but the roots has an edge."""
        return components.forests(self, roots, spanning, progress)

    def steiner_trees(self, terminals, progress: Progress = None):
        """Trees whose vertices hold every terminal (∅ for a single terminal)."""
        return components.steiner_trees(self, terminals, progress)

    def induced_graphs(self, progress: Progress = None):
        """Connected induced subgraphs with an edge, as their edge sets."""
        return components.induced_graphs(self, progress)

    def partitions(self, lo: int = 1, hi: int | None = None, progress: Progress = None):
        """Partitions of the vertices into lo..hi connected parts, each as the edges
        inside its parts."""
        return components.partitions(self, lo, hi, progress)

    def balanced_partitions(self, weights: dict | None = None, lower: int = 0,
                            upper: int = components.MAX_WEIGHT, parts=None,
                            progress: Progress = None):
        """Partitions of the vertices into connected parts, each part's weight sum
        (``weights[v]``, 1 for a vertex not given) in lower..upper; ``parts``: a number
        of parts or a (lo, hi) range.  Members: the edges inside the parts."""
        return components.balanced_partitions(self, weights, lower, upper, parts, progress)

    def connected_graphs(self, progress: Progress = None):
        """Connected edge sets other than ∅."""
        return components.connected_graphs(self, progress)

    def bipartite_graphs(self, connected: bool = True, progress: Progress = None):
        """Edge sets without an odd cycle; ``connected``: also connected (or ∅)."""
        return components.bipartite_graphs(self, connected, progress)

    def connecting(self, terminals, progress: Progress = None):
        """Edge sets in which every terminal lies in one component."""
        return components.connecting(self, terminals, progress)

    # ---- classes composed by the algebra (see zalg.graphs.classes) ---------------------------
    def steiner_paths(self, s=None, t=None, terminals=(), progress: Progress = None):
        """Paths (E ≠ ∅) whose vertices hold every terminal; with s and t: the s-t paths."""
        return classes.steiner_paths(self, terminals, s, t, progress)

    def steiner_cycles(self, terminals, progress: Progress = None):
        """Cycles through every terminal."""
        return classes.steiner_cycles(self, terminals, progress)

    def regular_graphs(self, degree=None, connected: bool = True, progress: Progress = None):
        """Non-empty edge sets whose touched vertices all have one degree d (an int, a
        (lo, hi) range, or None: any); ``connected``: also connected."""
        return classes.regular_graphs(self, degree, connected, progress)

    def cliques(self, k: int, progress: Progress = None):
        """Edge sets of the complete subgraphs on k vertices."""
        return classes.cliques(self, k, progress)

    def reliability(self, probabilities: dict, terminals=None, progress: Progress = None):
        """Pr[the terminals (default: all vertices) lie in one component] when edge e
        works independently with probability ``probabilities[e]`` (1 when not given):
        a Fraction for int/Fraction probabilities, else a float."""
        return classes.reliability(self, probabilities, terminals, progress)


#: Sweep orders of ``grid``: the side the frontier starts from.
SWEEPS = ("down", "up", "right", "left")


def grid(rows: int, cols: int, order="as-is") -> Graph:
    """The rows x cols vertex grid graph; vertices (r, c), edges in row-major order
    (each vertex's right edge, then its down edge).

    ``order="narrow"``: row-major when cols <= rows, else column-major (each
    vertex's down edge, then its right edge), so that the frontier spans the
    narrow side: about min(rows, cols) + 1 vertices.  A sweep ``"down"`` (rows
    from the top: the row-major order), ``"up"`` (rows from the bottom),
    ``"right"`` (columns from the left) or ``"left"`` (columns from the right)
    fixes the side the frontier starts from (see :func:`sweep_order`).  Other
    orders as ``Graph``."""
    if rows < 1 or cols < 1:
        raise ValueError(f"a grid needs at least one row and one column, got {rows}x{cols}")
    edges = grid_edges(rows, cols)
    if order == "narrow":
        order = "down" if cols <= rows else "right"
    key = None
    if isinstance(order, str) and order in SWEEPS:
        key = _along_rows if order in ("down", "up") else _along_columns
        order = sweep_order(rows, cols, order)
    G = Graph(edges, order=order, vertices=[(r, c) for r in range(rows) for c in range(cols)])
    G.frontier_key = key
    if key is not None and rows > 1 and cols > 1:
        G.outer_face = _border(rows, cols)
    return G


def _border(rows: int, cols: int) -> list[tuple]:
    """The grid's border vertices in clockwise order from the top-left corner."""
    return ([(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
            + [(rows - 1, c) for c in range(cols - 2, -1, -1)]
            + [(r, 0) for r in range(rows - 2, 0, -1)])


def _along_rows(v):
    return v[1]


def _along_columns(v):
    return v[0]


def sweep_order(rows: int, cols: int, sweep: str) -> list[tuple]:
    """The grid's edges swept from one side: ``"down"`` takes the rows from the top
    (in each row every vertex's right edge, then its down edge), ``"up"`` the rows
    from the bottom (right edge, then up edge), ``"right"`` the columns from the
    left (down edge, then right edge), ``"left"`` the columns from the right (down
    edge, then left edge).  The frontier spans a row for "down"/"up" and a column
    for "right"/"left"."""
    if sweep not in SWEEPS:
        raise ValueError(f"unknown sweep {sweep!r}: use one of {', '.join(SWEEPS)}")
    out = []
    if sweep in ("down", "up"):
        step = 1 if sweep == "down" else -1
        for r in (range(rows) if step == 1 else range(rows - 1, -1, -1)):
            for c in range(cols):
                if c + 1 < cols:
                    out.append(((r, c), (r, c + 1)))
                if 0 <= r + step < rows:
                    out.append(((r, c), (r + step, c)) if step == 1 else ((r - 1, c), (r, c)))
    else:
        step = 1 if sweep == "right" else -1
        for c in (range(cols) if step == 1 else range(cols - 1, -1, -1)):
            for r in range(rows):
                if r + 1 < rows:
                    out.append(((r, c), (r + 1, c)))
                if 0 <= c + step < cols:
                    out.append(((r, c), (r, c + 1)) if step == 1 else ((r, c - 1), (r, c)))
    return out


def grid_edges(rows: int, cols: int) -> list[tuple]:
    """The edges of the rows x cols vertex grid, row-major: each vertex's right
    edge, then its down edge (no graph or universe is built)."""
    edges = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                edges.append(((r, c), (r, c + 1)))
            if r + 1 < rows:
                edges.append(((r, c), (r + 1, c)))
    return edges
