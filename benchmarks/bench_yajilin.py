"""Yajilin: solving against CP-SAT, with a model of the same boards in the same run.

Boards: per size, N puzzles of ``yajilin.design.random_puzzle`` (seeds 1000..; a
minimal set of shown numbers, the other clue cells blank) and N *full* boards of
``design._random_board`` (every clue cell numbered: the solved board the generator
starts from, drawn again until unique; a draw whose sweep grows wider than
``design.WIDTH`` states is skipped, as the generator does).  They are kept in
``benchmarks/data/yajilin-<kind>-RxC.txt`` so that every run solves the same boards
(missing ones are made first, untimed, in another process).  Each board is solved by
the ZDD (fresh build, all solutions: the frontier machine by default, ``--algebra``
the loop family and the algebra) and by CP-SAT (OR-Tools, one worker: a solution,
then a blocking clause to prove there is no second; ``--cpsat`` seconds per board).
Both must agree on every decided board.

    python -m benchmarks.bench_yajilin [--boards N] [--sizes 6x6 8x8 10x10 ...] [--cpsat S]
        [--kinds minimal full] [--algebra]

OR-Tools is a benchmark-only dependency (pip install -e '.[bench]').
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

try:
    from . import harness
    from .bench_nagareru import decided_alike
    from .cpsat import count_solutions
except ImportError:  # run as a file: this folder is first on sys.path
    import harness
    from bench_nagareru import decided_alike
    from cpsat import count_solutions

BOARDS = Path(__file__).resolve().parent / "data"
KINDS = ("minimal", "full")

#: makes boards in a separate process: the solver caches the puzzles it made
GENERATE = ("import sys, random, zalg; from puzzles.yajilin import design as D; "
            "kind, rows, cols, first, last = sys.argv[1:]; rows, cols = int(rows), int(cols)\n"
            "def full(seed):\n"
            "    rng = random.Random(seed)\n"
            "    while True:\n"
            "        p = D._random_board(rows, cols, rng)\n"
            "        try:\n"
            "            if D.solve(p, max_width=D.WIDTH).count() == 1: return p\n"
            "        except zalg.TooWide: pass\n"
            "out = [(D.random_puzzle(rows, cols, seed=1000 + s) if kind == 'minimal' else full(1000 + s)).to_url()"
            " for s in range(int(first), int(last))]\n"
            "print(' '.join(out))")


def warm() -> None:
    from puzzles import yajilin
    yajilin.Puzzle.from_url(yajilin.EXAMPLES[0]).solve().count()


def board_urls(kind: str, rows: int, cols: int, boards: int) -> list[str]:
    """The first ``boards`` benchmark boards of a kind and size (made once, kept in a file)."""
    path = BOARDS / f"yajilin-{kind}-{rows}x{cols}.txt"
    urls = path.read_text().split() if path.exists() else []
    if len(urls) < boards:
        urls += harness.elsewhere(GENERATE, kind, str(rows), str(cols), str(len(urls)), str(boards)).split()
        BOARDS.mkdir(exist_ok=True)
        path.write_text("\n".join(urls) + "\n")
    return urls[:boards]


def zdd_case(kind: str, rows: int, cols: int, boards: int, method: str) -> dict:
    """Count every board's solutions with the ZDD (each solve measured)."""
    from puzzles import yajilin
    counts, cpu, clues = [], [], []
    urls = board_urls(kind, rows, cols, boards)
    yajilin.Puzzle.from_url(urls[0]).solve(method)  # set-up: the shape's universe
    harness.forget_solutions(yajilin.Puzzle)
    for url in urls:
        p = yajilin.Puzzle.from_url(url)
        with harness.measure() as step:
            counts.append(p.solve(method).count())
        cpu.append(step.cpu)
        clues.append(len(p.counted()))
    return {"check": counts, "median": statistics.median(cpu), "mean": statistics.mean(cpu),
            "max": max(cpu), "numbers": statistics.median(clues)}


def cpsat_count(p, limit: int = 2, seconds: float = 60.0) -> tuple[int | None, float]:
    """Solutions of board p found by CP-SAT (at most ``limit``; None when undecided in
    ``seconds``) and the seconds taken: one circuit over the free cells whose skip literal
    is the cell's shading, no two adjacent shaded, each clue a sum over its ray."""
    from ortools.sat.python import cp_model
    t = time.perf_counter()
    if any(not d and n is not None for d, n in p.clues.values()):
        return 0, time.perf_counter() - t
    m = cp_model.CpModel()
    free = p.free_cells()
    index = {x: i for i, x in enumerate(free)}
    shaded = {x: m.NewBoolVar("") for x in free}
    arcs, lits = [], list(shaded.values())
    for a, b in p.edges():
        if a in index and b in index:
            ab, ba = m.NewBoolVar(""), m.NewBoolVar("")
            arcs += [(index[a], index[b], ab), (index[b], index[a], ba)]
            used = m.NewBoolVar("")
            m.Add(ab + ba == used)
            lits.append(used)
            m.AddBoolOr([shaded[a].Not(), shaded[b].Not()])
    for x in free:
        arcs.append((index[x], index[x], shaded[x]))
    if arcs:
        m.AddCircuit(arcs)
    for cells, n in p.counted().values():
        m.Add(sum(shaded[x] for x in cells) == n)
    return count_solutions(m, lits, t, limit, seconds)


def cpsat_case(kind: str, rows: int, cols: int, boards: int, seconds: float) -> dict:
    """Decide every board with CP-SAT (at most 2 solutions; None: undecided in time)."""
    from ortools.sat.python import cp_model  # noqa: F401  (loaded before the measured steps)
    from puzzles import yajilin
    found, cpu = [], []
    for url in board_urls(kind, rows, cols, boards):
        p = yajilin.Puzzle.from_url(url)
        with harness.measure() as step:
            found.append(cpsat_count(p, seconds=seconds)[0])
        cpu.append(step.cpu)
    return {"check": found, "median": statistics.median(cpu), "mean": statistics.mean(cpu),
            "max": max(cpu), "undecided": sum(f is None for f in found)}


def tables(args) -> list:
    method = "algebra" if args.algebra else "frontier"
    out = []
    for kind in args.kinds:
        rows = []
        for size in args.sizes:
            r, c = map(int, size.split("x"))
            rows.append(harness.Row(f"{r}x{c}", (
                harness.Case("zdd_case", (kind, r, c, args.boards, method)),
                harness.Case("cpsat_case", (kind, r, c, args.boards, args.cpsat), warm=False))))
        cols = (harness.field("numbers", "numbers", 7, ".0f"),
                harness.field("ZDD med", "median", 7, ".4f", median=True),
                harness.field("ZDD max", "max", 7, ".3f", median=True),
                harness.field("CP med", "median", 7, ".4f", side=1, median=True),
                harness.field("CP max", "max", 7, ".3f", side=1, median=True),
                harness.field("undecided", "undecided", 9, "d", side=1))
        out.append(harness.Table(f"Solving {args.boards} {kind} boards per size: the ZDD "
                                 f"({method}, all solutions) against CP-SAT (one worker, "
                                 f"uniqueness proved, {args.cpsat:.0f}-s limit per board); "
                                 "per-board CPU s", ("zalg", "CP-SAT"), rows, cols,
                                 same=decided_alike, name_width=6))
    return out


def add_options(ap) -> None:
    ap.add_argument("--boards", type=int, default=20, help="boards per size and kind")
    ap.add_argument("--sizes", nargs="*", default=["6x6", "8x8", "10x10", "12x12", "15x15"])
    ap.add_argument("--cpsat", type=float, default=60, help="CP-SAT seconds per board")
    ap.add_argument("--kinds", nargs="*", default=list(KINDS), choices=KINDS, help="which boards")
    ap.add_argument("--algebra", action="store_true", help="solve by the loop family and the algebra")


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
