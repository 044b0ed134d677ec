"""ZDD nodes out of CUDD into arrays, children before parents (for reading and saving)."""
from __future__ import annotations

import numpy as np

from ..cudd.native import jit, node_hi, node_index, node_lo, prefetch
from ..cudd.nodes import C_NLEV, C_ONE, C_ZERO, INTERRUPTED, NOMEM, OK, POLL_EVERY, poll

#: node ids 0 and 1: the terminals
_TERMINALS = 2


@jit(inline=True)
def _home(p, shift):
    """The row where the probe for pointer p starts."""
    return np.int64(((np.uint64(p) >> np.uint64(4)) * np.uint64(11400714819323198485)) >> np.uint64(shift))


@jit
def _slot(table, p, shift):
    """Row of pointer p in an open-addressing table of (pointer, id) rows: its own, or
    the free row where it goes (``shift``: 64 minus the log2 of the number of rows)."""
    mask = table.shape[0] - 1
    h = (np.uint64(p) >> np.uint64(4)) * np.uint64(11400714819323198485)
    i = np.int64(h >> np.uint64(shift))
    while table[i, 0] != 0 and table[i, 0] != p:
        i = (i + 1) & mask
    return i


@jit
def _grown(table, shift):
    """(table, shift): the table with twice the rows, every row moved over."""
    bigger = np.zeros((2 * table.shape[0], 2), dtype=np.int64)
    shift -= 1
    for j in range(table.shape[0]):
        if table[j, 0] != 0:
            k = _slot(bigger, table[j, 0], shift)
            bigger[k, 0] = table[j, 0]
            bigger[k, 1] = table[j, 1]
    return bigger, shift


@jit
def _longer(a, size):
    """a's entries in an array of ``size`` entries."""
    b = np.empty(size, dtype=np.int64)
    b[:a.shape[0]] = a
    return b


@jit
def _walk(ctx, root, out):
    """Depth-first from root: a node gets its id once both children have theirs.  A stack
    entry is a node, its phase (0: not yet looked at, 1: children asked for) and where
    its id goes (``dest``: a child slot of the entry below that asked for it), so each
    node is looked up in the table once per edge that reaches it and inserted once."""
    Z = ctx[C_ZERO]
    O = ctx[C_ONE]
    shift = 64 - 11
    table = np.zeros((1 << 11, 2), dtype=np.int64)  # rows (pointer, id)
    for p, v in ((Z, 0), (O, 1)):
        i = _slot(table, p, shift)
        table[i, 0] = p
        table[i, 1] = v
    cap = 1024
    level = np.empty(cap, dtype=np.int64)
    hi = np.zeros(cap, dtype=np.int64)
    lo = np.zeros(cap, dtype=np.int64)
    level[0] = ctx[C_NLEV]
    level[1] = ctx[C_NLEV]
    n = _TERMINALS
    depth = 256
    stack = np.empty(depth, dtype=np.int64)
    phase = np.empty(depth, dtype=np.int64)
    dest = np.empty(depth, dtype=np.int64)
    kids = np.empty(2 * depth, dtype=np.int64)  # entry s: kids[2s] hi's id, kids[2s + 1] lo's
    stack[0] = root
    phase[0] = 0
    dest[0] = -1
    ns = 1
    found = 0
    steps = 0
    while ns > 0:
        steps += 1
        if steps % POLL_EVERY == 0 and poll(ctx):
            return INTERRUPTED
        s = ns - 1
        p = stack[s]
        if phase[s] == 0:
            i = _slot(table, p, shift)
            if table[i, 0] == p:  # numbered already (a terminal, or reached before)
                ns -= 1
                if dest[s] >= 0:
                    kids[dest[s]] = table[i, 1]
                else:
                    found = table[i, 1]
                continue
            phase[s] = 1
            if ns + 2 > depth:
                depth *= 2
                stack = _longer(stack, depth)
                phase = _longer(phase, depth)
                dest = _longer(dest, depth)
                kids = _longer(kids, 2 * depth)
            for which in range(2):  # hi, then lo on top: lo's side is numbered first
                c = node_hi(p) if which == 0 else node_lo(p)
                if c == Z or c == O:
                    kids[2 * s + which] = 0 if c == Z else 1
                else:
                    prefetch(c)  # its fields and its table row, loaded before it is popped
                    prefetch(table.ctypes.data + _home(c, shift) * 16)
                    stack[ns] = c
                    phase[ns] = 0
                    dest[ns] = 2 * s + which
                    ns += 1
            continue
        if n == cap:
            cap *= 2
            level = _longer(level, cap)
            hi = _longer(hi, cap)
            lo = _longer(lo, cap)
        if 2 * (n + 1) > table.shape[0]:
            table, shift = _grown(table, shift)
        level[n] = node_index(p)
        hi[n] = kids[2 * s]
        lo[n] = kids[2 * s + 1]
        i = _slot(table, p, shift)
        table[i, 0] = p
        table[i, 1] = n
        ns -= 1
        if dest[s] >= 0:
            kids[dest[s]] = n
        else:
            found = n
        n += 1
    out.append(level[:n].copy())
    out.append(hi[:n].copy())
    out.append(lo[:n].copy())
    out.append(np.array([found], dtype=np.int64))
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
