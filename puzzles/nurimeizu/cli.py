"""``zalg nurimeizu ...``: Nurimeizu subcommands of the zalg command line.

``zalg nurimeizu solve <url|file|-> ... [--count] [--svg FILE] [--jobs J] [--scheduler ADDRESS]``
``zalg nurimeizu generate ROWSxCOLS [--seed S] [--largest-room K] [--method M] [--svg FILE]
[--count N] [--jobs J] [--out DIR] [--scheduler ADDRESS]``
``zalg nurimeizu icons <pzprv3 file with an answer|-> [--list N]``
``zalg nurimeizu reduce <url|file|-> [--list N]``

With several sources, ``--jobs`` or ``--scheduler`` (solve), or any of ``--count``,
``--jobs``, ``--out``, ``--scheduler`` (generate), the command runs as a batch
(``puzzles.program.batch``) and prints JSON Lines.
"""
from __future__ import annotations

import itertools
from functools import partial

from ..program import batch
from ..program.cli import UserError, bounded_int, plural, read_puzzle
from ..common.errors import PuzzleFormatError
from ..common.inputs import read_source
from ..common.pzprjs import is_pzprv3
from ..program.subcommands import GenerateCommand, SolveCommand, add_generate, add_genre, add_solve
from .design import check_request, generate, icon_sets, reduce
from .puzzle import Puzzle

__all__ = ["register"]

WHAT = "nurimeizu"
SOURCE = "a puzz.link URL (nurimaze), a file (pzprv3, plain text, or a URL), or - (stdin)"
NO_ANSWER = ("nurimeizu icons: this file has no answer; icons needs a solved maze: a pzprv3 file "
             "whose answer grid (# black, + white) is the designer's colouring (save one from "
             "puzz.link's editor, write one with zalg nurimeizu solve|generate ... --pzprv3 FILE, or "
             "Puzzle.to_pzprv3(black_cells): docs/nurimeizu.md)")


def headline(p: Puzzle, options: dict) -> str:
    return f"nurimeizu {p.rows}x{p.cols}, {p.nrooms} rooms, {len(p.icons)} icons"


SOLVE = SolveCommand(WHAT, Puzzle, SOURCE,
                     "Count every solution of a Nurimeizu puzzle and draw one.", headline=headline)


def describe(p: Puzzle) -> dict:
    """A generated puzzle's counts for its batch record."""
    return {"rooms": p.nrooms, "icons": len(p.icons)}


def generator(args, rows: int, cols: int):
    """Puzzles with a unique solution (``design.generate``)."""
    check_request(rows, cols, args.method)
    make = partial(generate, rows, cols, largest_room=args.largest_room, method=args.method)
    return batch.Generator(WHAT, make, describe)


def header(p: Puzzle, seconds: float, stats: dict) -> str:
    return f"nurimeizu {p.rows}x{p.cols}: {p.nrooms} rooms, {len(p.icons)} icons, unique " \
           f"({seconds:.1f} s)"


GENERATE = GenerateCommand(
    WHAT, "puzzles with a unique solution",
    "Random rooms, S and G, a random colouring and a minimum icon set that makes it the only "
    "solution (up to 144 cells); above, a random maze, rooms on it and a minimal icon set.",
    generator, header, first_of_batch=True)


def register(subparsers) -> None:
    """Add the ``nurimeizu`` subcommand (with its own subcommands) to ``zalg``."""
    sub = add_genre(subparsers, WHAT, "Nurimeizu: solve, generate, icons (every icon set of a "
                    "drawn maze), reduce", "Nurimeizu puzzles: all solutions as a ZDD family.")
    add_solve(sub, SOLVE)
    gen = add_generate(sub, GENERATE)
    gen.add_argument("--largest-room", type=bounded_int(1, 64), default=4, metavar="K",
                     help="rooms of 1..K cells (default 4)")
    gen.add_argument("--method", choices=("icon-sets", "maze"),
                     help="icon-sets (minimum icon sets; default up to 144 cells) or maze "
                          "(maze first, minimal icon sets; default above)")
    icons = sub.add_parser("icons", help="every icon set that makes a drawn maze unique",
                           description="For a pzprv3 file with an answer (the designer's "
                                       "colouring), every set of circles and triangles that "
                                       "makes that colouring the only solution.")
    icons.add_argument("source", help="a pzprv3 file with an answer section, or - (stdin)")
    icons.add_argument("--list", type=bounded_int(0, 1_000_000), default=3, metavar="N",
                       help="draw N of the smallest icon sets (default 3)")
    icons.set_defaults(run=_icons)
    red = sub.add_parser("reduce", help="every minimal subset of a puzzle's circles and "
                         "triangles that keeps it unique",
                         description="Every minimal subset of a unique puzzle's circles and "
                                     "triangles that keeps its solution unique (S and G stay).")
    red.add_argument("source", help=SOURCE)
    red.add_argument("--list", type=bounded_int(0, 1_000_000), default=3, metavar="N",
                     help="draw N of the smallest reduced puzzles (default 3)")
    red.set_defaults(run=_reduce)


def _icons(args) -> int:
    try:
        kind, text = read_source(args.source, WHAT)
        if kind == "url":
            raise UserError(f"{WHAT} icons: give a pzprv3 file with the answer (the colouring)")
        p, black = Puzzle.read_pzprv3(text) if is_pzprv3(text) else (Puzzle.from_text(text), None)
        if black is None:
            raise UserError(NO_ANSWER)
        bare = Puzzle(p.rows, p.cols, p.rooms, {x: i for x, i in p.icons.items() if i in "SG"})
        good = icon_sets(bare, black, progress=True)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    sizes = good.by_size()
    print(f"nurimeizu {p.rows}x{p.cols}: {plural(good.count(), 'icon set')} "
          f"{'makes' if good.count() == 1 else 'make'} this colouring the only solution")
    if not sizes:
        print("none: another colouring keeps the same S-G path and white cells the icons see")
        return 0
    minimal = good.minimal()
    print(f"minimal: {minimal.count()}; minimum: {sizes[min(sizes)]} with "
          f"{plural(min(sizes), 'icon')}")
    for i, K in enumerate(good.of_size(min(sizes)).sample(min(args.list, sizes[min(sizes)]), seed=0), 1):
        icons = dict(bare.icons)
        icons.update(dict(K))
        q = Puzzle(p.rows, p.cols, p.rooms, icons)
        print(f"\n#{i} {q.to_url()}")
        print(q.render(), end="")
    return 0


def _reduce(args) -> int:
    p = read_puzzle(Puzzle, args.source, WHAT)
    try:
        R = reduce(p, progress=True)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    sizes = R.by_size()
    mine = sum(1 for i in p.icons.values() if i in "ot")
    print(f"nurimeizu {p.rows}x{p.cols}: {mine} circles and triangles; "
          f"{plural(R.count(), 'minimal subset')} {'keeps' if R.count() == 1 else 'keep'} the "
          "solution unique")
    for k in sorted(sizes):
        print(f"  {sizes[k]} with {plural(k, 'icon')}")
    if args.list and sizes:
        keep = {x: i for x, i in p.icons.items() if i in "SG"}
        for n, K in enumerate(itertools.islice(R.of_size(min(sizes)), args.list), 1):
            q = Puzzle(p.rows, p.cols, p.rooms, {**keep, **dict(K)})
            print(f"\n#{n} {plural(len(K), 'icon')}  {q.to_url()}")
            print(q.render(), end="")
    return 0
