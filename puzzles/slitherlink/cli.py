"""``zalg slitherlink ...``: solve puzzles, generate random ones or every good hint set of
a loop, reduce puzzles.

``zalg slitherlink solve <url|file|-> ... [--count] [--svg FILE] [--jobs J] [--scheduler ADDRESS]``
``zalg slitherlink generate ROWSxCOLS [--seed S] [--svg FILE] [--count N] [--jobs J] [--out DIR]
[--scheduler ADDRESS]`` (random puzzles; batch options: JSON Lines, ``puzzles.batch``)
``zalg slitherlink generate --loop FILE [--candidates FILE] [--minimal|--minimum] [--rank]
[--limit N] [--out DIR]``
``zalg slitherlink reduce <url|file|-> [--limit N]``

A *loop file* is either a pzprv3 file with an answer (the loop), or a plain-text
grid of the board's cells with ``#`` for cells inside the loop and ``.`` outside
(the loop is the outline of the ``#`` region, which must be a single loop).  A
*candidates file* is a plain-text grid of the same size with ``x`` (or ``#``) on
the cells where hints may go and ``.`` elsewhere.
"""

from __future__ import annotations

import time
from functools import partial

from .. import batch
from ..cli import (UserError, add_puzzle_svg, bounded_int, note, output_dir, parse_size,
                   read_puzzle, report_solutions, write_file)
from ..errors import PuzzleFormatError
from ..inputs import read_text
from .model import Puzzle

__all__ = ["register", "read_loop", "read_candidates"]

WHAT = "slitherlink"
#: how many hint sets ``generate --loop`` lists by default
LIMIT = 5


def _solve(args) -> int:
    if batch.solve_requested(args, args.puzzle):
        return batch.run_solve(batch.Solver(WHAT, Puzzle), args, args.puzzle)
    p = read_puzzle(Puzzle, args.puzzle[0], WHAT)
    long_run = p.rows * p.cols > 400
    t = time.perf_counter()
    F = p.solve(progress=long_run)
    seconds = time.perf_counter() - t
    print(p.render(), end="")
    report_solutions(p, F, args, WHAT, unique="unique solution")
    note(f"solved in {seconds:.3f} s ({F.node_count()} ZDD nodes)")
    return 0


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
    from ..board import check_size
    from ..pzprjs import is_pzprv3
    from .loops import outline
    from .model import read_pzprv3
    try:
        text = read_text(path, "loop file")
        if is_pzprv3(text):
            p, solution = read_pzprv3(text)
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


_LOOP_ONLY = ("candidates", "minimal", "minimum", "rank", "limit")
_SIZE_ONLY = ("count", "jobs", "scheduler", "seed", "svg", "puzzle_svg")


def _generate(args) -> int:
    if (args.size is None) == (args.loop is None):
        raise UserError("slitherlink generate: give either a board size (random puzzles) or "
                        "--loop FILE (every good hint set of a loop)")
    given = [name for name in (_SIZE_ONLY if args.loop else _LOOP_ONLY)
             if getattr(args, name) not in (None, False)]
    if given:
        mode = "--loop" if args.loop else "a board size"
        raise UserError(f"slitherlink generate: --{given[0].replace('_', '-')} does not go "
                        f"with {mode}")
    return _from_loop(args) if args.loop else _random(args)


def _random(args) -> int:
    from . import design as I
    rows, cols = parse_size(args.size, WHAT)
    gen = batch.Generator(WHAT, partial(I.random_puzzle, rows, cols), describe,
                          partial(I.board_cycles, rows, cols))

    def header(p: Puzzle, seconds: float) -> str:
        return f"slitherlink {rows}x{cols}, {len(p.hints)} hints, unique solution ({seconds:.1f} s)"
    return batch.generate_command(gen, args, header, args.seed, progress=True)


def _from_loop(args) -> int:
    from . import design as I
    rows, cols, loop = read_loop(args.loop)
    cand = read_candidates(args.candidates, rows, cols) if args.candidates else None
    out = output_dir(args.out, WHAT) if args.out else None
    t = time.perf_counter()
    try:
        H = I.instances((rows, cols), loop, candidates=cand, progress=rows * cols > 30)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    note(f"good hint sets: {H.count()}  ({time.perf_counter() - t:.2f} s)")
    print(f"good instances: {H.count()}")
    chosen = H
    if args.minimal:
        chosen = H.minimal()
        print(f"minimal instances: {chosen.count()}")
    if args.minimum:  # the smallest members of H are minimal: no need for H.minimal()
        chosen = I.minimum(chosen)
        sizes = chosen.by_size()
        print(f"minimum instances: {chosen.count()}" + (f" with {min(sizes)} hints" if sizes else ""))
    if not chosen:
        return 0
    h = I.loop_hints(loop, rows, cols)
    if args.rank:
        members = ((S, key) for S, key in I.rank_by_difficulty(chosen, loop))
    else:
        members = ((S, I.difficulty(S, h)) for S in chosen)
    limit = LIMIT if args.limit is None else args.limit
    for n, (S, key) in enumerate(members, 1):
        if n > limit:
            break
        p = Puzzle(rows, cols, {E: h[E] for E in S})
        label = "hardest first: " if args.rank and n == 1 else ""
        print(f"\n#{n} {label}{len(S)} hints, counts of 4/0/3/1/2 = {key}\n{p.to_url()}")
        print(p.render(), end="")
        if out:
            write_file(str(out / f"puzzle_{n:03d}.txt"), p.to_text(), WHAT)
    return 0


def _reduce(args) -> int:
    from . import design as I
    p = read_puzzle(Puzzle, args.puzzle, WHAT)
    try:
        R = I.reduce(p)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    sizes = R.by_size()
    print(f"the puzzle has {len(p.hints)} hints; {R.count()} minimal subsets keep it unique"
          + (f" (smallest: {min(sizes)} hints)" if sizes else ""))
    for n, S in enumerate(I.minimum(R), 1):
        if n > args.limit:
            break
        q = Puzzle(p.rows, p.cols, {E: p.hints[E] for E in S})
        print(f"\n#{n} {len(S)} hints\n{q.to_url()}")
        print(q.render(), end="")
    return 0


def register(sub) -> None:
    sl = sub.add_parser("slitherlink", help="Slitherlink: solve, generate (random puzzles, or "
                        "every good hint set of a loop), reduce", description="Slitherlink puzzles.")
    cmds = sl.add_subparsers(dest="slitherlink_command", metavar="COMMAND")
    sl.set_defaults(run=lambda args: sl.print_help() or 0)
    solve = cmds.add_parser("solve", help="find every solution of a puzzle")
    solve.add_argument("puzzle", nargs="+", help="a puzz.link URL, a pzprv3 / plain-text file, "
                       "or - (stdin); several: one JSON line each")
    solve.add_argument("--count", action="store_true", help="print the exact number of solutions")
    solve.add_argument("--svg", metavar="FILE", help="draw one solution as SVG (replaces FILE)")
    add_puzzle_svg(solve)
    batch.add_options(solve, count=False)
    solve.set_defaults(run=_solve)
    gen = cmds.add_parser(
        "generate", help="random puzzles of a board size, or every hint set that makes a loop "
                         "the unique solution",
        description="ROWSxCOLS: random puzzles (a loop drawn uniformly from the board's loops, "
                    "its hints reduced to a minimal set that keeps it unique).  --loop FILE: "
                    "every good hint set of that loop.")
    gen.add_argument("size", metavar="ROWSxCOLS", nargs="?",
                     help="random puzzles of this board size, e.g. 7x7")
    gen.add_argument("--seed", type=bounded_int(0, 2 ** 63 - 1),
                     help="random seed (same seed, same puzzles)")
    gen.add_argument("--svg", metavar="FILE",
                     help="write the random puzzle with its solution as SVG (one puzzle only)")
    add_puzzle_svg(gen)
    batch.add_options(gen, out=False)
    gen.add_argument("--loop", metavar="FILE",
                     help="the loop: a pzprv3 answer file, or a grid with # inside the loop")
    gen.add_argument("--candidates", metavar="FILE", help="grid with x where hints may go")
    which = gen.add_mutually_exclusive_group()
    which.add_argument("--minimal", action="store_true", help="only minimal instances")
    which.add_argument("--minimum", action="store_true", help="only instances with fewest hints")
    gen.add_argument("--rank", action="store_true",
                     help="list hardest first (fewest 4s, then 0s, 3s, 1s, 2s)")
    gen.add_argument("--limit", type=bounded_int(0, 1_000_000), metavar="N",
                     help=f"list at most N (default {LIMIT})")
    gen.add_argument("--out", metavar="DIR",
                     help="also write the puzzles into DIR (created if missing; files of the "
                          "same name are replaced): with --loop the listed ones as text files, "
                          "else each as DIR/slitherlink-<index>.txt (pzprv3) and every record "
                          "to DIR/results.jsonl")
    gen.set_defaults(run=_generate)
    red = cmds.add_parser("reduce", help="minimal hint subsets that keep a puzzle unique")
    red.add_argument("puzzle", help="a puzz.link URL, a pzprv3 / plain-text file, or - (stdin)")
    red.add_argument("--limit", type=bounded_int(0, 1_000_000), default=3, metavar="N",
                     help="list at most N smallest")
    red.set_defaults(run=_reduce)
