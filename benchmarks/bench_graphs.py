"""Grid paths and cycles: zalg's frontier engine and algebraic mate-ZDD method next to Graphillion.

For n x n vertex grids, edges in row-major order (the same order for both libraries:
Graphillion with traversal="as-is"), the corner-to-corner paths (OEIS A007764) and
all cycles (OEIS A140517).  Tables (docs/performance.md has a run):

* the frontier engine against Graphillion building the family; both must give the
  same count and the same number of nodes, and the count must be OEIS's;
* counting it: ``F.count()`` against Graphillion's ``len()``;
* the algebraic mate-ZDD method against the frontier engine (the same ZDD);
* ``--classes N``: every graph class of ``CLASSES`` on the N x N grid (partitions on
  ``--partitions``), zalg against the same Graphillion call (counts, or the
  reliability, must agree).

    python -m benchmarks.bench_graphs                  # n = 6..11, algebra n <= 8
    python -m benchmarks.bench_graphs --min 10 --max 12 --algebra-max 0
    python -m benchmarks.bench_graphs --against 6585d2e --peer none   # new/old
    python -m benchmarks.bench_graphs --split 8        # where the algebra's time goes

``--split N`` (a profile, in this process) builds the N x N paths by the algebra once
and prints its CPU time by kind of step (the edge step's quotients, substitutions
(b's mate elements renamed), joins and unions;
the leaving vertices' images) with the calls per edge and the working family's size.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from contextlib import nullcontext

try:
    from . import harness
except ImportError:  # run as a file: this folder is first on sys.path
    import harness

PATHS = [1, 2, 12, 184, 8512, 1262816, 575780564, 789360053252, 3266598486981642,
         41044208702632496804, 1568758030464750013214100, 182413291514248049241470885236]
CYCLES = [0, 1, 13, 213, 9349, 1222363, 487150371, 603841648931, 2318527339461265,
          27359264067916806101, 988808811046283595068099, 109331355810135629946698361371]


def grid_edges(n: int) -> list:
    """The n x n grid's edges in zalg's row-major order (each vertex's right edge, then
    its down edge), without importing zalg (the peer's process stays free of it)."""
    return [((r, c), (r + dr, c + dc)) for r in range(n) for c in range(n)
            for dr, dc in ((0, 1), (1, 0)) if r + dr < n and c + dc < n]


def warm() -> None:
    """The frontier engine's first use; the algebra's is warmed only where a row measures
    it (its second universe would count in every row's peak memory)."""
    import zalg
    zalg.grid(3, 3).paths((0, 0), (2, 2)).count()


def _warm_algebra() -> None:
    import zalg
    zalg.grid(3, 3).cycles(method="algebra").count()


def _oeis(kind: str, n: int, count: int) -> bool:
    return count == (PATHS if kind == "paths" else CYCLES)[n - 1]


def _family(kind: str, n: int, method: str = "frontier", measured: bool = True):
    """zalg's family (in a fresh universe); ``measured``: its construction is the step."""
    import zalg
    if method == "algebra":
        _warm_algebra()
    G = zalg.grid(n, n)
    assert G.edges == grid_edges(n), "zalg's grid order changed: Graphillion's must follow"
    with harness.measure() if measured else nullcontext():
        return G.paths((0, 0), (n - 1, n - 1), method=method) if kind == "paths" \
            else G.cycles(method=method)


def build(kind: str, n: int, method: str = "frontier") -> dict:
    """zalg: the family by ``method`` (the measured step)."""
    F = _family(kind, n, method)
    c = F.count()
    return {"check": [c, F.node_count()], "oeis": _oeis(kind, n, c)}


def count(kind: str, n: int) -> dict:
    """zalg: counting the frontier engine's family (the measured step)."""
    F = _family(kind, n, measured=False)
    with harness.measure():
        c = F.count()
    return {"check": [c], "oeis": _oeis(kind, n, c)}


def _graphset(kind: str, n: int, measured: bool):
    from graphillion import GraphSet
    GraphSet.set_universe(grid_edges(n), traversal="as-is")
    with harness.measure() if measured else nullcontext():
        return GraphSet.paths((0, 0), (n - 1, n - 1)) if kind == "paths" else GraphSet.cycles()


def graphillion_build(kind: str, n: int) -> dict:
    """Graphillion: the family (the measured step)."""
    gs = _graphset(kind, n, measured=True)
    nodes = sum(1 for line in gs.dumps().split("\n") if line not in (".", ""))
    return {"check": [gs.len(), nodes]}


def graphillion_count(kind: str, n: int) -> dict:
    """Graphillion: ``len()`` of the family (the measured step)."""
    gs = _graphset(kind, n, measured=False)
    with harness.measure():
        c = gs.len()
    return {"check": [c]}


#: the graph classes measured side by side: zalg's call and Graphillion's, on grid n
CLASSES = {
    "trees": (lambda G, n: G.trees(), lambda GS, n: GS.trees()),
    "spanning trees": (lambda G, n: G.trees(spanning=True),
                       lambda GS, n: GS.trees(is_spanning=True)),
    "forests 2 roots": (lambda G, n: G.forests([(0, 0), (n - 1, n - 1)]),
                        lambda GS, n: GS.forests([(0, 0), (n - 1, n - 1)])),
    "steiner trees 3": (lambda G, n: G.steiner_trees([(0, 0), (0, n - 1), (n - 1, n - 1)]),
                        lambda GS, n: GS.steiner_trees([(0, 0), (0, n - 1), (n - 1, n - 1)])),
    "induced graphs": (lambda G, n: G.induced_graphs(), lambda GS, n: GS.induced_graphs()),
    "partitions 2-3": (lambda G, n: G.partitions(2, 3),
                       lambda GS, n: GS.partitions(num_comp_lb=2, num_comp_ub=3)),
    "matchings": (lambda G, n: G.matchings(), lambda GS, n: GS.matchings()),
    "perfect matchings": (lambda G, n: G.matchings(perfect=True),
                          lambda GS, n: GS.perfect_matchings()),
    "2-factors": (lambda G, n: G.k_factors(2), lambda GS, n: GS.k_factors(2)),
    "hamilton cycles": (lambda G, n: G.cycles(hamilton=True),
                        lambda GS, n: GS.cycles(is_hamilton=True)),
    # along the top side: corners of opposite colours on an even grid
    "hamilton paths": (lambda G, n: G.paths((0, 0), (0, n - 1), hamilton=True),
                       lambda GS, n: GS.paths((0, 0), (0, n - 1), is_hamilton=True)),
    "partitions balanced": (lambda G, n: G.balanced_partitions(_weights(n), n, 2 * n),
                            lambda GS, n: GS.balanced_partitions(_weights(n), lower=n,
                                                                 upper=2 * n)),
    "bipartite graphs": (lambda G, n: G.bipartite_graphs(), lambda GS, n: GS.bipartite_graphs()),
    "steiner paths 3": (lambda G, n: G.steiner_paths(terminals=_corners(n)),
                        lambda GS, n: GS.steiner_paths(_corners(n))),
    "steiner cycles 3": (lambda G, n: G.steiner_cycles(_corners(n)),
                         lambda GS, n: GS.steiner_cycles(_corners(n))),
    "regular graphs 2": (lambda G, n: G.regular_graphs(2), lambda GS, n: GS.regular_graphs(2)),
    "cliques 2": (lambda G, n: G.cliques(2), lambda GS, n: GS.cliques(2)),
    "reliability 2 corners": (lambda G, n: G.reliability(_probabilities(G.edges), _ends(n)),
                              lambda GS, n: GS.reliability(_probabilities(grid_edges(n)),
                                                           _ends(n))),
}


def _weights(n: int) -> dict:
    """Vertex weights 1..3 by position (a population-like load for balanced partitions)."""
    return {(r, c): 1 + (r + 2 * c) % 3 for r in range(n) for c in range(n)}


def _corners(n: int) -> list:
    return [(0, 0), (0, n - 1), (n - 1, n - 1)]


def _ends(n: int) -> list:
    return [(0, 0), (n - 1, n - 1)]


def _probabilities(edges: list) -> dict:
    return {e: 0.5 + 0.04 * (i % 10) for i, e in enumerate(edges)}


def _check(F) -> list:
    """A family's count, or a number (a reliability) rounded for the comparison."""
    return [round(F, 9)] if isinstance(F, float) else [F.len() if hasattr(F, "len")
                                                        else F.count()]


def class_build(kind: str, n: int) -> dict:
    """zalg: the family of graph class ``kind`` on the n x n grid (the measured step)."""
    import zalg
    G = zalg.grid(n, n)
    assert G.edges == grid_edges(n), "zalg's grid order changed: Graphillion's must follow"
    with harness.measure():
        F = CLASSES[kind][0](G, n)
    return {"check": _check(F)}


def graphillion_class_build(kind: str, n: int) -> dict:
    """Graphillion: the family of graph class ``kind`` (the measured step)."""
    from graphillion import GraphSet
    GraphSet.set_universe(grid_edges(n), traversal="as-is")
    with harness.measure():
        gs = CLASSES[kind][1](GraphSet, n)
    return {"check": _check(gs)}


OEIS = harness.Column("OEIS", lambda res: None if res[0] is None else
                      "yes" if res[0]["oeis"] else "NO", 4)
NODES = harness.field("nodes", "check", 9, "d", index=1)


def tables(args) -> list:
    sizes = range(args.min, args.max + 1)
    peer = args.peer == "graphillion"
    # --against measures zalg's side on two trees and leaves the peer out
    versus = " against Graphillion" if peer and not args.against else ""

    def rows(ours: str, theirs: str, ns) -> list:
        return [harness.Row(f"{kind} {n}", (harness.Case(ours, (kind, n)),
                                            harness.Case(theirs, (kind, n), warm=False)
                                            if peer else None))
                for n in ns for kind in ("paths", "cycles")]

    out = [harness.Table(f"Building the family: the frontier engine{versus}",
                         ("zalg", "Graphillion"), rows("build", "graphillion_build", sizes),
                         (OEIS, NODES), name_width=10)]
    counted = [n for n in sizes if n >= args.count_min]
    if counted:
        out.append(harness.Table("Counting the family: F.count()"
                                 + (" against Graphillion's len()" if versus else ""),
                                 ("zalg", "Graphillion"),
                                 rows("count", "graphillion_count", counted), (OEIS,),
                                 name_width=10))
    if args.classes:
        n = args.classes
        out.append(harness.Table(f"Graph classes on the {n}x{n} grid (partitions on "
                                 f"{args.partitions}x{args.partitions}){versus}",
                                 ("zalg", "Graphillion"),
                                 [_class_row(kind, args.partitions if kind.startswith(
                                     "partitions") else n, peer) for kind in CLASSES],
                                 (), name_width=22))
    alg = [harness.Row(f"{kind} {n}", (harness.Case("build", (kind, n, "algebra")),
                                       harness.Case("build", (kind, n))))
           for n in sizes if n <= args.algebra_max for kind in ("paths", "cycles")]
    if alg:
        out.append(harness.Table("The algebraic mate-ZDD method against the frontier engine "
                                 "(the same ZDD)", ("algebra", "frontier"), alg, (NODES,),
                                 name_width=10))
    return out


def _class_row(kind: str, n: int, peer: bool):
    return harness.Row(f"{kind} {n}", (harness.Case("class_build", (kind, n)),
                                       harness.Case("graphillion_class_build", (kind, n),
                                                    warm=False) if peer else None))


def split(n: int) -> None:
    """CPU time of the algebraic construction of n x n corner-to-corner paths by kind
    of step (a profile in this process; it wraps zalg methods, so it needs this tree)."""
    import zalg
    import zalg.graphs.mate_algebra as mate
    from zalg.algebra.family import Family

    spent: dict = {}
    inside: list = []  # a measured step running: steps it calls are its own time

    def timed(name, fn):
        def wrapper(*args, **kwargs):
            if inside:
                return fn(*args, **kwargs)
            inside.append(name)
            t = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                inside.pop()
                calls, total = spent.get(name, (0, 0.0))
                spent[name] = (calls + 1, total + time.process_time() - t)
        return wrapper

    warm()
    sizes = []
    G = zalg.grid(n, n)
    t = time.process_time()
    P = G.paths((0, 0), (n - 1, n - 1))
    t_frontier = time.process_time() - t
    patched = {"__truediv__": "quotient (edge step)", "quotients": "quotients (edge step)",
               "substitute": "substitute (edge step)",
               "__mul__": "join (edge step)", "image": "image (vertex leaves)"}
    saved = {k: getattr(Family, k) for k in patched}
    saved_union = mate.union
    try:
        for k, name in patched.items():
            setattr(Family, k, timed(name, saved[k]))
        mate.union = timed("union (edge step)", saved_union)
        t = time.process_time()
        A = mate.build_algebra(G, "paths", pairs=[((0, 0), (n - 1, n - 1))],
                               trace=timed("measuring sizes", lambda text, F: sizes.append(
                                   F.node_count()) if text.startswith("edge") else None))
        t_algebra = time.process_time() - t - spent.pop("measuring sizes")[1]
    finally:
        for k in patched:
            setattr(Family, k, saved[k])
        mate.union = saved_union
    A = G.universe.adopt(A) if A.universe is not G.universe else A
    edges = len(G.edges)
    print(f"\nn = {n} (CPU seconds, this process): frontier engine {t_frontier:.3f} s "
          f"({P.node_count()} nodes); algebra {t_algebra:.3f} s ({t_algebra / t_frontier:.0f}x), "
          f"identical: {A == P}")
    print(f"{'step':24} {'calls':>8} {'per edge':>9} {'seconds':>9} {'share':>6} {'us/call':>8}")
    for name, (calls, total) in sorted(spent.items(), key=lambda kv: -kv[1][1]):
        print(f"{name:24} {calls:8d} {calls / edges:9.1f} {total:9.3f} {total / t_algebra:6.0%} "
              f"{1e6 * total / calls:8.0f}")
    rest = t_algebra - sum(total for _, total in spent.values())
    print(f"{'rest (Python)':24} {'':8} {'':9} {rest:9.3f} {rest / t_algebra:6.0%}")
    print(f"working family after each edge step: median {statistics.median(sizes):.0f} nodes, "
          f"largest {max(sizes)} (the result: {P.node_count()})")


def add_options(ap) -> None:
    ap.add_argument("--min", type=int, default=6, help="smallest n (default 6)")
    ap.add_argument("--max", type=int, default=11, help="largest n (default 11)")
    ap.add_argument("--count-min", type=int, default=10,
                    help="count only from this n on (default 10)")
    ap.add_argument("--algebra-max", type=int, default=8,
                    help="the algebraic method up to this n (default 8; 0: none)")
    ap.add_argument("--classes", type=int, default=8, metavar="N",
                    help="the graph classes on the N x N grid (default 8; 0: none)")
    ap.add_argument("--partitions", type=int, default=6, metavar="N",
                    help="partitions on the N x N grid (default 6)")
    ap.add_argument("--peer", choices=("graphillion", "none"), default="graphillion",
                    help="none: zalg alone (with --against: new/old only)")
    ap.add_argument("--split", type=int, metavar="N",
                    help="only: where the algebraic construction of N x N paths spends its time")


def profile(argv: list[str]) -> int:
    """``--split N``: the profile, in this process (not a table of the harness)."""
    ap = argparse.ArgumentParser(description="where the algebra's time goes")
    ap.add_argument("--split", type=int, required=True, metavar="N")
    split(ap.parse_args(argv).split)
    return 0


if __name__ == "__main__":
    if "--split" in sys.argv:
        raise SystemExit(profile(sys.argv[1:]))
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
