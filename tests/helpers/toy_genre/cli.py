"""``zalg rooks ...`` (the tests' toy genre): ``solve`` and ``generate``, declared with
``puzzles.program.subcommands``."""
from __future__ import annotations

from functools import partial

from puzzles.program import batch
from puzzles.program.subcommands import GenerateCommand, SolveCommand, add_generate, add_genre, add_solve

from .design import describe, generate
from .puzzle import Puzzle

__all__ = ["register", "SOLVE", "GENERATE"]

NAME = "rooks"

SOLVE = SolveCommand(NAME, Puzzle, "a rooks URL, a file (pzprv3, plain text, or a URL), or - "
                     "(stdin)", "Every placement of one rook a row and a column.")


def generator(args, rows: int, cols: int):
    """Random boards with one solution (``design.generate``)."""
    return batch.Generator(NAME, partial(generate, rows, cols), describe)


def header(p: Puzzle, seconds: float, stats: dict) -> str:
    return f"rooks {p.rows}x{p.cols}, {len(p.blocked)} blocked cells, unique ({seconds:.1f} s)"


GENERATE = GenerateCommand(NAME, "a random board with one solution",
                           "Block random cells until one placement is left.", generator, header)


def register(subparsers) -> None:
    """Add ``zalg rooks`` with ``solve`` and ``generate``."""
    sub = add_genre(subparsers, NAME, "Rooks (a toy genre of the tests)",
                    "Rooks: one rook a row and a column, none on a blocked cell.")
    add_solve(sub, SOLVE)
    add_generate(sub, GENERATE)
