"""Slitherlink: instance enumeration and solving times.

Instances (paper, Yoshinaka et al. 2012, C++ on 2012 hardware: 5x7 with all 35
cells as candidates, 8 s for H and 0.1 s for the minimal ones; 8x8 with 36
candidates, 2 s; 8x8 with all 64 cells not finished in a day).  The loops are
fixed, generated from seeded random regions (``puzzles.loops``); the 36 candidates
hold a greedily found minimal hint set, padded with random cells (see
``designer_candidates``).  Each case runs in its own process with a time limit.

Solving: puzzles made from random loops with hints on 55 % of the cells, on boards
from 10x10 to 36x20 (the paper: 9-26 s for 37x21); median of 3 runs.

    python benchmarks/bench_slitherlink.py [--limit SECONDS]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from isolated import run_case, serve_case

CASES = [  # (name, rows, cols, loop seed, number of candidates or None for all)
    ("5x7, all 35 cells", 5, 7, 3, None),
    ("8x8, 36 cells", 8, 8, 5, 36),
    ("8x8, all 64 cells", 8, 8, 5, None),
]


def designer_candidates(rows, cols, loop, k, seed) -> list:
    """k cells that hold a minimal unique hint set (found greedily with the solver:
    drop hints while the loop stays the unique solution), padded with random cells.
    Random candidate sets almost never admit a unique puzzle."""
    from puzzles.slitherlink import design as I
    from puzzles.slitherlink import Puzzle
    h = I.loop_hints(loop, rows, cols)
    rng = random.Random(seed)
    keep = list(h)
    rng.shuffle(keep)
    for E in list(keep):
        trial = [F for F in keep if F != E]
        if Puzzle(rows, cols, {F: h[F] for F in trial}).count() == 1:
            keep = trial
    rest = [E for E in h if E not in keep]
    rng.shuffle(rest)
    return sorted(keep + rest[: max(0, k - len(keep))])


def instance_case(rows, cols, seed, ncand) -> dict:
    from puzzles.slitherlink import design as I
    from puzzles.slitherlink.loops import random_loop
    loop = random_loop(rows, cols, fill=0.6, seed=seed)
    cand = None if ncand is None else designer_candidates(rows, cols, loop, ncand, seed)
    I.instances((3, 3), random_loop(3, 3, seed=1))  # compile and load the kernels first
    t = time.perf_counter()
    H = I.instances((rows, cols), loop, candidates=cand)
    t_h = time.perf_counter() - t
    t = time.perf_counter()
    M = H.minimal()
    t_m = time.perf_counter() - t
    sizes = M.by_size()
    return {"loop": len(loop), "H": H.count(), "nodes": H.node_count(), "t_h": t_h, "t_min": t_m,
            "minimal": M.count(), "min_size": min(sizes) if sizes else None}


def solve_case(rows, cols, seed) -> float:
    from puzzles.slitherlink.loops import random_loop
    from puzzles.slitherlink import Puzzle
    from puzzles.slitherlink.solve import _cell_edges, solve
    loop = random_loop(rows, cols, seed=seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    hints = {E: sum(e in loop for e in _cell_edges(E))
             for E in random.Random(seed).sample(cells, len(cells) * 55 // 100)}
    p = Puzzle(rows, cols, hints)
    solve(Puzzle(3, 3, {(1, 1): 2}))  # load the kernels
    times = []
    for _ in range(3):
        t = time.perf_counter()
        F = solve(p)
        times.append(time.perf_counter() - t)
    assert loop in F
    return {"t": statistics.median(times), "solutions": F.count()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=float, default=600, help="seconds per instance case")
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        return serve_case(args.case, {"inst": instance_case, "solve": solve_case})
    print("Instance enumeration")
    print(f"{'case':20} {'loop':>4} {'good hint sets':>16} {'nodes':>8} {'H s':>8} "
          f"{'minimal':>10} {'min s':>7} {'fewest':>6}")
    for name, rows, cols, seed, ncand in CASES:
        r = run_case(__file__, ["inst", rows, cols, seed, ncand], args.limit)
        if "failed" in r:
            print(f"{name:20} {r['failed']}", flush=True)
            continue
        print(f"{name:20} {r['loop']:4d} {r['H']:16d} {r['nodes']:8d} {r['t_h']:8.2f} "
              f"{r['minimal']:10d} {r['t_min']:7.2f} {r['min_size']!s:>6}", flush=True)
    print("\nSolving (hints on 55 % of the cells of a random loop)")
    print(f"{'board':>8} {'solutions':>10} {'s (median of 3)':>16}")
    for rows, cols, seed in [(10, 10, 1), (10, 18, 2), (14, 24, 3), (20, 36, 4), (21, 37, 5)]:
        r = run_case(__file__, ["solve", rows, cols, seed], args.limit)
        if "failed" in r:
            print(f"{rows:>3}x{cols:<4} {r['failed']}", flush=True)
            continue
        print(f"{rows:>3}x{cols:<4} {r['solutions']:10d} {r['t']:16.3f}", flush=True)


if __name__ == "__main__":
    main()
