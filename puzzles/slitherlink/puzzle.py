"""Slitherlink's front door: a board (``model.Board``) that solves (``solve``) and draws
itself (``draw``), its solutions kept per board and options (``puzzles.common.solving``)."""
from __future__ import annotations

from ..common.solving import Solvable
from . import draw
from .model import Board, Edge
from .solve import solve

__all__ = ["Puzzle", "read_pzprv3"]


class Puzzle(Board, Solvable, solver=solve, drawing=draw):
    """A Slitherlink puzzle: ``hints`` maps cells to 0..4, ``unknown_hints`` are "?"
    clues, ``variant`` is None or ``"full"`` (the loop passes every dot).

    ``solve(use_prepass=True, method="frontier", progress=None)``: every solution as
    a ``zalg.Family`` of edge sets (``method="algebra"``: the same family by the
    mate-ZDD algebra); ``count``, ``is_unique``, ``solution`` and ``solutions`` take
    the same options, and ``render`` draws a loop (``puzzles.common.solving.Solvable``)."""


def read_pzprv3(text: str) -> tuple[Puzzle, frozenset[Edge] | None]:
    """A slither pzprv3 file: the puzzle and its answer edges (None if it has none)."""
    return Puzzle.read_pzprv3(text)
