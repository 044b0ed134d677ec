"""``zalg masyu ...``: solve puzzles, generate random ones or every good pearl set of a loop.

``zalg masyu solve <url|file|-> ... [--count] [--svg FILE] [--jobs J] [--scheduler ADDRESS]``
``zalg masyu generate ROWSxCOLS [--seed S] [--svg FILE] [--count N] [--jobs J] [--out DIR]``
``zalg masyu generate --loop FILE [--candidates FILE] [--minimal|--minimum] [--route auto|whole|lazy] [--rank] [--list N]``
(the route by ``route.answer``)
``zalg masyu reduce <url|file|-> [--list N]``

A *loop file* is a text grid, one character a cell: ``.`` off the loop and ``- | F 7 L J``
on it (F ┌, 7 ┐, L └, J ┘; the box-drawing characters are read too), or a pzprv3 file
with an answer.  A *candidates file* is a grid of the same size with ``x`` (or ``#``) on
the cells where pearls may go and ``.`` elsewhere; pearls go on the marked cells where the
loop admits one.  ``--rank`` lists hardest first by ``design.difficulty``: fewest pearls,
then fewest black ones.
"""
from __future__ import annotations

import itertools
import time
from functools import partial

from ..common.errors import PuzzleFormatError
from ..common.inputs import read_text
from ..program import batch
from ..program.cli import UserError, bounded_int, note, plural, read_puzzle
from ..program.subcommands import GenerateCommand, SolveCommand, add_generate, add_genre, add_solve
from . import design as D
from . import route as R
from .puzzle import Puzzle

__all__ = ["register", "SOLVE", "GENERATE"]

WHAT = "masyu"
#: how many pearl sets ``generate --loop`` draws by default
LIMIT = 3


def headline(p: Puzzle, options: dict) -> str:
    white = sum(k == "w" for k in p.pearls.values())
    return f"masyu {p.rows}x{p.cols}, {white} white and {len(p.pearls) - white} black pearls"


SOLVE = SolveCommand(WHAT, Puzzle, "a puzz.link URL (mashu), a file (pzprv3, plain text, or a "
                     "URL), or - (stdin)", "Find every solution of a Masyu puzzle, report how "
                     "many there are and draw one.", headline=headline)


def describe(p: Puzzle) -> dict:
    """A generated puzzle's counts for its batch record."""
    return {"pearls": len(p.pearls), "white": sum(k == "w" for k in p.pearls.values())}


_LOOP_ONLY = ("candidates", "minimal", "minimum", "route", "rank", "list")
_SIZE_ONLY = ("count", "jobs", "scheduler", "seed", "svg", "puzzle_svg")


def loop_mode(args) -> int | None:
    """``generate --loop FILE``: every good pearl set of that loop (None: random puzzles)."""
    if (args.size is None) == (args.loop is None):
        raise UserError("masyu generate: give either a board size (random puzzles) or "
                        "--loop FILE (every good pearl set of a loop)")
    given = [name for name in (_SIZE_ONLY if args.loop else _LOOP_ONLY)
             if getattr(args, name, None) not in (None, False)]
    if given:
        mode = "--loop" if args.loop else "a board size"
        raise UserError(f"masyu generate: --{given[0].replace('_', '-')} does not go with {mode}")
    return _from_loop(args) if args.loop else None


def generator(args, rows: int, cols: int):
    """Random puzzles (``design.random_puzzle``)."""
    if rows < 2 or cols < 2:
        raise UserError(f"{WHAT}: a board needs at least 2x2 cells, got {rows}x{cols}")
    return batch.Generator(WHAT, partial(D.random_puzzle, rows, cols), describe)


def header(p: Puzzle, seconds: float, stats: dict) -> str:
    return f"masyu {p.rows}x{p.cols}, {len(p.pearls)} pearls, unique solution ({seconds:.1f} s)"


GENERATE = GenerateCommand(
    WHAT, "random puzzles of a board size, or every pearl set that makes a loop the unique "
    "solution", "ROWSxCOLS: random puzzles (a random loop, its pearls reduced to a minimal "
    "set that keeps it unique).  --loop FILE: every good pearl set of that loop.",
    generator, header, other_mode=loop_mode)


def read_candidates(text: str, rows: int, cols: int, loop) -> list:
    """The marked cells (``x`` or ``#``; ``.`` elsewhere) of a rows x cols grid where the
    loop admits a pearl."""
    grid = [line.strip() for line in text.splitlines() if line.strip()]
    if (len(grid), max(map(len, grid), default=0), min(map(len, grid), default=0)) != (rows, cols, cols):
        raise UserError(f"masyu candidates file: expected {rows} rows of {cols} cells "
                        "(x or # where pearls may go, . elsewhere)")
    bad = sorted({ch for line in grid for ch in line} - set("x#."))
    if bad:
        raise UserError(f"masyu candidates file: unexpected character {bad[0]!r} (use x, # or .)")
    admitted = D.candidates(rows, cols, loop)
    return [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] in "x#" and (r, c) in admitted]


def _from_loop(args) -> int:
    question = "minimal" if args.minimal else "minimum" if args.minimum else "good"
    if args.route == "lazy" and question != "minimum":
        raise UserError("masyu generate: --route lazy answers --minimum only")
    try:
        rows, cols, loop = D.read_loop(read_text(args.loop, "loop file"))
        cells = None
        if args.candidates:
            cells = read_candidates(read_text(args.candidates, "candidates file"), rows, cols, loop)
            note(f"candidates: {plural(len(cells), 'marked cell')} where the loop admits a pearl")
        t = time.perf_counter()
        A = R.answer(loop, rows, cols, question, cells, route=args.route or "auto",
                     progress=rows * cols > 30)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    H = A.good
    note(f"computed in {time.perf_counter() - t:.2f} s" +
         (f" ({H.node_count()} ZDD nodes)" if H is not None else " (without H)"))
    print(f"good pearl sets: {H.count()}" if H is not None else
          "good pearl sets: not counted (the route without H)")
    chosen, what = H, "good"
    if args.minimal:
        chosen, what = A.minimal, "minimal"
        print(f"minimal pearl sets: {chosen.count()}")
    if args.minimum:
        chosen, what = A.minimum, "minimum"
        sizes = chosen.by_size()
        print(f"minimum pearl sets: {chosen.count()}" + (f" with {min(sizes)} pearls" if sizes else ""))
    _show(chosen, what, rows, cols, loop, args)
    return 0


def _show(chosen, what: str, rows: int, cols: int, loop, args) -> None:
    """Draw the first ``--list`` members of ``chosen`` (hardest first with ``--rank``)."""
    limit = LIMIT if args.list is None else args.list
    if not chosen or not limit:
        return
    kinds = D.candidates(rows, cols, loop)
    members = D.rank_by_difficulty(chosen, loop, rows, cols) if args.rank else \
        ((S, D.difficulty(S, kinds)) for S in chosen)
    total = chosen.count()
    order = ", hardest first (fewest pearls, then fewest black)" if args.rank else ""
    print(f"showing {min(limit, total)} of {total} {what} pearl sets{order}")
    for n, (member, key) in enumerate(itertools.islice(members, limit), 1):
        p = D.puzzle_of(rows, cols, loop, member)
        print(f"\n#{n}: {key[0]} pearls ({key[1]} black)  {p.to_url()}")
        print(p.render(), end="")


def _reduce(args) -> int:
    p = read_puzzle(Puzzle, args.source, WHAT)
    try:
        loop, H, M = D.reduce(p, progress=p.rows * p.cols > 30)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    sizes = M.by_size()
    print(f"the puzzle has {plural(len(p.pearls), 'pearl')}; "
          f"{plural(M.count(), 'minimal subset')} {'keeps' if M.count() == 1 else 'keep'} it unique"
          + (f" (smallest: {min(sizes)} pearls)" if sizes else ""))
    for n, (member, key) in enumerate(D.rank_by_difficulty(M, loop, p.rows, p.cols), 1):
        if n > args.list:
            break
        q = D.puzzle_of(p.rows, p.cols, loop, member)
        print(f"\n#{n}: {key[0]} pearls ({key[1]} black)  {q.to_url()}")
        print(q.render(), end="")
    return 0


def register(subparsers) -> None:
    """Add the ``masyu`` subcommand (with its own subcommands) to ``zalg``."""
    sub = add_genre(subparsers, WHAT, "Masyu: solve, generate (random puzzles, or every good "
                    "pearl set of a loop), reduce", "Masyu puzzles: all solutions as a ZDD family.")
    add_solve(sub, SOLVE)
    gen = add_generate(sub, GENERATE)
    gen.add_argument("--loop", metavar="FILE",
                     help="the loop: a grid with . off the loop and - | F 7 L J (or ─ │ ┌ ┐ └ ┘) "
                          "on it, or a pzprv3 answer file")
    gen.add_argument("--candidates", metavar="FILE",
                     help="grid with x (or #) where pearls may go, . elsewhere")
    which = gen.add_mutually_exclusive_group()
    which.add_argument("--minimal", action="store_true", help="also the minimal good pearl sets")
    which.add_argument("--minimum", action="store_true", help="also the good pearl sets of fewest pearls")
    gen.add_argument("--route", choices=("auto",) + R.ROUTES,
                     help="auto (the default: --minimum without H, else through H; said in "
                          "one progress line), whole (build every good pearl set) or lazy "
                          "(--minimum without them: violation sets learned from the solver)")
    gen.add_argument("--list", type=bounded_int(0, 1_000_000), metavar="N",
                     help=f"draw at most N of them (default {LIMIT})")
    gen.add_argument("--rank", action="store_true",
                     help="draw hardest first (fewest pearls, then fewest black ones)")
    red = sub.add_parser("reduce", help="minimal pearl subsets that keep a puzzle unique",
                         description="Every minimal subset of a unique puzzle's pearls that "
                                     "keeps its solution unique, drawn hardest first.")
    red.add_argument("source", help="a puzz.link URL (mashu), a file (pzprv3, plain text, or a "
                     "URL), or - (stdin)")
    red.add_argument("--list", type=bounded_int(0, 1_000_000), default=LIMIT, metavar="N",
                     help=f"draw N of them, hardest first (default {LIMIT})")
    red.set_defaults(run=_reduce)
