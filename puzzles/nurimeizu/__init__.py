"""Nurimeizu (pzprjs ``nurimaze``): every solution as a ZDD, and every icon set that
makes a designer's maze unique.

``from puzzles import nurimeizu``; ``nurimeizu.Puzzle.from_url(url).solve()``;
``nurimeizu.icon_sets(puzzle, black_cells)`` (docs/nurimeizu.md).  Modules:
``model`` (the board: formats, checker), ``solve`` (the solver's frontier sweep),
``puzzle`` (the front door: ``Puzzle``, a board that solves and draws itself),
``path_sweep`` (the sweep with path variables, for icon sets), ``layout`` (what both
know per cell), ``design`` (icon sets, generation, reduction), ``maze`` (large
puzzles, maze first), ``draw``, ``cli``.
"""
from __future__ import annotations

from .cli import register
from .design import generate, icon_sets, minimum_icon_sets, placements, random_rooms, reduce
from .draw import svg, text
from .model import (FAILCODES, ICONS, PID, RULES, Board, Cell, check_solution, decode_borders,
                    encode_borders, route)
from .puzzle import Puzzle, read_pzprv3
from .path_sweep import sweep

__all__ = ["Cell", "Board", "Puzzle", "read_pzprv3", "check_solution", "route", "FAILCODES", "RULES", "ICONS",
           "PID", "decode_borders", "encode_borders", "text", "svg", "icon_sets", "placements",
           "minimum_icon_sets", "sweep", "generate", "reduce", "random_rooms", "register",
           "NAME", "EXAMPLES"]

NAME = "nurimeizu"
#: Small boards for examples and tests (generated, unique).
EXAMPLES = ("https://puzz.link/p?nurimaze/3/3/uga05462615",
            "https://puzz.link/p?nurimaze/4/4/njg5ug7451b26",
            "https://puzz.link/p?nurimaze/5/5/lvqq52ve621k48",
            "https://puzz.link/p?nurimaze/6/6/lrrsvvbf4smld264h1c4")
