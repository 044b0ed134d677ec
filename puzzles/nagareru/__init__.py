"""Nagareru (pzprjs ``nagare``): board model, file formats, answer checker and drawings.

See :mod:`puzzles.nagareru.model` for the geometry, the rules and the decisions
taken from pzprjs's checker, and :mod:`puzzles.nagareru.draw` for the drawings.
"""
from __future__ import annotations

from .draw import svg, text
from .model import (DIRECTIONS, FAILCODES, OPPOSITE, STEP, TOKENS, Cell, Edge, Puzzle, check_solution,
                    direction_of, make_edge, orient, read_pzprv3)

__all__ = ["Cell", "Edge", "Puzzle", "DIRECTIONS", "STEP", "OPPOSITE", "TOKENS", "FAILCODES",
           "make_edge", "read_pzprv3", "check_solution", "orient", "direction_of", "text", "svg"]
