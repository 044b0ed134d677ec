"""Slitherlink: instance enumeration and solving times.

Instances (paper, Yoshinaka et al. 2012, C++ on 2012 hardware: 5x7 with all 35
cells as candidates, 8 s for H and 0.1 s for the minimal ones; 8x8 with 36
candidates, 2 s; 8x8 with all 64 cells not finished in a day).  The loops are
fixed, generated from seeded random regions (``puzzles.loops``); the 36 candidates
hold a greedily found minimal hint set, padded with random cells (see
``designer_candidates``).  Each case runs in its own process with a time limit.

Solving: puzzles made from random loops with hints on 55 % of the cells, on boards
from 10x10 to 36x20 (the paper: 9-26 s for 37x21); median of 3 runs.

The designer's answers without H (``puzzles.slitherlink.lazy``): the minimum good
hint sets and the ten hardest minimal ones on the 6x6 loops and on 8x8 with all 64
cells (the paper could not finish that one in a day).

    python benchmarks/bench_slitherlink.py [--limit SECONDS] [--loops | --solving | --designer]
"""

from __future__ import annotations

import argparse
import random
import resource
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
    from puzzles.loops import random_loop
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


LOOPS = {  # the two 6x6 loops of issue 15 (the outline of the # region), all 36 cells
    "6x6 loop A": ["......", ".####.", ".#..#.", ".#.##.", ".#....", "......"],
    "6x6 loop B": ["###...", "#.####", "#.....", "####.#", "...#.#", "...###"],
}


def pipeline_case(name) -> dict:
    """A designer's whole run on one loop with every cell a candidate: H, its minimal
    members, its minimum members, the ten hardest minimum ones; seconds per step and
    the peak resident memory."""
    from puzzles.slitherlink import design as I
    from puzzles.loops import outline, random_loop
    text = LOOPS[name]
    region = {(r, c) for r, row in enumerate(text) for c, x in enumerate(row) if x == "#"}
    loop = outline(region)
    I.instances((3, 3), random_loop(3, 3, seed=1)).minimal()  # compile and load the kernels
    out = {}
    t = time.perf_counter()
    H = I.instances((len(text), len(text[0])), loop)
    out["t_h"], out["H"] = time.perf_counter() - t, H.count()
    t = time.perf_counter()
    out["minimal"] = H.minimal().count()
    out["t_min"] = time.perf_counter() - t
    t = time.perf_counter()
    M = I.minimum(H)
    out["minimum"], out["fewest"] = M.count(), min(M.by_size())
    out["t_minimum"] = time.perf_counter() - t
    t = time.perf_counter()
    top = [key for _, key in zip(range(10), I.rank_by_difficulty(M, loop))]
    out["t_rank"], out["hardest"] = time.perf_counter() - t, top[0][1]
    out["rss_gb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    return out


DESIGNER_CASES = ["6x6 loop A", "6x6 loop B", "8x8, all 64 cells"]


def designer_case(name) -> dict:
    """The designer's answers without H (``lazy``): the minimum good hint sets, the
    ten hardest of them, and the ten hardest minimal ones; CPU seconds per step
    (``time.process_time``) and the peak resident memory."""
    from puzzles.slitherlink import Puzzle, design as I, lazy as L
    from puzzles.loops import outline, random_loop
    if name in LOOPS:
        text = LOOPS[name]
        shape = (len(text), len(text[0]))
        loop = outline({(r, c) for r, row in enumerate(text) for c, x in enumerate(row) if x == "#"})
    else:
        _, rows, cols, seed, _ = next(case for case in CASES if case[0] == name)
        shape, loop = (rows, cols), random_loop(rows, cols, fill=0.6, seed=seed)
    L.LazyDesign((3, 3), random_loop(3, 3, seed=1)).hardest(2)  # load the kernels
    out = {}
    t = time.process_time()
    design = L.LazyDesign(shape, loop)
    M = design.minimum()
    out["t_minimum"], out["minimum"], out["fewest"] = time.process_time() - t, M.count(), min(M.by_size())
    t = time.process_time()
    top = [key for _, (_, key) in zip(range(10), I.rank_by_difficulty(M, loop))]
    out["t_rank"], out["hardest_minimum"] = time.process_time() - t, top[0]
    t = time.process_time()
    hard = design.hardest(10)
    out["t_hardest"], out["hardest_minimal"] = time.process_time() - t, hard[0][1]
    out["learned"] = design.found
    h = I.loop_hints(loop, *shape)  # spot check with the solver: five minimum sets are unique
    out["checked"] = all(Puzzle(*shape, {E: h[E] for E in S}).count() == 1 for S in M.sample(5, seed=1))
    out["rss_gb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    return out


#: boards up to this many cells also run the algebraic route (solve(method="algebra"))
ALGEBRA_CELLS = 200


def solve_case(rows, cols, seed) -> dict:
    from puzzles.loops import random_loop
    from puzzles.slitherlink import Puzzle
    from puzzles.board import square_sides
    from puzzles.slitherlink.solve import solve
    loop = random_loop(rows, cols, seed=seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    hints = {E: sum(e in loop for e in square_sides(E))
             for E in random.Random(seed).sample(cells, len(cells) * 55 // 100)}
    p = Puzzle(rows, cols, hints)
    solve(Puzzle(3, 3, {(1, 1): 2}))  # load the kernels
    times = []
    for _ in range(3):
        t = time.perf_counter()
        F = solve(p)
        times.append(time.perf_counter() - t)
    assert loop in F
    out = {"t": statistics.median(times), "solutions": F.count()}
    if rows * cols <= ALGEBRA_CELLS:  # the mate-ZDD algebra's route, once: the same family
        t = time.perf_counter()
        A = solve(p, method="algebra")
        out["t_algebra"] = time.perf_counter() - t
        out["same"] = A == F
    out["rss_gb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=float, default=600, help="seconds per instance case")
    ap.add_argument("--loops", action="store_true", help="run the 6x6 loop table only")
    ap.add_argument("--solving", action="store_true", help="run the solving table only")
    ap.add_argument("--designer", action="store_true",
                    help="run the designer's answers without H only")
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        return serve_case(args.case, {"inst": instance_case, "solve": solve_case,
                                      "loop": pipeline_case, "lazy": designer_case})
    if args.solving:
        return solving_table(args)
    if args.designer:
        return designer_table(args)
    if not args.loops:
        instance_table(args)
    loop_table(args)
    designer_table(args)
    if not args.loops:
        solving_table(args)


def instance_table(args) -> None:
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


def finished_cases(kind, names, limit, width):
    """(name, result) of each case ``[kind, name]`` run in a fresh process; a case that
    failed is printed as its row instead."""
    for name in names:
        r = run_case(__file__, [kind, name], limit)
        if "failed" in r:
            print(f"{name:{width}} {r['failed']}", flush=True)
        else:
            yield name, r


def loop_table(args) -> None:
    print("\nA designer's run on the 6x6 loops of issue 15, all 36 cells (H, minimal, minimum, "
          "ten hardest)")
    print(f"{'case':12} {'good hint sets':>15} {'H s':>6} {'minimal':>8} {'min s':>6} "
          f"{'minimum':>7} {'fewest':>6} {'s':>5} {'rank s':>6} {'total s':>7} {'peak GB':>7}")
    for name, r in finished_cases("loop", LOOPS, args.limit, 12):
        total = r["t_h"] + r["t_min"] + r["t_minimum"] + r["t_rank"]
        print(f"{name:12} {r['H']:15d} {r['t_h']:6.1f} {r['minimal']:8d} {r['t_min']:6.1f} "
              f"{r['minimum']:7d} {r['fewest']:6d} {r['t_minimum']:5.1f} {r['t_rank']:6.1f} "
              f"{total:7.1f} {r['rss_gb']:7.2f}", flush=True)


def designer_table(args) -> None:
    print("\nThe designer's answers without H (lazy: minimum, ten hardest of them, ten hardest "
          "minimal; CPU s)")
    print(f"{'case':18} {'minimum':>7} {'fewest':>6} {'min s':>7} {'rank s':>6} {'hardest':>18} "
          f"{'hard s':>7} {'total s':>7} {'peak GB':>7} {'K':>5} {'unique':>6}")
    for name, r in finished_cases("lazy", DESIGNER_CASES, args.limit * 3, 18):
        total = r["t_minimum"] + r["t_rank"] + r["t_hardest"]
        print(f"{name:18} {r['minimum']:7d} {r['fewest']:6d} {r['t_minimum']:7.1f} "
              f"{r['t_rank']:6.1f} {str(tuple(r['hardest_minimal'])):>18} {r['t_hardest']:7.1f} "
              f"{total:7.1f} {r['rss_gb']:7.2f} {r['learned']:5d} {'yes' if r['checked'] else 'NO':>6}",
              flush=True)


def solving_table(args) -> None:
    print("\nSolving (hints on 55 % of the cells of a random loop)")
    print(f"{'board':>8} {'solutions':>10} {'s (median of 3)':>16} {'peak GB':>7} "
          f"{'algebra s':>9} {'same':>4}")
    for rows, cols, seed in [(10, 10, 1), (10, 18, 2), (14, 24, 3), (20, 36, 4), (21, 37, 5)]:
        r = run_case(__file__, ["solve", rows, cols, seed], args.limit)
        if "failed" in r:
            print(f"{rows:>3}x{cols:<4} {r['failed']}", flush=True)
            continue
        alg = (f"{r['t_algebra']:9.3f} {'yes' if r['same'] else 'NO':>4}" if "t_algebra" in r
               else f"{'-':>9} {'-':>4}")
        print(f"{rows:>3}x{cols:<4} {r['solutions']:10d} {r['t']:16.3f} {r['rss_gb']:7.2f} {alg}",
              flush=True)


if __name__ == "__main__":
    main()
