"""Nagareru: every solution as a ZDD, interesting instances, and minimal clue sets.

``from puzzles import nagareru``; ``nagareru.Puzzle.from_url(url).solve()``;
``nagareru.generate(rows, cols, seed=...)``; ``nagareru.reduce(puzzle)``
(Ishihata & Tokumasu, SEA 2022; docs/nagareru.md).  Modules: ``model`` (the board:
formats, checker), ``solve`` (oriented cycles of the board's mixed graph), ``puzzle``
(the front door: ``Puzzle``, a board that solves and draws itself),
``design`` (generation and reduction by implicit hitting sets), ``draw``, ``cli``.
"""
from __future__ import annotations

from .cli import register
from .design import generate, reduce
from .draw import svg, text
from .model import (DIRECTIONS, FAILCODES, OPPOSITE, PID, STEP, TOKENS, Board, Cell, Edge,
                    check_solution, direction_of, make_edge, orient)
from .puzzle import Puzzle, read_pzprv3
from .solve import board_graph, constraints

NAME = "nagareru"
#: Small boards for examples and tests.
EXAMPLES = ("https://puzz.link/p?nagare/3/3/a5e4a",
            "https://puzz.link/p?nagare/4/4/a5e25a5e",
            "https://puzz.link/p?nagare/5/5/b3b2c1e9a44f",
            "https://puzz.link/p?nagare/6/6/b4c6c4c1b21b7c5c2f")

__all__ = ["NAME", "PID", "EXAMPLES", "FAILCODES", "Cell", "Edge", "Board", "Puzzle", "DIRECTIONS", "STEP",
           "OPPOSITE", "TOKENS", "make_edge", "read_pzprv3", "check_solution", "orient",
           "direction_of", "text", "svg", "board_graph", "constraints", "generate", "reduce",
           "register"]
