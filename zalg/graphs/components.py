"""Edge sets of a ``Graph`` by the connected components they make: trees, forests,
Steiner trees, connected induced subgraphs and partitions into connected parts.

Each family is built top down by the components machine (``components.c``, compiled
into ``zalg.topdown._frontier``).  A state row holds, per frontier slot, the label of
the vertex's component among the chosen edges so far (labels numbered by first
occurrence along the slots, so that equal futures have equal rows) with two bits: the
vertex has a chosen edge, and its component holds a marked vertex (a root or a
terminal).  For partitions, one bit mask per label follows: the components that an
unchosen edge between them keeps apart for good (they may never join); connected
induced subgraphs instead put a vertex *out* once it may never join the one component.
The last entry counts the components that have left the frontier.  Per level, an info
row gives the edge's slots, which end enters or leaves, which end is marked or must
have an edge, how many terminals have not entered yet, how many vertices (and vertices
that must have an edge) have not left yet, and for induced subgraphs the slots of each
end's earlier neighbours.

Meanings (E a member, V(E) the vertices its edges touch):

* ``trees``: E is acyclic and connected, E ≠ ∅; with a root r: r ∈ V(E) or E = ∅;
  spanning: V(E) = V;
* ``forests``: E is acyclic; with roots: each component of E holds exactly one root;
  spanning: every vertex other than a root is in V(E);
* ``steiner_trees(T)``: E is a tree (∅ when |T| = 1) whose vertices hold T;
* ``induced_graphs``: E ≠ ∅ is connected and holds every edge of the graph between
  two vertices of V(E);
* ``partitions(lo, hi)``: E is the set of edges inside the parts of a partition of V
  into lo..hi parts, each connected (an edge between two parts is never in E).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import numpy as np

from .plan import plan_of
from ..topdown.functions import builtin
from ..topdown.machine import Machine

__all__ = ["trees", "forests", "steiner_trees", "induced_graphs", "partitions", "connected_graphs",
           "bipartite_graphs", "connecting", "balanced_partitions"]

(C_CU, C_CV, C_ENTER_U, C_ENTER_V, C_LEAVE_U, C_LEAVE_V, C_MARK_U, C_MARK_V, C_MUST_U,
 C_MUST_V, C_TERMS_AHEAD, C_WEIGHT_U, C_WEIGHT_V, C_VERTS_AHEAD, C_MUST_AHEAD, C_NBR_U,
 C_NBR_V) = range(17)
INFO_WIDTH = 17
(K_W, K_ACYCLIC, K_SEPARATE, K_MARKS, K_SINGLE, K_TRIVIAL, K_REQUIRE, K_LO, K_HI,
 K_WIDTH, K_FORGET, K_BIPARTITE, K_WOFF, K_WLO, K_WHI, K_CAP, K_MAXDEG, K_INDUCED) = range(18)
KEEP, FORGET_MARKED, FORGET_ALL = range(3)
NO_MARKS, ROOTS, TERMINALS = range(3)
#: the widest frontier the separation masks (one bit per label in an int32) allow
SEPARATE_MAX = 30
#: the widest frontier of induced graphs (a slot mask of earlier neighbours in an int64)
INDUCED_MAX = 62
UNBOUNDED = 1 << 30
#: the largest total vertex weight (a part's weight sum is an int32)
MAX_WEIGHT = (1 << 31) - 1


#: the machine's functions on rows of int32, and on rows of int16 (``components16``)
FUNCTIONS = {np.int32: tuple(builtin(f"components.{kind}", np.int32)
                             for kind in ("step", "takes", "final")),
             np.int16: tuple(builtin(f"components16.{kind}", np.int16)
                             for kind in ("step", "takes", "final"))}
#: the widest frontier of int16 rows (a separation mask's bits below the sign bit)
SHORT_MAX = 15
#: int16 rows hold sums and counts below this
SHORT_LIMIT = 1 << 15


def _run(graph, name: str, marks=(), must=(), acyclic=True, separate=False, single=False,
         trivial=False, require=False, lo=0, hi=UNBOUNDED, kind=NO_MARKS, bipartite=False,
         weights=None, wlo=0, whi=MAX_WEIGHT, maxdeg=0, induced=False, progress=None):
    """Run the components machine over ``graph`` (which has edges); ``weights``: a
    vertex -> weight mapping, every finished component's weight sum in wlo..whi;
    ``maxdeg`` (1..3): no vertex has more chosen edges; ``induced``: one component
    holding every edge between two of its vertices."""
    plan = plan_of(graph, progress)
    W = plan.width
    widest = INDUCED_MAX if induced else SEPARATE_MAX if separate else W
    if W > widest:
        raise ValueError(f"a frontier of {W} vertices is wider than {name} allow "
                         f"({widest}): try order='frontier'")
    marks, must = set(marks), set(must)
    m = len(graph.edges)
    info = np.zeros((m, INFO_WIDTH), dtype=np.int64)
    info[:, C_CU], info[:, C_CV] = plan.cu, plan.cv
    info[:, [C_ENTER_U, C_ENTER_V]] = np.array(plan.enter, dtype=np.int64)
    info[:, [C_LEAVE_U, C_LEAVE_V]] = np.array(plan.leave, dtype=np.int64)
    firsts = sorted(plan.first[x] for x in marks if x in plan.first)
    for i, (u, v) in enumerate(graph.edges):
        info[i, C_MARK_U], info[i, C_MARK_V] = u in marks, v in marks
        info[i, C_MUST_U], info[i, C_MUST_V] = u in must, v in must
        info[i, C_TERMS_AHEAD] = sum(1 for first in firsts if first > i)
        if weights is not None:
            info[i, C_WEIGHT_U], info[i, C_WEIGHT_V] = weights[u], weights[v]
    info[:, C_VERTS_AHEAD], info[:, C_MUST_AHEAD] = _ahead(plan, m, graph.vertices, must)
    if induced:
        info[:, C_NBR_U], info[:, C_NBR_V] = _earlier_neighbours(plan)
    woff = (2 * W if separate else W) if weights is not None else 0
    width = W + (W if separate else 0) + (W if weights is not None else 0) + 1
    state = _row_type(graph, W, weights)
    step, takes, final = FUNCTIONS[state]
    root = np.full(width, -1, dtype=state)
    root[W:] = 0
    # the TOUCHED bits are read by the spanning test, by a single component's checks and
    # by the test that an unmarked component with edges is allowed
    if must or single:
        forget = KEEP
    else:
        forget = FORGET_MARKED if require else FORGET_ALL
    consts = np.array([W, acyclic, separate, kind, single, trivial, require, lo, hi, width,
                       forget, bipartite, woff, wlo, whi, lo if hi >= UNBOUNDED else hi + 1,
                       maxdeg, induced],
                      dtype=np.int64)
    machine = Machine(step, final, info, root, consts, 4 * W + 4, takes=takes,
                      name=f"frontier ({name})")
    U = graph.universe
    return machine.build(U, [U.level(e) for e in graph.edges], progress)


def _row_type(graph, W: int, weights) -> type:
    """int16 rows where every entry fits (half the bytes to store, hash and compare),
    else int32."""
    total = sum(weights.values()) if weights is not None else 0
    if W <= SHORT_MAX and len(graph.vertices) < SHORT_LIMIT and total < SHORT_LIMIT:
        return np.int16
    return np.int32


def _ahead(plan, m: int, vertices, must: set) -> tuple[np.ndarray, np.ndarray]:
    """Per edge i, the vertices and the ``must`` vertices whose last edge comes after i."""
    ends = np.zeros((2, m + 1), dtype=np.int64)
    for x in vertices:
        if x in plan.last:
            ends[0, plan.last[x]] += 1
            ends[1, plan.last[x]] += x in must
    # after edge i: those whose last edge is > i
    later = ends[:, ::-1].cumsum(axis=1)[:, ::-1]
    return later[0, 1:], later[1, 1:]


def _earlier_neighbours(plan) -> tuple[np.ndarray, np.ndarray]:
    """Per edge i = (u, v), the slots (a bit mask) of u's and of v's neighbours by edges
    before i that are still on the frontier at i."""
    masks = np.zeros((2, len(plan.edges)), dtype=np.int64)
    seen: dict = {}  # vertex -> the neighbours by the edges so far
    slot: dict = {}  # a vertex keeps one slot from its first edge to its last
    for i, (u, v) in enumerate(plan.edges):
        slot.setdefault(u, plan.cu[i])
        slot.setdefault(v, plan.cv[i])
        for side, x in enumerate((u, v)):
            mask = 0
            for y in seen.get(x, ()):
                if plan.last[y] >= i:
                    mask |= 1 << slot[y]
            masks[side, i] = mask
        seen.setdefault(u, []).append(v)
        seen.setdefault(v, []).append(u)
    return masks[0], masks[1]


def known(graph, vertices: Iterable[Hashable], what: str) -> list:
    out = list(vertices)
    vset = set(graph.vertices)
    for x in out:
        if x not in vset:
            raise ValueError(f"unknown {what} {x!r}")
    return out


def _edgeless(graph) -> set:
    """The vertices without an edge."""
    return {x for x in graph.vertices if not graph.neighbours(x)}


def trees(graph, root=None, spanning: bool = False, progress=None):
    """Trees of ``graph`` as edge sets (see the module docstring)."""
    U = graph.universe
    if root is not None:
        known(graph, [root], "root")
    if spanning:
        if len(graph.vertices) > 1 and _edgeless(graph):
            return U.empty
        if len(graph.vertices) <= 1:
            return U.unit if root is not None else U.empty
    if root is not None and root in _edgeless(graph):
        return U.unit
    if not graph.edges:
        return U.unit if root is not None else U.empty
    must = graph.vertices if spanning else ()
    if root is None:
        return _run(graph, "trees", must=must, single=True, lo=1, hi=1, progress=progress)
    return _run(graph, "trees", marks=[root], must=must, require=True, kind=ROOTS,
                progress=progress)


def forests(graph, roots=None, spanning: bool = False, progress=None):
    """Forests of ``graph`` as edge sets (see the module docstring)."""
    U = graph.universe
    roots = known(graph, roots or (), "root")
    rset = set(roots)
    must = [x for x in graph.vertices if x not in rset] if spanning else []
    if set(must) & _edgeless(graph):
        return U.empty
    if not graph.edges:
        return U.unit
    if not roots:
        return _run(graph, "forests", must=must, progress=progress)
    return _run(graph, "forests", marks=rset, must=must, require=True, kind=ROOTS,
                progress=progress)


def steiner_trees(graph, terminals, progress=None):
    """Trees whose vertices hold every terminal (∅ for one terminal)."""
    terms = set(known(graph, terminals, "terminal"))
    U = graph.universe
    if not terms:
        return trees(graph, progress=progress)
    if len(terms) == 1:  # a tree through the terminal, or ∅
        return trees(graph, root=next(iter(terms)), progress=progress)
    if terms & _edgeless(graph):
        return U.empty
    # every edge lies in the one tree, so the trees machine with an edge at each terminal
    return _run(graph, "Steiner trees", must=terms, single=True, lo=1, hi=1, progress=progress)


def induced_graphs(graph, progress=None):
    """Connected induced subgraphs with at least one edge, as their edge sets."""
    if not graph.edges:
        return graph.universe.empty
    return _run(graph, "induced graphs", acyclic=False, single=True, lo=1, hi=1, induced=True,
                progress=progress)


def partitions(graph, lo: int = 1, hi: int | None = None, progress=None):
    """Partitions of the vertices into lo..hi connected parts, each as the set of edges
    inside its parts."""
    isolated = len(_edgeless(graph))
    lo, hi = lo - isolated, (UNBOUNDED if hi is None else hi - isolated)
    U = graph.universe
    if hi < max(lo, 0) or hi < 0:
        return U.empty
    if not graph.edges:
        return U.unit if lo <= 0 <= hi else U.empty
    # a graph with edges has a part: a lower bound of one needs no count
    return _run(graph, "partitions", acyclic=False, separate=True, trivial=True,
                lo=lo if lo > 1 else 0, hi=hi, progress=progress)


def connected_graphs(graph, progress=None):
    """Connected edge sets other than ∅ (cycles allowed)."""
    if not graph.edges:
        return graph.universe.empty
    return _run(graph, "connected graphs", acyclic=False, single=True, lo=1, hi=1,
                progress=progress)


def bipartite_graphs(graph, connected: bool = True, progress=None):
    """Edge sets without an odd cycle (2-colourable); ``connected``: also connected or ∅."""
    U = graph.universe
    if not graph.edges:
        return U.unit
    if connected:
        return _run(graph, "bipartite graphs", acyclic=False, single=True, lo=1, hi=1,
                    bipartite=True, progress=progress) | U.unit
    return _run(graph, "bipartite graphs", acyclic=False, bipartite=True, progress=progress)


def connecting(graph, terminals, progress=None):
    """Edge sets in which every terminal lies in one component (the up-closed family of
    which the Steiner trees are the minimal members; every edge set for < 2 terminals)."""
    terms = set(known(graph, terminals, "terminal"))
    U = graph.universe
    if len(terms) < 2:
        return U.power_set()
    if terms & _edgeless(graph):
        return U.empty
    return _run(graph, "connecting sets", marks=terms, acyclic=False, kind=TERMINALS,
                progress=progress)


def balanced_partitions(graph, weights=None, lower: int = 0, upper: int = MAX_WEIGHT,
                        parts=None, progress=None):
    """Partitions of the vertices into connected parts whose weight sums (``weights``: a
    vertex -> int mapping, 1 for a vertex not in it) lie in lower..upper, as the edges
    inside the parts; ``parts``: a number of parts or a (lo, hi) range of them."""
    weights = {} if weights is None else dict(weights)
    known(graph, weights, "vertex")
    w = {x: weights.get(x, 1) for x in graph.vertices}
    for x, k in w.items():
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 0:
            raise ValueError(f"the weight of {x!r} must be a non-negative integer, got {k!r}")
    if sum(w.values()) > MAX_WEIGHT:
        raise ValueError(f"the total weight {sum(w.values())} is above {MAX_WEIGHT}")
    lo, hi = (1, UNBOUNDED) if parts is None else \
        (parts, parts) if isinstance(parts, (int, np.integer)) else tuple(parts)
    lower, upper = max(int(lower), 0), min(int(upper), MAX_WEIGHT)
    U = graph.universe
    lone = [x for x in _edgeless(graph)]
    if any(not lower <= w[x] <= upper for x in lone):
        return U.empty
    lo, hi = lo - len(lone), hi - len(lone)
    if hi < max(lo, 0) or upper < lower:
        return U.empty
    if not graph.edges:
        return U.unit if lo <= 0 else U.empty
    # a graph with edges has a part: a lower bound of one needs no count
    return _run(graph, "balanced partitions", acyclic=False, separate=True, trivial=True,
                lo=lo if lo > 1 else 0, hi=hi, weights=w, wlo=lower, whi=upper,
                progress=progress)


def paths_through(graph, terminals, progress=None):
    """Paths (E ≠ ∅, any ends) whose vertices hold every terminal: one tree with every
    degree at most 2 and an edge at every terminal."""
    terms = set(known(graph, terminals, "terminal"))
    U = graph.universe
    if not graph.edges or terms & _edgeless(graph):
        return U.empty
    return _run(graph, "Steiner paths", must=terms, single=True, lo=1, hi=1, maxdeg=2,
                progress=progress)
