"""Slitherlink: every solution as a ZDD, and every good hint set of a designer's loop.

``from puzzles import slitherlink``; ``slitherlink.Puzzle.from_url(url).solve()``;
``slitherlink.instances((rows, cols), loop)`` (Yoshinaka et al. 2012, sections
6-8; docs/slitherlink.md).  Modules: ``model`` (the board: formats, checker),
``solve`` (frontier solver and logical pre-pass), ``puzzle`` (the front door:
``Puzzle``, a board that solves and draws itself), ``design`` (good hint sets,
minimum, ranking, random puzzles), ``lazy`` (the minimum and the hardest without H),
``route`` (which of those routes answers a designer's question: ``answer``, ``reduce``), ``draw``, ``cli``; random loops come from
the shared ``puzzles.common.loops``.
"""
from __future__ import annotations

from .cli import register
from .design import (board_cycles, difficulty, instance_universe, instances, loop_hints, minimal,
                     minimum,
                     random_puzzle, rank_by_difficulty, zero_hint_sets)
from .route import Answer, answer, reduce
from ..common.loops import outline, random_loop, random_region
from .model import FAILCODES, PID, Board, Cell, Dot, Edge, check_solution, make_edge
from .puzzle import Puzzle, read_pzprv3
from .solve import Contradiction, board_graph, prepass, solve_algebra

NAME = "slitherlink"
#: Small boards for examples and tests (the last is pzprjs's test board).
EXAMPLES = ("https://puzz.link/p?slither/2/1/d", "https://puzz.link/p?slither/2/2/cc",
            "https://puzz.link/p?slither/5/5/cbcbcddad")

__all__ = ["NAME", "PID", "EXAMPLES", "FAILCODES", "Cell", "Dot", "Edge", "Board", "Puzzle", "check_solution",
           "make_edge", "read_pzprv3", "solve_algebra", "prepass", "board_graph",
           "Contradiction", "instances", "instance_universe", "minimal", "minimum", "rank_by_difficulty",
           "difficulty", "answer", "Answer", "reduce", "zero_hint_sets", "loop_hints", "random_loop",
           "random_region", "outline", "random_puzzle", "board_cycles", "register"]
