"""Yajilin: every solution (loop edges and shaded cells) as a ZDD, and every good set of
shown clue numbers of a solved board.

``from puzzles import yajilin``; ``yajilin.Puzzle.from_url(url).solve()`` (docs/yajilin.md).
Modules: ``model`` (the board: formats, the clues' rays, checker), ``solve`` (the loop
family and the shading by the algebra), ``puzzle`` (the front door: ``Puzzle``, a board
that solves and draws itself), ``design`` (good, minimal and minimum clue sets by hitting
sets), ``draw``, ``cli``, ``studio``.
"""
from __future__ import annotations

from .cli import register
from .design import instances, minimal, minimum, violation_relation
from .model import FAILCODES, MAX_NUMBER, PID, Board, Cell, Clue, Edge, check_solution, ray, split_answer
from .puzzle import Puzzle, as_answer, read_pzprv3
from .solve import base, board_graph, clue_family, universe

NAME = "yajilin"
#: Small boards for examples and tests.
EXAMPLES = ("https://puzz.link/p?yajilin/4/4/f31e40c",
            "https://puzz.link/p?yajilin/5/5/m32j10",
            "https://puzz.link/p?yajilin/6/6/g+a+d+d+a41c++a+g")

__all__ = ["NAME", "PID", "EXAMPLES", "FAILCODES", "MAX_NUMBER", "Cell", "Edge", "Clue", "Board",
           "Puzzle", "read_pzprv3", "as_answer", "check_solution", "ray", "split_answer",
           "board_graph", "universe", "base", "clue_family", "instances", "minimal", "minimum",
           "violation_relation", "register"]
