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

The machine runs compiled ahead of time (``machines.c``, the extension ``_machines``);
the Python functions here are its twins, what runs where it is not built or
``ZALG_COMPILED=0`` is set.
"""
from __future__ import annotations

import numpy as np

import zalg
from zalg.topdown import (Machine, compiled, extension_machines, final_function, offset,
                          step_function, takes_function)
from zalg.progress import Progress

from ..common.caches import cached
from .layout import (BLACK, I_C, I_FIRST, I_ICON, I_LAST, I_R, I_ROOM, ICON_G, ICON_O, ICON_S,
                     ICON_T, NO_ICON, NONE, WHITE, cell_info, relabel)

__all__ = ["solve", "universe"]

_BITS = 31  # path-matrix bits per int32 word
#: the machine's functions compiled ahead of time (``machines.c``), by name
_C = extension_machines("puzzles.nurimeizu._machines")


@cached(maxsize=8)
def universe(rows: int, cols: int, transposed: bool = False) -> zalg.Universe:
    """The universe of cells (r, c) in the order the solver sweeps them: row-major,
    or column-major when the board is swept transposed."""
    if transposed:
        return zalg.Universe([(r, c) for c in range(cols) for r in range(rows)])
    return zalg.Universe([(r, c) for r in range(rows) for c in range(cols)])


@compiled
def _bit(s, base, NW, a, b):
    return (s[base + a * NW + b // _BITS] >> (b % _BITS)) & 1


@compiled
def _put(t, base, NW, a, b, v):
    """Set the symmetric bit (a, b) of the path matrix to v."""
    for x, y in ((a, b), (b, a)):
        i = base + x * NW + y // _BITS
        m = 1 << (y % _BITS)
        if v:
            t[i] = t[i] | m
        else:
            t[i] = t[i] & ~m


@compiled
def _drop(t, base, NW, T, a):
    """Terminal a leaves: clear its row and column of the path matrix."""
    for w in range(NW):
        t[base + a * NW + w] = 0
    for x in range(T):
        _put(t, base, NW, x, a, 0)


@compiled
def _viable(t, W, NW, base, lab, sl, gl, circ):
    """Can component ``lab`` still hold a good part of the S-G path?"""
    if sl == lab and gl == lab:
        return _bit(t, base, NW, W, W + 1) == 1
    end = W if sl == lab else (W + 1 if gl == lab else -1)
    if end >= 0:  # S (or G) must reach a frontier cell along a good path
        for k in range(W):
            if t[k] == WHITE and t[W + k] == lab and _bit(t, base, NW, end, k) == 1:
                return True
        return False
    if circ:
        for k in range(W):
            if t[k] == WHITE and t[W + k] == lab:
                for j in range(k, W):
                    if t[j] == WHITE and t[W + j] == lab and _bit(t, base, NW, k, j) == 1:
                        return True
        return False
    return True


@compiled
def _merge_bits(s, t, W, NW, base, c, lu, ll, circ_u, circ_l, icon, terms, side):
    """Rewrite the path matrix for the component that white cell x (slot c) forms with
    the components of its upper (label lu) and left (label ll) neighbours."""
    sl = s[3 * W + 2]
    gl = s[3 * W + 3]
    n = 0
    for k in range(W):
        if k == c or s[k] != WHITE:
            continue
        if lu > 0 and s[W + k] == lu:
            terms[n] = k
            side[n] = 0
            n += 1
        elif ll > 0 and s[W + k] == ll:
            terms[n] = k
            side[n] = 1
            n += 1
    for end, lab in ((W, sl), (W + 1, gl)):
        if lab > 0 and lab == lu:
            terms[n] = end
            side[n] = 0
            n += 1
        elif lab > 0 and lab == ll:
            terms[n] = end
            side[n] = 1
            n += 1
    terms[n] = c
    side[n] = 2
    n += 1
    if icon == ICON_S or icon == ICON_G:
        terms[n] = W if icon == ICON_S else W + 1
        side[n] = 2
        n += 1
    xc = icon == ICON_O
    xt = icon == ICON_T
    _drop(t, base, NW, W + 2, c)
    for i in range(n):
        for j in range(i, n):
            a = terms[i]
            b = terms[j]
            sa = side[i]
            sb = side[j]
            if a == b and a >= W:
                continue
            if sa > sb:
                a, b = b, a
                sa, sb = sb, sa
            if sa == 0 and sb == 0:
                g = _bit(s, base, NW, a, b) == 1 and not circ_l and not xc
            elif sa == 1 and sb == 1:
                g = _bit(s, base, NW, a, b) == 1 and not circ_u and not xc
            elif sa == 0 and sb == 1:
                g = (_bit(s, base, NW, a, c) == 1 and _bit(s, base, NW, c - 1, b) == 1
                     and not xt)
            elif sa == 0:
                g = _bit(s, base, NW, a, c) == 1 and not circ_l and not xt
            elif sa == 1:
                g = _bit(s, base, NW, a, c - 1) == 1 and not circ_u and not xt
            else:
                g = not circ_u and not circ_l and not xt
            _put(t, base, NW, a, b, g)


@compiled
def _step(s, t, bit, W, NW, base, width, info, terms, side):
    """Decide cell x (bit 1: black) and add it to the frontier."""
    for k in range(width):
        t[k] = s[k]
    FIN = 3 * W + 1
    SL = 3 * W + 2
    GL = 3 * W + 3
    icon = info[I_ICON]
    if bit == 1 and icon != NO_ICON:
        return False
    if bit == 0 and t[FIN] == 1:
        return False
    slot = 3 * W + 4 + info[I_ROOM]
    colour = BLACK if bit == 1 else WHITE
    if info[I_FIRST] == 0 and t[slot] != colour:
        return False
    t[slot] = -1 if info[I_LAST] == 1 else colour
    r = info[I_R]
    c = info[I_C]
    cu = s[c]
    cl = s[c - 1] if c > 0 else NONE
    if r > 0 and c > 0:
        w0 = colour == WHITE
        if (s[3 * W] == WHITE) == w0 and (cu == WHITE) == w0 and (cl == WHITE) == w0:
            return False  # a 2x2 block of one colour
    lu = s[W + c] if cu == WHITE else 0
    ll = s[W + c - 1] if c > 0 and cl == WHITE else 0
    if colour == WHITE:
        if lu > 0 and lu == ll:
            return False  # a white cycle
        circ_u = lu > 0 and s[2 * W + c] == 1
        circ_l = ll > 0 and s[2 * W + c - 1] == 1
        _merge_bits(s, t, W, NW, base, c, lu, ll, circ_u, circ_l, icon, terms, side)
        new = lu if lu > 0 else (ll if ll > 0 else 10 * W + 10)
        circ = 1 if (circ_u or circ_l or icon == ICON_O) else 0
        for k in range(W):
            if t[k] == WHITE and (t[W + k] == lu or t[W + k] == ll) and t[W + k] > 0:
                t[W + k] = new
                t[2 * W + k] = circ
        for e in (SL, GL):
            if t[e] > 0 and (t[e] == lu or t[e] == ll):
                t[e] = new
        if icon == ICON_S:
            t[SL] = new
        if icon == ICON_G:
            t[GL] = new
        t[c] = WHITE
        t[W + c] = new
        t[2 * W + c] = circ
        if not _viable(t, W, NW, base, new, t[SL], t[GL], circ == 1):
            return False
    else:
        t[c] = BLACK
        t[W + c] = 0
        t[2 * W + c] = 0
        if lu > 0:  # the cell above leaves the frontier
            _drop(t, base, NW, W + 2, c)
            alive = False
            for k in range(W):
                if k != c and t[k] == WHITE and t[W + k] == lu:
                    alive = True
                    break
            if alive:
                if not _viable(t, W, NW, base, lu, t[SL], t[GL], s[2 * W + c] == 1):
                    return False
            else:  # its component is complete: it must be all the white cells
                for k in range(W):
                    if k != c and t[k] == WHITE:
                        return False
                if not (t[SL] == lu and t[GL] == lu and _bit(t, base, NW, W, W + 1) == 1):
                    return False
                t[FIN] = 1
                t[SL] = 0
                t[GL] = 0
                for w in range((W + 2) * NW):
                    t[base + w] = 0
    t[3 * W] = cu
    relabel(t, W, SL, 2)
    return True


@compiled
def _final(t, W, NW, base):
    """After the last cell: the white cells are one tree holding S and G, with a good path."""
    if t[3 * W + 1] == 1:
        for k in range(W):
            if t[k] == WHITE:
                return False
        return True
    label = 0
    for k in range(W):
        if t[k] == WHITE:
            if label == 0:
                label = t[W + k]
            elif t[W + k] != label:
                return False
    return (label > 0 and t[3 * W + 2] == label and t[3 * W + 3] == label
            and _bit(t, base, NW, W, W + 1) == 1)


# the machine's constants
K_W, K_NW, K_BASE, K_WIDTH = range(4)


@step_function(native=_C.get("solve.step"))
def step(s, t, bit, row, consts, work):
    """The solver's step (``zalg.topdown.machine``); ``work`` holds the terminals of
    a merge and their sides."""
    W = consts[K_W]
    return 2 if _step(s, t, bit, W, consts[K_NW], consts[K_BASE], consts[K_WIDTH], row, work,
                      offset(work, W + 2)) else 0


@final_function(native=_C.get("solve.final"))
def final(t, consts, work):
    return 1 if _final(t, consts[K_W], consts[K_NW], consts[K_BASE]) else 0


@takes_function(native=_C.get("solve.takes"))
def takes(s, row, consts, work):
    """0 where cell x cannot be black: an icon, a room already white, or a black
    2x2 block."""
    W = consts[K_W]
    if row[I_ICON] != NO_ICON:
        return 0
    if row[I_FIRST] == 0 and s[3 * W + 4 + row[I_ROOM]] != BLACK:
        return 0
    c = row[I_C]
    if row[I_R] > 0 and c > 0 and s[3 * W] == BLACK and s[c] == BLACK and s[c - 1] == BLACK:
        return 0
    return 1


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
