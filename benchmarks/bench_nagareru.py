"""Nagareru: generation and solving against Ishihata & Tokumasu (SEA 2022), with a
CP-SAT model of the same boards in the same run.

Usage: python benchmarks/bench_nagareru.py [--boards N] [--gen-sizes 10 12 13 14 16]
[--gen-seeds K] [--solve-sizes 5 ... 14] [--limit S]

* Generation: ``nagareru.generate(n, n, seed)`` for each size and seed, each in a
  fresh process; median, mean, min and max seconds, solver runs, peak resident
  memory.  Paper (Table 2, C++): 10x10 2.638 s, 12x12 58.15 s, 13x13 317.8 s per
  instance (averages).
* Solving: N generated boards per size 5x5 .. 14x14 (seeds 1000 ..; kept in
  ``benchmarks/data/nagareru-NxN.txt`` so that every run solves the same boards;
  missing ones are generated first, untimed); the ZDD solver (fresh build, all
  solutions) against CP-SAT (OR-Tools, one worker: one solution, then a blocking
  constraint to prove there is no second one; 60 s per board, a board it does not
  decide in time is counted at 60 s) in the same process.  Both counts must agree.  Paper (Table 1, averages): ZDD 0.007 s (5x5) .. 0.022 s (14x14);
  Sugar 0.5 .. 4.2 s.  OR-Tools is a benchmark-only dependency (pip install ortools).
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

from cpsat import count_solutions  # noqa: E402
from isolated import run_case, serve_case  # noqa: E402

PAPER_GEN = {10: 2.638, 12: 58.15, 13: 317.8}
PAPER_SOLVE = {5: 0.007, 10: 0.009, 12: 0.015, 13: 0.022, 14: 0.022}
PAPER_SUGAR = {5: 0.521, 10: 1.088, 12: 2.185, 13: 4.169, 14: 2.791}


def peak_gb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


def gen_case(n: int, seed: int) -> dict:
    from puzzles import nagareru
    nagareru.generate(4, 4, seed=0)  # load the kernels
    stats: dict = {}
    t = time.perf_counter()
    p = nagareru.generate(n, n, seed=seed, stats=stats)
    took = time.perf_counter() - t
    return {"t": took, "solves": stats["solves"], "url": p.to_url(), "clues": len(p.cells),
            "rss_gb": peak_gb()}


def cpsat_count(p, limit: int = 2, seconds: float = 60.0) -> tuple[int | None, float]:
    """Solutions of p found by CP-SAT (at most ``limit``; None when it did not decide
    within ``seconds``) and the seconds it took."""
    from ortools.sat.python import cp_model
    from puzzles.nagareru.solve import constraints
    c = constraints(p)
    t = time.perf_counter()
    if p.arrow_wind_conflicts():
        return 0, time.perf_counter() - t
    model = cp_model.CpModel()
    cells = [(r, q) for r in range(p.rows) for q in range(p.cols)]
    index = {x: i for i, x in enumerate(cells)}
    used = {}
    arcs = []
    for a, b in p.edges():
        e = (a, b)
        if c["fixed"].get(e) == 0:
            continue
        ways = [c["one_way"][e]] if e in c["one_way"] else [(a, b), (b, a)]
        lits = []
        for u, v in ways:
            lit = model.NewBoolVar("")
            arcs.append((index[u], index[v], lit))
            lits.append(lit)
        used[e] = model.NewBoolVar("")
        model.Add(sum(lits) == used[e])
    visit = set(c["visit"])
    for x in cells:
        skip = model.NewBoolVar("")
        arcs.append((index[x], index[x], skip))
        if x in visit:
            model.Add(skip == 0)
    for e, f in c["forbidden_pairs"]:
        if e in used and f in used:
            model.AddBoolOr([used[e].Not(), used[f].Not()])
    model.Add(sum(used.values()) >= 4)
    model.AddCircuit(arcs)
    return count_solutions(model, list(used.values()), t, limit, seconds)


BOARDS = Path(__file__).resolve().parent / "data"


def board_urls(n: int, boards: int) -> list[str]:
    """The first ``boards`` benchmark boards of size n x n (generated with seeds 1000,
    1001, ... and kept in a file, so every run solves the same boards)."""
    from puzzles import nagareru
    path = BOARDS / f"nagareru-{n}x{n}.txt"
    urls = path.read_text().split() if path.exists() else []
    if len(urls) < boards:
        for seed in range(len(urls), boards):
            urls.append(nagareru.generate(n, n, seed=1000 + seed).to_url())
        BOARDS.mkdir(exist_ok=True)
        path.write_text("\n".join(urls) + "\n")
    return urls[:boards]


def solve_case(n: int, boards: int) -> dict:
    from puzzles import nagareru
    from puzzles.nagareru.solve import solve
    urls = board_urls(n, boards)
    solve(nagareru.Puzzle.from_url(urls[0]))  # load the kernels, build the board graphs
    zdd, cp, clues = [], [], []
    timeouts = 0
    for url in urls:
        p = nagareru.Puzzle.from_url(url)
        t = time.perf_counter()
        count = solve(p).count()
        zdd.append(time.perf_counter() - t)
        found, took = cpsat_count(p)
        cp.append(took)
        clues.append(len(p.cells))
        if found is None:
            timeouts += 1
        elif found != min(count, 2):
            raise AssertionError(f"CP-SAT finds {found}, the ZDD {count}: {p.to_url()}")
    return {"zdd": statistics.median(zdd), "zdd_mean": statistics.mean(zdd), "zdd_max": max(zdd),
            "cp": statistics.median(cp), "cp_mean": statistics.mean(cp),
            "clues": statistics.median(clues), "cp_timeouts": timeouts, "rss_gb": peak_gb()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", type=int, default=100, help="generated boards per solving size")
    ap.add_argument("--gen-sizes", type=int, nargs="*", default=[10, 12, 13, 14, 16])
    ap.add_argument("--gen-seeds", type=int, default=7)
    ap.add_argument("--solve-sizes", type=int, nargs="*", default=list(range(5, 15)))
    ap.add_argument("--limit", type=float, default=1800, help="seconds per case")
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        return serve_case(args.case, {"gen": gen_case, "solve": solve_case})
    print("Generation of interesting instances (fresh process per instance)")
    print(f"{'size':>5} {'median s':>9} {'mean s':>7} {'min s':>7} {'max s':>7} {'paper s':>8} "
          f"{'mean/paper':>10} {'solver runs':>11} {'clues':>5} {'peak GB':>7}")
    for n in args.gen_sizes:
        res = [run_case(__file__, ["gen", n, seed], args.limit) for seed in range(args.gen_seeds)]
        ok = [r for r in res if "failed" not in r]
        if not ok:
            print(f"{n:>3}x{n:<2} {res[0]['failed']}", flush=True)
            continue
        ts = [r["t"] for r in ok]
        med = statistics.median(ts)
        paper = PAPER_GEN.get(n)
        mean = statistics.mean(ts)
        print(f"{n:>3}x{n:<2} {med:9.2f} {mean:7.2f} {min(ts):7.2f} {max(ts):7.2f} "
              f"{paper if paper else '-':>8} {mean / paper if paper else float('nan'):10.3f} "
              f"{statistics.median(r['solves'] for r in ok):11.0f} "
              f"{statistics.median(r['clues'] for r in ok):5.0f} "
              f"{max(r['rss_gb'] for r in ok):7.2f}"
              + ("" if len(ok) == len(res) else f"  ({len(res) - len(ok)} failed)"), flush=True)
    print(f"\nSolving {args.boards} generated boards per size: ZDD (all solutions) vs CP-SAT "
          "(one worker, uniqueness proved)")
    print("(medians and means over the boards; ratios of means; the paper gives means)")
    print(f"{'size':>5} {'clues':>5} {'ZDD med':>8} {'ZDD mean':>9} {'max s':>7} {'paper s':>7} "
          f"{'ZDD/paper':>9} {'CP-SAT med':>10} {'CP mean':>8} {'CP/ZDD':>7} {'paper Sugar':>11} "
          f"{'peak GB':>7}")
    for n in args.solve_sizes:
        r = run_case(__file__, ["solve", n, args.boards], args.limit)
        if "failed" in r:
            print(f"{n:>3}x{n:<2} {r['failed']}", flush=True)
            continue
        paper = PAPER_SOLVE.get(n)
        ratio = f"{r['zdd_mean'] / paper:9.2f}" if paper else f"{'-':>9}"
        print(f"{n:>3}x{n:<2} {r['clues']:5.0f} {r['zdd']:8.4f} {r['zdd_mean']:9.4f} "
              f"{r['zdd_max']:7.3f} {paper or '-'!s:>7} {ratio} {r['cp']:10.4f} "
              f"{r['cp_mean']:8.4f} {r['cp_mean'] / r['zdd_mean']:7.1f} "
              f"{PAPER_SUGAR.get(n, '-')!s:>11} {r['rss_gb']:7.2f}"
              + (f"  (CP-SAT undecided after 60 s on {r['cp_timeouts']} boards; "
                 "counted at 60 s)" if r["cp_timeouts"] else ""), flush=True)


if __name__ == "__main__":
    main()
