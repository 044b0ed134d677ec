"""Edge sets of a ``Graph`` by the connected components they make: trees, forests,
Steiner trees, connected induced subgraphs and partitions into connected parts.

Each family is built top down by the components machine (``components.c``, compiled
into ``zalg.topdown._frontier``).  A state row holds, per frontier slot, the label of
the vertex's component among the chosen edges so far (labels numbered by first
occurrence along the slots, so that equal futures have equal rows) with two bits: the
vertex has a chosen edge, and its component holds a marked vertex (a root or a
terminal).  For induced subgraphs and partitions, one bit mask per label follows: the
components that an unchosen edge between them keeps apart for good (they may never
join).  The last entry counts the components that have left the frontier.  Per level,
an info row gives the edge's slots, which end enters or leaves, which end is marked or
must have an edge, and how many terminals are still ahead.

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

__all__ = ["trees", "forests", "steiner_trees", "induced_graphs", "partitions"]

(C_CU, C_CV, C_ENTER_U, C_ENTER_V, C_LEAVE_U, C_LEAVE_V, C_MARK_U, C_MARK_V, C_MUST_U,
 C_MUST_V, C_TERMS_AHEAD) = range(11)
INFO_WIDTH = 11
(K_W, K_ACYCLIC, K_SEPARATE, K_MARKS, K_SINGLE, K_TRIVIAL, K_REQUIRE, K_LO, K_HI,
 K_WIDTH, K_FORGET) = range(11)
KEEP, FORGET_MARKED, FORGET_ALL = range(3)
NO_MARKS, ROOTS, TERMINALS = range(3)
#: the widest frontier the separation masks (one bit per label in an int32) allow
SEPARATE_MAX = 30
UNBOUNDED = 1 << 30


step = builtin("components.step", np.int32)
takes = builtin("components.takes", np.int32)
final = builtin("components.final", np.int32)


def _run(graph, name: str, marks=(), must=(), acyclic=True, separate=False, single=False,
         trivial=False, require=False, lo=0, hi=UNBOUNDED, kind=NO_MARKS, progress=None):
    """Run the components machine over ``graph`` (which has edges)."""
    plan = plan_of(graph, progress)
    W = plan.width
    if separate and W > SEPARATE_MAX:
        raise ValueError(f"a frontier of {W} vertices is wider than {name} allow "
                         f"({SEPARATE_MAX}): try order='frontier'")
    marks, must = set(marks), set(must)
    m = len(graph.edges)
    info = np.zeros((m, INFO_WIDTH), dtype=np.int64)
    info[:, C_CU], info[:, C_CV] = plan.cu, plan.cv
    info[:, [C_ENTER_U, C_ENTER_V]] = np.array(plan.enter, dtype=np.int64)
    info[:, [C_LEAVE_U, C_LEAVE_V]] = np.array(plan.leave, dtype=np.int64)
    left = sorted(plan.last[x] for x in marks if x in plan.last)
    for i, (u, v) in enumerate(graph.edges):
        info[i, C_MARK_U], info[i, C_MARK_V] = u in marks, v in marks
        info[i, C_MUST_U], info[i, C_MUST_V] = u in must, v in must
        info[i, C_TERMS_AHEAD] = sum(1 for last in left if last > i)
    width = W + (W if separate else 0) + 1
    root = np.full(width, -1, dtype=np.int32)
    root[W:] = 0
    # the TOUCHED bits are read by the spanning test, by a single component's checks and
    # by the test that an unmarked component with edges is allowed
    if must or single:
        forget = KEEP
    else:
        forget = FORGET_MARKED if require else FORGET_ALL
    consts = np.array([W, acyclic, separate, kind, single, trivial, require, lo, hi, width,
                       forget], dtype=np.int64)
    machine = Machine(step, final, info, root, consts, 2 * W + 1, takes=takes,
                      name=f"frontier ({name})")
    U = graph.universe
    return machine.build(U, [U.level(e) for e in graph.edges], progress)


def _known(graph, vertices: Iterable[Hashable], what: str) -> list:
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
        _known(graph, [root], "root")
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
    roots = _known(graph, roots or (), "root")
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
    terms = set(_known(graph, terminals, "terminal"))
    U = graph.universe
    if not terms:
        return trees(graph, progress=progress)
    if len(terms) == 1:
        if terms & _edgeless(graph):
            return U.unit
    elif terms & _edgeless(graph):
        return U.empty
    return _run(graph, "Steiner trees", marks=terms, require=True, kind=TERMINALS,
                progress=progress)


def induced_graphs(graph, progress=None):
    """Connected induced subgraphs with at least one edge, as their edge sets."""
    if not graph.edges:
        return graph.universe.empty
    return _run(graph, "induced graphs", acyclic=False, separate=True, single=True, lo=1,
                hi=1, progress=progress)


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
    return _run(graph, "partitions", acyclic=False, separate=True, trivial=True,
                lo=max(lo, 0), hi=hi, progress=progress)
