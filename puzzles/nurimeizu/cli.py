"""``zalg nurimeizu ...``: Nurimeizu subcommands of the zalg command line.

``zalg nurimeizu solve <url|file|-> ... [--count] [--svg FILE] [--jobs J] [--scheduler ADDRESS]``
``zalg nurimeizu generate ROWSxCOLS [--seed S] [--largest-room K] [--method M] [--svg FILE]
[--count N] [--jobs J] [--out DIR] [--scheduler ADDRESS]``
``zalg nurimeizu icons <pzprv3 file with an answer|-> [--list N]``
``zalg nurimeizu reduce <url|file|->``

With several sources, ``--jobs`` or ``--scheduler`` (solve), or any of ``--count``,
``--jobs``, ``--out``, ``--scheduler`` (generate), the command runs as a batch
(``puzzles.batch``) and prints JSON Lines.
"""
from __future__ import annotations

import argparse
import time
from functools import partial


from .. import batch
from ..cli import (UserError, add_puzzle_svg, bounded_int, note, parse_size, read_puzzle,
                   report_solutions)
from ..errors import PuzzleFormatError
from ..inputs import read_source
from .model import Puzzle

__all__ = ["register"]

WHAT = "nurimeizu"
SOURCE = "a puzz.link URL (nurimaze), a file (pzprv3, plain text, or a URL), or - (stdin)"


def register(subparsers) -> None:
    """Add the ``nurimeizu`` subcommand (with its own subcommands) to ``zalg``."""
    nm = subparsers.add_parser("nurimeizu", help="Nurimeizu: solve, generate, icons (every icon "
                               "set of a drawn maze), reduce",
                               description="Nurimeizu puzzles: all solutions as a ZDD family.")
    nm.set_defaults(run=lambda args: _help(nm))
    sub = nm.add_subparsers(dest="nurimeizu_command", metavar="COMMAND")
    solve = sub.add_parser("solve", help="find all solutions of a puzzle",
                           description="Count every solution of a Nurimeizu puzzle and draw one.")
    solve.add_argument("source", nargs="+", help=SOURCE + "; several: one JSON line each")
    solve.add_argument("--count", action="store_true", help="print the exact number of solutions")
    solve.add_argument("--svg", metavar="FILE", help="write the board with one solution as SVG")
    add_puzzle_svg(solve)
    batch.add_options(solve, count=False)
    solve.set_defaults(run=_solve)
    gen = sub.add_parser("generate", help="puzzles with a unique solution",
                         description="Random rooms, S and G, a random colouring and a minimum "
                                     "icon set that makes it the only solution (up to 144 cells); "
                                     "above, a random maze, rooms on it and a minimal icon set.")
    gen.add_argument("size", metavar="ROWSxCOLS", help="the board, e.g. 8x8")
    gen.add_argument("--seed", type=bounded_int(0, 2 ** 63 - 1), help="random seed")
    gen.add_argument("--largest-room", type=bounded_int(1, 64), default=4, metavar="K",
                     help="rooms of 1..K cells (default 4)")
    gen.add_argument("--method", choices=("icon-sets", "maze"),
                     help="icon-sets (minimum icon sets; default up to 144 cells) or maze "
                          "(maze first, minimal icon sets; default above)")
    gen.add_argument("--svg", metavar="FILE",
                     help="write the puzzle with its solution as SVG (one puzzle only)")
    add_puzzle_svg(gen)
    batch.add_options(gen)
    gen.set_defaults(run=_generate)
    icons = sub.add_parser("icons", help="every icon set that makes a drawn maze unique",
                           description="For a pzprv3 file with an answer (the designer's "
                                       "colouring), every set of circles and triangles that "
                                       "makes that colouring the only solution.")
    icons.add_argument("source", help="a pzprv3 file with an answer section, or - (stdin)")
    icons.add_argument("--list", type=bounded_int(0, 1_000_000), default=3, metavar="N",
                       help="draw N of the smallest icon sets (default 3)")
    icons.set_defaults(run=_icons)
    red = sub.add_parser("reduce", help="every minimal subset of a puzzle's circles and "
                         "triangles that keeps it unique")
    red.add_argument("source", help=SOURCE)
    red.set_defaults(run=_reduce)


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def _solve(args) -> int:
    if batch.solve_requested(args, args.source):
        return batch.run_solve(batch.Solver(WHAT, Puzzle), args, args.source)
    p = read_puzzle(Puzzle, args.source[0], WHAT)
    print(f"nurimeizu {p.rows}x{p.cols}, {p.nrooms} rooms, {len(p.icons)} icons")
    print(p.render(), end="")
    start = time.perf_counter()
    F = p.solve(progress=p.rows * p.cols > 400)
    F.count()  # counted here, so the time below includes it
    if time.perf_counter() - start > 2:
        note(f"nurimeizu: solved in {time.perf_counter() - start:.1f} s")
    report_solutions(p, F, args, WHAT)
    return 0


def describe(p: Puzzle) -> dict:
    """A generated puzzle's counts for its batch record."""
    return {"rooms": p.nrooms, "icons": len(p.icons)}


def _generate(args) -> int:
    from .design import check_request, generate
    rows, cols = parse_size(args.size, WHAT)
    try:
        check_request(rows, cols, args.method)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    make = partial(generate, rows, cols, largest_room=args.largest_room, method=args.method)
    gen = batch.Generator(WHAT, make, describe)

    def header(p: Puzzle, seconds: float) -> str:
        return f"nurimeizu {rows}x{cols}: {p.nrooms} rooms, {len(p.icons)} icons, unique " \
               f"({seconds:.1f} s)"
    (seed,) = batch.task_seeds(args.seed, 1)  # one puzzle: the seed of a batch's first
    return batch.generate_command(gen, args, header, seed, progress=True)


def _icons(args) -> int:
    from .design import icon_sets
    try:
        kind, text = read_source(args.source, WHAT)
        if kind == "url":
            raise UserError(f"{WHAT} icons: give a pzprv3 file with the answer (the colouring)")
        p = Puzzle.from_text(text)
        black = Puzzle.solution_from_pzprv3(text)
        bare = Puzzle(p.rows, p.cols, p.rooms, {x: i for x, i in p.icons.items() if i in "SG"})
        good = icon_sets(bare, black)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    sizes = good.by_size()
    print(f"nurimeizu {p.rows}x{p.cols}: {good.count()} icon sets make this colouring the only "
          "solution")
    if not sizes:
        print("none: another colouring keeps the same S-G path and white cells the icons see")
        return 0
    minimal = good.minimal()
    print(f"minimal: {minimal.count()}; minimum: {sizes[min(sizes)]} with {min(sizes)} icons")
    for i, K in enumerate(good.of_size(min(sizes)).sample(min(args.list, sizes[min(sizes)]), seed=0), 1):
        icons = dict(bare.icons)
        icons.update(dict(K))
        q = Puzzle(p.rows, p.cols, p.rooms, icons)
        print(f"\n#{i} {q.to_url()}")
        print(q.render(), end="")
    return 0


def _reduce(args) -> int:
    from .design import reduce
    p = read_puzzle(Puzzle, args.source, WHAT)
    try:
        R = reduce(p)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    sizes = R.by_size()
    mine = sum(1 for i in p.icons.values() if i in "ot")
    print(f"nurimeizu {p.rows}x{p.cols}: {mine} circles and triangles; {R.count()} minimal subsets "
          "keep the solution unique")
    for k in sorted(sizes):
        print(f"  {sizes[k]} with {k} icons")
    return 0
