"""Nurimeizu: generation, solving and icon sets, against the targets set for them and
Mourits's thesis (which generated only up to 5x5 and solved 12x12..35x50 in up to
2081 s without counting).

* Generation (``--generation``): ``nurimeizu.generate(n, n, seed)`` for seeds
  0..K-1 in one measuring process per size (up to 12x12: random rooms of 1-4 cells,
  S, G, a minimum icon set; above: a random maze, rooms of 1-4 cells on it, a minimal
  icon set); per-instance median and max CPU seconds.
* Solving (``--solving``): the same puzzles (kept in ``benchmarks/data/nurimeizu-NxN.txt``;
  missing ones are generated first, untimed), solved from scratch (all solutions,
  counted) and by CP-SAT (OR-Tools, one worker; a solution then a blocking
  constraint; the counts must agree), each side in its own process.
* Icon sets (``--icons``, up to 12x12): ``icon_sets`` on each puzzle's bare board
  and its colouring.

    python -m benchmarks.bench_nurimeizu [--generation] [--solving] [--icons]
        [--sizes 6 8 10 12 16 20] [--seeds K]
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

try:
    from . import harness
    from .cpsat import count_solutions
except ImportError:  # run as a file: this folder is first on sys.path
    import harness
    from cpsat import count_solutions

DATA = Path(__file__).resolve().parent / "data"
#: icon_sets' path-mark sweep does not reach 16x16 bare boards
ICON_SETS_MAX = 12


def warm() -> None:
    from puzzles import nurimeizu
    nurimeizu.generate(3, 3, seed=0).count()


def cpsat_count(p, limit: int = 2) -> tuple[int, float]:
    """Solutions of p found by CP-SAT (at most ``limit``: a solution, then a blocking
    constraint) and the seconds it took.  White cells: a tree (edges = cells - 1,
    connected by a flow from S); path cells: S and G with one path neighbour, the
    others two (inside a tree that is exactly the S-G path)."""
    from ortools.sat.python import cp_model
    t = time.perf_counter()
    m = cp_model.CpModel()
    cells = p.cells()
    N = len(cells)
    w = {x: m.NewBoolVar("") for x in cells}
    on = {x: m.NewBoolVar("") for x in cells}
    nb = {x: [y for y in ((x[0] + 1, x[1]), (x[0] - 1, x[1]), (x[0], x[1] + 1), (x[0], x[1] - 1))
              if y in w] for x in cells}
    for rc in p.room_cells():
        for y in rc[1:]:
            m.Add(w[y] == w[rc[0]])
    for x, icon in p.icons.items():
        m.Add(w[x] == 1)
        m.Add(on[x] == (0 if icon == "t" else 1))
    for r in range(p.rows - 1):
        for c in range(p.cols - 1):
            block = [w[(r, c)], w[(r + 1, c)], w[(r, c + 1)], w[(r + 1, c + 1)]]
            m.Add(sum(block) >= 1)
            m.Add(sum(block) <= 3)
    both = {}
    for x in cells:
        m.AddImplication(on[x], w[x])
        for y in nb[x]:
            if x < y:
                e = m.NewBoolVar("")
                m.AddBoolAnd([w[x], w[y]]).OnlyEnforceIf(e)
                m.AddBoolOr([w[x].Not(), w[y].Not()]).OnlyEnforceIf(e.Not())
                both[(x, y)] = e
        need = 1 if p.icons.get(x) in ("S", "G") else 2
        m.Add(sum(on[y] for y in nb[x]) == need).OnlyEnforceIf(on[x])
    m.Add(sum(both.values()) == sum(w.values()) - 1)
    s = p.start
    flow = {}
    for (x, y), e in both.items():
        for a, b in ((x, y), (y, x)):
            f = m.NewIntVar(0, N, "")
            m.Add(f == 0).OnlyEnforceIf(e.Not())
            flow[(a, b)] = f
    for x in cells:
        out = sum(f for (a, _), f in flow.items() if a == x)
        inn = sum(f for (_, b), f in flow.items() if b == x)
        if x == s:
            m.Add(out - inn == sum(w.values()) - 1)
        else:
            m.Add(inn - out == w[x])
    return count_solutions(m, [w[x] for x in cells], t, limit)


def generate_case(n: int, seeds: int) -> dict:
    """Generate the n x n puzzles of seeds 0..seeds-1 (each generation measured)."""
    from puzzles import nurimeizu
    cpu, rooms, icons, urls = [], [], [], []
    for seed in range(seeds):
        with harness.measure() as step:
            p = nurimeizu.generate(n, n, seed=seed)
        cpu.append(step.cpu)
        rooms.append(p.nrooms)
        icons.append(len(p.icons))
        urls.append(p.to_url())
    return {"check": urls, "median": statistics.median(cpu), "max": max(cpu),
            "rooms": statistics.median(rooms), "icons": statistics.median(icons)}


#: generates puzzles in a separate process: the solver caches the puzzles it made
GENERATE = ("import sys; from puzzles import nurimeizu as G; "
            "n, first, last = map(int, sys.argv[1:]); "
            "print(' '.join(G.generate(n, n, seed=s).to_url() for s in range(first, last)))")


def puzzle_urls(n: int, seeds: int) -> list[str]:
    """The puzzles of seeds 0..seeds-1 (generated once, in another process, and kept in
    a file, so every run and every side works on the same boards)."""
    return harness.kept(DATA / f"nurimeizu-{n}x{n}.txt", seeds, GENERATE, str(n))


def zdd_case(n: int, seeds: int) -> dict:
    """Solve every puzzle from scratch, counting its solutions (each solve measured)."""
    from puzzles import nurimeizu
    counts, cpu = [], []
    for url in puzzle_urls(n, seeds):
        p = nurimeizu.Puzzle.from_url(url)
        with harness.measure() as step:
            counts.append(p.solve().count())
        cpu.append(step.cpu)
    return {"check": counts, "median": statistics.median(cpu), "max": max(cpu)}


def cpsat_case(n: int, seeds: int) -> dict:
    """Solve every puzzle with CP-SAT (up to 2 solutions; each measured)."""
    from puzzles import nurimeizu
    found, cpu = [], []
    for url in puzzle_urls(n, seeds):
        p = nurimeizu.Puzzle.from_url(url)
        with harness.measure() as step:
            found.append(cpsat_count(p)[0])
        cpu.append(step.cpu)
    return {"check": found, "median": statistics.median(cpu), "max": max(cpu)}


def decided_alike(a: dict, b: dict) -> bool:
    return all(min(x, 2) == min(y, 2) for x, y in zip(a["check"], b["check"]))


def icons_case(n: int, seeds: int) -> dict:
    """``icon_sets`` on each puzzle's bare board (S and G only) and its colouring."""
    from puzzles import nurimeizu
    good = []
    for url in puzzle_urls(n, seeds):
        p = nurimeizu.Puzzle.from_url(url)
        black = p.solution()
        bare = nurimeizu.Puzzle(n, n, p.rooms, {x: i for x, i in p.icons.items() if i in "SG"})
        with harness.measure():
            good.append(nurimeizu.icon_sets(bare, black).count())
    return {"check": good, "median": statistics.median(good)}



def tables(args) -> list:
    every = not (args.generation or args.solving or args.icons)
    out = []
    if every or args.generation:
        rows = [harness.Row(f"{n}x{n}", (harness.Case("generate_case", (n, args.seeds)),))
                for n in args.sizes]
        cols = (harness.field("median", "median", 6, ".2f", median=True),
                harness.field("max", "max", 6, ".2f", median=True),
                harness.field("rooms", "rooms", 5, ".0f"),
                harness.field("icons", "icons", 5, ".0f"))
        out.append(harness.Table(f"Generation, {args.seeds} seeds per size in one process "
                                 "(per-instance CPU s: median, max; cpu s = all seeds)",
                                 ("zalg",), rows, cols, name_width=6))
    if every or args.solving:
        rows = [harness.Row(f"{n}x{n}", (harness.Case("zdd_case", (n, args.seeds)),
                                         harness.Case("cpsat_case", (n, args.seeds), warm=False)))
                for n in args.sizes]
        cols = (harness.field("ZDD med", "median", 7, ".3f", median=True),
                harness.field("ZDD max", "max", 7, ".3f", median=True),
                harness.field("CP med", "median", 7, ".3f", side=1, median=True),
                harness.field("CP max", "max", 7, ".3f", side=1, median=True))
        out.append(harness.Table(f"Solving the {args.seeds} generated puzzles per size: the "
                                 "ZDD (all solutions, counted) against CP-SAT (one worker, "
                                 "uniqueness proved)", ("zalg", "CP-SAT"), rows, cols,
                                 same=decided_alike, name_width=6))
    if every or args.icons:
        rows = [harness.Row(f"{n}x{n}", (harness.Case("icons_case", (n, args.seeds)),))
                for n in args.sizes if n <= ICON_SETS_MAX]
        cols = (harness.field("icon sets (median)", "median", 24, ".0f"),)
        out.append(harness.Table("icon_sets on each puzzle's bare board and its colouring",
                                 ("zalg",), rows, cols, name_width=6))
    return out


def add_options(ap) -> None:
    ap.add_argument("--generation", action="store_true", help="the generation table")
    ap.add_argument("--solving", action="store_true", help="the solving table")
    ap.add_argument("--icons", action="store_true", help="the icon_sets table")
    ap.add_argument("--sizes", type=int, nargs="*", default=[6, 8, 10, 12, 16, 20])
    ap.add_argument("--seeds", type=int, default=5, help="puzzles per size (seeds 0..K-1)")


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
