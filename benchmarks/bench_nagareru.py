"""Nagareru: generation and solving against Ishihata & Tokumasu (SEA 2022), with a
CP-SAT model of the same boards in the same run.

* Generation (``--generation``): ``nagareru.generate(n, n, seed)`` for each size, seeds
  0..K-1 in one measuring process per size (the measured steps: the K generations);
  per-instance median, mean and max CPU seconds and solver runs.  The paper (Table 2,
  C++): 10x10 2.638 s, 12x12 58.15 s, 13x13 317.8 s per instance (averages).
* Solving (``--solving``): N generated boards per size (seeds 1000..; kept in
  ``benchmarks/data/nagareru-NxN.txt`` so that every run solves the same boards;
  missing ones are generated first, untimed) by the ZDD (fresh build, all
  solutions) and by CP-SAT (OR-Tools, one worker: a solution, then a blocking
  constraint to prove there is no second; ``--cpsat`` seconds per board, a board it
  does not decide in time counts at that limit), each side in its own process.
  Both must agree on every decided board.  The paper (Table 1, averages): ZDD
  0.007 s (5x5) .. 0.022 s (14x14); Sugar 0.5 .. 4.2 s.

    python -m benchmarks.bench_nagareru [--generation] [--solving] [--boards N]
        [--gen-sizes 10 12 13 14 16] [--gen-seeds K] [--solve-sizes 5 ... 14] [--cpsat S]

OR-Tools is a benchmark-only dependency (pip install -e '.[bench]').
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

try:
    from . import harness
    from .cpsat import count_solutions, decide_each, decided_alike
except ImportError:  # run as a file: this folder is first on sys.path
    import harness
    from cpsat import count_solutions, decide_each, decided_alike

PAPER_GEN = {10: 2.638, 12: 58.15, 13: 317.8}
PAPER_SOLVE = {5: 0.007, 10: 0.009, 12: 0.015, 13: 0.022, 14: 0.022}
PAPER_SUGAR = {5: 0.521, 10: 1.088, 12: 2.185, 13: 4.169, 14: 2.791}


def warm() -> None:
    from puzzles import nagareru
    nagareru.generate(4, 4, seed=0).count()


def generate_case(n: int, seeds: int) -> dict:
    """Generate the n x n instances of seeds 0..seeds-1 (each generation measured)."""
    from puzzles import nagareru
    cpu, solves, clues, urls = [], [], [], []
    for seed in range(seeds):
        stats: dict = {}
        with harness.measure() as step:
            p = nagareru.generate(n, n, seed=seed, stats=stats)
        cpu.append(step.cpu)
        solves.append(stats["solves"])
        clues.append(len(p.cells))
        urls.append(p.to_url())
    return {"check": urls, "median": statistics.median(cpu), "mean": statistics.mean(cpu),
            "max": max(cpu), "solves": statistics.median(solves),
            "clues": statistics.median(clues), "paper": PAPER_GEN.get(n)}


def cpsat_count(p, limit: int = 2, seconds: float = 60.0) -> tuple[int | None, float]:
    """Solutions of p found by CP-SAT (at most ``limit``; None when it did not decide
    within ``seconds``) and the seconds it took."""
    from ortools.sat.python import cp_model
    from puzzles.nagareru import constraints
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


#: generates puzzles in a separate process: the solver caches the puzzles it made
GENERATE = ("import sys; from puzzles import nagareru as G; "
            "n, first, last = map(int, sys.argv[1:]); "
            "print(' '.join(G.generate(n, n, seed=1000 + s).to_url() for s in range(first, last)))")


def board_urls(n: int, boards: int) -> list[str]:
    """The first ``boards`` benchmark boards of size n x n (generated with seeds 1000,
    1001, ..., in another process, and kept in a file, so every run solves the same
    boards)."""
    return harness.kept(BOARDS / f"nagareru-{n}x{n}.txt", boards, GENERATE, str(n))


def zdd_case(n: int, boards: int) -> dict:
    """Count every board's solutions with the ZDD (each solve measured)."""
    from puzzles import nagareru
    counts, cpu, clues = [], [], []
    urls = board_urls(n, boards)
    # set-up: the size's board graphs, then no solution kept by the solve cache
    nagareru.Puzzle.from_url(urls[0]).solve()
    harness.forget_solutions(nagareru.Puzzle)
    for url in urls:
        p = nagareru.Puzzle.from_url(url)
        with harness.measure() as step:
            counts.append(p.solve().count())
        cpu.append(step.cpu)
        clues.append(len(p.cells))
    return {"check": counts, "median": statistics.median(cpu), "mean": statistics.mean(cpu),
            "max": max(cpu), "clues": statistics.median(clues), "paper": PAPER_SOLVE.get(n),
            "sugar": PAPER_SUGAR.get(n)}


def cpsat_case(n: int, boards: int, seconds: float) -> dict:
    """Decide every board with CP-SAT (at most 2 solutions; None: undecided in time)."""
    from puzzles import nagareru
    return decide_each([nagareru.Puzzle.from_url(url) for url in board_urls(n, boards)], cpsat_count,
                       seconds)


def tables(args) -> list:
    every = not (args.generation or args.solving)
    out = []
    if every or args.generation:
        rows = [harness.Row(f"{n}x{n}", (harness.Case("generate_case", (n, args.gen_seeds)),))
                for n in args.gen_sizes]
        cols = (harness.field("median", "median", 6, ".2f", median=True),
                harness.field("mean", "mean", 6, ".2f", median=True),
                harness.field("max", "max", 6, ".2f", median=True),
                harness.field("paper", "paper", 6, ".2f"),
                harness.field("solver runs", "solves", 11, ".0f"),
                harness.field("clues", "clues", 5, ".0f"))
        out.append(harness.Table(f"Generation, {args.gen_seeds} seeds per size in one process "
                                 "(per-instance CPU s: median, mean, max; cpu s = all seeds)",
                                 ("zalg",), rows, cols, name_width=6))
    if every or args.solving:
        rows = [harness.Row(f"{n}x{n}", (harness.Case("zdd_case", (n, args.boards)),
                                         harness.Case("cpsat_case", (n, args.boards, args.cpsat),
                                                      warm=False)))
                for n in args.solve_sizes]
        cols = (harness.field("clues", "clues", 5, ".0f"),
                harness.field("ZDD med", "median", 7, ".4f", median=True),
                harness.field("ZDD mean", "mean", 8, ".4f", median=True),
                harness.field("paper", "paper", 6, ".3f"),
                harness.field("CP med", "median", 7, ".4f", side=1, median=True),
                harness.field("CP mean", "mean", 7, ".3f", side=1, median=True),
                harness.field("undecided", "undecided", 9, "d", side=1),
                harness.field("Sugar", "sugar", 6, ".3f"))
        out.append(harness.Table(f"Solving {args.boards} generated boards per size: the ZDD "
                                 f"(all solutions) against CP-SAT (one worker, uniqueness "
                                 f"proved, {args.cpsat:.0f}-s limit per board); medians and "
                                 "means per board", ("zalg", "CP-SAT"), rows, cols,
                                 same=decided_alike, name_width=6))
    return out


def add_options(ap) -> None:
    ap.add_argument("--generation", action="store_true", help="the generation table")
    ap.add_argument("--solving", action="store_true", help="the solving table")
    ap.add_argument("--boards", type=int, default=100, help="boards per solving size")
    ap.add_argument("--gen-sizes", type=int, nargs="*", default=[10, 12, 13, 14, 16])
    ap.add_argument("--gen-seeds", type=int, default=7)
    ap.add_argument("--solve-sizes", type=int, nargs="*", default=list(range(5, 15)))
    ap.add_argument("--cpsat", type=float, default=60, help="CP-SAT seconds per board")


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
