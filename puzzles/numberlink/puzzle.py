"""Numberlink's front door: a board (``model.Board``) that solves (``solve``) and draws
itself (``draw``), its graph and solutions kept per board (``puzzles.common.solving``)."""
from __future__ import annotations

from functools import partial

import zalg

from ..common.solving import Solvable
from . import draw
from .model import Board, Edge
from .solve import board_graph, solve

__all__ = ["Puzzle", "read_pzprv3"]


class Puzzle(Board, Solvable, solver=solve, drawing=draw):
    """A Numberlink puzzle: ``pairs`` maps each label to its two cells; ``variant`` is
    None or ``"arukone"`` (every cell used unless ``flags`` holds ``"e"``).

    ``solve(cover=False, method="frontier", progress=None)``: all solutions, a
    ``zalg.Family`` of edge sets over :meth:`graph`'s universe.  A member is a set of
    vertex-disjoint paths, one joining the two cells of each label, and no other
    edge; with ``cover=True`` every cell also lies on a path (arukone: pass
    ``cover=p.requires_cover``).  This agrees with ``check_solution(p, member,
    cover)`` being empty: a board without labels has no solution (an empty drawing
    is "no line"), so its family is empty.  ``method``: ``"frontier"`` (compiled
    frontier engine) or ``"algebra"`` (the algebraic mate-ZDD construction); both
    give the same family.  ``count``, ``is_unique``, ``solution`` and ``solutions``
    take the same options (``puzzles.common.solving.Solvable``)."""

    def graph(self) -> zalg.Graph:
        """The board's grid graph ``zalg.grid(rows, cols)``, swept from the side of the
        clues: vertices are the cells, elements of its universe are the edges.

        One graph per shape and sweep (the last 16 used), shared by all such boards,
        so their families (one universe) can be compared with ``==``; kept with the
        board's solutions, so it never changes while the board lives."""
        return self.remember("graph", partial(board_graph, self))

    def solver_inputs(self) -> dict:
        """The solver builds the families in :meth:`graph`'s universe."""
        return {"graph": self.graph()}


def read_pzprv3(text: str) -> tuple[Puzzle, frozenset[Edge] | None]:
    """A numlin (or arukone) pzprv3 file: the puzzle and its answer edges (None if it
    has none)."""
    return Puzzle.read_pzprv3(text)
