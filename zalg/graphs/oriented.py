"""Compiled frontier layers for single cycles in a mixed graph: one-way edges, forbidden
pairs of edges at a vertex, and vertices the cycle must visit.

A member is an (undirected) edge set forming one cycle that admits a travel
direction in which every one-way edge is traversed its way; it is one member
whatever the number of such directions.  The state per frontier slot (W slots):

* its *mate* (``EMPTY``, ``SELF``, ``DONE`` or the slot of the fragment's other
  end), as in ``mate``;
* the *orientation* of its fragment seen from this end: ``FREE`` (both travel
  directions still possible), ``HEAD`` (travel leaves the fragment here) or
  ``TAIL`` (travel enters here); the other end of an oriented fragment holds the
  opposite;
* the local number of its first edge (-1: none yet, or an edge in no forbidden
  pair), to check forbidden pairs when the second edge arrives.

Then one flag: the cycle has closed.  Joining two fragment ends u, v by edge uv
is possible in direction u→v when u's end is FREE or HEAD, v's end FREE or
TAIL, and the edge allows u→v; the joined fragment is FREE when both directions
remain, else oriented.  The machine is ``step`` / ``final`` (``frontier.machine``).

``info`` per edge (``O_*`` columns): slots and entering / leaving flags of u and
v, allowed values (bit 0: absent, bit 1: present), allowed directions (bit 0:
u→v, bit 1: v→u), the edge's local number at u and at v, bitmasks of the local
numbers at u and at v it may not be paired with, and whether u / v must be visited.
"""

from __future__ import annotations

import numpy as np

from ..topdown.functions import compiled, final_function, step_function, takes_function
from .mate import DONE, EMPTY, SELF

FREE, HEAD, TAIL = 0, 1, 2
(O_CU, O_CV, O_ENTER_U, O_ENTER_V, O_LEAVE_U, O_LEAVE_V, O_ALLOWED, O_DIRS,
 O_LOC_U, O_LOC_V, O_FORBID_U, O_FORBID_V, O_VISIT_U, O_VISIT_V) = range(14)
ORIENTED_INFO_WIDTH = 14
DEAD, GOING = 0, 2


# A state is one int32 per slot, then the closed flag: the slot's mate + 4 in bits
# 0-15, its orientation in bits 16-17 and its first edge + 1 in bits 18-24.  The
# step works on these words directly (no unpacking), so a state hashes, compares
# and copies as W + 1 ints.
_MATE_MASK = 0xFFFF
_ORIENT_SHIFT = 16
_FIRST_SHIFT = 18
_FIRST_MASK = 0x7F << _FIRST_SHIFT
_EMPTY_WORD = EMPTY + 4  # free, no first edge
_SELF_WORD = SELF + 4
_DONE_WORD = DONE + 4


@compiled
def _word(mate, orient, first):
    return (mate + 4) | (orient << _ORIENT_SHIFT) | ((first + 1) << _FIRST_SHIFT)


@compiled
def _directions(ou, ov, dirs):
    """Bit 0: the edge can run u→v; bit 1: v→u (given the ends' orientations)."""
    out = 0
    if (dirs & 1) and ou != TAIL and ov != HEAD:
        out |= 1
    if (dirs & 2) and ou != HEAD and ov != TAIL:
        out |= 2
    return out


@compiled
def _pair_ok(x, forbid):
    """A vertex (slot word x, one edge so far) may take this edge as its second."""
    k = ((x >> _FIRST_SHIFT) & 0x7F) - 1
    return k < 0 or ((forbid >> k) & 1) == 0


@compiled
def _leave(t, c, visit):
    """Check and clear slot c of a vertex whose last edge was just decided."""
    m = (t[c] & _MATE_MASK) - 4
    if m >= 0:  # a fragment ends here: it can never close
        return False
    if m == SELF and visit:
        return False
    t[c] = _EMPTY_WORD
    return True


@compiled
def _step(s, t, bit, W, info):
    for k in range(W + 1):
        t[k] = s[k]
    if (info[O_ALLOWED] >> bit) & 1 == 0:
        return DEAD
    cu = info[O_CU]
    cv = info[O_CV]
    if info[O_ENTER_U]:
        t[cu] = _SELF_WORD
    if info[O_ENTER_V]:
        t[cv] = _SELF_WORD
    if bit == 1:
        if t[W] == 1:  # the cycle is already closed
            return DEAD
        xu = t[cu]
        xv = t[cv]
        mu = (xu & _MATE_MASK) - 4
        mv = (xv & _MATE_MASK) - 4
        if mu == DONE or mv == DONE:
            return DEAD
        if mu != SELF and not _pair_ok(xu, info[O_FORBID_U]):
            return DEAD
        if mv != SELF and not _pair_ok(xv, info[O_FORBID_V]):
            return DEAD
        ways = _directions((xu >> _ORIENT_SHIFT) & 3, (xv >> _ORIENT_SHIFT) & 3, info[O_DIRS])
        if ways == 0:
            return DEAD
        if mu == cv:  # u and v end the same fragment: the cycle closes
            for k in range(W):
                if k != cu and k != cv and (t[k] & _MATE_MASK) - 4 >= 0:
                    return DEAD  # another open fragment could never close
            t[W] = 1
            t[cu] = _DONE_WORD
            t[cv] = _DONE_WORD
        else:
            if ways == 3:
                oa = FREE
                ob = FREE
            elif ways == 1:  # travel runs a ... u -> v ... b
                oa = TAIL
                ob = HEAD
            else:
                oa = HEAD
                ob = TAIL
            # the first edge is remembered only where a forbidden pair may follow
            # (pairs are symmetric): otherwise it would split states for nothing
            a = cu if mu == SELF else mu
            b = cv if mv == SELF else mv
            if mu == SELF:
                fa = info[O_LOC_U] if info[O_FORBID_U] != 0 else -1
                t[cu] = _word(b, oa, fa)
            else:  # u now has two edges: it keeps no orientation or first edge
                t[cu] = _DONE_WORD
                t[a] = _word(b, oa, -1) | (t[a] & _FIRST_MASK)
            if mv == SELF:
                fb = info[O_LOC_V] if info[O_FORBID_V] != 0 else -1
                t[cv] = _word(a, ob, fb)
            else:
                t[cv] = _DONE_WORD
                t[b] = _word(a, ob, -1) | (t[b] & _FIRST_MASK)
    if info[O_LEAVE_U] and not _leave(t, cu, info[O_VISIT_U]):
        return DEAD
    if info[O_LEAVE_V] and not _leave(t, cv, info[O_VISIT_V]):
        return DEAD
    return GOING


def packed_root(W: int) -> np.ndarray:
    """The root state: every slot empty, free, without a first edge."""
    row = np.full((1, W + 1), _EMPTY_WORD, dtype=np.int32)
    row[0, W] = 0
    return row


@step_function(native="oriented.step")
def step(s, t, bit, row, consts, work):
    """The oriented machine's step (``frontier.machine``; ``consts[0]``: W)."""
    return _step(s, t, bit, consts[0], row)


@takes_function(native="oriented.takes")
def takes(s, row, consts, work):
    """0 where the step surely rejects the edge (the driver's lookahead): not allowed,
    the cycle closed, an end of degree 2, a forbidden pair, no direction left, or a
    vertex leaving here with this one edge."""
    W = consts[0]
    if (row[O_ALLOWED] >> 1) & 1 == 0 or s[W] == 1:
        return 0
    cu = row[O_CU]
    cv = row[O_CV]
    xu = _SELF_WORD if row[O_ENTER_U] else s[cu]
    xv = _SELF_WORD if row[O_ENTER_V] else s[cv]
    mu = (xu & _MATE_MASK) - 4
    mv = (xv & _MATE_MASK) - 4
    if mu == DONE or mv == DONE:
        return 0
    if (mu != SELF and not _pair_ok(xu, row[O_FORBID_U])) \
            or (mv != SELF and not _pair_ok(xv, row[O_FORBID_V])):
        return 0
    if _directions((xu >> _ORIENT_SHIFT) & 3, (xv >> _ORIENT_SHIFT) & 3, row[O_DIRS]) == 0:
        return 0
    if mu != cv and ((row[O_LEAVE_U] and mu == SELF) or (row[O_LEAVE_V] and mv == SELF)):
        return 0
    return 1


@final_function(native="oriented.final")
def final(t, consts, work):
    """Accepted after the last edge: the cycle has closed."""
    return 1 if t[consts[0]] == 1 else 0
