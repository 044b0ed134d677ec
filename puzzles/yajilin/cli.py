"""``zalg yajilin ...``: solve puzzles, generate random ones, reduce a puzzle's clue numbers.

``zalg yajilin solve <url|file|-> ... [--count] [--svg FILE] [--jobs J] [--scheduler ADDRESS]``
``zalg yajilin generate ROWSxCOLS [--seed S] [--svg FILE] [--count N] [--jobs J] [--out DIR]``
``zalg yajilin reduce <url|file|-> [--minimum] [--list N]``

With several sources, ``--jobs`` or ``--scheduler`` (solve), or any of ``--count``,
``--jobs``, ``--out``, ``--scheduler`` (generate), the command runs as a batch
(``puzzles.program.batch``) and prints JSON Lines.
"""
from __future__ import annotations

import itertools
import time
from functools import partial

from ..common.errors import PuzzleFormatError
from ..program import batch
from ..program.cli import UserError, bounded_int, note, plural, read_puzzle
from ..program.subcommands import GenerateCommand, SolveCommand, add_generate, add_genre, add_solve
from . import design as D
from .puzzle import Puzzle

__all__ = ["register", "SOLVE", "GENERATE"]

WHAT = "yajilin"


def _numbers(p: Puzzle) -> int:
    return sum(n is not None for _, n in p.clues.values())


def headline(p: Puzzle, options: dict) -> str:
    return f"yajilin {p.rows}x{p.cols}, {len(p.clues)} clue cells, {_numbers(p)} numbers"


SOLVE = SolveCommand(WHAT, Puzzle, "a puzz.link URL (yajilin), a file (pzprv3, plain text, or a "
                     "URL), or - (stdin)", "Find every solution of a Yajilin puzzle, report how "
                     "many there are and draw one.", headline=headline)


def describe(p: Puzzle) -> dict:
    """A generated puzzle's counts for its batch record."""
    return {"clue_cells": len(p.clues), "numbers": _numbers(p)}


def generator(args, rows: int, cols: int):
    """Random puzzles (``design.random_puzzle``)."""
    if rows < 2 or cols < 2:
        raise UserError(f"{WHAT}: a board needs at least 2x2 cells, got {rows}x{cols}")
    return batch.Generator(WHAT, partial(D.random_puzzle, rows, cols), describe)


def header(p: Puzzle, seconds: float, stats: dict) -> str:
    return (f"yajilin {p.rows}x{p.cols}, {len(p.clues)} clue cells, {_numbers(p)} numbers, "
            f"unique solution ({seconds:.1f} s)")


GENERATE = GenerateCommand(
    WHAT, "random puzzles of a board size", "A random solved board (loop, shaded cells, clue "
    "cells with arrows), its numbers blanked in random order while the solution stays unique.",
    generator, header)


def register(subparsers) -> None:
    """Add the ``yajilin`` subcommand (with its own subcommands) to ``zalg``."""
    sub = add_genre(subparsers, WHAT, "Yajilin: solve, generate (random puzzles), reduce "
                    "(minimal sets of shown numbers)", "Yajilin puzzles: all solutions as a ZDD family.")
    add_solve(sub, SOLVE)
    add_generate(sub, GENERATE)
    red = sub.add_parser(
        "reduce", help="every minimal set of shown clue numbers that keeps a puzzle unique",
        description="Every good set of shown clue numbers of a unique puzzle (the other clue "
                    "cells left blank), and its minimal (or minimum) members.")
    red.add_argument("source", help="a puzz.link URL (yajilin), a file, or - (stdin)")
    red.add_argument("--minimum", action="store_true", help="list the sets of fewest numbers "
                     "(default: the minimal ones)")
    red.add_argument("--list", type=bounded_int(0, 1_000_000), default=3, metavar="N",
                     help="draw N of the smallest of them (default 3)")
    red.set_defaults(run=_reduce)


def _reduce(args) -> int:
    p = read_puzzle(Puzzle, args.source, WHAT)
    start = time.perf_counter()
    big = p.rows * p.cols > 30
    try:
        H = D.instances(p, progress=big)
        M = D.minimal(H, progress=big)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    note(f"computed in {time.perf_counter() - start:.2f} s ({H.node_count()} ZDD nodes)")
    least = D.minimum(H)
    sizes = least.by_size()
    print(f"good number sets: {H.count()}")
    print(f"minimal number sets: {M.count()}")
    print(f"minimum number sets: {least.count()}" + (f" with {min(sizes)} numbers" if sizes else ""))
    chosen = least if args.minimum else M
    if args.list and chosen:
        by = chosen.by_size()
        shown = itertools.islice(chosen.of_size(min(by)), args.list)
        for i, K in enumerate(shown, 1):
            q = D.puzzle_of(p, K)
            print(f"\n#{i} {plural(len(K), 'number')}  {q.to_url()}")
            print(q.render(), end="")
    return 0
