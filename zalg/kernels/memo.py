"""The memo table of one kernel call: (op, f, g) -> result node, open addressing.

Rows are ``[op, f, g, result]``; op 0 marks a free row.  Every stored result
holds one CUDD reference, released by ``release`` when the call ends (also on
its error path).  The table doubles when half full (``put`` returns the table
to use from then on); growing past the Universe's memory budget raises
``MemoryError``, which the driver turns into NOMEM.
"""

from __future__ import annotations

import numpy as np

from .native import jit
from .nodes import deref, over_budget

ROW = 4


@jit
def new_memo():
    """(table, count): an empty table and its number of entries."""
    return np.zeros((1024, ROW), dtype=np.int64), np.zeros(1, dtype=np.int64)


@jit(signature="int64(int64[:, ::1], int64, int64, int64)")
def find(table, op, a, b):
    """Row of key (op, a, b), or of the free row where it would go."""
    mask = table.shape[0] - 1
    h = (np.uint64(a) * np.uint64(0x9E3779B97F4A7C15)) ^ (np.uint64(b) * np.uint64(0xC2B2AE3D27D4EB4F))
    h = h ^ (np.uint64(op) * np.uint64(0x165667B19E3779F9))
    i = np.int64((h >> np.uint64(20)) & np.uint64(mask))
    while table[i, 0] != 0 and not (table[i, 0] == op and table[i, 1] == a and table[i, 2] == b):
        i = (i + 1) & mask
    return i


@jit(signature="int64(int64[:, ::1], int64, int64, int64)")
def get(table, op, a, b):
    """The stored result for (op, a, b), or -1."""
    i = find(table, op, a, b)
    return table[i, 3] if table[i, 0] != 0 else -1


@jit
def put(table, count, env, op, a, b, value):
    """Store a result (its reference now belongs to the table); returns the table,
    a new one if it had to grow."""
    if 2 * (count[0] + 1) > table.shape[0]:  # keep the load under one half
        size = 2 * table.shape[0]
        if over_budget(env, size * ROW * 8):
            raise MemoryError("memo table over the memory budget")
        bigger = np.zeros((size, ROW), dtype=np.int64)
        for j in range(table.shape[0]):
            if table[j, 0] != 0:
                t = find(bigger, table[j, 0], table[j, 1], table[j, 2])
                bigger[t, :] = table[j, :]
        table = bigger
    i = find(table, op, a, b)
    table[i, 0] = op
    table[i, 1] = a
    table[i, 2] = b
    table[i, 3] = value
    count[0] += 1
    return table


@jit
def release(table, env):
    """Release every stored result."""
    for j in range(table.shape[0]):
        if table[j, 0] != 0:
            deref(env, table[j, 3])
            table[j, 0] = 0
