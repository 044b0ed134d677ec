"""Families built from scratch: cardinality families and power sets, and the bulk
node builder that turns exported node arrays into CUDD nodes.

Both return (status, root) like the driver (see ``nodes``); on failure every
node they created is released."""
from __future__ import annotations

import numpy as np

from ..cudd.native import jit
from ..cudd.nodes import (C_NLEV, C_ONE, C_ZERO, INTERRUPTED, NOMEM, OK, POLL_EVERY, deref,
                          getnode, poll, ref)

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
