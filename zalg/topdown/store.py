"""The driver's state store: pending child states, level by level, in one arena.

A child state made while level i is expanded belongs to a later level j (the next
one, or further when lookahead skips levels).  It is appended, unhashed, to level
j's pending rows, with the *branch* it fills (2 * parent node + bit).  Rows live
in one arena of fixed-size *chunks*: each level owns a chain of chunks (head,
tail, fill of the tail, rows in all), chunks of a finished level return to a free
stack, and the arena grows (doubling) between two states, when fewer than two
free chunks are left, so that appending a child is a copy and a few stores.  No
per-level Python object, no typed list.

``Store`` holds the arrays on the Python side between driver calls; the compiled
functions take them as arrays.
"""

from __future__ import annotations

import numpy as np

from ..cudd.compiling import jit
from .functions import compiled

__all__ = ["Store", "CHUNK", "HEAD", "TAIL", "FILL", "COUNT"]

#: rows per chunk
CHUNK = 64
#: columns of ``Store.levels``
HEAD, TAIL, FILL, COUNT = range(4)
#: ``Store.meta``: free chunks on the stack, chunks ever handed out, next level to
#: expand, next node number, bytes held (arena and codes), states of the last level
M_FREE, M_BUMP, M_LEVEL, M_NODE, M_BYTES, M_WIDTH = range(6)


class Store:
    """The arena and the per-level chains of an ``m``-level machine run, its root state
    pending at level 0 (it fills the lo branch of node 0, the root's virtual parent)."""

    def __init__(self, m: int, root: np.ndarray, chunks: int = 4):
        w = len(root)
        self.rows = np.empty((chunks * CHUNK, w), dtype=root.dtype)
        self.src = np.empty(chunks * CHUNK, dtype=np.int64)
        self.next = np.full(chunks, -1, dtype=np.int64)
        self.free = np.empty(chunks, dtype=np.int64)
        self.levels = np.full((m + 1, 4), -1, dtype=np.int64)
        self.levels[:, FILL] = 0
        self.levels[:, COUNT] = 0
        self.meta = np.zeros(6, dtype=np.int64)
        self.meta[M_NODE] = 1
        self.meta[M_BYTES] = self.rows.nbytes + self.src.nbytes
        self.meta[M_BUMP] = 1  # chunk 0 holds the root
        self.rows[0] = root
        self.src[0] = 0
        self.levels[0] = (0, 0, 1, 1)


@compiled
def _chunk(nxt, free, meta):
    """A chunk from the free stack, or a new one (the caller reserved room)."""
    if meta[M_FREE] > 0:
        meta[M_FREE] -= 1
        c = free[meta[M_FREE]]
    else:
        c = meta[M_BUMP]
        meta[M_BUMP] += 1
    nxt[c] = -1
    return c


@compiled
def push(rows, src, nxt, free, levels, meta, w, j, t, branch):
    """Append the w entries at t as a pending state of level j that fills ``branch``.
    Every argument but w, j and branch is a pointer (``pointers.at`` into
    the store's arrays): this runs once per child, inlined into the driver's loop."""
    at = 4 * j
    tail = levels[at + TAIL]
    fill = levels[at + FILL]
    if tail < 0 or fill == CHUNK:
        c = _chunk(nxt, free, meta)
        if tail < 0:
            levels[at + HEAD] = c
        else:
            nxt[tail] = c
        levels[at + TAIL] = c
        tail = c
        fill = 0
    r = tail * CHUNK + fill
    base = r * w
    for k in range(w):
        rows[base + k] = t[k]
    src[r] = branch
    levels[at + FILL] = fill + 1
    levels[at + COUNT] += 1


@compiled
def members(nxt, levels, j, ids):
    """The arena rows pending at level j, in the order they came, into ``ids``."""
    n = levels[j, COUNT]
    c = levels[j, HEAD]
    k = 0
    while k < n:
        take = min(CHUNK, n - k)
        for i in range(take):
            ids[k + i] = c * CHUNK + i
        k += take
        c = nxt[c]


@compiled
def release(nxt, free, levels, meta, j):
    """Give level j's chunks back to the free stack."""
    c = levels[j, HEAD]
    while c >= 0:
        free[meta[M_FREE]] = c
        meta[M_FREE] += 1
        c = nxt[c]
    levels[j, HEAD] = -1
    levels[j, TAIL] = -1
    levels[j, FILL] = 0
    levels[j, COUNT] = 0


@jit
def grow(rows, src, nxt, free, meta):
    """The arena with twice the chunks: (rows, src, next, free)."""
    chunks = nxt.shape[0]
    cap = 2 * chunks
    w = rows.shape[1]
    used = meta[M_BUMP] * CHUNK
    bigger = np.empty((cap * CHUNK, w), dtype=rows.dtype)
    bigger[:used] = rows[:used]
    wider = np.empty(cap * CHUNK, dtype=np.int64)
    wider[:used] = src[:used]
    links = np.full(cap, -1, dtype=np.int64)
    links[:chunks] = nxt
    stack = np.empty(cap, dtype=np.int64)
    stack[:meta[M_FREE]] = free[:meta[M_FREE]]
    meta[M_BYTES] += (cap - chunks) * CHUNK * (rows.itemsize * w + 8)
    return bigger, wider, links, stack
