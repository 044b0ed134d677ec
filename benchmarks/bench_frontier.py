"""Frontier driver and exact counting against Graphillion (issue 28), CPU time, one run.

For each family (corner-to-corner paths, all cycles of the n x n grid graph) and size,
every measurement runs in a fresh process (``--case``), the sides interleaved round
by round: zalg (this tree), Graphillion (``OMP_NUM_THREADS=1`` set before it is
imported) and, with ``--against PATH``, zalg from another source tree (an A/B; e.g. a
checkout of the main branch).  Each process warms its compiled code on a 3 x 3 grid
first (numba's cache), then measures with ``time.process_time``: the construction,
then ``count()`` of the result; and the peak resident memory (``ru_maxrss``) before
and after.  Printed: the median CPU seconds, ratios to Graphillion (below 1: zalg is
faster), peak memory in MB, and whether every side counted the same number.

    python benchmarks/bench_frontier.py --sizes 8,9,10,11,12 --rounds 3 [--against ../main]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def case(side: str, kind: str, n: int) -> dict:
    """One measurement in this process (run with ``--case``)."""
    if side == "graphillion":
        os.environ["OMP_NUM_THREADS"] = "1"  # before graphillion is imported
        from graphillion import GraphSet  # optional benchmark peer, imported only here
    import zalg
    edges = zalg.grid(n, n).edges
    if side == "graphillion":
        GraphSet.set_universe(edges, traversal="as-is")
        GraphSet.paths((0, 0), (2, 2)).len()
        build = (lambda: GraphSet.paths((0, 0), (n - 1, n - 1))) if kind == "paths" \
            else GraphSet.cycles
        count = lambda F: F.len()  # noqa: E731
    else:
        small = zalg.grid(3, 3)
        small.paths((0, 0), (2, 2)).count(), small.cycles().count()  # warm the compiled code
        G = zalg.grid(n, n)
        build = (lambda: G.paths((0, 0), (n - 1, n - 1))) if kind == "paths" else G.cycles
        count = lambda F: F.count()  # noqa: E731
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.process_time()
    F = build()
    built = time.process_time() - t
    t = time.process_time()
    c = count(F)
    counted = time.process_time() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"build": built, "count": counted, "members": str(c), "base_mb": before / 1024,
            "peak_mb": peak / 1024}


def measure(tree: str | None, side: str, kind: str, n: int) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = tree or HERE
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--case", side, kind, str(n)],
                         env=env, capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"{side} {kind} {n}: {out.stderr.strip().splitlines()[-1:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="8,9,10,11,12")
    ap.add_argument("--kinds", default="paths,cycles")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--against", metavar="PATH", help="another zalg source tree (A/B)")
    ap.add_argument("--case", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        print(json.dumps(case(args.case[0], args.case[1], int(args.case[2]))))
        return
    sides = [("zalg", HERE), ("graphillion", HERE)]
    if args.against:
        sides.append(("base", os.path.abspath(args.against)))
    head = f"{'family':7} {'n':>3} {'zalg s':>8} {'GL s':>8} {'ratio':>6} {'count s':>8} " \
           f"{'GL cnt s':>8} {'ratio':>6} {'zalg MB':>8} {'GL MB':>7}"
    if args.against:
        head += f" {'base s':>8} {'new/base':>8} {'base cnt':>8}"
    print(head + " same count")
    for kind in args.kinds.split(","):
        for n in [int(x) for x in args.sizes.split(",")]:
            got = {name: [] for name, _ in sides}
            for _ in range(args.rounds):
                for name, tree in sides:
                    got[name].append(measure(tree, "graphillion" if name == "graphillion"
                                             else "zalg", kind, n))
            med = {name: {k: statistics.median(r[k] for r in rs) for k in
                          ("build", "count", "peak_mb")} for name, rs in got.items()}
            z, g = med["zalg"], med["graphillion"]
            line = (f"{kind:7} {n:3} {z['build']:8.3f} {g['build']:8.3f} "
                    f"{z['build'] / g['build']:6.2f} {z['count']:8.4f} {g['count']:8.4f} "
                    f"{z['count'] / max(g['count'], 1e-6):6.2f} {z['peak_mb']:8.0f} "
                    f"{g['peak_mb']:7.0f}")
            if args.against:
                b = med["base"]
                line += f" {b['build']:8.3f} {z['build'] / b['build']:8.2f} {b['count']:8.4f}"
            same = len({r["members"] for rs in got.values() for r in rs}) == 1
            print(line + f" {'yes' if same else 'NO'}", flush=True)


if __name__ == "__main__":
    main()
