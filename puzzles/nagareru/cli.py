"""``zalg nagareru ...``: Nagareru subcommands of the zalg command line.

``zalg nagareru solve <url|file|-> ... [--count] [--svg FILE] [--jobs J] [--scheduler ADDRESS]``
``zalg nagareru generate ROWSxCOLS [--seed S] [--fans K] [--min-length L] [--max-length L]
[--white PERCENT] [--spread R] [--svg FILE] [--count N] [--jobs J] [--out DIR]
[--scheduler ADDRESS]``
``zalg nagareru reduce <url|file|-> [--list N]``

With several sources, ``--jobs`` or ``--scheduler`` (solve), or any of ``--count``,
``--jobs``, ``--out``, ``--scheduler`` (generate), the command runs as a batch
(``puzzles.program.batch``) and prints JSON Lines.
"""
from __future__ import annotations

import itertools
import time
from functools import partial

from ..program import batch
from ..program.cli import UserError, bounded_int, plural, read_puzzle
from ..common.errors import PuzzleFormatError
from ..program.subcommands import GenerateCommand, SolveCommand, add_generate, add_genre, add_solve
from .design import generate, reduce
from .puzzle import Puzzle

__all__ = ["register"]

WHAT = "nagareru"


def headline(p: Puzzle, options: dict) -> str:
    return (f"nagareru {p.rows}x{p.cols}, {len(p.arrows())} arrows, {len(p.fans())} fans, "
            f"{len(p.black_cells()) - len(p.fans())} plain black cells")


SOLVE = SolveCommand(
    WHAT, Puzzle, "a puzz.link URL (nagare), a file (pzprv3, plain text, or a URL), or - (stdin)",
    "Find every solution of a Nagareru puzzle, report how many there are and draw one with "
    "its direction.", headline=headline)


def describe(p: Puzzle) -> dict:
    """A generated puzzle's counts for its batch record."""
    fans = len(p.fans())
    return {"clues": len(p.cells), "arrows": len(p.arrows()), "fans": fans,
            "black": len(p.black_cells()) - fans}


def generator(args, rows: int, cols: int):
    """Interesting instances (``design.generate``) with the genre's knobs."""
    if rows < 2 or cols < 2:
        raise UserError(f"{WHAT}: a board needs at least 2x2 cells, got {rows}x{cols}")
    if args.max_length is not None and args.max_length < args.min_length:
        raise UserError(f"{WHAT}: --max-length {args.max_length} is below --min-length "
                        f"{args.min_length}")
    knobs = {"fans": args.fans, "min_length": args.min_length, "max_length": args.max_length,
             "white": None if args.white is None else args.white / 100, "spread": args.spread}
    return batch.Generator(WHAT, partial(generate, rows, cols, **knobs), describe)


def header(p: Puzzle, seconds: float, stats: dict) -> str:
    return (f"nagareru {p.rows}x{p.cols}: {len(p.arrows())} arrows, {len(p.fans())} fans, "
            f"{len(p.black_cells()) - len(p.fans())} plain black cells, loop of "
            f"{len(p.solution())} cells, unique ({seconds:.1f} s, "
            f"{stats.get('solves', 0)} solver runs)")


GENERATE = GenerateCommand(
    WHAT, "interesting instances of a board size",
    "Interesting instances (Ishihata & Tokumasu): one solution, every clue needed, no "
    "unusable arrow, no ineffective fan.", generator, header, first_of_batch=True, stats=True)


def register(subparsers) -> None:
    """Add the ``nagareru`` subcommand (with its own subcommands) to ``zalg``."""
    sub = add_genre(subparsers, WHAT, "Nagareru: solve, generate (interesting instances), "
                    "reduce (minimal clue sets)", "Nagareru puzzles: all solutions as a ZDD family.")
    add_solve(sub, SOLVE)
    gen = add_generate(sub, GENERATE)
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
    red = sub.add_parser(
        "reduce", help="every minimal clue set that keeps a puzzle unique",
        description="Every minimal subset of a unique puzzle's clues that keeps the solution "
                    "unique (the other clue cells become empty).")
    red.add_argument("source", help="a puzz.link URL (nagare), a file, or - (stdin)")
    red.add_argument("--list", type=bounded_int(0, 1_000_000), default=3, metavar="N",
                     help="draw N of the smallest reduced puzzles (default 3)")
    red.set_defaults(run=_reduce)


def _reduce(args) -> int:
    p = read_puzzle(Puzzle, args.source, WHAT)
    start = time.perf_counter()
    try:
        R = reduce(p, progress=True)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    took = time.perf_counter() - start
    sizes = R.by_size()
    print(f"nagareru {p.rows}x{p.cols}: {plural(len(p.cells), 'clue cell')}, "
          f"{plural(R.count(), 'minimal clue set')} {'keeps' if R.count() == 1 else 'keep'} "
          f"the solution unique ({took:.1f} s)")
    for k in sorted(sizes):
        print(f"  {sizes[k]} with {plural(k, 'clue cell')}")
    if args.list and R:
        shown = itertools.islice(R.of_size(min(sizes)), args.list)
        for i, K in enumerate(shown, 1):
            q = Puzzle(p.rows, p.cols, {c: p.cells[c] for c in K})
            print(f"\n#{i} {plural(len(K), 'clue cell')}  {q.to_url()}")
            print(q.render(), end="")
    return 0

