"""Rooks' front door (the tests' toy genre): the board that solves and draws itself."""
from __future__ import annotations

from puzzles.common.solving import Solvable

from . import draw
from .model import Board, Cell
from .solve import solve

__all__ = ["Puzzle", "read_pzprv3"]


class Puzzle(Board, Solvable, solver=solve, drawing=draw):
    """A Rooks puzzle: ``solve(progress=None)`` is the family of the rooks' cell sets;
    ``count``, ``is_unique``, ``solution``, ``solutions`` and ``render`` come from
    ``puzzles.common.solving.Solvable``."""


def read_pzprv3(text: str) -> tuple[Puzzle, frozenset[Cell] | None]:
    """A rooks pzprv3 file: the puzzle and the rooks of its answer (None if absent)."""
    return Puzzle.read_pzprv3(text)
