"""The mate-ZDD construction (Kawahara et al., 2011) written with the family algebra.

A private universe holds the graph's edge elements ``("e", edge)`` and auxiliary
*mate* elements: ``("m", x, y)`` says that x and y are the two ends of one path
fragment (``("m", x, x)``: x has no edge yet), ``("o", y)`` that y ends a fragment
whose other end has left (free path matchings), ``("o", y, k)`` that y ends a
fragment whose other end is a terminal of label k (pairs: a terminal starts so),
``("z",)`` that a cycle has closed (single cycles).  A vertex of degree 2 carries
no mate element.

The family F starts as {{m_vv : v}}, the empty edge set with every vertex alone
(every terminal x of label k with ``("o", x, k)`` instead).
Processing edge ab::

    F = F + Σ_{c,d} (F / m_ac / m_bd) * e_ab * m_cd

(a's fragment ended at c, b's at d; the new edge joins them into a c–d fragment;
the term for c = b would close a cycle and is handled per kind).  When vertex a
leaves the frontier (its last edge is done)::

    F = F % m_ab   for b ≠ a      (a may not end an open fragment)
    F = F / m_aa + F % m_aa       (forget "a is alone")

computed as one relational image (``Family.image``, rows in ``_leave_rows``)
instead of W remainders and a quantification: one pass over the mate part.
When a leaves right after edge ab (its last edge in the reverse order), the image
is applied to the members without e_ab only: with the edge, a has degree 2 (no
mark: kept as is) or was alone and would now end a fragment as it leaves (those
terms, a quotient by m_aa each, are not made); free path matchings, where the
leave step rewrites such a mark, take the general route.
The edge step stays W² quotients: as one image its relation must carry the pair
(c, d) from the levels of m_ac and m_bd to that of m_cd, and walking F beside
those W² states measured slower (8x8 paths: 10.9 s against 6.3 s).  The quotients
by a's elements, and those of each F / m_ac by b's, are one ``F.quotients`` call
each: a node from which no member holding m_bd is reached is not walked for d.

Variable order (measured to matter most): edges are processed in *reverse* order
and every mate element sits just above the edge at which it is *born*: the step at
which the younger of its two vertices enters the (reverse) frontier.  The mate
elements of the vertices that just entered, the ones the next edge steps divide
by, are then at the top of the working family, so those quotients walk little,
and a mate element sits among the decided edges that came before it.  (Placed
just above the edge at which it dies, so that all live mate elements formed the
top of the ZDD, the construction was 2.6-2.9x slower at 8 x 8: docs/mate-zdd.md.)
The result is copied into the graph's universe, so mate elements never reach it.
"""

from __future__ import annotations

from itertools import combinations

from ..algebra.family import Family, union
from .plan import plan_of, terminal_labels
from ..algebra.universe import Universe

__all__ = ["build_algebra"]


def build_algebra(graph, kind: str, pairs=None, cover: bool = False, trace=None,
                  counts=None, fixed=None):
    """The family of ``kind`` (see ``zalg.graphs.paths.build``) by the mate-ZDD algebra.

    ``counts`` (a list of (edges, k): exactly k of those edges) and ``fixed`` (edge ->
    0 or 1) constrain the family as it grows, as the slides build Slitherlink: an
    edge fixed to 0 is never added, one fixed to 1 always is, and a group's count is
    enforced by one image (rows P -> P forbidding the rest, |P| = k) as soon as its
    last edge is decided.

    ``trace``, if given, is called as ``trace(text, F)`` after every step with the
    intermediate family F over edge and mate elements (for teaching and debugging)."""
    U = graph.universe
    edges = graph.edges
    degree = {x: 0 for x in graph.vertices}
    for u, v in edges:
        degree[u] += 1
        degree[v] += 1
    terminals: dict = {}
    if kind in ("paths", "matchings") and pairs is not None:
        terminals = terminal_labels(graph.vertices, pairs)
        if any(p[0] == p[1] for p in pairs):
            if len(pairs) > 1 or cover and len(graph.vertices) > 1:
                return U.empty
            return U.unit
    if any(degree[x] == 0 for x in terminals) or cover and any(d == 0 for d in degree.values()):
        return U.empty
    if not edges:
        return U.unit if kind in ("cycles", "matchings") and not terminals else U.empty

    M = _Mates(graph, kind, free=kind == "matchings" and pairs is None,
               labels=sorted(set(terminals.values())), degree=degree)
    V = M.universe
    # a terminal of label k starts as the end of an empty fragment ending at "label k"
    F = V.family([[("o", x, terminals[x]) if x in terminals else M.key(x, x)
                   for x in graph.vertices if degree[x]]])
    if trace:
        trace("start: every vertex is its own mate", F)
    fixed = fixed or {}
    due: dict = {}  # the step at which a count group is decided: its first edge
    position_of = {x: i for i, x in enumerate(edges)}
    for members, k in counts or ():
        members = sorted(set(members), key=position_of.__getitem__)
        due.setdefault(position_of[members[0]], []).append((members, k))

    def leave(F, x, j):  # one pass: drop x's mate marks, as _leave_rows says
        return F.image(V.relation(_leave_rows(x, M.live_at[j], M.key, M.free, cover,
                                              M.labels, x in terminals)))

    for j in range(len(edges) - 1, -1, -1):
        a, b = edges[j]
        leaving = [x for x in dict.fromkeys((a, b)) if M.kill[x] == j]
        # a vertex that leaves right after this edge: its leave step is applied to the
        # members without the edge only; with the edge it has degree 2 (no mark: kept
        # as is) or it was alone and now ends a fragment, which it may not do when it
        # leaves (except in free matchings, where the leave step rewrites that mark)
        early = leaving if not M.free else []
        taken = M.with_edge(F, j, early) if fixed.get(edges[j]) != 0 else V.empty
        if fixed.get(edges[j]) == 1:
            F = V.empty
        for x in early:
            F = leave(F, x, j)
        F = F | taken
        for members, k in due.get(j, ()):
            F = F.image(V.relation(_count_rows(members, k)))
        if trace:
            gone = f", {' and '.join(map(str, early))} {'leaves' if len(early) == 1 else 'leave'}"
            trace(f"edge {a}-{b}" + (gone if early else ""), F)
        for x in leaving:
            if x not in early:
                F = leave(F, x, j)
                if trace:
                    trace(f"vertex {x} leaves", F)

    if kind == "cycle":
        F = F / M.z
    if trace:
        trace("finish", F)
    return U.adopt(F, rename=lambda x: x[1] if x[0] == "e" else x)


class _Mates:
    """The private universe of edge and mate elements of one construction, and its
    edge step.

    ``live_at[j]``: the vertices in the reverse frontier while edge j is processed;
    ``kill[x]``: the step at which x leaves it (its first edge); every mate element
    sits just above the edge at which it is born, the last edge of its younger
    vertex (see the module)."""

    def __init__(self, graph, kind: str, free: bool, labels: list, degree: dict):
        self.kind, self.free, self.labels = kind, free, labels
        self.edges = edges = graph.edges
        self.index = {x: i for i, x in enumerate(graph.vertices)}
        plan = plan_of(graph)
        self.kill = kill = plan.first
        live_at = []
        live: set = set()
        for j in range(len(edges) - 1, -1, -1):
            for x in edges[j]:
                if plan.last[x] == j:
                    live.add(x)
            live_at.append(sorted(live, key=self.index.get))
            for x in edges[j]:
                if kill[x] == j:
                    live.discard(x)
        live_at.reverse()
        self.live_at = live_at
        born = plan.last  # the step at which x enters the reverse frontier
        position: dict = {}
        for group in live_at:
            for x in group:
                for y in group:
                    position[self.key(x, y)] = min(born[x], born[y])
                if free:
                    position[("o", x)] = born[x]
                for k in labels:
                    position[("o", x, k)] = born[x]
        for x in graph.vertices:
            if degree[x]:
                position[self.key(x, x)] = born[x]
        order = [("z",)] if kind == "cycle" else []
        by_step: dict = {}
        for k, p in position.items():
            by_step.setdefault(p, []).append(k)
        for j, e in enumerate(edges):
            order += by_step.get(j, [])
            order.append(("e", e))
        self.universe = Universe(order)
        self._singles: dict = {}
        self.z = self.single(("z",)) if kind == "cycle" else None

    def key(self, x, y) -> tuple:
        """The mate element saying that x and y end one fragment."""
        return ("m",) + ((x, y) if self.index[x] <= self.index[y] else (y, x))

    def with_edge(self, F, j: int, leaving=()):
        """The members of F extended by edge j, its two fragments joined:
        e_ab * Σ_{c,d} (F / m_ac / m_bd) * m_cd, cycles closed per kind (e_ab is
        joined once, to the sum; the quotients by all c, and by all d, in one pass each).  Without the members in which a vertex of
        ``leaving`` was alone (it would end a fragment as it leaves)."""
        a, b = self.edges[j]
        group = self.live_at[j]
        ends_b = [(d, m) for d, m in _ends(b, group, self.key, self.free, self.labels)
                  if not (b in leaving and d == ("v", b))]
        terms = []
        ends_a = [(c, m) for c, m in _ends(a, group, self.key, self.free, self.labels)
                  if not (a in leaving and c == ("v", a))]
        for (c, _), Fa in zip(ends_a, F.quotients([m for _, m in ends_a])):
            if not Fa:
                continue
            if c == ("v", b):  # a and b end the same fragment: the edge closes a cycle
                if self.kind == "cycle":
                    terms.append((Fa % self.z) * self.z)
                elif self.kind == "cycles":
                    terms.append(Fa)
                continue
            ways = [(m, _joined(c, d, self.key)) for d, m in ends_b]
            # b's element m_bd renamed to the joined fragment's m_cd: one substitution
            # (on a vertical edge the m_cd lie above Fa: a chain written on its top)
            terms.append(Fa.substitute({m: joined[0] for m, joined in ways if joined}))
            terms += Fa.quotients([m for m, joined in ways if joined == []])
        return union(terms, universe=self.universe) * self.single(("e", self.edges[j]))

    def single(self, x) -> Family:
        """The family {{x}} (made once per element)."""
        f = self._singles.get(x)
        if f is None:
            f = self._singles[x] = self.universe.single(x)
        return f


def _ends(a, group, key, free: bool, labels: list) -> list:
    """(end, element) for every way a's fragment may end: at a live vertex c (end
    ``("v", c)``, element m_ac; c = a when a is alone), at a vertex that left (free
    matchings: ``("open",)``, ``o_a``), or at a terminal of label k that left
    (``("label", k)``, ``("o", a, k)``).  The tags keep vertices of any name apart."""
    ends = [(("v", c), key(a, c)) for c in group]
    if free:
        ends.append((("open",), ("o", a)))
    ends += [(("label", k), ("o", a, k)) for k in labels]
    return ends


def _joined(c, d, key):
    """The mate elements of the fragment c–d made by an edge between the fragments
    ending at c and at d (a list), or None when it may not be made."""
    if c[0] == "v" and d[0] == "v":
        return None if c == d else [key(c[1], d[1])]
    if c[0] != "v" and d[0] != "v":  # a finished path: free, or two terminals of one label
        return [] if c[0] == "open" or c == d else None
    end, (_, vertex) = (c, d) if c[0] != "v" else (d, c)
    return [("o", vertex)] if end[0] == "open" else [("o", vertex, end[1])]


def _leave_rows(x, group, key, free: bool, cover: bool, labels=(), terminal=False) -> list:
    """The rows of vertex x leaving the frontier (it has at most one mate element;
    each row names all of them, so at most one row applies to a member):

    * no mate element (x has degree 2, or is a terminal with its one edge): kept;
    * ``m_xx`` (x alone): dropped, or with ``cover`` the member is; a terminal
      never holds it (it starts as ``("o", x, k)``, which it may not keep);
    * ``m_xy`` (x ends a fragment whose other end y stays): the member is dropped,
      or for free path matchings ``m_xy`` becomes ``o_y`` (y's other end is gone);
    * ``o_x``: dropped (a path with one end gone ends at x);
    * ``("o", x, k)`` (a path from a terminal would end at x): the member is dropped."""
    mine = [key(x, y) for y in group] + ([("o", x)] if free else []) + \
        [("o", x, k) for k in labels]
    rows = [((), (), mine)]
    for m in mine:
        others = [o for o in mine if o != m]
        if m == key(x, x):
            if not cover and not terminal:
                rows.append(((m,), (), others))
        elif m == ("o", x):
            rows.append(((m,), (), others))
        elif free and m[0] == "m":
            y = m[2] if m[1] == x else m[1]
            # o_y cannot be in the member already (y's mate is x): say so, which keeps
            # the relation's diagram narrow
            rows.append(((m,), (("o", y),), others + [("o", y)]))
    return rows


def _count_rows(members: list, k: int) -> list:
    """Rows keeping exactly the members with k of the edges ``members`` (each k-subset
    P is required and the rest forbidden; nothing is rewritten)."""
    rows = []
    for P in combinations(members, k):
        e_in = [("e", x) for x in P]
        rows.append((e_in, e_in, [("e", x) for x in members if x not in P]))
    return rows
