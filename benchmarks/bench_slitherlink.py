"""Slitherlink: instance enumeration, a designer's whole run, and solving.

Instances (paper, Yoshinaka et al. 2012, C++ on 2012 hardware: 5x7 with all 35
cells as candidates, 8 s for H and 0.1 s for the minimal ones; 8x8 with 36
candidates, 2 s; 8x8 with all 64 cells not finished in a day).  The loops are
fixed, generated from seeded random regions (``random_loop``); the 36 candidates
hold a greedily found minimal hint set, padded with random cells (see
``designer_candidates``).  The measured steps: H (every good hint set) and
their minimal members (``minimal(H)``, top down).  ``--hard`` adds 8x8 with all 64 cells (it does not finish within
the time limit).

A designer's run (``--loops``): the two 6x6 loops of the designer's targets (a ring and a
snake) and the 2012 program's own 5x7 example loop, every cell a candidate (the sweep side chosen by its trial,
``instances(sweep="auto")``): H, its minimal members, its minimum
members, the ten hardest of them (the 2012 program, zsligen, on its loop: 5.7-9.4
CPU s and about 100 MB on this machine for H, minimal and minimum).

The designer's answers without H (``--designer``, ``puzzles.slitherlink.lazy``): the
minimum good hint sets, the ten hardest of them and the ten hardest minimal ones, on
the 6x6 loops and on 8x8 with all 64 cells (the paper could not finish that one in a
day); five sampled minimum sets are solved to check that each has one solution.

The route of each question (``--route``, ``puzzles.slitherlink.route.answer``): the
designer's four questions (every good hint set, the minimal ones, the minimum ones, the
ten hardest) on the 6x6 loops and the 2012 program's loop, with the route and side
chosen by its trial; ``--hard`` adds 8x8 with all 64 cells (the minimum and the ten
hardest: the route without H).  ``base MB``: the process once imported.

Solving (``--solving``): puzzles made from random loops with hints on 55 % of the
cells, 10x10 to 21x37 (the paper: 9-26 s for 37x21), by the frontier solver and, on
boards up to 200 cells, by the mate-ZDD algebra (the same family).

    python -m benchmarks.bench_slitherlink [--instances] [--loops] [--designer] [--route] [--solving] [--hard]
"""
from __future__ import annotations

import inspect
import random
import sys

try:
    from . import harness
except ImportError:  # run as a file: this folder is first on sys.path
    import harness

INSTANCES = [  # (name, rows, cols, loop seed, number of candidates or None for all)
    ("5x7, all 35 cells", 5, 7, 3, None),
    ("8x8, 36 cells", 8, 8, 5, 36),
]
HARD = ("8x8, all 64 cells", 8, 8, 5, None)
LOOPS = {  # the outline of the # region, every cell a candidate: the two 6x6 loops of
    # the designer's targets (A a ring, B a snake), and the example loop of the 2012
    # paper's own generator (zsligen's examples/sligen001.dat in kunisura/algorithms2012,
    # 5 rows of 7 cells)
    "6x6 loop A": ["......", ".####.", ".#..#.", ".#.##.", ".#....", "......"],
    "6x6 loop B": ["###...", "#.####", "#.....", "####.#", "...#.#", "...###"],
    "5x7 loop of 2012": ["##...##", ".##.##.", "..###..", ".##.##.", "##...##"],
}
#: good hint sets the 2012 program printed for its own loop
LOOP_GOOD = {"5x7 loop of 2012": 2912556380}
BOARDS = [(10, 10, 1), (10, 18, 2), (14, 24, 3), (20, 36, 4), (21, 37, 5)]
#: boards up to this many cells also run the algebraic route (solve(method="algebra"))
ALGEBRA_CELLS = 200


def warm() -> None:
    from puzzles import slitherlink as S
    S.instances((3, 3), S.random_loop(3, 3, seed=1)).minimal()
    S.Puzzle(3, 3, {(1, 1): 2}).solve().count()


def designer_candidates(rows, cols, loop, k, seed) -> list:
    """k cells that hold a minimal unique hint set (found greedily with the solver:
    drop hints while the loop stays the unique solution), padded with random cells.
    Random candidate sets almost never admit a unique puzzle."""
    from puzzles import slitherlink as S
    h = S.loop_hints(loop, rows, cols)
    rng = random.Random(seed)
    keep = list(h)
    rng.shuffle(keep)
    for E in list(keep):
        trial = [F for F in keep if F != E]
        if S.Puzzle(rows, cols, {F: h[F] for F in trial}).count() == 1:
            keep = trial
    rest = [E for E in h if E not in keep]
    rng.shuffle(rest)
    return sorted(keep + rest[: max(0, k - len(keep))])


def instance_case(rows, cols, seed, ncand) -> dict:
    """H, every good hint set of the loop's board, and its minimal members (measured)."""
    from puzzles import slitherlink as S
    loop = S.random_loop(rows, cols, fill=0.6, seed=seed)
    cand = None if ncand is None else designer_candidates(rows, cols, loop, ncand, seed)
    with harness.measure() as h_step:
        H = S.instances((rows, cols), loop, candidates=cand)
    with harness.measure() as m_step:
        M = S.minimal(H)
    sizes = M.by_size()
    return {"check": [H.count(), H.node_count(), M.count()], "loop": len(loop),
            "h_cpu": h_step.cpu, "min_cpu": m_step.cpu, "fewest": min(sizes) if sizes else None}


def loop_case(name) -> dict:
    """A designer's whole run on one loop, every cell a candidate (each step measured)."""
    from puzzles import slitherlink as S
    text = LOOPS[name]
    region = {(r, c) for r, row in enumerate(text) for c, x in enumerate(row) if x == "#"}
    loop = S.outline(region)
    # the sweep chosen by its trial, as the CLI's --loop does (a tree before the choice,
    # under --against, has no ``sweep``: its one sweep)
    sweep = {"sweep": "auto"} if "sweep" in inspect.signature(S.instances).parameters else {}
    with harness.measure() as h_step:
        H = S.instances((len(text), len(text[0])), loop, **sweep)
    assert H.count() == LOOP_GOOD.get(name, H.count())
    with harness.measure() as m_step:
        minimal = S.minimal(H).count()
    with harness.measure() as mm_step:
        M = S.minimum(H)
    with harness.measure() as r_step:
        top = [key for _, key in zip(range(10), S.rank_by_difficulty(M, loop))]
    return {"check": [H.count(), minimal, M.count(), min(M.by_size()), top[0][1]],
            "steps": [h_step.cpu, m_step.cpu, mm_step.cpu, r_step.cpu]}


DESIGNER_CASES = ["6x6 loop A", "6x6 loop B", HARD[0]]


def named_loop(name) -> tuple:
    """(shape, loop) of a loop of ``LOOPS`` or of ``HARD``."""
    from puzzles import slitherlink as S
    if name in LOOPS:
        text = LOOPS[name]
        return (len(text), len(text[0])), S.outline(
            {(r, c) for r, row in enumerate(text) for c, x in enumerate(row) if x == "#"})
    _, rows, cols, seed, _ = HARD
    return (rows, cols), S.random_loop(rows, cols, fill=0.6, seed=seed)


#: the question sets of the route table: all four, or the minimum and the ten hardest
ASKED = {"all four": ("good", "minimal", "minimum", "hardest"),
         "minimum, hardest": ("minimum", "hardest")}


def route_case(name, asked="all four") -> dict:
    """``route.answer`` of the designer's questions (``ASKED``; on ``HARD`` the minimum
    and the ten hardest), measured as one step, with the route taken."""
    from zalg.memory import resident
    from puzzles.slitherlink import route
    shape, loop = named_loop(name)
    asked = ASKED["minimum, hardest" if name == HARD[0] else asked]
    base = (resident() or 0) / 2 ** 20
    with harness.measure() as step:
        A = route.answer(shape, loop, asked, count=10)
    side = "-" if A.sweep is None else A.sweep
    good = A.good.count() if A.good is not None else -1
    minimal = A.minimal.count() if A.minimal is not None else -1
    sizes = A.minimum.by_size()
    return {"check": [A.route, side, good, minimal, A.minimum.count(), min(sizes),
                      list(A.hardest[0][1])], "base": base, "steps": [step.cpu]}


def designer_case(name) -> dict:
    """The designer's answers without H (``lazy``): the minimum good hint sets, the ten
    hardest of them, and the ten hardest minimal ones (each step measured)."""
    from puzzles import slitherlink as S
    from puzzles.slitherlink import lazy as L
    shape, loop = named_loop(name)
    with harness.measure() as minimum_step:
        design = L.LazyDesign(shape, loop)
        M = design.minimum()
    with harness.measure() as rank_step:
        top = [key for _, (_, key) in zip(range(10), S.rank_by_difficulty(M, loop))]
    with harness.measure() as hardest_step:
        hard = design.hardest(10)
    h = S.loop_hints(loop, *shape)  # not timed: five minimum sets have one solution each
    unique = all(S.Puzzle(*shape, {E: h[E] for E in X}).count() == 1 for X in M.sample(5, seed=1))
    return {"check": [M.count(), min(M.by_size()), list(top[0]), list(hard[0][1]),
                      "yes" if unique else "NO"],
            "learned": design.found,
            "steps": [minimum_step.cpu, rank_step.cpu, hardest_step.cpu]}


def board(rows, cols, seed):
    """A puzzle with hints on 55 % of the cells of a random loop, and the loop."""
    from puzzles import slitherlink as S
    loop = S.random_loop(rows, cols, seed=seed)
    hints = S.loop_hints(loop, rows, cols)
    cells = sorted(hints)
    chosen = random.Random(seed).sample(cells, len(cells) * 55 // 100)
    return S.Puzzle(rows, cols, {E: hints[E] for E in chosen}), loop


def solve_case(rows, cols, seed, method) -> dict:
    """Every solution of the board (logical pre-pass included), by ``method``."""
    p, loop = board(rows, cols, seed)
    with harness.measure():
        F = p.solve(method=method)
    assert loop in F
    return {"check": [F.count(), F.node_count()]}


def tables(args) -> list:
    every = not (args.instances or args.loops or args.solving or args.designer or args.route)
    out = []
    if every or args.instances:
        cases = INSTANCES + ([HARD] if args.hard else [])
        rows = [harness.Row(name, (harness.Case("instance_case", (r, c, seed, k)),))
                for name, r, c, seed, k in cases]
        cols = (harness.field("loop", "loop", 4, "d"),
                harness.field("good hint sets", "check", 15, "d", index=0),
                harness.field("nodes", "check", 7, "d", index=1),
                harness.field("H cpu", "h_cpu", 7, ".2f", median=True),
                harness.field("minimal", "check", 8, "d", index=2),
                harness.field("min cpu", "min_cpu", 7, ".2f", median=True),
                harness.field("fewest", "fewest", 6, "d"))
        out.append(harness.Table("Instance enumeration (the paper: 5x7 all cells 8 s + 0.1 s; "
                                 "8x8 36 cells 2 s)", ("zalg",), rows, cols, name_width=18))
    if every or args.loops:
        rows = [harness.Row(name, (harness.Case("loop_case", (name,)),)) for name in LOOPS]
        step = ("H", "minimal", "minimum", "rank")
        cols = (harness.field("good hint sets", "check", 12, "d", index=0),
                harness.field("minimal", "check", 8, "d", index=1),
                harness.field("minimum", "check", 7, "d", index=2),
                harness.field("fewest", "check", 6, "d", index=3),
                *(harness.field(f"{s} s", "steps", 7, ".1f", index=i, median=True)
                  for i, s in enumerate(step)))
        out.append(harness.Table("A designer's run on the 6x6 loops A and B and the 2012 "
                                 "program's 5x7 loop (every cell a candidate)", ("zalg",), rows,
                                 cols, name_width=16))
    if every or args.designer:
        rows = [harness.Row(name, (harness.Case("designer_case", (name,)),))
                for name in DESIGNER_CASES]
        cols = (harness.field("minimum", "check", 7, "d", index=0),
                harness.field("fewest", "check", 6, "d", index=1),
                harness.field("one solution", "check", 12, "", index=4),
                harness.field("learned", "learned", 7, "d"),
                *(harness.field(f"{s} s", "steps", 9, ".1f", index=i, median=True)
                  for i, s in enumerate(("minimum", "rank", "hardest"))))
        out.append(harness.Table("The designer's answers without H (minimum, ten hardest of "
                                 "them, ten hardest minimal)", ("zalg",), rows, cols,
                                 name_width=17))
    if every or args.route:
        pairs = [(name, asked) for name in LOOPS for asked in ASKED] + \
            ([(HARD[0], "minimum, hardest")] if args.hard else [])
        rows = [harness.Row(f"{name}: {asked}", (harness.Case("route_case", (name, asked)),))
                for name, asked in pairs]
        cols = (harness.field("route", "check", 5, "", index=0),
                harness.field("side", "check", 4, "", index=1),
                harness.field("good hint sets", "check", 14, "d", index=2),
                harness.field("minimal", "check", 8, "d", index=3),
                harness.field("minimum", "check", 7, "d", index=4),
                harness.field("fewest", "check", 6, "d", index=5),
                harness.field("base MB", "base", 7, ".0f"))
        out.append(harness.Table("The route of the designer's questions (route.answer: good, "
                                 "minimal, minimum, ten hardest; or the last two)", ("zalg",),
                                 rows, cols, name_width=35))
    if every or args.solving:
        rows = [harness.Row(f"{r}x{c}", (harness.Case("solve_case", (r, c, seed, "frontier")),
                                        harness.Case("solve_case", (r, c, seed, "algebra"))
                                        if r * c <= ALGEBRA_CELLS else None))
                for r, c, seed in BOARDS]
        cols = (harness.field("solutions", "check", 9, "d", index=0),)
        out.append(harness.Table("Solving (hints on 55 % of the cells of a random loop)",
                                 ("frontier", "algebra"), rows, cols, name_width=6))
    return out


def add_options(ap) -> None:
    ap.add_argument("--instances", action="store_true", help="the instance table")
    ap.add_argument("--loops", action="store_true", help="the 6x6 designer's-run table")
    ap.add_argument("--designer", action="store_true",
                    help="the designer's answers without H (8x8 with all 64 cells: minutes)")
    ap.add_argument("--route", action="store_true",
                    help="the designer's questions by route.answer (with --hard: 8x8, minutes)")
    ap.add_argument("--solving", action="store_true", help="the solving table")
    ap.add_argument("--hard", action="store_true",
                    help="add 8x8 with all 64 cells (not finished in 600 s: use --limit)")


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
