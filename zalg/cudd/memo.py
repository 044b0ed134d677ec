"""The memo table of one kernel call: (op, f, g) -> result, bounded by the budget.

Rows are ``[op, f, g, result]``; op 0 marks a free row.  A row holds one CUDD
reference on its result.  Keys need none (except where the op column carries
``KEY_HELD``: the row references g as well): an operand of the call is a cofactor of
its operands or of a result, and every result stays referenced (by this table or
the value stack) until the table is flushed, which clears every key at once; so
a key can never name a freed node whose address was reused.  The table
doubles when three quarters full (and CUDD's own hard limit is lowered by the table's size,
so both together stay within the budget); when doubling would pass the budget
(``put_owned`` answers FULL), or when CUDD runs out of room, the driver *flushes*
it instead: every row is released (CUDD's garbage collector can then free what only the table kept
alive) and the call goes on, recomputing what it needs again.  Memory then
follows the work: a call that fits keeps every result, one that does not trades
time for room instead of failing.
"""

from __future__ import annotations

import numpy as np

from .native import jit
from .nodes import deref, lend_to_tables, over_budget, ref

ROW = 4
#: the table doubles when a store would pass this load (rows in use / rows): at 3/4
#: rather than 1/2 it is half the size, so fewer of its rows miss the caches and the
#: TLB (a probe's miss was a third of meet's time, docs/performance.md)
LOAD_NUM, LOAD_DEN = 3, 4
#: a flag in the op column: the row also holds a reference on its key ``g`` (an
#: operation that keys subproblems by nodes it built, ``HOLDS_KEYS``)
KEY_HELD = 1 << 40
#: the most rows a table may have (a table row is 32 bytes: 2^27 rows = 4 GB)
MAX_ROWS = 1 << 27


@jit
def new_memo():
    """(table, count): an empty table and its number of entries."""
    return np.zeros((1024, ROW), dtype=np.int64), np.zeros(1, dtype=np.int64)


@jit(inline=True)
def home(table, op, a, b):
    """The row where the probe for key (op, a, b) starts."""
    mask = table.shape[0] - 1
    h = (np.uint64(a) * np.uint64(0x9E3779B97F4A7C15)) ^ (np.uint64(b) * np.uint64(0xC2B2AE3D27D4EB4F))
    h = h ^ (np.uint64(op) * np.uint64(0x165667B19E3779F9))
    return np.int64((h >> np.uint64(20)) & np.uint64(mask))


@jit(inline=True)
def probe(table, op, a, b):
    """Row of key (op, a, b), or of the free row where it would go (``find``, inlined
    where it is called: no call, no reference counting of ``table``)."""
    mask = table.shape[0] - 1
    i = home(table, op, a, b)
    while table[i, 0] != 0 and not (table[i, 0] == op and table[i, 1] == a and table[i, 2] == b):
        i = (i + 1) & mask
    return i


@jit(signature="int64(int64[:, ::1], int64, int64, int64)")
def find(table, op, a, b):
    """Row of key (op, a, b), or of the free row where it would go."""
    return probe(table, op, a, b)


@jit(signature="int64(int64[:, ::1], int64, int64, int64)")
def get(table, op, a, b):
    """The stored result for (op, a, b), or -1."""
    i = find(table, op, a, b)
    return table[i, 3] if table[i, 0] != 0 else -1


@jit
def release_all(table, count, env):
    """Release every row: the table is empty afterwards (and keeps its size)."""
    for j in range(table.shape[0]):
        if table[j, 0] != 0:
            deref(env, table[j, 3])
            if table[j, 0] & KEY_HELD:
                deref(env, table[j, 2])
            table[j, 0] = 0
    count[0] = 0


STORED, PRESENT, FULL = 1, 0, 2


@jit(inline=True)
def fill(table, count, i, op, a, b, value):
    """Write key (op, a, b) and its value into the free row i."""
    table[i, 0] = op
    table[i, 1] = a
    table[i, 2] = b
    table[i, 3] = value
    count[0] += 1


@jit
def _zeros(size):
    """(an empty table of ``size`` rows, True), or (a stand-in, False) when memory runs out."""
    try:
        return np.zeros((size, ROW), dtype=np.int64), True
    except Exception:  # MemoryError: the caller flushes instead of growing
        return np.zeros((1, ROW), dtype=np.int64), False


@jit(inline=True)
def has_room(table, count):
    """Whether one more row keeps the table's load within LOAD_NUM / LOAD_DEN."""
    return LOAD_DEN * (count[0] + 1) <= LOAD_NUM * table.shape[0]


@jit
def put_owned(table, count, env, op, a, b, value):
    """Store a result whose reference the table takes over.  Returns (table, outcome):
    the table to use from now on (a bigger one when it had to grow), and STORED,
    PRESENT (the key was there already: the caller keeps its reference) or FULL
    (growing would pass the budget: nothing stored; the caller flushes and retries)."""
    if not has_room(table, count):
        size = 2 * table.shape[0]
        # the old table and the new one live together while it is copied; afterwards
        # CUDD's own limit leaves the new one its room
        if size > MAX_ROWS or over_budget(env, (size + table.shape[0]) * ROW * 8):
            return table, FULL
        bigger, made = _zeros(size)
        if not made:
            return table, FULL
        for j in range(table.shape[0]):
            if table[j, 0] != 0:
                t = find(bigger, table[j, 0], table[j, 1], table[j, 2])
                bigger[t, :] = table[j, :]
        table = bigger
        lend_to_tables(env, size * ROW * 8)
    i = find(table, op, a, b)
    if table[i, 0] != 0:
        return table, PRESENT
    fill(table, count, i, op, a, b, value)
    return table, STORED


@jit
def flush(table, count, values, owned, nv, env):
    """Empty the table in the middle of a call: every value still waiting in a slot of
    the caller's value stack (``values[:nv]``, borrowed unless ``owned``; a slot not
    filled yet holds 0) is referenced first."""
    for i in range(nv):
        if owned[i] == 0 and values[i] != 0:
            ref(env, values[i])
            owned[i] = 1
    release_all(table, count, env)


@jit(inline=True)
def store(table, count, env, op, a, b, value, values, owned, nv, hm):
    """Hand ``value`` (referenced) of key (op, a, b) to the table: (table, value, outcome)
    with the value borrowed from the table (an equal key may have been stored meanwhile:
    PRESENT, the caller's reference released) and the table to use from now on (also
    put in ``hm[0]``).  The fast path is inlined (no call, no growth); when the table
    cannot grow within the budget it is flushed (``flush``) and the value stored in the
    empty table."""
    i = probe(table, op, a, b)
    if table[i, 0] != 0:
        deref(env, value)
        return table, table[i, 3], PRESENT
    if has_room(table, count):
        fill(table, count, i, op, a, b, value)
        return table, value, STORED
    table, stored = put_owned(table, count, env, op, a, b, value)
    if stored == FULL:  # no room for a bigger table: start afresh
        flush(table, count, values, owned, nv, env)
        table, stored = put_owned(table, count, env, op, a, b, value)
    hm[0] = table
    if stored == PRESENT:
        deref(env, value)
        value = get(table, op, a, b)
    return table, value, stored
