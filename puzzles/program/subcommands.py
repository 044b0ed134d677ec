"""The subcommands every genre has, declared once: ``zalg <genre> solve`` and
``zalg <genre> generate``.

A genre's ``cli.register`` makes its command with :func:`add_genre`, declares its
``solve`` as a :class:`SolveCommand` and its ``generate`` as a :class:`GenerateCommand`
(adding its own options to the parsers :func:`add_solve` and :func:`add_generate`
return), and adds the subcommands only it has.  Both run as a batch (JSON Lines,
``puzzles.program.batch``) when batch options are given, else for one puzzle, as text.
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from . import batch
from .cli import UserError, add_puzzle_svg, bounded_int, note, parse_puzzle_or_fail, \
    parse_size, report_solutions
from ..common.errors import PuzzleFormatError
from ..common.inputs import read_sources

__all__ = ["add_genre", "SolveCommand", "add_solve", "GenerateCommand", "add_generate",
           "given_options", "SHOW_PROGRESS", "NOTE_AFTER"]

#: boards of more cells show progress on stderr while they are solved
SHOW_PROGRESS = 100
#: a solve that takes longer (seconds) says how long on stderr
NOTE_AFTER = 2.0


def add_genre(subparsers, name: str, help: str, description: str):
    """The ``zalg <name>`` command (it prints its help when given no subcommand); returns
    the action to which its subcommands are added."""
    parser = subparsers.add_parser(name, help=help, description=description)
    parser.set_defaults(run=partial(_print_help, parser))
    return parser.add_subparsers(dest=f"{name}_command", metavar="COMMAND")


def _print_help(parser: argparse.ArgumentParser, args) -> int:
    parser.print_help()
    return 0


# ---- solve -----------------------------------------------------------------------------------

def given_options(p, given: dict) -> dict:
    """The solve options of a puzzle: the genre's flags as given (the default)."""
    return dict(given)


@dataclass(frozen=True)
class SolveCommand:
    """A genre's ``solve``: every solution of one puzzle drawn, or many counted.

    ``flags``: the names of the genre's own options (added to the parser by the genre),
    which ``options(puzzle, {name: value})`` turns into the puzzle's solve options (a
    module-level function: batches send it to worker processes).  ``headline(puzzle,
    options)``: the line printed above the board (None: none)."""
    genre: str
    puzzle: type
    sources: str
    description: str
    headline: Callable[[Any, dict], str | None] | None = None
    flags: tuple[str, ...] = ()
    options: Callable[[Any, dict], dict] = given_options
    unique: str = "unique"


def add_solve(subcommands, command: SolveCommand) -> argparse.ArgumentParser:
    """Add ``solve`` (sources, ``--count``, ``--svg``, ``--puzzle-svg``, batch options)."""
    parser = subcommands.add_parser("solve", help="find every solution of a puzzle",
                                    description=command.description)
    parser.add_argument("source", nargs="+",
                        help=f"{command.sources}; several: one JSON line each")
    parser.add_argument("--count", action="store_true", help="print the exact number of solutions")
    parser.add_argument("--svg", metavar="FILE",
                        help="write the board with one solution as SVG (replaces FILE)")
    add_puzzle_svg(parser)
    batch.add_options(parser, count=False)
    parser.set_defaults(run=partial(_solve, command))
    return parser


def count_solutions(p, options: Callable[[Any, dict], dict], given: dict) -> int:
    """The number of solutions of ``p`` with the solve options ``options(p, given)``."""
    return p.count(**options(p, given))


def _solve(command: SolveCommand, args) -> int:
    given = {name: getattr(args, name) for name in command.flags}
    count = partial(count_solutions, options=command.options, given=given)
    solver = batch.Solver(command.genre, command.puzzle, count)
    if batch.solve_requested(args, args.source):
        return batch.run_solve(solver, args, args.source)
    try:
        entries = read_sources(args.source[0], command.genre)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    if len(entries) != 1:  # JSON Lines of several puzzles: counted as a batch
        batch.solve_requested(args, [where for where, _, _ in entries])
        return batch.run_solve(solver, args, args.source, entries)
    p = parse_puzzle_or_fail(command.puzzle, *entries[0][1:])
    options = command.options(p, given)
    line = command.headline(p, options) if command.headline else None
    if line:
        print(line)
    print(p.render(), end="")
    start = time.perf_counter()
    F = p.solve(progress=p.rows * p.cols > SHOW_PROGRESS, **options)
    F.count()  # counted here, so the time below includes it
    took = time.perf_counter() - start
    if took > NOTE_AFTER:
        note(f"{command.genre}: solved in {took:.1f} s ({F.node_count()} ZDD nodes)")
    report_solutions(p, F, args, command.genre, unique=command.unique)
    return 0


# ---- generate --------------------------------------------------------------------------------

@dataclass(frozen=True)
class GenerateCommand:
    """A genre's ``generate``: one random puzzle drawn, or a batch of them.

    ``generator(args, rows, cols)`` describes a batch's task (a ``batch.Generator``; a
    PuzzleFormatError for a request that cannot be met); ``header(puzzle, seconds,
    stats)`` is the line above one puzzle, ``stats`` what its ``make`` reported when
    ``stats`` is true (Nagareru's solver runs).  One puzzle with ``--seed S`` is the
    batch's first when ``first_of_batch`` (its task seed is drawn from S), else made
    with S itself (a batch record's ``"seed"`` reproduces it).  ``other_mode(args)``:
    a mode of the genre's own (Slitherlink's ``--loop``), run when it returns a status;
    the size is then optional.  ``own_out``: the genre adds its own ``--out`` (for its
    other mode too)."""
    genre: str
    help: str
    description: str
    generator: Callable[[argparse.Namespace, int, int], batch.Generator]
    header: Callable[[Any, float, dict], str]
    first_of_batch: bool = False
    stats: bool = False
    other_mode: Callable[[argparse.Namespace], int | None] | None = None
    own_out: bool = False


def add_generate(subcommands, command: GenerateCommand) -> argparse.ArgumentParser:
    """Add ``generate`` (the size, ``--seed``, ``--svg``, ``--puzzle-svg``, batch options)."""
    parser = subcommands.add_parser("generate", help=command.help,
                                    description=command.description)
    parser.add_argument("size", metavar="ROWSxCOLS", nargs="?" if command.other_mode else None,
                        help="the board, e.g. 8x8")
    parser.add_argument("--seed", type=bounded_int(0, 2 ** 63 - 1),
                        help="random seed (same seed, same puzzles)")
    parser.add_argument("--svg", metavar="FILE",
                        help="write the puzzle with its solution as SVG (replaces FILE; one "
                             "puzzle only)")
    add_puzzle_svg(parser)
    batch.add_options(parser, out=not command.own_out)
    parser.set_defaults(run=partial(_generate, command))
    return parser


def _generate(command: GenerateCommand, args) -> int:
    if command.other_mode is not None:
        status = command.other_mode(args)
        if status is not None:
            return status
    rows, cols = parse_size(args.size, command.genre)
    try:
        gen = command.generator(args, rows, cols)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    seed = batch.task_seeds(args.seed, 1)[0] if command.first_of_batch else args.seed
    stats: dict = {}
    one = {"stats": stats} if command.stats else {}
    return batch.generate_command(gen, args, lambda p, seconds: command.header(p, seconds, stats),
                                  seed, progress=True, **one)
