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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--min", type=int, default=6)
    ap.add_argument("--max", type=int, default=11)
    ap.add_argument("--algebra-max", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

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
