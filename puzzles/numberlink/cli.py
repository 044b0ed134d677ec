"""``zalg numberlink ...``: Numberlink subcommands of the zalg command line.

``zalg numberlink solve <url|file|-> ... [--cover] [--count] [--svg out.svg] [--jobs J]
[--scheduler ADDRESS]``
``zalg numberlink instances ROWSxCOLS [--max-pairs K] [--by-size] [--minimum] [--list N]
[--seed S] [--method subset|witness|covering|restricted]``
``zalg numberlink generate ROWSxCOLS [--pairs K] [--seed S] [--no-merge] [--adjacent]
[--svg FILE] [--count N] [--jobs J] [--out DIR] [--scheduler ADDRESS]``

With several sources, ``--jobs`` or ``--scheduler`` (solve), or any of ``--count``,
``--jobs``, ``--out``, ``--scheduler`` (generate), the command runs as a batch
(``puzzles.program.batch``) and prints JSON Lines.
"""
from __future__ import annotations

import sys
import time
from functools import partial

from ..program import batch
from ..program.cli import UserError, bounded_int, parse_size
from ..common.errors import PuzzleFormatError
from ..program.subcommands import GenerateCommand, SolveCommand, add_generate, add_genre, add_solve
from . import design as NI
from .puzzle import Puzzle

__all__ = ["register"]

WHAT = "numberlink"


def solve_options(p: Puzzle, given: dict) -> dict:
    """``--cover``, which arukone boards always have."""
    return {"cover": bool(given["cover"] or p.requires_cover)}


def headline(p: Puzzle, options: dict) -> str:
    kind = "arukone" if p.variant == "arukone" else "numberlink"
    rule = ", every cell used" if options["cover"] else ""
    return f"{kind} {p.rows}x{p.cols}, {len(p.pairs)} pairs{rule}"


SOLVE = SolveCommand(
    WHAT, Puzzle, "a puzz.link URL (numlin/numberlink/arukone), a file (pzprv3, plain text, "
    "or a URL), or - (stdin)",
    "Find every solution of a Numberlink puzzle, report how many there are and draw one.",
    headline=headline, flags=("cover",), options=solve_options)


def describe(p: Puzzle) -> dict:
    """A generated puzzle's counts for its batch record."""
    return {"pairs": len(p.pairs)}


def shared_family(rows: int, cols: int):
    """The covering path matchings of the grid with their counts (what sampling reads; at
    10x10 as long again as the build), cached: a batch worker builds them once."""
    family = NI.covering_path_matchings(rows, cols)
    family.count()  # cached on the family
    return family


def generator(args, rows: int, cols: int):
    """Random good instances (``design.random_instance``)."""
    NI.check_request(rows, cols, args.pairs)
    make = partial(NI.random_instance, rows, cols, pairs=args.pairs, merge=not args.no_merge,
                   adjacent=args.adjacent)
    return batch.Generator(WHAT, make, describe, partial(shared_family, rows, cols))


def header(p: Puzzle, seconds: float, stats: dict) -> str:
    return f"numberlink {p.rows}x{p.cols}, {len(p.pairs)} pairs, unique solution ({seconds:.1f} s)"


GENERATE = GenerateCommand(
    WHAT, "a random good instance of a grid",
    "A random good instance: draw a covering path matching uniformly, take its path ends as "
    "clues, and cut paths until the solution is unique.", generator, header)


def register(subparsers) -> None:
    """Add the ``numberlink`` subcommand (with its own subcommands) to ``zalg``."""
    sub = add_genre(subparsers, WHAT, "Numberlink: solve, instances (every good instance of a "
                    "grid), generate", "Numberlink puzzles: all solutions as a ZDD family.")
    solve = add_solve(sub, SOLVE)
    solve.add_argument("--cover", action="store_true",
                       help="every cell must lie on a path (automatic for arukone)")
    inst = sub.add_parser(
        "instances", help="count every good instance of a grid",
        description="Every good instance of a ROWSxCOLS grid: sets of cell pairs whose "
                    "puzzle has exactly one solution, and that solution uses every cell.")
    inst.add_argument("size", metavar="ROWSxCOLS", help="the grid, e.g. 4x4")
    inst.add_argument("--max-pairs", type=bounded_int(0, 10_000), metavar="K",
                      help="only instances with at most K pairs")
    inst.add_argument("--by-size", action="store_true", help="print the count per number of pairs")
    inst.add_argument("--minimum", action="store_true",
                      help="list only instances with the fewest pairs")
    inst.add_argument("--list", type=bounded_int(0, 1_000_000), default=0, metavar="N",
                      help="draw N instances as boards (with --minimum: N of the smallest)")
    inst.add_argument("--seed", type=bounded_int(0, 2 ** 63 - 1),
                      help="pick the listed instances at random with this seed")
    inst.add_argument("--method", choices=["subset", "witness", "covering", "restricted"],
                      default="subset",
                      help="subset: one pass top down over the pair elements (default); "
                           "witness: one pass bottom up over all path matchings; covering: "
                           "candidates from the covering ones, then solved one by one "
                           "(for few pairs on larger grids, e.g. 6x6 --max-pairs 3); "
                           "restricted: the one pass over the candidates' solutions only")
    inst.set_defaults(run=_instances)
    gen = add_generate(sub, GENERATE)
    gen.add_argument("--pairs", type=bounded_int(1, 1_000_000), metavar="K",
                     help="draw K paths (cuts made for uniqueness may add pairs)")
    gen.add_argument("--no-merge", action="store_true",
                     help="keep the repaired drawing (do not join paths to reduce the pairs)")
    gen.add_argument("--adjacent", action="store_true",
                     help="allow pairs in adjacent cells (by default none: they give the "
                          "path away)")


def _instances(args) -> int:
    rows, cols = parse_size(args.size, WHAT)
    start = time.perf_counter()
    try:
        good = NI.good_instances(rows, cols, max_pairs=args.max_pairs, method=args.method,
                                 progress=rows * cols > 16)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    took = time.perf_counter() - start
    bound = "" if args.max_pairs is None else f" with at most {args.max_pairs} pairs"
    print(f"good instances of the {rows}x{cols} grid{bound}: {good.count()}")
    print(f"computed in {took:.2f} s ({good.node_count()} ZDD nodes)", file=sys.stderr)
    sizes = good.by_size()
    if args.by_size:
        print("pairs  instances")
        for k in sorted(sizes):
            print(f"{k:5d}  {sizes[k]}")
    chosen = NI.minimum_instances(good) if args.minimum else good
    if args.minimum:
        print(f"minimum instances: {chosen.count()}"
              + (f" with {min(sizes)} pairs" if sizes else ""))
    if args.list and chosen:
        picked = (chosen.sample(min(args.list, chosen.count()), seed=args.seed)
                  if args.seed is not None else [m for _, m in zip(range(args.list), chosen)])
        for n, pairs in enumerate(picked, 1):
            p = NI.to_puzzle(rows, cols, pairs)
            print(f"\n#{n} {len(p.pairs)} pairs  {p.to_url()}")
            print(p.render(), end="")
    return 0
