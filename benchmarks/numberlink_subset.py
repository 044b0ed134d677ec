"""Numberlink good instances by subset construction: how wide it gets (issue 34).

A measurement, not a route: the good instances of a grid,

    good = {h : exactly one P with P ∪ h ∈ R, and that P ∪ h ∈ R_cover},

built top down over the pair elements alone.  R (``zalg.pairing_relation``) is
read as an automaton whose input symbols are the pair elements and whose edge
variables are free moves: the state after the first pair elements of h is the
set of R's nodes reachable by the paths that agree with h so far, each with its
number of such paths capped at 2, plus the *witnesses*, the pairs (R_cover's
node, R's node) reached by the same covering prefix.  At the end h is good iff
terminal 1 is reached exactly once and by a witness.  Pruned: a state without a
witness (no covering solution can follow), and a witness whose R node is
reached twice (every completion through it has two solutions); with
``--signature`` also the R nodes whose *open ends* differ from every witness's:
the departed vertices a node's completions still pair (every completion of a
node pairs exactly the same ones, the uncommitted ends of its frontier state),
so such a node accepts no completion a witness accepts.

Printed: the number of distinct states before each pair element (the width of
the construction, the unreduced diagram of ``good``) against R's width, the
mean number of nodes a state holds, CPU seconds and peak memory of this
plain-Python walk, and the count of good instances (checked against
``good_instances``' when ``--check``).

    python -m benchmarks.numberlink_subset ROWS COLS [MAX_PAIRS] [--signature] [--levels]
"""

from __future__ import annotations

import argparse
import resource
import time
from collections import defaultdict

import numpy as np

from puzzles.numberlink.design import good_instances, instance_graph
from zalg.pairing import pairing_relation

#: a state: ((R node, paths capped at 2), ...), ((R_cover node, R node), ...)
State = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


class Diagram:
    """A family's node arrays as Python lists (level, hi, lo, root)."""

    def __init__(self, family):
        level, hi, lo, root = family.node_arrays()
        self.level, self.hi, self.lo, self.root = level.tolist(), hi.tolist(), lo.tolist(), root

    def child(self, node: int, level: int, take: bool) -> int:
        """The node reached from ``node`` by deciding the element at ``level``."""
        if self.level[node] == level:
            return self.hi[node] if take else self.lo[node]
        return 0 if take else node


class Subsets:
    """The subset construction of R over its pair elements, with covering witnesses."""

    def __init__(self, R, R_cover, graph, signature: bool):
        self.R, self.C = Diagram(R), Diagram(R_cover)
        elements = R.universe.elements
        self.pairs = [i for i, x in enumerate(elements) if x[0] == "pair"]
        self.size = len(elements)
        self.open = None
        if signature:
            self.open = (self._open_ends(self.R, elements, graph),
                         self._open_ends(self.C, elements, graph))

    @staticmethod
    def _open_ends(d: Diagram, elements, graph) -> list[tuple[list[int], int]]:
        """Per node: the vertices (bit masks) its members pair, and per level the vertices
        departed there (the node's open ends at a cut: their intersection)."""
        bit = {v: 1 << k for k, v in enumerate(graph.vertices)}
        ends = [0] * len(d.level)
        for n in range(2, len(d.level)):  # children come before parents
            x = elements[d.level[n]]
            ends[n] = ends[d.hi[n]] | ends[d.lo[n]] | (bit[x[1]] | bit[x[2]] if x[0] == "pair" else 0)
        last = {}
        for i, e in enumerate(graph.edges):
            last[e[0]] = last[e[1]] = i
        edge_index, departed, k = [], [], -1
        for x in list(elements) + [None]:
            k += x is not None and x[0] != "pair"
            edge_index.append(k)
        for k in edge_index:
            departed.append(sum(b for v, b in bit.items() if last[v] <= k))
        return ends, departed

    def step(self, counts: dict, witnesses, level: int, take) -> tuple[dict, set]:
        """Decide the element at ``level``: ``take`` True/False, or None for both (an edge)."""
        R, C = self.R, self.C
        out: dict = {}
        for n, c in counts.items():
            for t in ((True, False) if take is None else (take,)):
                m = R.child(n, level, t)
                if m:
                    out[m] = min(2, out.get(m, 0) + c)
        seen = set()
        for c, n in witnesses:
            for t in ((True, False) if take is None else (take,)):
                c2 = C.child(c, level, t)
                if c2:
                    seen.add((c2, R.child(n, level, t)))
        return out, seen

    def close(self, counts: dict, witnesses, limit: int) -> State | None:
        """Take every edge before ``limit`` both ways, prune, and give the state's key."""
        while True:
            below = [self.R.level[n] for n in counts if self.R.level[n] < limit]
            if not below:
                break
            counts, witnesses = self.step(counts, witnesses, min(below), None)
        witnesses = [(c, n) for c, n in witnesses if counts.get(n, 0) < 2]
        if not witnesses:
            return None
        if self.open is not None:
            (ends, departed), (cends, cdeparted) = self.open
            cut = departed[limit]
            wanted = {cends[c] & cut for c, _ in witnesses}
            counts = {n: k for n, k in counts.items() if ends[n] & cut in wanted}
        return tuple(sorted(counts.items())), tuple(sorted(witnesses))

    def run(self, members: bool = False) -> tuple[int | list, list[tuple[int, int, int]]]:
        """(good instances, [(level, states, summed state size)] before each pair element).

        The good instances are counted, or with ``members`` listed (sets of the levels
        of their pair elements; for tiny grids)."""
        bounds = self.pairs[1:] + [self.size]
        start = self.close({self.R.root: 1}, {(self.C.root, self.R.root)}, self.pairs[0])
        states = {start: [frozenset()] if members else 1} if start else {}
        widths = []
        for level, limit in zip(self.pairs, bounds):
            widths.append((level, len(states), sum(len(a) + len(b) for a, b in states)))
            new: dict = defaultdict(list if members else int)
            for (counts, witnesses), ways in states.items():
                for take in (False, True):
                    c, w = self.step(dict(counts), witnesses, level, take)
                    key = self.close(c, w, limit) if w else None
                    if key is not None:
                        new[key] += [h | {level} for h in ways] if members and take else ways
            states = new
        accepted = [ways for (counts, w), ways in states.items() if dict(counts).get(1) == 1]
        return ([h for ways in accepted for h in ways] if members else sum(accepted)), widths


def measure(rows: int, cols: int, max_pairs: int | None, signature: bool,
            levels: bool, check: bool) -> None:
    """Build both relations, run the construction, print its widths against R's."""
    G = instance_graph(rows, cols)
    R_cover = pairing_relation(G, cover=True, max_paths=max_pairs)
    R = pairing_relation(G, max_paths=max_pairs)
    width = np.bincount(R.node_arrays()[0][2:], minlength=len(R.universe))
    cpu = time.process_time()
    good, widths = Subsets(R, R_cover, G, signature).run()
    cpu = time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    states = [w[1] for w in widths]
    top = max(range(len(widths)), key=states.__getitem__)
    bound = "" if max_pairs is None else f" <={max_pairs}"
    print(f"{rows}x{cols}{bound}{' signature' if signature else ''}: good {good}; "
          f"states per level max {states[top]:,} (pair element {top + 1} of {len(widths)}), "
          f"total {sum(states):,}, mean size {sum(w[2] for w in widths) / max(1, sum(states)):.1f} "
          f"nodes; R: max width {int(width.max()):,}, {R.node_count():,} nodes; "
          f"{cpu:.1f} CPU s, peak {peak:.2f} GB", flush=True)
    if levels:
        for level, n, size in widths:
            print(f"  level {level:4d}: {n:8d} states, mean size {size / max(1, n):7.1f}, "
                  f"R width {int(width[level])}")
    if check:
        expected = good_instances(rows, cols, max_pairs=max_pairs).count()
        print(f"  good_instances: {expected} ({'same' if expected == good else 'DIFFERENT'})")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rows", type=int)
    ap.add_argument("cols", type=int)
    ap.add_argument("max_pairs", type=int, nargs="?")
    ap.add_argument("--signature", action="store_true", help="prune R nodes by open ends")
    ap.add_argument("--levels", action="store_true", help="print every level")
    ap.add_argument("--check", action="store_true", help="compare with good_instances")
    args = ap.parse_args(argv)
    measure(args.rows, args.cols, args.max_pairs, args.signature, args.levels, args.check)


if __name__ == "__main__":
    main()
