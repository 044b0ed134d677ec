"""Nurimeizu's front door: a board (``model.Board``) that solves (``solve``) and draws
itself (``draw``), its solutions kept per board (``puzzles.common.solving``)."""
from __future__ import annotations

from ..common.solving import Solvable
from . import draw
from .model import Board, Cell
from .solve import solve

__all__ = ["Puzzle", "read_pzprv3"]


class Puzzle(Board, Solvable, solver=solve, drawing=draw):
    """A Nurimeizu puzzle: ``rooms`` (cell -> room id) and ``icons`` (cell -> S/G/o/t).

    ``solve(progress=None)``: every solution as a ``zalg.Family`` of black-cell sets;
    ``count``, ``is_unique``, ``solution``, ``solutions`` (``puzzles.common.solving.Solvable``);
    ``render`` draws the black cells and the S-G route."""


def read_pzprv3(text: str) -> tuple[Puzzle, frozenset[Cell] | None]:
    """A nurimaze pzprv3 file: the puzzle and its black cells (None without an answer
    grid)."""
    return Puzzle.read_pzprv3(text)
