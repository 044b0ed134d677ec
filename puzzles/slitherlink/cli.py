"""``zalg slitherlink ...``: solve puzzles, generate random ones or every good hint set of
a loop, reduce puzzles.

``zalg slitherlink solve <url|file|-> ... [--count] [--svg FILE] [--jobs J] [--scheduler ADDRESS]``
``zalg slitherlink generate ROWSxCOLS [--seed S] [--svg FILE] [--count N] [--jobs J] [--out DIR]
[--scheduler ADDRESS]`` (random puzzles; batch options: JSON Lines, ``puzzles.program.batch``)
``zalg slitherlink generate --loop FILE [--candidates FILE] [--method auto|topdown|hitting]
[--route auto|whole|lazy] [--minimal|--minimum] [--hardest N] [--rank] [--list N] [--out DIR]``
(the route by ``route.answer``)
``zalg slitherlink reduce <url|file|-> [--list N]``

A *loop file* is either a pzprv3 file with an answer (the loop), or a plain-text
grid of the board's cells with ``#`` for cells inside the loop and ``.`` outside
(the loop is the outline of the ``#`` region, which must be a single loop).  A
*candidates file* is a plain-text grid of the same size with ``x`` (or ``#``) on
the cells where hints may go and ``.`` elsewhere.
"""

from __future__ import annotations

import itertools
import time
from functools import partial

from ..program import batch
from ..common.board import check_size
from ..common.loops import outline
from ..common.pzprjs import is_pzprv3
from ..program.cli import UserError, bounded_int, note, output_dir, plural, read_puzzle, write_file
from ..common.errors import PuzzleFormatError
from ..common.inputs import read_text
from ..program.subcommands import GenerateCommand, SolveCommand, add_generate, add_genre, add_solve
from . import design as I
from . import route as R
from .puzzle import Puzzle

__all__ = ["register", "read_loop", "read_candidates"]

WHAT = "slitherlink"
#: how many hint sets ``generate --loop`` lists by default
LIMIT = 5


SOLVE = SolveCommand(WHAT, Puzzle, "a puzz.link URL, a pzprv3 / plain-text file, or - (stdin)",
                     "Find every solution of a Slitherlink puzzle, report how many there are "
                     "and draw one.", unique="unique solution")


def _read_grid(path: str, what: str) -> list[str]:
    try:
        text = read_text(path, f"{what} file")
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    rows = [line.strip() for line in text.splitlines() if line.strip()]
    if not rows:
        raise UserError(f"{what} file {path} is empty")
    if len({len(r) for r in rows}) != 1:
        raise UserError(f"{what} file {path}: rows have different lengths")
    return rows


def read_loop(path: str) -> tuple[int, int, frozenset]:
    """(rows, cols, loop edges) from a pzprv3 answer file or a ``#``/``.`` region grid."""
    try:
        text = read_text(path, "loop file")
        if is_pzprv3(text):
            p, solution = Puzzle.read_pzprv3(text)
            if not solution:
                raise UserError(f"loop file {path}: the pzprv3 file has no answer (no loop drawn)")
            return p.rows, p.cols, solution
        rows = _read_grid(path, "loop")
        check_size(len(rows), len(rows[0]), f"loop file {path}")
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    bad = {ch for r in rows for ch in r} - set("#.")
    if bad:
        raise UserError(f"loop file {path}: unexpected character {sorted(bad)[0]!r} "
                        "(use # inside the loop, . outside)")
    region = {(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"}
    return len(rows), len(rows[0]), outline(region)


def read_candidates(path: str, rows: int, cols: int) -> list:
    grid = _read_grid(path, "candidates")
    if (len(grid), len(grid[0])) != (rows, cols):
        raise UserError(f"candidates file {path}: expected {rows} rows of {cols} cells, "
                        f"got {len(grid)} rows of {len(grid[0])}")
    bad = {ch for r in grid for ch in r} - set("#x.")
    if bad:
        raise UserError(f"candidates file {path}: unexpected character {sorted(bad)[0]!r} (use x or .)")
    return [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] in "#x"]


def describe(p: Puzzle) -> dict:
    """A generated puzzle's counts for its batch record."""
    return {"hints": len(p.hints)}


_LOOP_ONLY = ("candidates", "method", "route", "minimal", "minimum", "hardest", "rank", "list",
              "page")
_SIZE_ONLY = ("count", "jobs", "scheduler", "seed", "svg", "puzzle_svg")


def loop_mode(args) -> int | None:
    """``generate --loop FILE``: every good hint set of that loop (None: random puzzles)."""
    if (args.size is None) == (args.loop is None):
        raise UserError("slitherlink generate: give either a board size (random puzzles) or "
                        "--loop FILE (every good hint set of a loop)")
    given = [name for name in (_SIZE_ONLY if args.loop else _LOOP_ONLY)
             if getattr(args, name) not in (None, False)]
    if given:
        mode = "--loop" if args.loop else "a board size"
        raise UserError(f"slitherlink generate: --{given[0].replace('_', '-')} does not go "
                        f"with {mode}")
    return _from_loop(args) if args.loop else None


def generator(args, rows: int, cols: int):
    """Random puzzles (``design.random_puzzle``)."""
    return batch.Generator(WHAT, partial(I.random_puzzle, rows, cols), describe,
                           partial(I.board_cycles, rows, cols))


def header(p: Puzzle, seconds: float, stats: dict) -> str:
    return f"slitherlink {p.rows}x{p.cols}, {len(p.hints)} hints, unique solution ({seconds:.1f} s)"


GENERATE = GenerateCommand(
    WHAT, "random puzzles of a board size, or every hint set that makes a loop the unique "
    "solution",
    "ROWSxCOLS: random puzzles (a loop drawn uniformly from the board's loops, its hints "
    "reduced to a minimal set that keeps it unique).  --loop FILE: every good hint set of "
    "that loop.", generator, header, other_mode=loop_mode, own_out=True)


def _questions(args) -> tuple[str, ...]:
    """The designer's questions ``generate --loop`` asks (``route.QUESTIONS``)."""
    asked = ("minimal",) if args.minimal else ("minimum",) if args.minimum else \
        () if args.hardest else ("good",)
    return asked + (("hardest",) if args.hardest else ())


def _from_loop(args) -> int:
    rows, cols, loop = read_loop(args.loop)
    cand = read_candidates(args.candidates, rows, cols) if args.candidates else None
    out = output_dir(args.out, WHAT) if args.out else None
    asked = _questions(args)
    if args.route == "lazy" and {"good", "minimal"} & set(asked):
        raise UserError("slitherlink generate: --route lazy answers --minimum and --hardest only")
    t = time.perf_counter()
    try:
        A = R.answer((rows, cols), loop, asked, candidates=cand,
                     count=args.hardest or 0, route=args.route or "auto",
                     method=args.method or "auto", progress=rows * cols > 30,
                     sweep=0 if args.method == "hitting" else "auto")
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    H = A.good
    note(f"computed in {time.perf_counter() - t:.2f} s" +
         (f" ({H.node_count()} ZDD nodes)" if H is not None else " (without H)"))
    print(f"good hint sets: {H.count()}" if H is not None else
          "good hint sets: not counted (the route without H)")
    chosen = H
    if args.minimal:
        chosen = A.minimal
        print(f"minimal hint sets: {chosen.count()}")
    if args.minimum:
        chosen = A.minimum
        sizes = chosen.by_size()
        print(f"minimum hint sets: {chosen.count()}" + (f" with {min(sizes)} hints" if sizes else ""))
    h = I.loop_hints(loop, rows, cols)
    if args.hardest:
        _show_hardest(A.hardest, rows, cols, h)
        if chosen is H:
            return 0
    if not chosen:
        return 0
    if args.rank:
        members = ((S, key) for S, key in I.rank_by_difficulty(chosen, loop))
    else:
        members = ((S, I.difficulty(S, h)) for S in chosen)
    limit = LIMIT if args.list is None else args.list
    first = limit * ((args.page or 1) - 1)
    shown = min(limit, max(0, chosen.count() - first))
    if limit:
        what = "minimum" if args.minimum else "minimal" if args.minimal else "good"
        order = ", hardest first" if args.rank else ""
        print(f"showing {first + 1}-{first + shown} of {chosen.count()} {what} hint sets{order}"
              if shown else f"showing none: page {args.page} is past the {chosen.count()} {what} "
              "hint sets")
    for n, (S, key) in enumerate(itertools.islice(members, first, first + shown), first + 1):
        p = Puzzle(rows, cols, {E: h[E] for E in S})
        label = "hardest first: " if args.rank and n == 1 else ""
        print(f"\n#{n} {label}{len(S)} hints, counts of 4/0/3/1/2 = {key}\n{p.to_url()}")
        print(p.render(), end="")
        if out:
            write_file(str(out / f"puzzle_{n:03d}.txt"), p.to_text(), WHAT)
    return 0


def _show_hardest(hardest: list, rows: int, cols: int, h: dict) -> None:
    """The hardest minimal hint sets, hardest first, each as a puzzle."""
    print(f"hardest minimal hint sets: {len(hardest)}")
    for n, (S, key) in enumerate(hardest, 1):
        p = Puzzle(rows, cols, {E: h[E] for E in S})
        print(f"\nhardest #{n}: {len(S)} hints, counts of 4/0/3/1/2 = {key}\n{p.to_url()}")
        print(p.render(), end="")


def _reduce(args) -> int:
    p = read_puzzle(Puzzle, args.source, WHAT)
    try:
        M = R.reduce(p, progress=True)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    sizes = M.by_size()
    print(f"the puzzle has {plural(len(p.hints), 'hint')}; "
          f"{plural(M.count(), 'minimal subset')} {'keeps' if M.count() == 1 else 'keep'} it unique"
          + (f" (smallest: {min(sizes)} hints)" if sizes else ""))
    for n, S in enumerate(I.minimum(M), 1):
        if n > args.list:
            break
        q = Puzzle(p.rows, p.cols, {E: p.hints[E] for E in S})
        print(f"\n#{n} {len(S)} hints\n{q.to_url()}")
        print(q.render(), end="")
    return 0


def register(subparsers) -> None:
    """Add the ``slitherlink`` subcommand (with its own subcommands) to ``zalg``."""
    sub = add_genre(subparsers, WHAT, "Slitherlink: solve, generate (random puzzles, or every "
                    "good hint set of a loop), reduce", "Slitherlink puzzles.")
    add_solve(sub, SOLVE)
    gen = add_generate(sub, GENERATE)
    gen.add_argument("--loop", metavar="FILE",
                     help="the loop: a pzprv3 answer file, or a grid with # inside the loop")
    gen.add_argument("--candidates", metavar="FILE", help="grid with x where hints may go")
    gen.add_argument("--method", choices=("auto", "topdown", "hitting"),
                     help="how the good hint sets are built: auto (the default: topdown, or "
                          "hitting when topdown would pass the memory budget), topdown (cells "
                          "decided in order: faster, more memory) "
                          "or hitting (bottom up, less memory)")
    which = gen.add_mutually_exclusive_group()
    which.add_argument("--minimal", action="store_true", help="only minimal instances")
    which.add_argument("--minimum", action="store_true", help="only instances with fewest hints")
    gen.add_argument("--hardest", type=bounded_int(1, 1_000_000), metavar="N",
                     help="also the N hardest minimal instances (fewest 4s, then 0s, 3s, 1s, 2s)")
    gen.add_argument("--route", choices=("auto",) + R.ROUTES,
                     help="auto (the default: chosen by a trial of each side's first levels of "
                          "H, said in one progress line), whole (build every good hint set) or "
                          "lazy (--minimum and --hardest without them: violation sets learned "
                          "on demand)")
    gen.add_argument("--rank", action="store_true",
                     help="list hardest first (fewest 4s, then 0s, 3s, 1s, 2s)")
    gen.add_argument("--list", "--limit", type=bounded_int(0, 1_000_000), metavar="N",
                     help=f"draw at most N of them (default {LIMIT})")
    gen.add_argument("--page", type=bounded_int(1, 10 ** 12), metavar="K",
                     help="draw the K-th N of them (default 1: the first N)")
    gen.add_argument("--out", metavar="DIR",
                     help="also write the puzzles into DIR (created if missing; files of the "
                          "same name are replaced): with --loop the listed ones as text files, "
                          "else each as DIR/slitherlink-<index>.txt (pzprv3) and every record "
                          "to DIR/results.jsonl")
    red = sub.add_parser("reduce", help="minimal hint subsets that keep a puzzle unique",
                         description="Every minimal subset of a unique puzzle's hints that "
                                     "keeps its solution unique (the other cells become empty).")
    red.add_argument("source", help="a puzz.link URL, a pzprv3 / plain-text file, or - (stdin)")
    red.add_argument("--list", "--limit", type=bounded_int(0, 1_000_000), default=3, metavar="N",
                     help="draw N of the smallest reduced puzzles (default 3)")
    red.set_defaults(run=_reduce)
