"""Sound deductions on a Numberlink board, run to a fixpoint before the frontier sweep.

Variables: every edge (used or not) and every (cell, label) pair (the cell lies on
that label's path or not).  Constraints, each true of every solution (all of them
are counted, so no rule assumes the puzzle is unique):

* degrees: a terminal has one edge, any other cell none or two (two when every
  cell must be used);
* labels: a terminal carries its own label; a cell with edges carries exactly one
  label, a cell without labels has no edges (and, covering, cannot exist); a used
  edge joins cells of one label;
* paths: used edges never close a cycle (a fragment's two ends are never joined);
* reachability: a label's terminals are joined through cells that may carry the
  label and edges that may be used; a cell not reachable from both terminals of a
  label does not carry it;
* cut cells (top level only): a cell through which every path between a label's
  terminals passes carries that label;
* line cuts: a straight line between two rows (or columns) splits the cells in two;
  a label's path crosses it an odd number of times when its terminals lie on
  opposite sides and an even number otherwise, on edges no other path uses.  So the
  line's used crossing edges number at least the labels it splits and have their
  parity: the line's last open edge takes the value that parity asks, and when its
  used and open edges together number exactly the split labels, every open one is
  used.

``deduce`` runs them to a fixpoint, then probes every open edge
(``puzzles.common.propagation``): a value whose consequences clash is impossible, and
what both values of an edge imply holds in every solution.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..common.propagation import Propagator
from .logic import Contradiction

__all__ = ["PathPropagator", "deduce"]


class PathPropagator(Propagator):
    """Edges are variables 0..E-1; (cell x, label k) is variable E + x * K + k."""

    def __init__(self, rows: int, cols: int, pairs: dict, edges: Iterable[tuple],
                 cover: bool = False):
        self.edges = list(edges)
        E, K, n = len(self.edges), len(pairs), rows * cols
        self.E, self.K, self.n, self.cols, self.cover = E, K, n, cols, cover
        super().__init__(E + n * K)
        self.index = {e: i for i, e in enumerate(self.edges)}
        self.cell_of = lambda x: x[0] * cols + x[1]
        self.ends = [(self.cell_of(a), self.cell_of(b)) for a, b in self.edges]
        self.around: list[list[int]] = [[] for _ in range(n)]
        self.between: dict[tuple[int, int], int] = {}
        for i, (a, b) in enumerate(self.ends):
            self.around[a].append(i)
            self.around[b].append(i)
            self.between[(a, b)] = self.between[(b, a)] = i
        self.terminals = [(self.cell_of(s), self.cell_of(t)) for s, t in pairs.values()]
        self.label_of = [-1] * n
        for k, (s, t) in enumerate(self.terminals):
            self.label_of[s] = self.label_of[t] = k
        # fragments of used edges: for an end cell, the fragment's other end
        self.other = list(range(n))
        self.degree = [0] * n
        # bit masks over cells for the floods: cell a's right / down edge is usable,
        # cell x may carry label k (cleared as edges go off and labels are ruled out)
        self.open = [0, 0]
        for a, b in self.ends:
            self.open[b - a != 1] |= 1 << a
        self.allowed = [(1 << n) - 1] * K
        self._lines(rows, cols)

    def _lines(self, rows: int, cols: int) -> None:
        """Each edge crosses one straight line: the line below row r (number r) or the
        line right of column c (number rows - 1 + c); per line, the labels it splits,
        its open and its used crossing edges."""
        lines = rows - 1 + max(cols - 1, 0)
        self.line_of = [a // cols if b - a == cols else rows - 1 + a % cols for a, b in self.ends]
        self.line_edges: list[list[int]] = [[] for _ in range(lines)]
        for i, line in enumerate(self.line_of):
            self.line_edges[line].append(i)
        self.line_open = [len(es) for es in self.line_edges]
        self.line_used = [0] * lines
        self.line_split = [0] * lines
        for s, t in self.terminals:
            (rs, cs), (rt, ct) = divmod(s, cols), divmod(t, cols)
            for r in range(min(rs, rt), max(rs, rt)):
                self.line_split[r] += 1
            for c in range(min(cs, ct), max(cs, ct)):
                self.line_split[rows - 1 + c] += 1

    def var(self, x: int, k: int) -> int:
        return self.E + x * self.K + k

    # ---- propagation -----------------------------------------------------------------
    def on_assign(self, v: int, bit: int) -> bool:
        if v < self.E:
            line = self.line_of[v]
            self.put(self.line_open, line, self.line_open[line] - 1)
            if bit:
                self.put(self.line_used, line, self.line_used[line] + 1)
        if bit == 0:
            if v < self.E:
                a, b = self.ends[v]
                way = b - a != 1
                self.put(self.open, way, self.open[way] & ~(1 << a))
            else:
                x, k = divmod(v - self.E, self.K)
                self.put(self.allowed, k, self.allowed[k] & ~(1 << x))
            return True
        if v >= self.E:
            return True
        a, b = self.ends[v]
        degree, other, put = self.degree, self.other, self.put
        xa, xb = other[a], other[b]
        if xa == b or degree[a] >= 2 or degree[b] >= 2:
            return False  # a cycle, or a branch
        put(other, xa, xb)
        put(other, xb, xa)
        put(degree, a, degree[a] + 1)
        put(degree, b, degree[b] + 1)
        closing = self.between.get((xa, xb))
        if closing is not None and self.value[closing] == -1:
            return self.assign(closing, 0)  # it would close a cycle
        return True

    def check(self, v: int) -> bool:
        if v < self.E:
            a, b = self.ends[v]
            return (self._link(v) and self._cell(a) and self._cell(b)
                    and self._line(self.line_of[v]))
        x = (v - self.E) // self.K
        return self._cell(x) and all(self._link(i) for i in self.around[x])

    def _link(self, i: int) -> bool:
        """A used edge joins cells of one label; cells of known different labels are
        not joined."""
        value, K = self.value, self.K
        a, b = self.ends[i]
        va, vb = self.E + a * K, self.E + b * K
        e = value[i]
        if e == 0:
            return True
        for k in range(K):
            x, y = value[va + k], value[vb + k]
            if x == y:
                continue
            if e == 1:
                if not (self.assign(vb + k, x) if x >= 0 else self.assign(va + k, y)):
                    return False
            elif x >= 0 and y >= 0:
                return self.assign(i, 0)
        return True

    def _line(self, line: int) -> bool:
        """The crossings of one straight line: at least its split labels, of their
        parity (the module docstring)."""
        used, free, split = self.line_used[line], self.line_open[line], self.line_split[line]
        if used + free < split or (free == 0 and (used - split) % 2):
            return False
        if free and used + free == split:
            return all(self.assign(i, 1) for i in self.line_edges[line] if self.value[i] == -1)
        if free == 1:
            (last,) = (i for i in self.line_edges[line] if self.value[i] == -1)
            return self.assign(last, (split - used) % 2)
        return True

    def _cell(self, x: int) -> bool:
        """Degrees and the one label of cell x."""
        value, K = self.value, self.K
        around = self.around[x]
        on = sum(value[i] == 1 for i in around)
        free = [i for i in around if value[i] == -1]
        base = self.E + x * K
        labels = value[base:base + K]
        if self.label_of[x] >= 0:
            k = self.label_of[x]
            if not all(self.assign(base + j, int(j == k)) for j in range(K)):
                return False
            if on > 1 or (on == 0 and not free):
                return False
            if on == 1:
                return all(self.assign(i, 0) for i in free)
            return self.assign(free[0], 1) if len(free) == 1 else True
        if on > 2 or (on == 1 and not free):
            return False
        if self.cover and on + len(free) < 2:
            return False
        if 1 in labels:
            k = labels.index(1)
            if not all(self.assign(base + j, 0) for j in range(K) if j != k):
                return False
        elif all(v == 0 for v in labels):  # no label: no edges
            if on or self.cover:
                return False
            return all(self.assign(i, 0) for i in free)
        elif (on or self.cover) and labels.count(-1) == 1:
            if not self.assign(base + labels.index(-1), 1):
                return False
        if on == 2:
            return all(self.assign(i, 0) for i in free)
        if on == 1 and len(free) == 1:
            return self.assign(free[0], 1)
        if on == 0 and len(free) == 1 and not self.cover:
            return self.assign(free[0], 0)
        if self.cover and on + len(free) == 2:
            return all(self.assign(i, 1) for i in free)
        return True

    def propagate(self) -> bool:
        """Local rules to a fixpoint, then reachability, until neither adds anything."""
        while True:
            if not super().propagate():
                return False
            ok = self._reachability()
            if not ok:
                self.queue.clear()
                return False
            if not self.queue:
                return True

    def _flood(self, start: int, allowed: int) -> int:
        """The cells reached from ``start`` through usable edges and ``allowed`` cells
        (bit masks: one step in every direction at a time)."""
        right, down = self.open
        cols = self.cols
        cur = 1 << start
        while True:
            nxt = (cur | ((cur & right) << 1) | ((cur >> 1) & right)
                   | ((cur & down) << cols) | ((cur >> cols) & down)) & allowed
            if nxt == cur:
                return cur
            cur = nxt

    def _reachability(self) -> bool:
        """Each label's terminals are joined through cells that may carry it; cells
        reached from only one side (or neither) do not carry it."""
        K, E = self.K, self.E
        for k, (s, t) in enumerate(self.terminals):
            allowed = self.allowed[k]
            from_s = self._flood(s, allowed)
            if not from_s >> t & 1:
                return False
            gone = allowed & ~(from_s & self._flood(t, allowed))
            while gone:
                low = gone & -gone
                gone ^= low
                if not self.assign(E + (low.bit_length() - 1) * K + k, 0):
                    return False
        return True

    # ---- cut cells (top level) -------------------------------------------------------
    def cut_cells(self) -> bool:
        """Assign each label to the cells every path between its terminals passes
        (articulation points separating them in the graph of cells that may carry the
        label).  False: a contradiction."""
        for k, (s, t) in enumerate(self.terminals):
            for x in self._separators(s, t, k):
                if not self.assign(self.var(x, k), 1):
                    return False
        return self.propagate()

    def _separators(self, s: int, t: int, k: int) -> list[int]:
        """The cells other than s and t on every s-t path (iterative Tarjan from s)."""
        value, K, E = self.value, self.K, self.E
        disc, low, parent = {s: 0}, {s: 0}, {s: -1}
        stack = [(s, iter(self.around[s]))]
        while stack:
            x, it = stack[-1]
            advanced = False
            for i in it:
                if value[i] == 0:
                    continue
                a, b = self.ends[i]
                y = b if a == x else a
                if value[E + y * K + k] == 0:
                    continue
                if y not in disc:
                    disc[y] = low[y] = len(disc)
                    parent[y] = x
                    stack.append((y, iter(self.around[y])))
                    advanced = True
                    break
                if y != parent[x]:
                    low[x] = min(low[x], disc[y])
            if not advanced:
                stack.pop()
                if stack:
                    p = stack[-1][0]
                    low[p] = min(low[p], low[x])
        if t not in disc:
            return []
        out, child, x = [], t, parent[t]
        while x != s and x != -1:
            if low[child] >= disc[x]:
                out.append(x)
            child, x = x, parent[x]
        return out

    def fixed(self) -> dict:
        """{edge: 0 or 1} for every decided edge."""
        return {e: self.value[i] for i, e in enumerate(self.edges) if self.value[i] >= 0}


def deduce(rows: int, cols: int, pairs: dict, edges: Iterable[tuple], cover: bool = False,
           probe: bool = True, given: dict | None = None) -> dict:
    """{edge: 1 or 0} for the edges every solution uses or none uses, as far as the
    rules above (and, with ``probe``, failed-literal probing of every open edge)
    find; ``given``: edges decided beforehand (a branch of a split).  Raises
    ``Contradiction`` when no solution exists."""
    prop = PathPropagator(rows, cols, pairs, edges, cover)
    ok = all(prop.assign(prop.index[e], bit) for e, bit in (given or {}).items())
    prop.queue.extend(range(prop.E))  # every edge, and every cell once (its first label)
    if prop.K:
        prop.queue.extend(prop.var(x, 0) for x in range(prop.n))
    if not (ok and prop.propagate() and prop.cut_cells()):
        raise Contradiction("the paths' rules clash")
    if probe:
        while True:
            before = prop.mark()
            if not (prop.probe(range(prop.E)) and prop.cut_cells()):
                raise Contradiction("every value of some edge fails")
            if prop.mark() == before:
                break
    return prop.fixed()
