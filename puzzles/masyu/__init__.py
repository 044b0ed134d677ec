"""Masyu: every solution as a ZDD, and every good pearl set of a drawn loop.

``from puzzles import masyu``; ``masyu.Puzzle.from_url(url).solve()``;
``masyu.instances(loop, rows, cols)`` (docs/masyu.md).  Modules: ``model`` (the board:
formats, the pearls' local rules, checker), ``solve`` (single cycles ∩ the pearls'
families), ``puzzle`` (the front door: ``Puzzle``, a board that solves and draws
itself), ``design`` (good, minimal and minimum pearl sets by hitting sets), ``route``
(which of design's routes answers a designer's question), ``draw``, ``cli``, ``studio``.
"""
from __future__ import annotations

from .cli import register
from .design import instances, minimal, minimum, read_loop, violation_relation
from .model import (FAILCODES, KINDS, PID, Board, Cell, Edge, admits, check_solution, local_edges,
                    local_patterns, loop_pearls, pearl_kind)
from .puzzle import Puzzle, read_pzprv3
from .solve import board_graph, pearl_family, pruning

NAME = "masyu"
#: Small boards for examples and tests.
EXAMPLES = ("https://puzz.link/p?mashu/3/3/i02",
            "https://puzz.link/p?mashu/3/3/090",
            "https://puzz.link/p?mashu/6/6/1063000i3000")

__all__ = ["NAME", "PID", "EXAMPLES", "FAILCODES", "KINDS", "Cell", "Edge", "Board", "Puzzle",
           "read_pzprv3", "check_solution", "admits", "local_edges", "local_patterns",
           "loop_pearls", "pearl_kind", "board_graph", "pearl_family", "pruning", "instances",
           "minimal", "minimum", "read_loop", "violation_relation", "register"]
