"""The mate-ZDD construction (Kawahara et al., 2011) written with the family algebra.

A private universe holds the graph's edge elements ``("e", edge)`` and auxiliary
*mate* elements: ``("m", x, y)`` says that x and y are the two ends of one path
fragment (``("m", x, x)``: x has no edge yet), ``("o", y)`` that y ends a fragment
whose other end has left (free path matchings), ``("z",)`` that a cycle has
closed (single cycles).  A vertex of degree 2 carries no mate element.

The family F starts as {{m_vv : v}}, the empty edge set with every vertex alone.
Processing edge ab::

    F = F + Σ_{c,d} (F / m_ac / m_bd) * e_ab * m_cd

(a's fragment ended at c, b's at d; the new edge joins them into a c–d fragment;
the term for c = b would close a cycle and is handled per kind).  When vertex a
leaves the frontier (its last edge is done)::

    F = F % m_ab   for b ≠ a      (a may not end an open fragment)
    F = F / m_aa + F % m_aa       (forget "a is alone")

computed as one relational image (``Family.image``, rows in ``_leave_rows``)
instead of W remainders and a quantification: one pass over the mate part.
The edge step stays W² quotients: as one image its relation must carry the pair
(c, d) from the levels of m_ac and m_bd to that of m_cd, and walking F beside
those W² states measured slower (8x8 paths: 10.9 s against 6.3 s).

Variable order (measured to matter most): edges are processed in *reverse* order
and every mate element sits just above the edge at which it dies, so the live
mate elements always form the top of the ZDD, every quotient only walks that
small top part, and adding an edge puts one node above each edge sub-family.
The result is copied into the graph's universe, so mate elements never reach it.
"""

from __future__ import annotations

from .family import union
from .frontier.plan import plan_of, terminal_labels
from .universe import Universe

__all__ = ["build_algebra"]


def build_algebra(graph, kind: str, pairs=None, cover: bool = False, trace=None):
    """The family of ``kind`` (see ``zalg.paths.build``) by the mate-ZDD algebra.

    ``trace``, if given, is called as ``trace(text, F)`` after every step with the
    intermediate family F over edge and mate elements (for teaching and debugging)."""
    U = graph.universe
    edges = graph.edges
    index = {x: i for i, x in enumerate(graph.vertices)}
    degree = {x: 0 for x in graph.vertices}
    for u, v in edges:
        degree[u] += 1
        degree[v] += 1
    plan = plan_of(graph)
    first, last = plan.first, plan.last

    free = kind == "matchings" and pairs is None
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

    # ---- the private universe: which mate elements exist, and where they sit ---------
    def kill(x):  # the step at which x leaves the reverse frontier; -1: kept to the end
        return -1 if x in terminals else first[x]

    def key(x, y):
        return ("m",) + ((x, y) if index[x] <= index[y] else (y, x))

    live_at = []  # vertices in the reverse frontier while edge j is processed
    live: set = set()
    for j in range(len(edges) - 1, -1, -1):
        for x in edges[j]:
            if last[x] == j:
                live.add(x)
        live_at.append(sorted(live, key=index.get))
        for x in edges[j]:
            if kill(x) == j:
                live.discard(x)
    live_at.reverse()
    position: dict = {}
    for j, group in enumerate(live_at):
        for x in group:
            for y in group:
                position[key(x, y)] = max(kill(x), kill(y))
            if free:
                position[("o", x)] = kill(x)
    for x in graph.vertices:
        if degree[x]:
            position[key(x, x)] = kill(x)
    order = [k for k, p in position.items() if p == -1]
    if kind == "cycle":
        order.append(("z",))
    by_step: dict = {}
    for k, p in position.items():
        if p >= 0:
            by_step.setdefault(p, []).append(k)
    for j, e in enumerate(edges):
        order += by_step.get(j, [])
        order.append(("e", e))
    V = Universe(order)

    def m(x, y):
        return V.single(key(x, y))

    # ---- the construction --------------------------------------------------------------
    F = V.family([[key(x, x) for x in graph.vertices if degree[x]]])
    if trace:
        trace("start: every vertex is its own mate", F)
    z = V.single(("z",)) if kind == "cycle" else None
    for j in range(len(edges) - 1, -1, -1):
        a, b = edges[j]
        e = V.single(("e", edges[j]))
        group = live_at[j]
        terms = []
        ends_a = [(c, m(a, c)) for c in group] + ([("open", V.single(("o", a)))] if free else [])
        ends_b = [(d, m(b, d)) for d in group] + ([("open", V.single(("o", b)))] if free else [])
        for c, mac in ends_a:
            Fa = F / mac
            if not Fa:
                continue
            if c == b:  # a and b end the same fragment: the edge closes a cycle
                if kind == "cycle":
                    terms.append((Fa % z) * e * z)
                elif kind == "cycles":
                    terms.append(Fa * e)
                continue
            for d, mbd in ends_b:
                if d == c and c != "open":
                    continue
                Fab = Fa / mbd
                if not Fab:
                    continue
                if c == "open" and d == "open":
                    joined = V.unit  # both ends gone: a finished path
                elif c == "open":
                    joined = V.single(("o", d))
                elif d == "open":
                    joined = V.single(("o", c))
                else:
                    joined = m(c, d)
                terms.append(Fab * e * joined)
        F = F | union(terms, universe=V)
        if trace:
            trace(f"edge {a}-{b}", F)
        for x in dict.fromkeys((a, b)):
            if kill(x) == j:  # one pass: drop x's mate marks, as _leave_rows says
                F = F.image(V.relation(_leave_rows(x, group, key, free, cover)))
                if trace:
                    trace(f"vertex {x} leaves", F)

    if kind == "cycle":
        F = F / z
    elif terminals:
        by_label: dict = {}
        for x, k in terminals.items():
            by_label.setdefault(k, []).append(x)
        F = F / V.family([[key(*ends) for ends in by_label.values()]])
    if trace:
        trace("finish", F)
    return U.adopt(F, rename=lambda x: x[1] if x[0] == "e" else x)


def _leave_rows(x, group, key, free: bool, cover: bool) -> list:
    """The rows of vertex x leaving the frontier (it has at most one mate element;
    each row names all of them, so at most one row applies to a member):

    * no mate element (x has degree 2): kept;
    * ``m_xx`` (x alone): dropped, or with ``cover`` the member is;
    * ``m_xy`` (x ends a fragment whose other end y stays): the member is dropped,
      or for free path matchings ``m_xy`` becomes ``o_y`` (y's other end is gone);
    * ``o_x``: dropped (a path with one end gone ends at x)."""
    mine = [key(x, y) for y in group] + ([("o", x)] if free else [])
    rows = [((), (), mine)]
    for m in mine:
        others = [o for o in mine if o != m]
        if m == key(x, x):
            if not cover:
                rows.append(((m,), (), others))
        elif m == ("o", x):
            rows.append(((m,), (), others))
        elif free:
            y = m[2] if m[1] == x else m[1]
            # o_y cannot be in the member already (y's mate is x): say so, which keeps
            # the relation's diagram narrow
            rows.append(((m,), (("o", y),), others + [("o", y)]))
    return rows
