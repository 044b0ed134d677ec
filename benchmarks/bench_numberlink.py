"""Numberlink: instance enumeration and solving times.

Instances: every good instance of a rows x cols grid (``good_instances``), next
to the paper's Table 4 (Yoshinaka et al. 2012, C++ on 2012 hardware: 4x5 3.56 s,
4x6 44.13 s, 5x5 107.99 s, 4x7 488.12 s, 5x6 3553.29 s) and the counts of its
Table 5, which every row checks.  Each case runs in its own process with a time
limit and a 14 GB memory limit; the time includes building both pairing
relations; the peak resident memory is reported.

Solving: ``Puzzle.solve`` and ``solve(cover=True)`` on the pzprjs test board and
on generated boards (the pairs are the path ends of a covering path matching:
for 10x10 a good instance from ``random_instance``, for 15x15 and 20x15 the union
of uniform covering path matchings of 5-column strips); median of 3 runs.

    python benchmarks/bench_numberlink.py [--limit SECONDS] [--big] [--only RxC] [--solving]

``--big`` adds 5x6 (the paper: an hour; not run by default).  Grids with a bound
on the pairs run both methods of ``good_instances``: ``w`` (one ∃! pass over R
with covering witnesses) and ``c`` (∃! over the covering relation, then one
solver call per candidate).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import time
from pathlib import Path

from isolated import run_case, serve_case

PAPER = {  # (rows, cols): (good instances (Table 5), seconds (Table 4) or None)
    (4, 5): (338460, 3.56), (4, 6): (6901105, 44.13), (5, 5): (16027290, 107.99),
    (4, 7): (141123690, 488.12), (5, 6): (784030205, 3553.29),
}
BOUNDED = [(5, 5, 3, None), (6, 6, 3, 304)]  # (rows, cols, max pairs, good instances): Table 7


def instance_case(rows, cols, max_pairs, method) -> dict:
    from puzzles.numberlink.design import good_instances
    good_instances(3, 3, method=method)  # load the compiled kernels
    t = time.perf_counter()
    good = good_instances(rows, cols, max_pairs=max_pairs, method=method)
    seconds = time.perf_counter() - t
    sizes = good.by_size()
    return {"count": good.count(), "t": seconds, "nodes": good.node_count(),
            "fewest": min(sizes) if sizes else None,
            "rss_gb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20}


def strip_board(rows, cols, seed, width=5):
    """Pairs at the path ends of the union of uniform covering path matchings of
    vertical strips ``width`` columns wide."""
    import zalg
    from puzzles.numberlink.design import _path_ends, to_puzzle
    rng = random.Random(seed)
    edges = set()
    for c0 in range(0, cols, width):
        w = min(width, cols - c0)
        (S,) = zalg.grid(rows, w).path_matchings(cover=True).sample(1, seed=rng.randrange(2**63))
        edges |= {((a[0], a[1] + c0), (b[0], b[1] + c0)) for a, b in S}
    return to_puzzle(rows, cols, _path_ends(edges))


def solve_case(kind, rows, cols, seed) -> dict:
    from puzzles.numberlink import Puzzle
    from puzzles.numberlink.solve import _cache
    from puzzles.numberlink.design import random_instance
    if kind == "pzprjs":
        data = json.loads((Path(__file__).resolve().parents[2] / "shared" / "data" / "pzprjs"
                           / "numlin.json").read_text())
        p = Puzzle.from_url(data["puzzles"][0]["url"])
    elif kind == "good":
        p = random_instance(rows, cols, seed=seed)
    else:
        p = strip_board(rows, cols, seed)
    Puzzle(3, 3, {1: ((0, 0), (2, 2))}).solve()  # load the kernels
    p.graph()
    out = {"board": f"{p.rows}x{p.cols}", "pairs": len(p.pairs)}
    for cover in (False, True):
        times = []
        for _ in range(3):
            _cache(p).pop(("solve", cover, "frontier"), None)
            t = time.perf_counter()
            F = p.solve(cover=cover)
            times.append(time.perf_counter() - t)
        out["cover" if cover else "free"] = {"t": statistics.median(times), "n": F.count()}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=float, default=1800, help="seconds per instance case")
    ap.add_argument("--big", action="store_true", help="also run 5x6")
    ap.add_argument("--only", metavar="RxC", help="run the instance cases of this grid only")
    ap.add_argument("--solving", action="store_true", help="run the solving table only")
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        return serve_case(args.case, {"inst": instance_case, "solve": solve_case})
    if not args.solving:
        enumerate_instances(args)
    if not args.only:
        solving_table(args)


def enumerate_instances(args) -> None:
    print("Instance enumeration (good_instances), against the paper's Tables 4, 5 and 7")
    print(f"{'grid':10} {'good instances':>15} {'paper':>6} {'s':>9} {'paper s':>8} "
          f"{'ratio':>6} {'nodes':>9} {'fewest':>6} {'peak GB':>7}")
    cases = [(r, c, None, "witness", n, t) for (r, c), (n, t) in PAPER.items()
             if args.big or r * c <= 28]
    cases += [(r, c, k, m, n, None) for r, c, k, n in BOUNDED for m in ("witness", "covering")]
    for rows, cols, k, method, expected, paper_s in cases:
        if args.only and args.only != f"{rows}x{cols}":
            continue
        name = f"{rows}x{cols}" + ("" if k is None else f" ≤{k} {method[0]}")
        res = run_case(__file__, ["inst", rows, cols, k, method], args.limit)
        if "failed" in res:
            print(f"{name:10} {res['failed']}", flush=True)
            continue
        ok = "-" if expected is None else "ok" if res["count"] == expected else "WRONG"
        ratio = f"{res['t'] / paper_s:6.2f}" if paper_s else f"{'':>6}"
        paper = f"{paper_s:8.2f}" if paper_s else f"{'-':>8}"
        print(f"{name:10} {res['count']:15d} {ok:>6} {res['t']:9.2f} {paper} {ratio} "
              f"{res['nodes']:9d} {res['fewest']!s:>6} {res['rss_gb']:7.2f}", flush=True)


def solving_table(args) -> None:
    print("\nSolving (median of 3; pairs at the ends of a covering path matching)")
    print(f"{'board':>6} {'kind':>8} {'pairs':>5} {'solutions':>12} {'solve s':>8} "
          f"{'covering':>10} {'cover s':>8}")
    for kind, rows, cols, seed in [("pzprjs", 5, 5, 0), ("good", 10, 10, 1), ("good", 10, 10, 2),
                                   ("strips", 15, 15, 1), ("strips", 15, 15, 2),
                                   ("strips", 20, 15, 1), ("strips", 20, 15, 2)]:
        res = run_case(__file__, ["solve", kind, rows, cols, seed], args.limit)
        if "failed" in res:
            print(f"{rows}x{cols} {kind}: {res['failed']}", flush=True)
            continue
        f, c = res["free"], res["cover"]
        print(f"{res['board']:>6} {kind:>8} {res['pairs']:5d} {f['n']:12d} {f['t']:8.3f} "
              f"{c['n']:10d} {c['t']:8.3f}", flush=True)


if __name__ == "__main__":
    main()
