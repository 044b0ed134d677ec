"""``zalg nagareru ...``: Nagareru subcommands of the zalg command line.

``zalg nagareru solve <url|file|-> ... [--count] [--svg FILE] [--jobs J] [--scheduler ADDRESS]``
``zalg nagareru generate ROWSxCOLS [--seed S] [--fans K] [--min-length L] [--max-length L]
[--white PERCENT] [--spread R] [--svg FILE] [--count N] [--jobs J] [--out DIR]
[--scheduler ADDRESS]``
``zalg nagareru reduce <url|file|-> [--list N]``

With several sources, ``--jobs`` or ``--scheduler`` (solve), or any of ``--count``,
``--jobs``, ``--out``, ``--scheduler`` (generate), the command runs as a batch
(``puzzles.batch``) and prints JSON Lines.
"""
from __future__ import annotations

import argparse
import itertools
import time
from functools import partial

from .. import batch
from ..cli import (UserError, add_puzzle_svg, bounded_int, note, parse_size, read_puzzle,
                   report_solutions)
from ..errors import PuzzleFormatError
from .model import Puzzle

__all__ = ["register"]

WHAT = "nagareru"


def register(subparsers) -> None:
    """Add the ``nagareru`` subcommand (with its own subcommands) to ``zalg``."""
    ng = subparsers.add_parser("nagareru", help="Nagareru: solve, generate (interesting "
                               "instances), reduce (minimal clue sets)",
                               description="Nagareru puzzles: all solutions as a ZDD family.")
    ng.set_defaults(run=lambda args: _help(ng))
    sub = ng.add_subparsers(dest="nagareru_command", metavar="COMMAND")
    solve = sub.add_parser("solve", help="find all solutions of a puzzle",
                           description="Find every solution of a Nagareru puzzle, report how "
                                       "many there are and draw one with its direction.")
    solve.add_argument("source", nargs="+", help="a puzz.link URL (nagare), a file (pzprv3, "
                       "plain text, or a URL), or - (stdin); several: one JSON line each")
    solve.add_argument("--count", action="store_true", help="print the exact number of solutions")
    solve.add_argument("--svg", metavar="FILE",
                       help="write the board with one solution as SVG (replaces FILE)")
    add_puzzle_svg(solve)
    batch.add_options(solve, count=False)
    solve.set_defaults(run=_solve)
    gen = sub.add_parser(
        "generate", help="interesting instances of a board size",
        description="Interesting instances (Ishihata & Tokumasu): one solution, every clue "
                    "needed, no unusable arrow, no ineffective fan.")
    gen.add_argument("size", metavar="ROWSxCOLS", help="the board, e.g. 10x10")
    gen.add_argument("--seed", type=bounded_int(0, 2 ** 63 - 1),
                     help="random seed (same seed, same puzzles)")
    gen.add_argument("--fans", type=bounded_int(0, 10_000), metavar="K",
                     help="fans to try (default: a random number up to (rows+cols)/4)")
    gen.add_argument("--min-length", type=bounded_int(4, 10 ** 8), default=4, metavar="L",
                     help="shortest loop allowed (cells)")
    gen.add_argument("--max-length", type=bounded_int(4, 10 ** 8), metavar="L",
                     help="longest loop allowed (cells)")
    gen.add_argument("--white", type=bounded_int(0, 100), metavar="PERCENT",
                     help="share of white arrows among arrows and plain black cells to aim "
                          "for (default: no preference)")
    gen.add_argument("--spread", type=bounded_int(0, 100), default=2, metavar="R",
                     help="remove first the clues with the most others within R cells, so "
                          "the clues left are spread out (default 2; 0: no preference)")
    gen.add_argument("--svg", metavar="FILE",
                     help="write the puzzle with its solution as SVG (replaces FILE; one "
                          "puzzle only)")
    add_puzzle_svg(gen)
    batch.add_options(gen)
    gen.set_defaults(run=_generate)
    red = sub.add_parser(
        "reduce", help="every minimal clue set that keeps a puzzle unique",
        description="Every minimal subset of a unique puzzle's clues that keeps the solution "
                    "unique (the other clue cells become empty).")
    red.add_argument("source", help="a puzz.link URL (nagare), a file, or - (stdin)")
    red.add_argument("--list", type=bounded_int(0, 1_000_000), default=3, metavar="N",
                     help="draw N of the smallest reduced puzzles (default 3)")
    red.set_defaults(run=_reduce)


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def _solve(args) -> int:
    if batch.solve_requested(args, args.source):
        return batch.run_solve(batch.Solver(WHAT, Puzzle), args, args.source)
    p = read_puzzle(Puzzle, args.source[0], WHAT)
    print(f"nagareru {p.rows}x{p.cols}, {len(p.arrows())} arrows, {len(p.fans())} fans, "
          f"{len(p.black_cells()) - len(p.fans())} plain black cells")
    print(p.render(), end="")
    start = time.perf_counter()
    F = p.solve(progress=p.rows * p.cols > 400)
    F.count()  # counted here, so the time below includes it
    took = time.perf_counter() - start
    if took > 2:
        note(f"nagareru: solved in {took:.1f} s")
    report_solutions(p, F, args, WHAT)
    return 0


def describe(p: Puzzle) -> dict:
    """A generated puzzle's counts for its batch record."""
    fans = len(p.fans())
    return {"clues": len(p.cells), "arrows": len(p.arrows()), "fans": fans,
            "black": len(p.black_cells()) - fans}


def _generate(args) -> int:
    from .design import generate
    rows, cols = parse_size(args.size, WHAT)
    if rows < 2 or cols < 2:
        raise UserError(f"{WHAT}: a board needs at least 2x2 cells, got {rows}x{cols}")
    if args.max_length is not None and args.max_length < args.min_length:
        raise UserError(f"{WHAT}: --max-length {args.max_length} is below --min-length "
                        f"{args.min_length}")
    knobs = {"fans": args.fans, "min_length": args.min_length, "max_length": args.max_length,
             "white": None if args.white is None else args.white / 100, "spread": args.spread}
    gen = batch.Generator(WHAT, partial(generate, rows, cols, **knobs), describe)
    stats: dict = {}

    def header(p: Puzzle, seconds: float) -> str:
        return (f"nagareru {rows}x{cols}: {len(p.arrows())} arrows, {len(p.fans())} fans, "
                f"{len(p.black_cells()) - len(p.fans())} plain black cells, loop of "
                f"{len(p.solution())} cells, unique ({seconds:.1f} s, "
                f"{stats.get('solves', 0)} solver runs)")
    (seed,) = batch.task_seeds(args.seed, 1)  # one puzzle: the seed of a batch's first
    return batch.generate_command(gen, args, header, seed, stats=stats, progress=True)


def _reduce(args) -> int:
    from .design import reduce
    p = read_puzzle(Puzzle, args.source, WHAT)
    start = time.perf_counter()
    try:
        R = reduce(p)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    took = time.perf_counter() - start
    sizes = R.by_size()
    clues = len(p.cells)
    print(f"nagareru {p.rows}x{p.cols}: {clues} clue cells, {R.count()} minimal clue sets "
          f"keep the solution unique ({took:.1f} s)")
    for k in sorted(sizes):
        print(f"  {sizes[k]} with {k} clue cells")
    if args.list and R:
        shown = itertools.islice(R.of_size(min(sizes)), args.list)
        for i, K in enumerate(shown, 1):
            q = Puzzle(p.rows, p.cols, {c: p.cells[c] for c in K})
            print(f"\n#{i} {len(K)} clue cells  {q.to_url()}")
            print(q.render(), end="")
    return 0

