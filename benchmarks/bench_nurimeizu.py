"""Nurimeizu: generation, solving and icon sets, against the targets of the issue and
Mourits's thesis (which generated only up to 5x5 and solved 12x12..35x50 in up to
2081 s without counting).

Usage: python benchmarks/bench_nurimeizu.py [--sizes 6 8 10 12] [--seeds K] [--limit S]

Each case runs in a fresh process (kernels loaded first, not timed): generate an
n x n puzzle (random rooms of 1-4 cells, S, G, a minimum icon set), then solve it
from scratch (all solutions, counted), then ``icon_sets`` on the bare board and
its colouring.  Peak resident memory per process.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from isolated import run_case, serve_case  # noqa: E402


def case(n: int, seed: int) -> dict:
    from puzzles import nurimeizu
    from puzzles.nurimeizu.solve import solve
    nurimeizu.generate(3, 3, seed=0)  # load the kernels
    t = time.perf_counter()
    p = nurimeizu.generate(n, n, seed=seed)
    gen = time.perf_counter() - t
    t = time.perf_counter()
    count = solve(p).count()
    sol = time.perf_counter() - t
    black = p.solution()
    bare = nurimeizu.Puzzle(n, n, p.rooms, {x: i for x, i in p.icons.items() if i in "SG"})
    t = time.perf_counter()
    good = nurimeizu.icon_sets(bare, black)
    ico = time.perf_counter() - t
    return {"gen": gen, "solve": sol, "count": count, "icons": ico, "good": good.count(),
            "rooms": p.nrooms, "rss_gb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[6, 8, 10, 12])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--limit", type=float, default=900)
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        return serve_case(args.case, {"case": case})
    print(f"{'size':>5} {'generate s':>10} {'max':>6} {'solve s':>8} {'max':>6} {'icon_sets s':>11} "
          f"{'icon sets (median)':>18} {'rooms':>5} {'peak GB':>7}")
    for n in args.sizes:
        res = [run_case(__file__, ["case", n, seed], args.limit) for seed in range(args.seeds)]
        ok = [r for r in res if "failed" not in r]
        if not ok:
            print(f"{n:>3}x{n:<2} {res[0]['failed']}", flush=True)
            continue
        assert all(r["count"] == 1 for r in ok)
        med = lambda k: statistics.median(r[k] for r in ok)  # noqa: E731
        print(f"{n:>3}x{n:<2} {med('gen'):10.2f} {max(r['gen'] for r in ok):6.2f} "
              f"{med('solve'):8.3f} {max(r['solve'] for r in ok):6.3f} {med('icons'):11.2f} "
              f"{med('good'):18.0f} {med('rooms'):5.0f} {max(r['rss_gb'] for r in ok):7.2f}"
              + ("" if len(ok) == len(res) else f"  ({len(res) - len(ok)} failed)"), flush=True)


if __name__ == "__main__":
    main()
