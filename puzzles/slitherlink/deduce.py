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
  off, and once the cycle closes every other edge is off.

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

    # ---- propagation -----------------------------------------------------------------
    def on_assign(self, v: int, bit: int) -> bool:
        if v >= self.E or bit == 0:
            return True
        a, b = self.ends[v]
        degree, other, length, put = self.degree, self.other, self.length, self.put
        if degree[a] >= 2 or degree[b] >= 2:
            return False
        xa, xb = other[a], other[b]
        if xa == b:  # the edge closes a cycle: it must hold every loop edge
            if length[a] + 1 != self.on_edges[0] + 1:
                return False
            for i, val in enumerate(self.value[:self.E]):
                if val == -1:
                    put(self.value, i, 0)
                    self.queue.append(i)
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

    def check(self, v: int) -> bool:
        if v >= self.E:  # a cell's side changed: its four separating edges
            return all(self._separate(i) for i in self.cell_edges[v])
        a, b = self.ends[v]
        if not (self._separate(v) and self._dot(a) and self._dot(b)):
            return False
        hints = self.hints
        return all(self._hint(*hints[k]) for k in self.edge_hints[v])

    def _separate(self, i: int) -> bool:
        """Edge i is on exactly when its two cells lie on different sides."""
        value = self.value
        c1, c2 = self.sides[i]
        e, s1, s2 = value[i], value[c1], value[c2]
        if s1 >= 0 and s2 >= 0:
            return self.assign(i, s1 ^ s2)
        if e < 0:
            return True
        if s1 >= 0:
            return self.assign(c2, s1 ^ e)
        if s2 >= 0:
            return self.assign(c1, s2 ^ e)
        return True

    def _dot(self, d: int) -> bool:
        """A dot has 0 or 2 loop edges (2 when every dot is on the loop)."""
        value = self.value
        around = self.dot_edges[d]
        on = sum(value[i] == 1 for i in around)
        free = [i for i in around if value[i] == -1]
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
        value = self.value
        on = sum(value[i] == 1 for i in sides)
        free = [i for i in sides if value[i] == -1]
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
        self.queue.extend(self.cell_edges)
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
