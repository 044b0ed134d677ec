"""Plain-Python references for the graph classes: every edge subset of a small graph
(up to about 14 edges) tested against the class's definition."""

from __future__ import annotations

import importlib.util
import os
import random
from fractions import Fraction
from itertools import combinations
from math import prod

import pytest


def subsets(edges):
    for r in range(len(edges) + 1):
        for S in combinations(edges, r):
            yield frozenset(S)


def components(vertices, S) -> list[set]:
    """The connected components of (vertices, S), isolated vertices included."""
    parent = {x: x for x in vertices}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for u, v in S:
        parent[find(u)] = find(v)
    groups: dict = {}
    for x in vertices:
        groups.setdefault(find(x), set()).add(x)
    return list(groups.values())


def touched(S) -> set:
    return {x for e in S for x in e}


def acyclic(vertices, S) -> bool:
    return len(S) == len(vertices) - len(components(vertices, S))


def nontrivial(vertices, S) -> list[set]:
    return [c for c in components(vertices, S) if len(c) > 1]


def is_tree(vertices, S, root=None, spanning=False) -> bool:
    parts = nontrivial(vertices, S)
    if not acyclic(vertices, S) or len(parts) > 1:
        return False
    if spanning and touched(S) != set(vertices) and len(vertices) > 1:
        return False
    if root is None:
        return len(parts) == 1
    return not S or root in touched(S)


def is_forest(vertices, S, roots=(), spanning=False) -> bool:
    if not acyclic(vertices, S):
        return False
    if spanning and set(vertices) - set(roots) - touched(S):
        return False
    if not roots:
        return True
    return all(len(c & set(roots)) == 1 for c in nontrivial(vertices, S))


def is_steiner_tree(vertices, S, terminals) -> bool:
    parts = nontrivial(vertices, S)
    if not acyclic(vertices, S) or len(parts) > 1:
        return False
    if not S:
        return len(set(terminals)) == 1
    return set(terminals) <= touched(S)


def is_induced(edges, S) -> bool:
    V = touched(S)
    return bool(S) and len(components(V, S)) == 1 and \
        all(e in S for e in edges if e[0] in V and e[1] in V)


def is_partition(vertices, edges, S, lo, hi) -> bool:
    parts = components(vertices, S)
    where = {x: k for k, c in enumerate(parts) for x in c}
    inside = all((e in S) == (where[e[0]] == where[e[1]]) for e in edges)
    return inside and lo <= len(parts) <= hi


def degrees_ok(vertices, S, allowed) -> bool:
    """Every vertex v of ``allowed`` has its degree in allowed[v]."""
    deg = {x: 0 for x in vertices}
    for u, v in S:
        deg[u] += 1
        deg[v] += 1
    return all(deg[x] in a for x, a in allowed.items())


def family(edges, test) -> set:
    return {S for S in subsets(edges) if test(S)}


def determinant(rows: list[list[int]]) -> int:
    """The determinant of an integer matrix (Fraction elimination, exact)."""
    a = [[Fraction(x) for x in row] for row in rows]
    n, det = len(a), Fraction(1)
    for c in range(n):
        p = next((r for r in range(c, n) if a[r][c] != 0), None)
        if p is None:
            return 0
        if p != c:
            a[c], a[p] = a[p], a[c]
            det = -det
        det *= a[c][c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            if f:
                for k in range(c, n):
                    a[r][k] -= f * a[c][k]
    return int(det)


def spanning_tree_count(vertices, edges) -> int:
    """Kirchhoff's matrix-tree theorem: any cofactor of the Laplacian."""
    idx = {x: k for k, x in enumerate(vertices)}
    n = len(vertices)
    L = [[0] * n for _ in range(n)]
    for u, v in edges:
        i, j = idx[u], idx[v]
        L[i][i] += 1
        L[j][j] += 1
        L[i][j] -= 1
        L[j][i] -= 1
    return determinant([row[1:] for row in L[1:]])


def is_hamilton_cycle(vertices, S) -> bool:
    return len(vertices) > 2 and degrees_ok(vertices, S, {x: {2} for x in vertices}) \
        and len(components(vertices, S)) == 1


def is_hamilton_path(vertices, S, s, t) -> bool:
    if s == t:
        return not S and len(vertices) == 1
    want = {x: {1} if x in (s, t) else {2} for x in vertices}
    return degrees_ok(vertices, S, want) and len(components(vertices, S)) == 1


def random_graph(seed: int):
    """A graph of 3..7 vertices and 2..13 of their pairs as edges, drawn from ``seed``."""
    from zalg import Graph
    rnd = random.Random(seed)
    n = rnd.randint(3, 7)
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    return Graph(rnd.sample(pairs, min(rnd.randint(2, 13), len(pairs))), vertices=range(n))


#: Graphillion is an optional peer: its tests skip without it
needs_graphillion = pytest.mark.skipif(importlib.util.find_spec("graphillion") is None,
                                       reason="Graphillion is not installed")


def graphset_on(G):
    """Graphillion's GraphSet with ``G``'s edges as its universe, in ``G``'s order."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    from graphillion import GraphSet
    GraphSet.set_universe(G.edges, traversal="as-is")
    return GraphSet


def degree_map(vertices, S) -> dict:
    deg = {x: 0 for x in vertices}
    for u, v in S:
        deg[u] += 1
        deg[v] += 1
    return deg


def is_connected_set(vertices, S) -> bool:
    return bool(S) and len(nontrivial(vertices, S)) == 1


def is_balanced_partition(vertices, edges, S, weights, lower, upper, lo, hi) -> bool:
    return is_partition(vertices, edges, S, lo, hi) and all(
        lower <= sum(weights.get(x, 1) for x in part) <= upper
        for part in components(vertices, S))


def is_bipartite(vertices, S, connected) -> bool:
    colour: dict = {}
    adj = {x: [] for x in vertices}
    for u, v in S:
        adj[u].append(v)
        adj[v].append(u)
    for x in vertices:
        if x in colour:
            continue
        colour[x], stack = 0, [x]
        while stack:
            y = stack.pop()
            for z in adj[y]:
                if z not in colour:
                    colour[z] = 1 - colour[y]
                    stack.append(z)
                elif colour[z] == colour[y]:
                    return False
    return not connected or not S or is_connected_set(vertices, S)


def is_path(vertices, S, terminals=(), ends=None) -> bool:
    deg = degree_map(vertices, S)
    if not S or not is_connected_set(vertices, S) or any(d > 2 for d in deg.values()):
        return False
    if len(S) != len(touched(S)) - 1:
        return False
    if ends is not None and not (deg[ends[0]] == 1 and deg[ends[1]] == 1):
        return False
    return set(terminals) <= touched(S)


def is_cycle(vertices, S, terminals=()) -> bool:
    deg = degree_map(vertices, S)
    return is_connected_set(vertices, S) and all(d in (0, 2) for d in deg.values()) \
        and set(terminals) <= touched(S)


def is_regular(vertices, S, degrees, connected) -> bool:
    ds = {d for d in degree_map(vertices, S).values() if d}
    return len(ds) == 1 and ds <= set(degrees) and (not connected or
                                                     is_connected_set(vertices, S))


def is_clique(vertices, edges, S, k) -> bool:
    V = touched(S)
    return len(V) == k and len(S) == k * (k - 1) // 2


def connects(vertices, S, terminals) -> bool:
    return any(set(terminals) <= c for c in components(vertices, S))


def reliability(vertices, edges, p, terminals) -> Fraction:
    """Σ over the edge sets connecting the terminals of their probabilities."""
    total = Fraction(0)
    for S in subsets(edges):
        if connects(vertices, S, terminals):
            total += prod((p[e] if e in S else 1 - p[e] for e in edges), start=Fraction(1))
    return total


def random_digraph(seed: int):
    """A digraph of 3..6 vertices and 2..12 arcs (opposite arcs allowed) from ``seed``."""
    from zalg import DiGraph
    rnd = random.Random(seed)
    n = rnd.randint(3, 6)
    arcs = [(a, b) for a in range(n) for b in range(n) if a != b]
    return DiGraph(rnd.sample(arcs, min(rnd.randint(2, 12), len(arcs))), vertices=range(n))


def walk(S) -> dict:
    """tail -> head of an arc set with out-degrees ≤ 1 (None if some out-degree is 2)."""
    nxt: dict = {}
    for u, v in S:
        if u in nxt:
            return None
        nxt[u] = v
    return nxt


def is_directed_path(vertices, S, s, t, hamilton=False) -> bool:
    if s == t:
        return not S and (not hamilton or len(vertices) == 1)
    nxt, seen, x = walk(S), [s], s
    if nxt is None:
        return False
    while x in nxt and len(seen) <= len(S):
        x = nxt[x]
        seen.append(x)
    ok = x == t and len(seen) == len(S) + 1 == len(set(seen))
    return ok and (not hamilton or set(seen) == set(vertices))


def is_directed_cycle(vertices, S, hamilton=False) -> bool:
    nxt = walk(S)
    if not S or nxt is None:
        return False
    start = next(iter(S))[0]
    x, seen = start, []
    for _ in range(len(S)):
        seen.append(x)
        x = nxt.get(x)
        if x is None:
            return False
    return x == start and len(set(seen)) == len(S) and (not hamilton
                                                        or set(seen) == set(vertices))


def is_arborescence(vertices, S, root, spanning=False) -> bool:
    heads = [v for _, v in S]
    if len(heads) != len(set(heads)) or root in heads:
        return False
    V = touched(S) | {root}
    if spanning and V != set(vertices):
        return False
    if S and root not in touched(S):
        return False
    # every head reaches the root backwards without repeating
    parent = {v: u for u, v in S}
    for x in V:
        steps = 0
        while x != root:
            if x not in parent or steps > len(S):
                return False
            x, steps = parent[x], steps + 1
    return True
