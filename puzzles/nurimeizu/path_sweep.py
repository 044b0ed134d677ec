"""Nurimeizu colourings with their S-G path marked, for icon sets: a compiled sweep over cells.

The solver (``solve``) tracks the path without variables; icon sets need to know,
cell by cell, whether a colouring's path passes there, so this sweep marks it.

Each cell x has two variables, in row-major order: ``b_x`` (x is black) and
``p_x`` (x is on the S-G path).  The sweep builds the family of pairs (B, P) where
B obeys the colouring rules and P is a set of white cells in which S and G have
exactly one neighbour in P and every other cell of P exactly two.  Inside a white
*tree* such a P is exactly the S-G path (its components are paths whose ends
have degree one, so one path, from S to G; no cycle fits in a tree), so every
good B has exactly one P, and ``∃P`` gives the solutions with their count.

The state, before cell (r, c), holds the previous ``cols`` cells (slot k: cell
(r, k) for k < c, else (r - 1, k)) and:

* per slot: its colour (black, white, white on the path, none yet), the label
  of its white component (canonical: numbered in slot order), and its number of
  path neighbours so far;
* the colour of the up-left cell (r - 1, c - 1), for the 2x2 rule;
* one colour per room still open (cells on both sides of the sweep), for rule 1;
* a flag: the white cells are finished (a white component left the frontier;
  every later cell must be black);
* the pending decision on ``b_x`` between the two layers of a cell.

A white cell joining two slots of one component closes a white cycle (rejected);
a component leaving the frontier while another white cell remains or comes is
a division (rejected); a path cell leaves with its final path degree checked.
Icons force white (S, G, circles on the path; triangles off it).

The machine is compiled ahead of time (``machines.c``, the extension ``_machines``); here
are its state layout, info rows and constants.
"""
from __future__ import annotations

import numpy as np

import zalg
from zalg.topdown import Machine, c_function, extension_machines

from ..common.caches import cached
from .layout import ICON_CODE, NO_ICON, NONE, cell_info

__all__ = ["sweep", "universe"]

#: the machine functions of ``machines.c``, by name
_C = extension_machines("puzzles.nurimeizu._machines")


@cached(maxsize=8)
def universe(rows: int, cols: int) -> zalg.Universe:
    """The universe of ("b", r, c) and ("p", r, c) per cell, in row-major order."""
    return zalg.Universe([(k, r, c) for r in range(rows) for c in range(cols) for k in ("b", "p")])


# the machine's constants: W, the state's width, then the icons of the last row;
# an info row is the cell's ``cell_info`` row, then the kind of the variable
K_W, K_WIDTH, K_ICONS = range(3)
I_KIND = 10

#: the machine, compiled ahead of time (``machines.c``)
step = c_function(_C["path_sweep.step"], "step")
final = c_function(_C["path_sweep.final"], "final")


def sweep(p, universe: zalg.Universe, placements=(), progress=None) -> zalg.Family:
    """The family of B ∪ P (elements ("b", r, c) and ("p", r, c) of ``universe``) over
    the colourings B of p with their S-G path P, plus, for each placement (cell,
    "o" or "t") in ``placements``, the element (icon, r, c) when B breaks it."""
    info, nslots = cell_info(p)
    W = p.cols
    width = 3 * W + 3 + max(nslots, 1)
    root = np.zeros(width, dtype=np.int32)
    root[:W] = NONE
    root[3 * W] = NONE
    root[3 * W + 3:] = -1
    icons_last_row = [ICON_CODE.get(p.icons.get((p.rows - 1, c)), NO_ICON) for c in range(W)]
    extra = {}
    for cell, icon in placements:
        extra.setdefault(cell, []).append(icon)
    rows, levels = [], []
    for i, (r, c) in enumerate(p.cells()):
        for kind, name in ((0, "b"), (1, "p")):
            rows.append([*info[i], kind])
            levels.append(universe.level((name, r, c)))
        for icon in sorted(extra.get((r, c), ()), key="ot".index):
            rows.append([*info[i], 2 if icon == "o" else 3])
            levels.append(universe.level((icon, r, c)))
    machine = Machine(step, final, np.array(rows, dtype=np.int64), root,
                      np.array([W, width, *icons_last_row]), name="nurimeizu sweep")
    return machine.build(universe, levels, progress)
