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
remain, else oriented.  The layer is ``layer(states, W, info, last, ctx)``.

``info`` per edge (``O_*`` columns): slots and entering / leaving flags of u and
v, allowed values (bit 0: absent, bit 1: present), allowed directions (bit 0:
u→v, bit 1: v→u), the edge's local number at u and at v, bitmasks of the local
numbers at u and at v it may not be paired with, and whether u / v must be visited.
"""

from __future__ import annotations

import numpy as np

from ..kernels.native import jit
from ..kernels.nodes import INTERRUPTED, NOMEM, OK, POLL_EVERY, over_budget, poll
from .mate import DONE, EMPTY, SELF, child_store, far_ends, intern

FREE, HEAD, TAIL = 0, 1, 2
(O_CU, O_CV, O_ENTER_U, O_ENTER_V, O_LEAVE_U, O_LEAVE_V, O_ALLOWED, O_DIRS,
 O_LOC_U, O_LOC_V, O_FORBID_U, O_FORBID_V, O_VISIT_U, O_VISIT_V) = range(14)
ORIENTED_INFO_WIDTH = 14
DEAD, GOING = 0, 2


@jit
def _directions(t, cu, cv, W, dirs):
    """Bit 0: the edge can run u→v; bit 1: v→u (given the ends' orientations)."""
    ou = t[W + cu]
    ov = t[W + cv]
    out = 0
    if (dirs & 1) and ou != TAIL and ov != HEAD:
        out |= 1
    if (dirs & 2) and ou != HEAD and ov != TAIL:
        out |= 2
    return out


@jit
def _pair_ok(t, c, W, forbid):
    """The vertex in slot c may take this edge as its second (no forbidden pair)."""
    if t[c] == SELF:
        return True
    k = t[2 * W + c]
    return k < 0 or ((forbid >> k) & 1) == 0


@jit
def _leave(t, c, W, visit):
    """Check and clear slot c of a vertex whose last edge was just decided."""
    m = t[c]
    if m >= 0:  # a fragment ends here: it can never close
        return False
    if m == SELF and visit:
        return False
    t[c] = EMPTY
    t[W + c] = FREE
    t[2 * W + c] = -1
    return True


@jit
def _step(s, t, bit, W, info):
    for k in range(len(s)):
        t[k] = s[k]
    if (info[O_ALLOWED] >> bit) & 1 == 0:
        return DEAD
    cu = info[O_CU]
    cv = info[O_CV]
    for c, entering in ((cu, info[O_ENTER_U]), (cv, info[O_ENTER_V])):
        if entering:
            t[c] = SELF
            t[W + c] = FREE
            t[2 * W + c] = -1
    if bit == 1:
        if t[3 * W] == 1:  # the cycle is already closed
            return DEAD
        mu = t[cu]
        mv = t[cv]
        if mu == DONE or mv == DONE:
            return DEAD
        if not _pair_ok(t, cu, W, info[O_FORBID_U]) or not _pair_ok(t, cv, W, info[O_FORBID_V]):
            return DEAD
        ways = _directions(t, cu, cv, W, info[O_DIRS])
        if ways == 0:
            return DEAD
        if mu == cv:  # u and v end the same fragment: the cycle closes
            for k in range(W):
                if k != cu and k != cv and t[k] >= 0:
                    return DEAD  # another open fragment could never close
            t[3 * W] = 1
            t[cu] = DONE
            t[cv] = DONE
        else:
            # the first edge is remembered only where a forbidden pair may follow
            # (pairs are symmetric): otherwise it would split states for nothing
            if mu == SELF and info[O_FORBID_U] != 0:
                t[2 * W + cu] = info[O_LOC_U]
            if mv == SELF and info[O_FORBID_V] != 0:
                t[2 * W + cv] = info[O_LOC_V]
            a, b = far_ends(t, cu, cv)
            if ways == 3:
                oa = FREE
                ob = FREE
            elif ways == 1:  # travel runs a ... u -> v ... b
                oa = TAIL
                ob = HEAD
            else:
                oa = HEAD
                ob = TAIL
            t[a] = b
            t[b] = a
            t[W + a] = oa
            t[W + b] = ob
        for c in (cu, cv):  # a vertex of degree 2 keeps no orientation or first edge
            if t[c] == DONE:
                t[W + c] = FREE
                t[2 * W + c] = -1
    if info[O_LEAVE_U] and not _leave(t, cu, W, info[O_VISIT_U]):
        return DEAD
    if info[O_LEAVE_V] and not _leave(t, cv, W, info[O_VISIT_V]):
        return DEAD
    return GOING


# A stored state packs each slot's mate, orientation and first edge into one int32
# (mate + 4 in bits 0-15, orientation in bits 16-17, first edge + 1 in bits 18-24),
# then the closed flag: W + 1 entries instead of 3W + 1, so states hash and compare
# three times faster.  The step works on the unpacked row.
_MATE_BITS = 16
_ORIENT_SHIFT = 16
_FIRST_SHIFT = 18


@jit
def _unpack(row, t, W):
    for c in range(W):
        x = row[c]
        t[c] = (x & 0xFFFF) - 4
        t[W + c] = (x >> _ORIENT_SHIFT) & 3
        t[2 * W + c] = ((x >> _FIRST_SHIFT) & 0x7F) - 1
    t[3 * W] = row[W]


@jit
def _pack(t, row, W):
    for c in range(W):
        row[c] = (t[c] + 4) | (t[W + c] << _ORIENT_SHIFT) | ((t[2 * W + c] + 1) << _FIRST_SHIFT)
    row[W] = t[3 * W]


def packed_root(W: int) -> np.ndarray:
    """The root state (every slot empty, free, without a first edge), packed."""
    t = np.empty(3 * W + 1, dtype=np.int32)
    t[:W] = EMPTY
    t[W:2 * W] = FREE
    t[2 * W:3 * W] = -1
    t[3 * W] = 0
    row = np.empty((1, W + 1), dtype=np.int32)
    _pack(t, row[0], W)
    return row


@jit
def layer(states, W, info, last, ctx):
    """All children of one layer: (status, child states, lo codes, hi codes).

    Codes: an index into the child states, -1 REJECT, -2 ACCEPT (the cycle closed)."""
    n = states.shape[0]
    table, out = child_store(n, W + 1)
    count = 0
    lo = np.empty(n, dtype=np.int64)
    hi = np.empty(n, dtype=np.int64)
    s = np.empty(3 * W + 1, dtype=np.int32)
    t = np.empty(3 * W + 1, dtype=np.int32)
    row = np.empty(W + 1, dtype=np.int32)
    for j in range(n):
        if j % POLL_EVERY == POLL_EVERY - 1 and poll(ctx):
            return INTERRUPTED, out[:0], lo, hi
        _unpack(states[j], s, W)
        for bit in range(2):
            status = _step(s, t, bit, W, info)
            if status == DEAD:
                code = -1
            elif last:
                code = -2 if t[3 * W] == 1 else -1
            else:
                _pack(t, row, W)
                code, count = intern(row, table, out, count)
            if bit == 0:
                lo[j] = code
            else:
                hi[j] = code
    return OK, out[:count].copy(), lo, hi


@jit
def sweep(states, W, infos, start, stop, ctx, work, kept):
    """Layers ``start`` .. ``stop - 1`` in one call (or fewer: it returns once ``work``
    states have been expanded, so that the caller can show progress).

    Returns (status, states, sizes, lo codes, hi codes, next layer, kept bytes):
    the codes of all layers run, concatenated, ``sizes`` their state counts.  Before
    each layer the states, the codes kept so far (``kept`` bytes) and the next
    layer's tables are checked against the universe's memory budget: NOMEM when
    they would pass it."""
    m = infos.shape[0]
    cap = 1024
    lo_all = np.empty(cap, dtype=np.int64)
    hi_all = np.empty(cap, dtype=np.int64)
    sizes = np.zeros(stop - start, dtype=np.int64)
    used = 0
    done = 0
    i = start
    while i < stop:
        n = states.shape[0]
        if over_budget(ctx, kept + 6 * states.nbytes + 64 * n):
            return NOMEM, states, sizes[:i - start], lo_all[:used], hi_all[:used], i, kept
        status, nxt, lo, hi = layer(states, W, infos[i], i == m - 1, ctx)
        if status != OK:
            return status, states, sizes[:i - start], lo_all[:used], hi_all[:used], i, kept
        while used + n > cap:
            cap *= 2
            bigger = np.empty(cap, dtype=np.int64)
            bigger[:used] = lo_all[:used]
            lo_all = bigger
            bigger = np.empty(cap, dtype=np.int64)
            bigger[:used] = hi_all[:used]
            hi_all = bigger
        lo_all[used:used + n] = lo
        hi_all[used:used + n] = hi
        used += n
        kept += 16 * n
        sizes[i - start] = n
        states = nxt
        i += 1
        done += n
        if done >= work:
            break
    return OK, states, sizes[:i - start], lo_all[:used], hi_all[:used], i, kept
