"""The compiled driver's state store: pending child states, level by level, in one arena.

A child state made while level i is expanded belongs to a later level j (the next
one, or further when lookahead skips levels).  It is appended, unhashed, to level
j's pending rows, with the *branch* it fills (2 * parent node + bit).  Rows live
in one arena of fixed-size *chunks*: each level owns a chain of chunks (head,
tail, fill of the tail, rows in all), chunks of a finished level return to a free
stack, and before a level is expanded the arena is grown in place to hold its
children (the driver asks for it: ``NEED_ARENA``), so that appending a child is a
copy and a few stores.

``Store`` holds the arrays on the Python side between driver calls (``frontier.c``
works in them; ``run`` grows them in place when the driver asks).
"""

from __future__ import annotations

import numpy as np

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
