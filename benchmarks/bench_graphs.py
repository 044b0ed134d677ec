"""Grid paths and cycles: zalg's frontier engine and algebraic mate-ZDD method next to Graphillion.

For n x n vertex grids, edges in row-major order (the same order for both
libraries: Graphillion with traversal="as-is"), this builds the corner-to-corner
paths and all cycles, checks the counts against OEIS A007764 / A140517, and
prints the median time of ``--repeat`` runs, the ZDD node counts, the ratio
zalg / Graphillion and each side's peak resident memory (MB, measured in a forked
copy of the process that runs the construction once more).  Each run uses a fresh
universe (a new CUDD manager), so no run reuses nodes of an earlier one.  Graphillion runs single-threaded
(OMP_NUM_THREADS=1 is set before it is imported).

    python benchmarks/bench_graphs.py                 # n = 6..11, algebra n = 6..8
    python benchmarks/bench_graphs.py --algebra-max 9
    python benchmarks/bench_graphs.py --split 8       # where the algebra's time goes

``--split N`` builds the N x N corner-to-corner paths by the algebra once and prints
its CPU time by kind of step (the edge step's quotients, joins and unions; the leaving
vertices' images), with the calls per edge and the size of the working family,
next to the frontier engine's time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ["OMP_NUM_THREADS"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from isolated import forked  # noqa: E402

PATHS = [1, 2, 12, 184, 8512, 1262816, 575780564, 789360053252, 3266598486981642,
         41044208702632496804, 1568758030464750013214100, 182413291514248049241470885236]
CYCLES = [0, 1, 13, 213, 9349, 1222363, 487150371, 603841648931, 2318527339461265,
          27359264067916806101, 988808811046283595068099, 109331355810135629946698361371]


def median_time(fn, repeat):
    """(median seconds, last result, peak GB) of ``repeat`` runs of fn() in this process,
    and one more in a forked copy for its peak resident memory; fn returns (seconds,
    JSON-able result)."""
    _, gb = forked(fn)
    runs = [fn() for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), runs[-1][1], gb


def split(n: int) -> None:
    """Time the algebraic construction of n x n corner-to-corner paths by kind of step."""
    import zalg
    import zalg.mate_algebra as mate
    from zalg.family import Family

    spent: dict = {}

    def timed(name, fn):
        def wrapper(*args, **kwargs):
            t = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                calls, total = spent.get(name, (0, 0.0))
                spent[name] = (calls + 1, total + time.process_time() - t)
        return wrapper

    sizes = []
    G = zalg.grid(n, n)
    t = time.process_time()
    P = G.paths((0, 0), (n - 1, n - 1))
    t_frontier = time.process_time() - t
    patched = {"__truediv__": "quotient (edge step)", "__mul__": "join (edge step)",
               "image": "image (vertex leaves)"}
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
    print(f"n = {n}: frontier engine {t_frontier:.3f} s ({P.node_count()} nodes); "
          f"algebra {t_algebra:.3f} s ({t_algebra / t_frontier:.0f}x), identical: {A == P}")
    print(f"{'step':24} {'calls':>8} {'per edge':>9} {'seconds':>9} {'share':>6} {'us/call':>8}")
    for name, (calls, total) in sorted(spent.items(), key=lambda kv: -kv[1][1]):
        print(f"{name:24} {calls:8d} {calls / edges:9.1f} {total:9.3f} {total / t_algebra:6.0%} "
              f"{1e6 * total / calls:8.0f}")
    rest = t_algebra - sum(total for _, total in spent.values())
    print(f"{'rest (Python)':24} {'':8} {'':9} {rest:9.3f} {rest / t_algebra:6.0%}")
    print(f"working family after each edge step: median {statistics.median(sizes):.0f} nodes, "
          f"largest {max(sizes)} (the result: {P.node_count()})")
    print("(each step walks and rebuilds the mate part on top of the working family: the leaving "
          "vertex's\n marks sit at its bottom; a quotient by m_ac walks everything above m_ac)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--min", type=int, default=6)
    ap.add_argument("--max", type=int, default=11)
    ap.add_argument("--algebra-max", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--split", type=int, metavar="N",
                    help="only: where the algebraic construction of N x N paths spends its time")
    args = ap.parse_args()
    if args.split:
        split(args.split)
        return

    import graphillion
    from graphillion import GraphSet

    import zalg

    zalg.grid(3, 3).paths((0, 0), (2, 2))  # load the compiled kernels before any fork
    zalg.grid(3, 3).cycles()
    print(f"graphillion {graphillion.__version__ if hasattr(graphillion, '__version__') else '2.x'}, "
          f"OMP_NUM_THREADS={os.environ['OMP_NUM_THREADS']}")
    print(f"{'family':7} {'n':>3} {'count ok':>8} {'nodes':>9} {'frontier s':>11} "
          f"{'Graphillion s':>14} {'ratio':>6} {'zalg MB':>7} {'GL MB':>7} {'algebra s':>10} "
          f"{'alg/front':>9}")
    for n in range(args.min, args.max + 1):
        for kind in ("paths", "cycles"):
            corner = (n - 1, n - 1)

            def ours(method="frontier"):
                G = zalg.grid(n, n)  # a fresh universe: no nodes shared with earlier runs
                t = time.perf_counter()
                F = G.paths((0, 0), corner, method=method) if kind == "paths" \
                    else G.cycles(method=method)
                t = time.perf_counter() - t
                if method == "algebra":  # the very same ZDD as the frontier engine's
                    B = G.paths((0, 0), corner) if kind == "paths" else G.cycles()
                    return t, [F.count(), F == B]
                return t, [F.count(), F.node_count()]

            def theirs():
                GraphSet.set_universe(zalg.grid(n, n).edges, traversal="as-is")
                t = time.perf_counter()
                gs = GraphSet.paths((0, 0), corner) if kind == "paths" else GraphSet.cycles()
                return time.perf_counter() - t, gs.len()

            t_ours, (count, nodes), gb_ours = median_time(ours, args.repeat)
            t_gl, count_gl, gb_gl = median_time(theirs, args.repeat)
            want = (PATHS if kind == "paths" else CYCLES)[n - 1]
            ok = count == want == count_gl
            alg = ""
            ratio_alg = ""
            if n <= args.algebra_max:
                t_alg, (_, same), _ = median_time(lambda: ours("algebra"),
                                                  1 if n >= 8 else args.repeat)
                alg = f"{t_alg:10.3f}" + ("" if same else " DIFFERS")
                ratio_alg = f"{t_alg / t_ours:9.0f}"
            print(f"{kind:7} {n:3d} {'yes' if ok else 'NO':>8} {nodes:9d} {t_ours:11.3f} "
                  f"{t_gl:14.3f} {t_ours / t_gl:6.2f} {1024 * gb_ours:7.0f} {1024 * gb_gl:7.0f} "
                  f"{alg:>10} {ratio_alg:>9}", flush=True)


if __name__ == "__main__":
    main()
