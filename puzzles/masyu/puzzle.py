"""Masyu's front door: a board (``model.Board``) that solves (``solve``) and draws itself
(``draw``), its solutions kept per board and options (``puzzles.common.solving``)."""
from __future__ import annotations

from ..common.solving import Solvable
from . import draw
from .model import Board, Edge
from .solve import solve

__all__ = ["Puzzle", "read_pzprv3"]


class Puzzle(Board, Solvable, solver=solve, drawing=draw):
    """A Masyu puzzle: ``pearls`` maps each pearl's cell to ``"w"`` or ``"b"``.

    ``solve(method="frontier", max_width=None, progress=None)``: every solution as a ``zalg.Family`` of
    edge sets (each edge a sorted pair of adjacent cells); ``count``, ``is_unique``,
    ``solution`` and ``solutions`` take the same options
    (``puzzles.common.solving.Solvable``); ``render`` draws the board and a loop."""


def read_pzprv3(text: str) -> tuple[Puzzle, frozenset[Edge] | None]:
    """A mashu pzprv3 file: the puzzle and its answer edges (None if it has none)."""
    return Puzzle.read_pzprv3(text)
