"""Sound deductions on a Slitherlink board, run to a fixpoint before the frontier sweep.

Variables: every edge (on the loop or not) and every cell (inside the loop or
not; the world outside the board is outside).  Constraints, each true of every
solution:

* a dot has 0 or 2 loop edges (2 in the ``full`` variant);
* a hinted cell has exactly its hint of loop edges;
* Jordan curve: an edge is on the loop exactly when the two cells it separates lie
  on different sides (inside/outside), the outside of the board being outside;
* one loop: the loop edges form paths until the last edge closes them into one
  cycle; an edge that would close a cycle while other loop edges lie elsewhere is
  off, and once the cycle closes every other edge is off;
* side classes: the Jordan-curve equations side(a) xor side(b) = edge are kept in a
  union-find with parity over the cells (and the outside), so an edge whose two
  cells fall into one class is decided by their parity, whatever lies between them;
* hint parity: the four sides of a hinted cell sum to its hint, so the sides of its
  four neighbours xor to the hint's parity (each side is cell xor neighbour: the
  cell cancels); reduced over the classes, two classes left are joined with that
  parity, one left is decided.

Propagation runs these to a fixpoint; ``deduce`` then probes every open edge
(``puzzles.common.propagation``): the classic patterns (0s, 3-3 pairs, corners, loop
closure, parity) all follow, with no rule that assumes the puzzle is unique.
"""

from __future__ import annotations

from ..common.board import square_sides
from ..common.propagation import Propagator

__all__ = ["LoopPropagator", "Contradiction", "deduce"]


class LoopPropagator(Propagator):
    """The edges (variables 0..E-1) and cell sides (E..E+cells-1) of one board."""

    def __init__(self, p):
        R, C = p.rows, p.cols
        self.edges = p.edges()
        E = len(self.edges)
        self.E = E
        self.outside = E + R * C
        super().__init__(E + R * C + 1)
        self.value[self.outside] = 0
        index = {e: i for i, e in enumerate(self.edges)}
        self.index = index
        dots = p.dots()
        dot_id = {d: i for i, d in enumerate(dots)}
        self.ends = [(dot_id[a], dot_id[b]) for a, b in self.edges]
        self.dot_edges: list[list[int]] = [[] for _ in dots]
        for i, (a, b) in enumerate(self.ends):
            self.dot_edges[a].append(i)
            self.dot_edges[b].append(i)
        self.full = p.variant == "full"

        def cell(r, c):
            return E + r * C + c if 0 <= r < R and 0 <= c < C else self.outside

        # the two cells each edge separates; the sides of each cell; hints
        self.sides = []
        for (r1, c1), (r2, c2) in self.edges:
            if r1 == r2:  # horizontal edge: the cells above and below
                self.sides.append((cell(r1 - 1, c1), cell(r1, c1)))
            else:  # vertical edge: the cells left and right
                self.sides.append((cell(r1, c1 - 1), cell(r1, c1)))
        self.cell_edges = {cell(r, c): [index[e] for e in square_sides((r, c))]
                           for r in range(R) for c in range(C)}
        self.hints: list[tuple[list[int], int] | None] = [None] * (R * C)
        self.edge_hints: list[list[int]] = [[] for _ in range(E)]
        for (r, c), h in p.hints.items():
            k = r * C + c
            self.hints[k] = (self.cell_edges[E + k], h)
            for i in self.cell_edges[E + k]:
                self.edge_hints[i].append(k)
        # the paths of loop edges: for a path's end dot, its other end and the path's
        # length; a dot without loop edges is a path of length 0 from itself to itself
        n = len(dots)
        self.other = list(range(n))
        self.length = [0] * n
        self.degree = [0] * n
        self.on_edges = [0]
        self._side_classes(p)

    def _side_classes(self, p) -> None:
        """The union-find with parity over the side variables (node k = variable E + k;
        the outside is the last node): a parent, the parity to it, the class's size at
        its root, and a circular list of each class's members."""
        E, nodes = self.E, len(self.value) - self.E
        self.parent = list(range(nodes))
        self.parity = [0] * nodes
        self.size = [1] * nodes
        self.next = list(range(nodes))
        self.node_edges: list[list[int]] = [[] for _ in range(nodes)]
        for i, (c1, c2) in enumerate(self.sides):
            self.node_edges[c1 - E].append(i)
            self.node_edges[c2 - E].append(i)
        # a hinted cell's neighbours (across each side) and the hinted cells beside a node
        self.neighbours: list[list[int]] = [[] for _ in range(nodes)]
        self.hinted_beside: list[list[int]] = [[] for _ in range(nodes)]
        for k, hint in enumerate(self.hints):
            if hint is not None:
                for i in hint[0]:
                    c1, c2 = self.sides[i]
                    y = (c2 if c1 == E + k else c1) - E
                    self.neighbours[k].append(y)
                    self.hinted_beside[y].append(E + k)

    # ---- propagation -----------------------------------------------------------------
    def on_assign(self, v: int, bit: int) -> bool:
        E = self.E
        if v >= E:  # a side decided: its class joins the outside's
            return self._join(v - E, len(self.value) - 1 - E, bit)
        c1, c2 = self.sides[v]
        if not self._join(c1 - E, c2 - E, bit):
            return False
        if bit == 0:
            return True
        a, b = self.ends[v]
        degree, other, length, put = self.degree, self.other, self.length, self.put
        if degree[a] >= 2 or degree[b] >= 2:
            return False
        xa, xb = other[a], other[b]
        if xa == b:  # the edge closes a cycle: it must hold every loop edge
            if length[a] + 1 != self.on_edges[0] + 1:
                return False
            value = self.value
            for i in range(E):
                if value[i] == -1 and not self.assign(i, 0):
                    return False
        else:
            total = length[xa] + length[xb] + 1
            put(other, xa, xb)
            put(other, xb, xa)
            put(length, xa, total)
            put(length, xb, total)
        put(degree, a, degree[a] + 1)
        put(degree, b, degree[b] + 1)
        put(self.on_edges, 0, self.on_edges[0] + 1)
        return True

    # ---- side classes -----------------------------------------------------------------
    def _find(self, k: int) -> tuple[int, int]:
        """(root, parity of node k to it): no path compression, so undo stays simple."""
        parent, parity = self.parent, self.parity
        p = 0
        while parent[k] != k:
            p ^= parity[k]
            k = parent[k]
        return k, p

    def _join(self, a: int, b: int, t: int) -> bool:
        """Record side(a) xor side(b) = t and decide what it fixes: every open edge
        between the two classes, and every side of a class that meets the outside's.
        False: the classes already hold the other parity."""
        (ra, pa), (rb, pb) = self._find(a), self._find(b)
        if ra == rb:
            return pa ^ pb == t
        put, out = self.put, len(self.value) - 1 - self.E
        if self.size[ra] < self.size[rb]:
            ra, pa, rb, pb = rb, pb, ra, pa
        r_out = self._find(out)[0]
        # the members to visit: those of the class without the outside, else the smaller
        start = ra if r_out == rb else rb
        members, k = [start], self.next[start]
        while k != start:
            members.append(k)
            k = self.next[k]
        put(self.parent, rb, ra)
        put(self.parity, rb, pa ^ pb ^ t)
        put(self.size, ra, self.size[ra] + self.size[rb])
        na, nb = self.next[ra], self.next[rb]
        put(self.next, ra, nb)
        put(self.next, rb, na)
        return self._decided_by_join(members, ra, r_out in (ra, rb))

    def _decided_by_join(self, members: list[int], root: int, outside: bool) -> bool:
        """After a join into ``root``: the edges from ``members`` into the class, the
        members' sides when the class holds the outside; hinted cells beside them are
        re-checked (their parity may now reduce)."""
        E, value, sides, find, assign = self.E, self.value, self.sides, self._find, self.assign
        p_out = find(len(value) - 1 - E)[1] if outside else 0
        for x in members:
            px = find(x)[1]
            if outside and not assign(E + x, px ^ p_out):
                return False
            for i in self.node_edges[x]:
                if value[i] == -1:
                    c1, c2 = sides[i]
                    ry, py = find((c2 if c1 == E + x else c1) - E)
                    if ry == root and not assign(i, px ^ py):
                        return False
            self.queue.extend(self.hinted_beside[x])
        return True

    def _parity(self, k: int) -> bool:
        """Hinted cell k: its neighbours' sides xor to the hint's parity; reduced over
        the classes (the outside's class is known), what is left is joined."""
        parent, parity = self.parent, self.parity
        t = self.hints[k][1] & 1
        roots: list[int] = []
        for y in self.neighbours[k]:
            while parent[y] != y:
                t ^= parity[y]
                y = parent[y]
            if y in roots:
                roots.remove(y)
            else:
                roots.append(y)
        if len(roots) > 3:  # at most one of them is the outside's: three unknowns or more
            return True
        out = y = len(parent) - 1
        p = 0
        while parent[y] != y:
            p ^= parity[y]
            y = parent[y]
        if y in roots:  # the outside's class has a known side
            roots.remove(y)
            t ^= p
        if not roots:
            return t == 0
        if len(roots) == 1:
            return self._join(roots[0], out, t)
        if len(roots) == 2:
            return self._join(roots[0], roots[1], t)
        return True

    def check(self, v: int) -> bool:
        """Re-check what variable v takes part in.  The Jordan-curve equations need no
        check: each assignment joins side classes, and the join decides their edges."""
        if v >= self.E:  # a cell's side or a class beside it changed: its hint's parity
            k, value = v - self.E, self.value
            hint = self.hints[k]
            if hint is None or all(value[i] >= 0 for i in hint[0]):
                return True  # decided sides: the count rule has checked them
            return self._parity(k)
        a, b = self.ends[v]
        if not (self._dot(a) and self._dot(b)):
            return False
        hints = self.hints
        for k in self.edge_hints[v]:
            if not self._hint(*hints[k]):
                return False
        return True

    def _dot(self, d: int) -> bool:
        """A dot has 0 or 2 loop edges (2 when every dot is on the loop)."""
        value = self.value
        on, free = 0, []
        for i in self.dot_edges[d]:
            x = value[i]
            if x == 1:
                on += 1
            elif x == -1:
                free.append(i)
        if on > 2 or (on == 1 and not free) or (self.full and on + len(free) < 2):
            return False
        if on == 2:
            return all(self.assign(i, 0) for i in free)
        if len(free) == 1 and (on == 1 or self.full):
            return self.assign(free[0], 1)
        if self.full and on + len(free) == 2:
            return all(self.assign(i, 1) for i in free)
        if on == 0 and len(free) == 1:
            return self.assign(free[0], 0)
        return True

    def _hint(self, sides: list[int], h: int) -> bool:
        """A hinted cell has exactly its hint of loop edges."""
        value = self.value
        on, free = 0, []
        for i in sides:
            x = value[i]
            if x == 1:
                on += 1
            elif x == -1:
                free.append(i)
        if on > h or on + len(free) < h:
            return False
        if on == h:
            return all(self.assign(i, 0) for i in free)
        if on + len(free) == h:
            return all(self.assign(i, 1) for i in free)
        return True

    # ---- entry points ----------------------------------------------------------------
    def start(self) -> bool:
        """Check every constraint once and propagate (False: no solution)."""
        self.queue.extend(range(self.E))
        self.queue.extend(self.E + k for k, hint in enumerate(self.hints) if hint is not None)
        return self.propagate()

    def fixed(self) -> dict:
        """{edge: 0 or 1} for every decided edge."""
        return {e: self.value[i] for i, e in enumerate(self.edges) if self.value[i] >= 0}


class Contradiction(Exception):
    """The deductions proved that the puzzle has no solution."""


def deduce(p, probe: bool = True, given: dict | None = None) -> dict:
    """{edge: 1 (on the loop) or 0} for every edge that all solutions of p agree on,
    as far as propagation (and, with ``probe``, failed-literal probing of every open
    edge) finds; ``given``: edges decided beforehand (a branch of a split).  Raises
    ``Contradiction`` when p has no solution (with those edges)."""
    prop = LoopPropagator(p)
    ok = all(prop.assign(prop.index[e], bit) for e, bit in (given or {}).items())
    if not (ok and prop.start()):
        raise Contradiction("the loop's rules clash")
    if probe and not prop.probe(range(prop.E)):
        raise Contradiction("every value of some edge fails")
    return prop.fixed()
