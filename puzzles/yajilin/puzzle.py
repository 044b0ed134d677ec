"""Yajilin's front door: a board (``model.Board``) that solves (``solve``) and draws itself
(``draw``), its solutions kept per board and options (``puzzles.common.solving``)."""
from __future__ import annotations

from ..common.solving import Solvable
from . import draw
from .model import Board, split_answer
from .solve import solve

__all__ = ["Puzzle", "read_pzprv3", "as_answer"]


def as_answer(p: Board, member) -> dict:
    """A member of the solution family (edges and shaded cells in one set) as
    ``{"edges": frozenset, "shaded": frozenset}``."""
    edges, shaded = split_answer(p, member)
    return {"edges": edges, "shaded": shaded}


class Puzzle(Board, Solvable, solver=solve, drawing=draw):
    """A Yajilin puzzle: ``clues`` maps each clue cell to ``(direction, number)``.

    ``solve(method="algebra", progress=None)``: every solution as a ``zalg.Family`` of
    sets of edges (each a sorted pair of adjacent cells) and shaded cells; ``count``,
    ``is_unique`` and ``solutions`` take the same options
    (``puzzles.common.solving.Solvable``); ``solution`` gives one as
    ``{"edges", "shaded"}``; ``render`` draws the board and an answer."""

    def answer(self, member) -> dict:
        """A member of the solution family as ``{"edges": ..., "shaded": ...}``."""
        return as_answer(self, member)


def read_pzprv3(text: str) -> tuple[Puzzle, dict | None]:
    """A yajilin pzprv3 file: the puzzle and its answer ``{"edges", "shaded"}`` (None if it has none)."""
    return Puzzle.read_pzprv3(text)
