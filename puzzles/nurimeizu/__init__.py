"""Nurimeizu (pzprjs ``nurimaze``): board model, formats, answer checker and drawings.

See :mod:`puzzles.nurimeizu.model` for the rules, the formats and the checker's
rule names, and :mod:`puzzles.nurimeizu.draw` for the drawings.
"""
from __future__ import annotations

from .draw import svg, text
from .model import (FAILCODES, ICONS, PID, RULES, Cell, Puzzle, check_solution, decode_borders,
                    encode_borders, read_pzprv3, route)

__all__ = ["Cell", "Puzzle", "read_pzprv3", "check_solution", "route", "FAILCODES", "RULES", "ICONS",
           "PID", "decode_borders", "encode_borders", "text", "svg"]
