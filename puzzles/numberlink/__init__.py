"""Numberlink: every solution as a ZDD, and every good instance of a grid.

``from puzzles import numberlink``; ``numberlink.Puzzle.from_url(url).solve()``;
``numberlink.good_instances(rows, cols)`` (Yoshinaka et al. 2012, section 5;
docs/numberlink.md).  Modules: ``model`` (the board: formats, checker), ``solve``
(path matchings with prescribed pairs), ``puzzle`` (the front door: ``Puzzle``, a
board that solves and draws itself), ``design`` (good, minimum and random
instances), ``draw``, ``cli``.
"""
from __future__ import annotations

from .cli import register
from .design import (covering_path_matchings, good_instances, instance_graph, merge_candidates,
                     minimum_instances, pair_universe, random_instance, to_puzzle)
from .model import FAILCODES, PID, Board, Cell, Edge, Label, check_solution, make_edge
from .puzzle import Puzzle, read_pzprv3
from .solve import board_graph

NAME = "numberlink"
#: Small boards for examples and tests.
EXAMPLES = ("https://puzz.link/p?numlin/3/2/1j1", "https://puzz.link/p?numlin/3/3/1g2g2i1",
            "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3")

__all__ = ["NAME", "PID", "EXAMPLES", "FAILCODES", "Cell", "Edge", "Label", "Board", "Puzzle", "check_solution",
           "make_edge", "read_pzprv3", "board_graph", "good_instances",
           "minimum_instances", "random_instance", "to_puzzle", "merge_candidates",
           "covering_path_matchings", "instance_graph", "pair_universe", "register"]
