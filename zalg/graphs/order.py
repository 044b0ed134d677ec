"""Edge orders of narrow frontier for general graphs (``Graph(..., order="auto")``).

The frontier engine's states hold the *frontier*: the vertices with edges both decided
and undecided.  Its width under an edge order is the width of the path decomposition
whose bags are the frontiers, so a narrow order is a path decomposition of small width.
The heuristic grows a vertex order one vertex at a time: among the vertices next to
those placed, it places the one that leaves the frontier smallest after it (its own
entry counted, the placed neighbours it finishes subtracted), ties going to the vertex
with more placed neighbours and then to the one found first (a breadth-first sweep
where nothing else decides).  A vertex's edges to placed vertices follow it, oldest
neighbour first, so that old frontier vertices leave early.  The sweep starts from
peripheral vertices (both ends of double-sweep breadth-first searches, and the
vertices of largest and least eccentricity on graphs of up to ``ECCENTRIC_MAX``
vertices); the order of least frontier width (then least total frontier size) among
the sweeps, the breadth-first orders from the same starts and the given order wins.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable

__all__ = ["auto_order", "frontier_sizes", "sweep", "bfs_order"]

#: graphs up to this many vertices also try the vertices of extreme eccentricity as starts
ECCENTRIC_MAX = 400
#: at most this many starts
STARTS = 12
#: graphs above this many vertices try a single start (the heuristic is O(n · boundary))
LARGE = 3000


def frontier_sizes(edges: list[tuple]) -> tuple[int, int]:
    """(the largest frontier, the sum of the frontiers' sizes) under an edge order: at
    step i the frontier holds every vertex whose first edge is at or before i and whose
    last is at or after i."""
    first: dict = {}
    last: dict = {}
    for i, (u, v) in enumerate(edges):
        for x in (u, v):
            first.setdefault(x, i)
            last[x] = i
    delta = [0] * (len(edges) + 1)
    for x, i in first.items():
        delta[i] += 1
        delta[last[x] + 1] -= 1
    width = total = live = 0
    for d in delta[:-1]:
        live += d
        width = max(width, live)
        total += live
    return width, total


def _adjacency(edges: list[tuple], vertices: list) -> dict:
    adj: dict = {x: [] for x in vertices}
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    return adj


def _distances(adj: dict, start) -> dict:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        y = queue.popleft()
        for z in adj[y]:
            if z not in dist:
                dist[z] = dist[y] + 1
                queue.append(z)
    return dist


def _farthest(adj: dict, start) -> Hashable:
    dist = _distances(adj, start)
    return max(dist, key=dist.__getitem__)


def _starts(adj: dict, vertices: list) -> list:
    """Peripheral vertices to start sweeps from (see the module docstring)."""
    touched = [x for x in vertices if adj[x]]
    if not touched:
        return []
    out: list = []
    a = _farthest(adj, touched[0])
    b = _farthest(adj, a)
    out += [a, b]
    low = min(touched, key=lambda x: len(adj[x]))
    out += [low, _farthest(adj, low)]
    if len(vertices) <= ECCENTRIC_MAX:
        ecc = {x: max(_distances(adj, x).values()) for x in touched}
        hi, lo = max(ecc.values()), min(ecc.values())
        out += [x for x in touched if ecc[x] == hi][:4] + [x for x in touched if ecc[x] == lo][:4]
    unique = list(dict.fromkeys(out))
    return unique[:1] if len(vertices) > LARGE else unique[:STARTS]


def sweep(edges: list[tuple], vertices: list, start, adj: dict | None = None) -> list[tuple]:
    """The greedy vertex sweep from ``start`` (see the module docstring) as an edge order."""
    adj = _adjacency(edges, vertices) if adj is None else adj
    pos: dict = {}
    open_count = {x: len(adj[x]) for x in vertices}  # neighbours not placed yet
    links: dict = {}  # candidate -> placed neighbours
    found: dict = {}  # candidate -> when it was first seen
    rest = iter(sorted(vertices, key=lambda x: len(adj[x])))
    nxt = start
    while len(pos) < len(vertices):
        if nxt is None:
            if links:
                def cost(x):
                    finished = sum(1 for y in adj[x] if y in pos and open_count[y] == 1)
                    grows = 1 if open_count[x] > links[x] else 0
                    return (grows - finished, -links[x], found[x])
                nxt = min(links, key=cost)
            else:
                nxt = next(x for x in rest if x not in pos)
        x, nxt = nxt, None
        pos[x] = len(pos)
        links.pop(x, None)
        for y in adj[x]:
            open_count[y] -= 1
            if y not in pos:
                if y not in links:
                    links[y], found[y] = 0, len(found)
                links[y] += 1
    order = sorted(vertices, key=pos.__getitem__)
    out = []
    for x in order:
        placed = sorted((y for y in adj[x] if pos[y] < pos[x]), key=pos.__getitem__)
        out += [(y, x) for y in placed]
    return out


def bfs_order(edges: list[tuple], start) -> list[tuple]:
    """Edges in breadth-first order from ``start`` (then from each unreached vertex)."""
    if start is None:
        return list(edges)
    adj: dict = {}
    for e in edges:
        for x in e:
            adj.setdefault(x, []).append(e)
    order, placed, seen = [], set(), set()
    for root in [start] + [x for x in adj if x != start]:
        if root in seen or root not in adj:
            continue
        seen.add(root)
        queue = deque([root])
        while queue:
            x = queue.popleft()
            for e in adj[x]:
                if e not in placed:
                    placed.add(e)
                    order.append(e)
                y = e[0] if e[1] == x else e[1]
                if y not in seen:
                    seen.add(y)
                    queue.append(y)
    return order


def auto_order(edges: list[tuple], vertices: list, sweeps: bool = True) -> list[tuple]:
    """The edge order of least (frontier width, total frontier size) among the given
    order, breadth-first orders and (``sweeps``) greedy sweeps from peripheral starts.
    Edges come back as given (the sweep's pairs are matched to them)."""
    if not edges:
        return []
    adj = _adjacency(edges, vertices)
    starts = _starts(adj, vertices)
    candidates = [list(edges)] + [bfs_order(edges, x) for x in starts]
    if sweeps:
        key = {frozenset(e): e for e in edges}
        candidates += [[key[frozenset(e)] for e in sweep(edges, vertices, x, adj)]
                       for x in starts]
    return min(candidates, key=frontier_sizes)
