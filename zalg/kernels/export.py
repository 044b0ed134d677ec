"""ZDD nodes out of CUDD into arrays, children before parents (for reading and saving)."""
from __future__ import annotations

import numpy as np

from .native import jit, node_hi, node_index, node_lo
from .nodes import C_NLEV, C_ONE, C_ZERO, INTERRUPTED, NOMEM, OK, POLL_EVERY, poll


@jit
def _slot(keys, p):
    """Position of pointer p in an open-addressing table (its own or the free one)."""
    mask = len(keys) - 1
    h = (np.uint64(p) >> np.uint64(4)) * np.uint64(11400714819323198485)
    i = np.int64(h >> np.uint64(40)) & mask
    while keys[i] != 0 and keys[i] != p:
        i = (i + 1) & mask
    return i


@jit
def _walk(ctx, root, out):
    Z = ctx[C_ZERO]
    O = ctx[C_ONE]
    cap = 1024
    keys = np.zeros(2 * cap, dtype=np.int64)
    vals = np.zeros(2 * cap, dtype=np.int64)
    level = np.empty(cap, dtype=np.int64)
    hi = np.zeros(cap, dtype=np.int64)
    lo = np.zeros(cap, dtype=np.int64)
    level[0] = ctx[C_NLEV]
    level[1] = ctx[C_NLEV]
    for p, v in ((Z, 0), (O, 1)):
        i = _slot(keys, p)
        keys[i] = p
        vals[i] = v
    n = 2
    stack = [root]
    steps = 0
    while len(stack) > 0:
        steps += 1
        if steps % POLL_EVERY == 0 and poll(ctx):
            return INTERRUPTED
        p = stack[len(stack) - 1]
        if keys[_slot(keys, p)] == p:
            stack.pop()
            continue
        h = node_hi(p)
        l = node_lo(p)
        ih = _slot(keys, h)
        il = _slot(keys, l)
        ready = True
        if keys[ih] != h:
            stack.append(h)
            ready = False
        if keys[il] != l:
            stack.append(l)
            ready = False
        if not ready:
            continue
        stack.pop()
        if n == cap:  # grow the arrays and the table
            cap *= 2
            level = np.concatenate((level, np.empty(cap - n, dtype=np.int64)))
            hi = np.concatenate((hi, np.zeros(cap - n, dtype=np.int64)))
            lo = np.concatenate((lo, np.zeros(cap - n, dtype=np.int64)))
            old_keys = keys
            old_vals = vals
            keys = np.zeros(2 * cap, dtype=np.int64)
            vals = np.zeros(2 * cap, dtype=np.int64)
            for j in range(len(old_keys)):
                if old_keys[j] != 0:
                    k = _slot(keys, old_keys[j])
                    keys[k] = old_keys[j]
                    vals[k] = old_vals[j]
            ih = _slot(keys, h)
            il = _slot(keys, l)
        level[n] = node_index(p)
        hi[n] = vals[ih]
        lo[n] = vals[il]
        i = _slot(keys, p)
        keys[i] = p
        vals[i] = n
        n += 1
    out.append(level[:n].copy())
    out.append(hi[:n].copy())
    out.append(lo[:n].copy())
    out.append(np.array([vals[_slot(keys, root)]], dtype=np.int64))
    return OK


@jit
def export(ctx, root):
    """(status, [level, hi, lo, [root_id]]): the nodes below root as arrays.

    Ids 0 = empty family, 1 = {∅}; a non-terminal root is the last id.  Node ids
    live in an open-addressing table on the node pointers that doubles when half
    full."""
    out = [np.zeros(0, dtype=np.int64)]
    out.pop()
    try:
        status = _walk(ctx, root, out)
    except Exception:
        status = NOMEM
    return status, out
