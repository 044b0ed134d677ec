"""Families built from scratch: cardinality families and power sets, and the bulk
node builder that turns exported node arrays into CUDD nodes.

Both return (status, root) like the driver (see ``nodes``); on failure every
node they created is released."""
from __future__ import annotations

import numpy as np

from ..cudd.native import jit
from ..cudd.nodes import (C_NLEV, C_ONE, C_ZERO, INTERRUPTED, NOMEM, OK, POLL_EVERY, deref, getnode,
                    level, poll, ref)

# builder modes
EXACTLY, AT_MOST, AT_LEAST, POWER = 0, 1, 2, 3


@jit
def _cardinality(mode, ctx, marked, k, cur, nxt):
    Z = ctx[C_ZERO]
    O = ctx[C_ONE]
    width = k + 1
    for c in range(width):
        if mode == EXACTLY or mode == AT_LEAST:
            cur[c] = O if c == k else Z
        else:
            cur[c] = O
        ref(ctx, cur[c])
    # only the counts c that the root reaches and that can still end well are built
    # (c ≤ marked levels above; for == and ≥, c ≥ k − marked levels from here down, the
    # others stay ZERO): min(k, n − k) + 1 nodes a level, so exactly(n) is linear in n
    total = 0
    for lev in range(ctx[C_NLEV]):
        total += 1 if marked[lev] else 0
    below = 0
    for lev in range(ctx[C_NLEV] - 1, -1, -1):
        if lev % 64 == 0 and poll(ctx):
            return INTERRUPTED
        below += 1 if marked[lev] else 0
        first = max(0, k - below) if mode == EXACTLY or mode == AT_LEAST else 0
        last = min(k, total - below)
        for c in range(first, last + 1):
            if marked[lev]:
                if mode == POWER:
                    hi = cur[c]
                elif c + 1 < width:
                    hi = cur[c + 1]
                elif mode == AT_LEAST:
                    hi = cur[c]
                else:
                    hi = Z
                node = getnode(ctx, lev, hi, cur[c])
            elif mode == POWER:
                node = cur[c]
            else:
                node = getnode(ctx, lev, cur[c], cur[c])
            ref(ctx, node)
            nxt[c] = node
        for c in range(first, last + 1):
            deref(ctx, cur[c])
            cur[c] = nxt[c]
            nxt[c] = 0
    return OK


@jit
def build(mode, ctx, marked, k):
    """(status, root): every subset of the universe whose intersection with the
    marked levels has size ==, <=, >= k (EXACTLY, AT_MOST, AT_LEAST), or every
    subset of the marked elements (POWER)."""
    width = k + 1
    cur = np.zeros(width, dtype=np.int64)
    nxt = np.zeros(width, dtype=np.int64)
    try:
        status = _cardinality(mode, ctx, marked, k, cur, nxt)
    except Exception:
        status = NOMEM
    for c in range(width):
        if nxt[c] != 0:
            deref(ctx, nxt[c])
    if status != OK:
        for c in range(width):
            if cur[c] != 0:
                deref(ctx, cur[c])
        return status, 0
    for c in range(1, width):
        deref(ctx, cur[c])
    return OK, cur[0]


@jit
def _create(ctx, level, hi, lo, ptr, made):
    for i in range(2, len(hi)):
        if i % POLL_EVERY == 0 and poll(ctx):
            return INTERRUPTED
        ptr[i] = getnode(ctx, level[i], ptr[hi[i]], ptr[lo[i]])
        ref(ctx, ptr[i])
        made[0] = i
    return OK


@jit
def rebuild(ctx, level, hi, lo, root):
    """(status, root): create the nodes of exported arrays (children before parents).

    Ids 0 and 1 are the terminals; node i has ``level[i]`` and child ids
    ``hi[i]``, ``lo[i]`` below i.  This is the bulk node builder: one call per
    ZDD, no Python per node.  The arrays must be valid (``checked_arrays``)."""
    n = len(hi)
    ptr = np.zeros(n, dtype=np.int64)
    ptr[0] = ctx[C_ZERO]
    ptr[1] = ctx[C_ONE]
    made = np.ones(1, dtype=np.int64)  # nodes 2..made[0] hold a reference
    try:
        status = _create(ctx, level, hi, lo, ptr, made)
    except Exception:
        status = NOMEM
    result = 0
    if status == OK:
        result = ptr[root]
        ref(ctx, result)
    for i in range(2, made[0] + 1):
        deref(ctx, ptr[i])
    return status, result


@jit
def checked_arrays(level, hi, lo, root, nlev):
    """-1 when node arrays describe a valid ZDD for ``rebuild``, else the first bad id.

    Valid: ids 0, 1 terminal; for every node i >= 2, 0 <= level[i] < nlev, children
    are earlier ids (0 <= lo[i], hi[i] < i; hi = 0 is reduced away), and a child that is a node
    lies strictly below i; the root is an id."""
    n = len(hi)
    if len(level) != n or len(lo) != n or n < 2 or root < 0 or root >= n:
        return 0
    for i in range(2, n):
        lv = level[i]
        if lv < 0 or lv >= nlev or hi[i] < 0 or hi[i] >= i or lo[i] < 0 or lo[i] >= i:
            return i
        if hi[i] >= 2 and level[hi[i]] <= lv:
            return i
        if lo[i] >= 2 and level[lo[i]] <= lv:
            return i
    return -1


#: ``rebuild_layers``: a code or level out of range (the diagram is rejected)
BAD = -1


@jit
def _child(code, below, nbelow, aux, naux):
    """The node a layer code names (0 when it names nothing valid): -1 REJECT, -2 ACCEPT,
    k >= 0 node k of the next layer, k <= -3 aux node -3 - k of this layer.  ``below``
    holds ACCEPT and REJECT in its first two entries, then the next layer's nodes,
    so the common codes cost one comparison and one load."""
    if code >= -2:
        return below[code + 2] if code < nbelow else 0
    k = -3 - code
    return aux[k] if k < naux else 0


@jit
def _layers(ctx, levels, sizes, lo, hi, aux_count, aux_level, aux_lo, aux_hi, below, cur,
            aux, state):
    """Create the layers bottom-up; ``state`` = [nodes held in ``below``, in ``cur``, in
    ``aux``, bad id] so the caller can release them whatever happens."""
    m = len(sizes)
    starts = np.zeros(m + 1, dtype=np.int64)
    astarts = np.zeros(m + 1, dtype=np.int64)
    for i in range(m):
        starts[i + 1] = starts[i] + sizes[i]
        astarts[i + 1] = astarts[i] + aux_count[i]
    nbelow = 0
    steps = 0
    for i in range(m - 1, -1, -1):
        lev = levels[i]
        na = 0
        if lev < 0 or lev >= ctx[C_NLEV] or (i + 1 < m and levels[i + 1] <= lev):
            state[3] = starts[i]
            return BAD
        for j in range(aux_count[i]):  # aux nodes: between this layer and the next
            a = astarts[i] + j
            h = _child(aux_hi[a], below, nbelow, aux, na)
            low = _child(aux_lo[a], below, nbelow, aux, na)
            al = aux_level[a]
            nxt = levels[i + 1] if i + 1 < m else ctx[C_NLEV]
            if (h == 0 or low == 0 or al <= lev or al >= nxt
                    or level(h, ctx) <= al or level(low, ctx) <= al):
                state[3] = a
                return BAD
            aux[na] = getnode(ctx, al, h, low)
            ref(ctx, aux[na])
            na += 1
            state[2] = na
        for j in range(sizes[i]):
            steps += 1
            if steps % POLL_EVERY == 0 and poll(ctx):
                return INTERRUPTED
            k = starts[i] + j
            h = _child(hi[k], below, nbelow, aux, na)
            low = _child(lo[k], below, nbelow, aux, na)
            if h == 0 or low == 0:  # children lie below: layers go strictly down
                state[3] = k
                return BAD
            cur[j] = getnode(ctx, lev, h, low)
            ref(ctx, cur[j])
            state[1] = j + 1
        for j in range(nbelow):
            deref(ctx, below[j + 2])
        state[0] = 0
        for j in range(na):
            deref(ctx, aux[j])
        state[2] = 0
        for j in range(sizes[i]):
            below[j + 2] = cur[j]
        nbelow = sizes[i]
        state[0] = nbelow
        state[1] = 0
    return OK


@jit
def rebuild_layers(ctx, levels, sizes, lo, hi, aux_count, aux_level, aux_lo, aux_hi):
    """(status, root, bad): create a layered diagram in CUDD, one layer at a time from
    the bottom, holding references only on the layer below and its aux nodes.

    Layer i has ``sizes[i]`` nodes at universe level ``levels[i]`` (layer 0: the
    root alone) and ``aux_count[i]`` aux nodes created first (levels between layer
    i's and layer i + 1's); ``lo`` / ``hi`` are the codes of all layers in order,
    ``aux_*`` those of the aux nodes (codes: see ``_child``; an aux node names only
    aux nodes made before it).  A frontier diagram has many more unreduced nodes
    than reduced ones: this never holds an array over all of them.  Status BAD (with
    the offending index) for a code or level that does not describe a ZDD."""
    width = 1
    awidth = 1
    for i in range(len(sizes)):
        width = max(width, sizes[i])
        awidth = max(awidth, aux_count[i])
    below = np.zeros(width + 2, dtype=np.int64)
    below[0] = ctx[C_ONE]
    below[1] = ctx[C_ZERO]
    cur = np.zeros(width, dtype=np.int64)
    aux = np.zeros(awidth, dtype=np.int64)
    state = np.zeros(4, dtype=np.int64)
    try:
        status = _layers(ctx, levels, sizes, lo, hi, aux_count, aux_level, aux_lo, aux_hi,
                         below, cur, aux, state)
    except Exception:
        status = NOMEM
    root = 0
    if status == OK:
        if state[0] != 1:
            status = BAD
        else:
            root = below[2]
            ref(ctx, root)
    for j in range(state[0]):
        deref(ctx, below[j + 2])
    for j in range(state[1]):
        deref(ctx, cur[j])
    for j in range(state[2]):
        deref(ctx, aux[j])
    return status, root, state[3]
