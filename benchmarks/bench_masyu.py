"""Masyu: solving against CP-SAT in the same run, generation, and the designer.

* Solving (``--solving``): generated boards per size (``design.random_puzzle``, seeds
  1000..; kept in ``benchmarks/data/masyu-NxN.txt`` so every run solves the same boards;
  missing ones are generated first, untimed, in another process) and the published
  boards of ``tests/data/masyu/published.json``, by the ZDD (fresh build, every
  solution, counted) and by CP-SAT (OR-Tools, one worker: a single circuit over the
  cells, each pearl's rule as the allowed assignments of its nearby edges written from
  the rules, a blocking clause to prove there is no second solution).  Both must agree
  on every board; ``--wide`` sizes (20x36: ``design.random_puzzle``'s loops through
  every cell, kept in ``benchmarks/data/masyu-20x36.txt``) have rows of their own.
  Targets: every board up to 10x10 under 1 s, 20x36 under 10 s, median under 0.5 s.
* Generation (``--generation``): ``zalg masyu generate NxN`` for seeds 0..K-1 in one
  process per size: per-puzzle median and max CPU seconds.
* The designer (``--designer``): a 6x6 loop through all 36 cells (``examples/
  masyu_designer.py``'s): H, its minimal and minimum members (target: under 60 s and
  4 GB), and the minimum ones without H (``design.minimum_lazy``); a 10x10 loop (52
  cells admit a pearl): the minimum pearl sets without H (target: under 10 minutes),
  and with ``--hard`` through H; ``--mazes S ...``: the same for the 10x10 loops through
  every cell ``maze_loop(10, 10, seed=S)`` (odd seeds 3 to 9 have a unique full set);
  ``--mazes8 S ...``: the 8x8 maze loops through H and without it (the two routes the
  designer's route chooser, ``puzzles.masyu.route``, picks between).
* ``--certify``: the 10x10 loop's answer checked with CP-SAT against the proof V that
  ``minimum_lazy`` returns.

    python -m benchmarks.bench_masyu [--solving] [--generation] [--designer]
        [--hard] [--mazes S ...] [--mazes8 S ...] [--certify] [--boards N] [--sizes 6 8 10] [--wide 20x36] [--wide-boards N] [--gen-sizes 8 10] [--gen-seeds K] [--cpsat S]

OR-Tools is a benchmark-only dependency (pip install -e '.[bench]').
"""
from __future__ import annotations

import itertools
import json
import statistics
import sys
import time
from pathlib import Path

try:
    from . import harness
    from .cpsat import count_solutions, decide_each, decided_alike, single_circuit
except ImportError:  # run as a file: this folder is first on sys.path
    import harness
    from cpsat import count_solutions, decide_each, decided_alike, single_circuit

ROOT = Path(__file__).resolve().parent
BOARDS = ROOT / "data"
PUBLISHED = ROOT.parent / "tests" / "data" / "masyu" / "published.json"

#: a 6x6 loop through every cell (examples/masyu_designer.py)
LOOP6 = "F----7\nL---7|\nF---J|\nL---7|\nF---J|\nL----J\n"
#: a 10x10 loop whose full pearl set has one solution (design.random_puzzle(10, 10, seed=1))
LOOP10 = (".F--7F---7\n.L7FJL7F7|\nF7|L--J|LJ\n|||F-7.L-7\n|LJ|.L--7|\n"
          "L-7|..F-J|\n..|L-7|..|\nF-JF7||F-J\n|..|||||..\nL--JLJLJ..\n")


def warm() -> None:
    from puzzles import masyu
    masyu.Puzzle.from_url(masyu.EXAMPLES[-1]).count()


# ------------------------------------------------------------------- CP-SAT


def _white(on: dict) -> bool:
    """The white pearl's rule on the on/off values of its nearby edges, keyed by
    (direction, 1 side | 2 far)."""
    return any(on[(a, 1)] and on[(b, 1)] and not (on[(a, 2)] and on[(b, 2)])
               for a, b in (("u", "d"), ("l", "r")))


def _black(on: dict) -> bool:
    """The black pearl's rule: on each axis, the two edges of exactly one direction."""
    return all((on[(a, 1)] and on[(a, 2)]) != (on[(b, 1)] and on[(b, 2)])
               and not (on[(a, 1)] and on[(b, 1)]) for a, b in (("u", "d"), ("l", "r")))


STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def cpsat_count(p, limit: int = 2, seconds: float = 60.0) -> tuple[int | None, float]:
    """Solutions of Masyu board p found by CP-SAT (at most ``limit``; None when undecided
    within ``seconds``) and the seconds taken."""
    from ortools.sat.python import cp_model
    t = time.perf_counter()
    m = cp_model.CpModel()
    cells = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    edge = single_circuit(m, cells, p.edges(), p.pearls)
    m.AddBoolOr(list(edge.values()))
    for (r, c), kind in p.pearls.items():
        keys, lits = [], []
        for d, (dr, dc) in STEP.items():
            for k in (1, 2):
                a, b = (r + (k - 1) * dr, c + (k - 1) * dc), (r + k * dr, c + k * dc)
                e = (min(a, b), max(a, b))
                keys.append((d, k))
                lits.append(edge.get(e))
        free = [i for i, v in enumerate(lits) if v is not None]
        rule = _white if kind == "w" else _black
        allowed = []
        for bits in itertools.product((0, 1), repeat=len(free)):
            on = dict.fromkeys(keys, 0)
            on.update({keys[i]: bit for i, bit in zip(free, bits)})
            if rule(on):
                allowed.append(bits)
        m.AddAllowedAssignments([lits[i] for i in free], allowed)
    return count_solutions(m, list(edge.values()), t, limit, seconds)


# ------------------------------------------------------------------- boards


GENERATE = ("import sys; from puzzles.masyu import design as D; "
            "rows, cols, first, last = map(int, sys.argv[1:]); "
            "print(' '.join(D.random_puzzle(rows, cols, seed=1000 + s).to_url() for s in range(first, last)))")


def board_urls(name: str, boards: int) -> list[str]:
    """The benchmark boards of a row: "published", or the first ``boards`` generated
    boards of a size ("10": 10 x 10, "20x36": 20 rows, 36 columns; seeds 1000.., kept in
    a file)."""
    if name == "published":
        data = json.loads(PUBLISHED.read_text(encoding="utf-8"))
        return [data["cspuz"]["url"], *data["boards"]]
    rows, _, cols = name.partition("x")
    cols = cols or rows
    return harness.kept(BOARDS / f"masyu-{rows}x{cols}.txt", boards, GENERATE, rows, cols)


def zdd_case(name: str, boards: int) -> dict:
    """Count every board's solutions with the ZDD (each solve measured)."""
    from puzzles import masyu
    from puzzles.common.solving import SOLVED
    urls = board_urls(name, boards)
    for url in urls:  # set-up: the shapes' graphs, then no solution kept
        masyu.Puzzle.from_url(url).solve()
    SOLVED.clear()
    counts, cpu, pearls = [], [], []
    for url in urls:
        p = masyu.Puzzle.from_url(url)
        with harness.measure() as step:
            counts.append(p.solve().count())
        cpu.append(step.cpu)
        pearls.append(len(p.pearls))
    return {"check": counts, "median": statistics.median(cpu), "max": max(cpu),
            "pearls": statistics.median(pearls)}


def cpsat_case(name: str, boards: int, seconds: float) -> dict:
    """Decide every board with CP-SAT (at most 2 solutions; None: undecided in time)."""
    from puzzles import masyu
    return decide_each([masyu.Puzzle.from_url(url) for url in board_urls(name, boards)], cpsat_count,
                       seconds)


# ------------------------------------------------------------------- generation, designer


def generate_case(n: int, seeds: int) -> dict:
    """Generate n x n puzzles for seeds 0..seeds-1 (each generation measured)."""
    from puzzles.masyu import design
    cpu, pearls, urls = [], [], []
    for seed in range(seeds):
        with harness.measure() as step:
            p = design.random_puzzle(n, n, seed=seed)
        cpu.append(step.cpu)
        pearls.append(len(p.pearls))
        urls.append(p.to_url())
    return {"check": urls, "median": statistics.median(cpu), "max": max(cpu),
            "pearls": statistics.median(pearls)}


def designer_case(which: str, route: str) -> dict:
    """The minimum members of a loop's good pearl sets, each step measured: through H
    (route "H": H, its minimal members, its minimum ones) or without it ("lazy":
    ``design.minimum_lazy``)."""
    from puzzles.common.loops import maze_loop
    from puzzles.masyu import design
    if "maze" in which:  # "maze S" (10x10) or "RxC maze S"
        size, seed = (which.split()[0] if which[0].isdigit() else "10x10"), int(which.split()[-1])
        rows, cols = map(int, size.split("x"))
        loop = maze_loop(rows, cols, seed=seed)
    else:
        rows, cols, loop = design.read_loop(LOOP6 if which == "6x6" else LOOP10)
    out = {"candidates": len(design.candidates(rows, cols, loop))}
    good = minimal = None
    if route == "H":
        with harness.measure() as step:
            H = design.instances(loop, rows, cols)
        out["h_cpu"], good = step.cpu, H.count()
        with harness.measure() as step:
            minimal = design.minimal(H).count()
        out["min_cpu"] = step.cpu
        with harness.measure() as step:
            least = design.minimum(H)
    else:
        with harness.measure() as step:
            least = design.minimum_lazy(loop, rows, cols)
    out["least_cpu"] = step.cpu
    sizes = least.by_size()
    out["check"] = [good, minimal, least.count(), min(sizes) if sizes else None]
    return out


def certify_case() -> dict:
    """The 10x10 loop's minimum pearl sets checked with CP-SAT (one worker): every set of
    ``minimum_lazy``'s proof V leaves another loop, every answer set has one solution, and
    the hitting sets of V of the least size k (CP-SAT's optimum, all enumerated) are the
    answer."""
    from ortools.sat.python import cp_model

    from puzzles.masyu import Puzzle, design
    rows, cols, loop = design.read_loop(LOOP10)
    Y = design.candidates(rows, cols, loop)
    V: list = []
    with harness.measure() as step:
        answer = {frozenset(m) for m in design.minimum_lazy(loop, rows, cols, proof=V)}

    def solutions(pearls) -> int | None:
        return cpsat_count(Puzzle(rows, cols, {c: Y[c] for c in pearls}), 2, 60)[0]

    cells = sorted(Y)
    m = cp_model.CpModel()
    x = {c: m.NewBoolVar(str(c)) for c in cells}
    for T in V:
        m.AddBoolOr([x[c] for c in T])
    m.Minimize(sum(x.values()))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    optimal = solver.Solve(m) == cp_model.OPTIMAL
    k = round(solver.ObjectiveValue())
    m.ClearObjective()
    m.Add(sum(x.values()) == k)
    hitting: set = set()

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            hitting.add(frozenset(c for c in cells if self.Value(x[c])))
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.Solve(m, Collect())
    leave = sum((solutions(set(Y) - T) or 0) >= 2 for T in V)
    unique = sum(solutions(S) == 1 for S in answer)
    sizes = {len(S) for S in answer}
    return {"least_cpu": step.cpu, "sets": len(V), "check": [len(answer), sizes.pop() if len(sizes) == 1 else None,
            int(optimal), k, len(hitting), int(hitting == answer), int(leave == len(V)),
            int(unique == len(answer))]}


def tables(args) -> list:
    every = not (args.solving or args.generation or args.designer or args.certify)
    out = []
    if every or args.solving:
        names = [str(n) for n in args.sizes] + ["published"]
        rows = [harness.Row(f"{n}x{n}" if n.isdigit() else n,
                            (harness.Case("zdd_case", (n, args.boards)),
                             harness.Case("cpsat_case", (n, args.boards, args.cpsat), warm=False)))
                for n in names]
        rows += [harness.Row(f"{n} ({args.wide_boards})",
                             (harness.Case("zdd_case", (n, args.wide_boards)),
                              harness.Case("cpsat_case", (n, args.wide_boards, args.cpsat), warm=False)))
                 for n in args.wide]
        cols = (harness.field("pearls", "pearls", 6, ".0f"),
                harness.field("ZDD med", "median", 7, ".4f", median=True),
                harness.field("ZDD max", "max", 7, ".4f", median=True),
                harness.field("CP med", "median", 7, ".4f", side=1, median=True),
                harness.field("CP max", "max", 7, ".4f", side=1, median=True),
                harness.field("undecided", "undecided", 9, "d", side=1))
        out.append(harness.Table(f"Solving {args.boards} generated boards per size and the "
                                 "published boards: the ZDD (every solution) against CP-SAT "
                                 f"(one worker, uniqueness proved, {args.cpsat:.0f}-s limit); "
                                 "CPU s per board", ("zalg", "CP-SAT"), rows, cols,
                                 same=decided_alike, name_width=9))
    if every or args.generation:
        rows = [harness.Row(f"{n}x{n}", (harness.Case("generate_case", (n, args.gen_seeds)),))
                for n in args.gen_sizes]
        cols = (harness.field("median", "median", 6, ".2f", median=True),
                harness.field("max", "max", 6, ".2f", median=True),
                harness.field("pearls", "pearls", 6, ".0f"))
        out.append(harness.Table(f"Generation, {args.gen_seeds} seeds per size in one process "
                                 "(per-puzzle CPU s)", ("zalg",), rows, cols, name_width=6))
    if every or args.designer:
        routes = [("6x6", "H"), ("6x6", "lazy"), ("10x10", "lazy")] + \
            [(f"maze {seed}", "lazy") for seed in args.mazes] + \
            [(f"8x8 maze {seed}", r) for seed in args.mazes8 for r in ("H", "lazy")] + \
            ([("10x10", "H")] if args.hard else [])
        rows = [harness.Row(f"{w} loop, {r}", (harness.Case("designer_case", (w, r)),))
                for w, r in routes]
        cols = (harness.field("cand", "candidates", 4, "d"),
                harness.field("good", "check", 12, "d", index=0),
                harness.field("H cpu", "h_cpu", 7, ".2f", median=True),
                harness.field("minimal", "check", 7, "d", index=1),
                harness.field("min cpu", "min_cpu", 7, ".2f", median=True),
                harness.field("minimum", "check", 7, "d", index=2),
                harness.field("size", "check", 4, "d", index=3),
                harness.field("least cpu", "least_cpu", 9, ".2f", median=True))
        out.append(harness.Table("The designer on loops through every cell (CPU s)",
                                 ("zalg",), rows, cols, name_width=17))
    if args.certify:
        rows = [harness.Row("10x10 loop", (harness.Case("certify_case", ()),))]
        cols = (harness.field("minimum", "check", 7, "d", index=0),
                harness.field("size", "check", 4, "d", index=1),
                harness.field("|V|", "sets", 4, "d"),
                harness.field("CP opt", "check", 6, "d", index=2),
                harness.field("CP k", "check", 4, "d", index=3),
                harness.field("CP k-sets", "check", 9, "d", index=4),
                harness.field("same", "check", 4, "d", index=5),
                harness.field("V ok", "check", 4, "d", index=6),
                harness.field("unique", "check", 6, "d", index=7),
                harness.field("least cpu", "least_cpu", 9, ".2f", median=True))
        out.append(harness.Table("The 10x10 loop's minimum pearl sets checked with CP-SAT: "
                                 "V's sets leave other loops, the answer's sets are unique, the "
                                 "least hitting sets of V are the answer (1 = yes)",
                                 ("zalg",), rows, cols, name_width=10))
    return out


def add_options(ap) -> None:
    ap.add_argument("--solving", action="store_true", help="the solving table")
    ap.add_argument("--generation", action="store_true", help="the generation table")
    ap.add_argument("--designer", action="store_true", help="the designer table")
    ap.add_argument("--hard", action="store_true",
                    help="add the 10x10 loop through H (more than 10 minutes: use --limit)")
    ap.add_argument("--certify", action="store_true",
                    help="check the 10x10 loop's minimum pearl sets with CP-SAT")
    ap.add_argument("--mazes", type=int, nargs="*", default=[],
                    help="designer rows for the 10x10 maze loops of these seeds (minimum without H)")
    ap.add_argument("--mazes8", type=int, nargs="*", default=[],
                    help="designer rows for the 8x8 maze loops of these seeds, through H and without")
    ap.add_argument("--boards", type=int, default=20, help="generated boards per solving size")
    ap.add_argument("--sizes", type=int, nargs="*", default=[6, 8, 10])
    ap.add_argument("--wide", nargs="*", default=["20x36"], help="ROWSxCOLS boards of their own rows")
    ap.add_argument("--wide-boards", type=int, default=3, help="generated boards per --wide size")
    ap.add_argument("--gen-sizes", type=int, nargs="*", default=[8, 10])
    ap.add_argument("--gen-seeds", type=int, default=5)
    ap.add_argument("--cpsat", type=float, default=60, help="CP-SAT seconds per board")


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
