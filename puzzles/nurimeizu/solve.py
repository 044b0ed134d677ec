"""Solving Nurimeizu to a ZDD of all solutions: a compiled frontier sweep over cells.

One variable per cell (the cell is black), swept in row-major order along the
shorter side of the board (a wide board is solved transposed).  The state before
cell (r, c) holds the previous W cells (slot k: cell (r, k) for k < c, else
(r - 1, k)) and:

* per slot: its colour (black, white, none yet), the label of its white
  component (numbered in slot order) and whether that component holds a circle;
* the colour of the up-left cell, for the 2x2 rule; one colour per open room;
* a flag "the white cells are finished" (a component left the frontier whole);
* the labels of the components holding S and G;
* the *path matrix*: for every two terminals a, b of one component (terminals:
  its frontier cells, and S and G when it holds them) one bit, "the path from a
  to b inside the component passes every circle of the component and no
  triangle".

Why no path variables: the white cells form a tree, so the swept part of each
component is a subtree, and the S-G path meets a subtree in one sub-path whose
ends are S, G or frontier cells (where the path goes on into cells not yet
swept).  Whether such a sub-path can be part of a good S-G path depends only on
the bit above, and the bits of a merged component follow from those of its
parts when a white cell x joins the components of its upper neighbour u and left
neighbour l (U, L: the two parts, "no circle in L" etc. as flags):

    a, b in U:  g(a, b) ∧ no circle in L ∧ x no circle
    a in U, b in L:  g(a, u) ∧ g(l, b) ∧ x no triangle
    a in U, b = x:  g(a, u) ∧ no circle in L ∧ x no triangle
    a = b = x:  no circle in U or L ∧ x no triangle

(and L symmetrically).  Everything is decided by the colouring, so each
colouring has one run of the sweep and the diagram counts solutions directly.
A component holding S and G must have g(S, G); one holding S (or G, or a circle)
needs some good pair left among its terminals, else it is dropped at once.

The machine is compiled ahead of time (``machines.c``, the extension ``_machines``); here
are its state layout, info rows and constants.
"""
from __future__ import annotations

import numpy as np

import zalg
from zalg.topdown import Machine, c_function, extension_machines
from zalg.progress import Progress

from ..common.caches import cached
from .layout import NONE, cell_info

__all__ = ["solve", "universe"]

_BITS = 31  # path-matrix bits per int32 word
#: the machine functions of ``machines.c``, by name
_C = extension_machines("puzzles.nurimeizu._machines")


@cached(maxsize=8)
def universe(rows: int, cols: int, transposed: bool = False) -> zalg.Universe:
    """The universe of cells (r, c) in the order the solver sweeps them: row-major,
    or column-major when the board is swept transposed."""
    if transposed:
        return zalg.Universe([(r, c) for c in range(cols) for r in range(rows)])
    return zalg.Universe([(r, c) for r in range(rows) for c in range(cols)])


# the machine's constants
K_W, K_NW, K_BASE, K_WIDTH = range(4)

#: the machine, compiled ahead of time (``machines.c``)
step = c_function(_C["solve.step"], "step")
final = c_function(_C["solve.final"], "final")
takes = c_function(_C["solve.takes"], "takes")


def transposed(p):
    """The board p mirrored in its main diagonal (cell (r, c) becomes (c, r))."""
    swap = lambda cells: {(c, r): v for (r, c), v in cells.items()}  # noqa: E731
    return type(p)(p.cols, p.rows, swap(p.rooms), swap(p.icons))


def solve(p, *, progress: Progress = None) -> zalg.Family:
    """Every solution of board p: the family of black-cell sets (in ``universe(rows,
    cols, p.cols > p.rows)``: the sweep runs along the shorter side)."""
    if p.cols > p.rows:
        F = solve(transposed(p), progress=progress)
        return universe(p.rows, p.cols, True).adopt(F, rename=lambda x: (x[1], x[0]))
    info, nslots = cell_info(p)
    W = p.cols
    NW = (W + 2 + _BITS - 1) // _BITS
    base = 3 * W + 4 + max(nslots, 1)
    width = base + (W + 2) * NW
    root = np.zeros(width, dtype=np.int32)
    root[:W] = NONE
    root[3 * W] = NONE
    root[3 * W + 4:base] = -1
    U = universe(p.rows, p.cols)
    machine = Machine(step, final, info, root, np.array([W, NW, base, width]), 2 * W + 4,
                      takes=takes, name="nurimeizu sweep")
    return machine.build(U, [U.level(x) for x in p.cells()], progress)
