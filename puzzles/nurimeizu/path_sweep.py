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

The machine runs compiled ahead of time (``machines.c``, the extension ``_machines``);
the Python functions here are its twins, what runs where it is not built or
``ZALG_COMPILED=0`` is set.
"""
from __future__ import annotations

import numpy as np

import zalg
from zalg.topdown import (Machine, compiled, extension_machines, final_function, offset,
                          step_function)

from ..common.caches import cached
from .layout import (BLACK, I_C, I_DOWN, I_FIRST, I_ICON, I_ICON_LEFT, I_ICON_UP, I_LAST, I_LATER,
                     I_R, I_ROOM, ICON_CODE, ICON_G, ICON_O, ICON_S, ICON_T, NO_ICON, NONE, PATH,
                     WHITE, cell_info, relabel)

__all__ = ["sweep", "universe"]

#: the machine's functions compiled ahead of time (``machines.c``), by name
_C = extension_machines("puzzles.nurimeizu._machines")


@cached(maxsize=8)
def universe(rows: int, cols: int) -> zalg.Universe:
    """The universe of ("b", r, c) and ("p", r, c) per cell, in row-major order."""
    return zalg.Universe([(k, r, c) for r in range(rows) for c in range(cols) for k in ("b", "p")])


@compiled
def _need(icon):
    return 1 if icon == ICON_S or icon == ICON_G else 2


@compiled
def _b_step(s, t, bit, W, width, info):
    """Decide b_x: icons are white; a room has one colour; nothing white after the end."""
    for k in range(width):
        t[k] = s[k]
    if bit == 1 and info[I_ICON] != NO_ICON:
        return False
    if bit == 0 and t[3 * W + 1] == 1:
        return False
    slot = 3 * W + 3 + info[I_ROOM]
    colour = 0 if bit == 1 else 1
    if info[I_FIRST] == 0 and t[slot] != colour:
        return False
    t[slot] = -1 if info[I_LAST] == 1 else colour
    t[3 * W + 2] = bit
    return True


@compiled
def _p_step(s, t, bit, W, width, info):
    """Decide p_x and add the cell to the frontier (see the module docstring)."""
    for k in range(width):
        t[k] = s[k]
    pend = t[3 * W + 2]
    t[3 * W + 2] = 0
    icon = info[I_ICON]
    if pend == 1 and bit == 1:
        return False
    if bit == 0 and (icon == ICON_S or icon == ICON_G or icon == ICON_O):
        return False
    if bit == 1 and icon == ICON_T:
        return False
    colour = BLACK if pend == 1 else (PATH if bit == 1 else WHITE)
    r = info[I_R]
    c = info[I_C]
    cu = t[c]
    cl = t[c - 1] if c > 0 else NONE
    if r > 0 and c > 0:
        d = t[3 * W]
        w0 = colour != BLACK
        if (d != BLACK) == w0 and (cu != BLACK) == w0 and (cl != BLACK) == w0:
            return False  # a 2x2 block of one colour
    lu = t[W + c] if (cu == WHITE or cu == PATH) else 0
    ll = t[W + c - 1] if c > 0 and (cl == WHITE or cl == PATH) else 0
    newlab = 0
    deg = 0
    if colour != BLACK:
        if lu > 0 and ll > 0:
            if lu == ll:
                return False  # a white cycle
            for k in range(W):
                if t[W + k] == ll:
                    t[W + k] = lu
            newlab = lu
        elif lu > 0:
            newlab = lu
        elif ll > 0:
            newlab = ll
        else:
            newlab = 10 * W + 10
        if colour == PATH:
            if cu == PATH:
                deg += 1
                t[2 * W + c] += 1
            if cl == PATH:
                deg += 1
                t[2 * W + c - 1] += 1
    # a path cell needs its path neighbours among the cells still to come:
    # the new cell has right and down ahead, its left neighbour only down
    if colour == PATH and deg + info[I_LATER] < _need(icon):
        return False
    if cl == PATH and t[2 * W + c - 1] + info[I_DOWN] < _need(info[I_ICON_LEFT]):
        return False
    # the cell above leaves the frontier
    if r > 0:
        if cu == PATH and t[2 * W + c] != _need(info[I_ICON_UP]):
            return False
        if lu > 0 and newlab != lu:
            alive = False
            for k in range(W):
                if k != c and t[W + k] == lu:
                    alive = True
                    break
            if not alive:  # its component is complete: it must be all the white cells
                if colour != BLACK:
                    return False
                for k in range(W):
                    if k != c and (t[k] == WHITE or t[k] == PATH):
                        return False
                t[3 * W + 1] = 1
    t[3 * W] = cu
    t[c] = colour
    t[W + c] = newlab
    t[2 * W + c] = deg
    relabel(t, W, 0, 0)
    return True


@compiled
def _final(t, W, icons_last_row):
    """After the last cell: every slot leaves; one white tree, path degrees right."""
    label = 0
    for k in range(W):
        colour = t[k]
        if colour == PATH and t[2 * W + k] != _need(icons_last_row[k]):
            return False
        if colour == WHITE or colour == PATH:
            if t[3 * W + 1] == 1:
                return False
            if label == 0:
                label = t[W + k]
            elif t[W + k] != label:
                return False
    return label > 0 or t[3 * W + 1] == 1


@compiled
def _icon_step(s, t, bit, width, info, kind):
    """The forced value of a placement variable of the cell just added: a circle at x is
    broken (1) unless x is on the path, a triangle unless x is white off the path."""
    for k in range(width):
        t[k] = s[k]
    colour = t[info[I_C]]
    broken = colour != PATH if kind == 2 else colour != WHITE
    return bit == (1 if broken else 0)


# the machine's constants: W, the state's width, then the icons of the last row;
# an info row is the cell's ``cell_info`` row, then the kind of the variable
K_W, K_WIDTH, K_ICONS = range(3)
I_KIND = 10


@step_function(native=_C.get("path_sweep.step"))
def step(s, t, bit, row, consts, work):
    """The sweep's step (``zalg.topdown.machine``); kinds 0: b_x, 1: p_x, 2: circle at
    x broken, 3: triangle at x broken."""
    kind = row[I_KIND]
    if kind == 0:
        ok = _b_step(s, t, bit, consts[K_W], consts[K_WIDTH], row)
    elif kind == 1:
        ok = _p_step(s, t, bit, consts[K_W], consts[K_WIDTH], row)
    else:
        ok = _icon_step(s, t, bit, consts[K_WIDTH], row, kind)
    return 2 if ok else 0


@final_function(native=_C.get("path_sweep.final"))
def final(t, consts, work):
    return 1 if _final(t, consts[K_W], offset(consts, K_ICONS)) else 0


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
