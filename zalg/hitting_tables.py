"""The last elements of a top-down hitting-set construction, decided by truth tables.

For the last R elements e_0 < ... < e_(R-1) of E and a node n of F below e_0, the
table T(n) holds one bit per subset S of those elements: S hits every member of
n's family.  Bottom up: T(∅ terminal) = all ones, T({∅} terminal) = zeros, at a
level outside E T(n) = T(lo) ∧ T(hi), at e_j T(n) = T(lo) ∧ (S ∋ e_j ∨ T(hi)).  A
top-down state (a set of F's nodes) becomes the conjunction of its nodes' tables,
which is canonical: states with the same hitting family become one, where the
sets of nodes differ (on the Slitherlink designer's relation, 10-400x as many
sets as the result has nodes in the last levels).  Deciding e_0 then keeps the
half of the table with that bit of S, a table over e_1, ..., e_(R-1).
"""

from __future__ import annotations

import numpy as np

from .kernels.compiling import jit
from .unique_topdown import DONE, STOPPED, new_store, stop_now, store_state

#: codes of a child (as in ``hitting_topdown``)
DEAD, ALL = -1, -2
#: the words of bit j < 6 set, within one 64-bit word
LOW_MASKS = np.array([0xAAAAAAAAAAAAAAAA, 0xCCCCCCCCCCCCCCCC, 0xF0F0F0F0F0F0F0F0,
                       0xFF00FF00FF00FF00, 0xFFFF0000FFFF0000, 0xFFFFFFFF00000000],
                      dtype=np.uint64)


def words(R: int) -> int:
    """64-bit words of a table over R elements."""
    return max(1, (1 << R) // 64)


@jit
def _ones(R, out):
    """All subsets: every valid bit set."""
    if R >= 6:
        out[:] = np.uint64(0xFFFFFFFFFFFFFFFF)
    else:
        out[0] = np.uint64((1 << (1 << R)) - 1)


@jit
def _member_mask(j, R, out):
    """The table of the subsets holding e_j."""
    nw = len(out)
    for w in range(nw):
        if j >= 6:
            out[w] = np.uint64(0xFFFFFFFFFFFFFFFF) if (w >> (j - 6)) & 1 else np.uint64(0)
        else:
            out[w] = LOW_MASKS[j]
    if R < 6:
        ones = np.empty(1, dtype=np.uint64)
        _ones(R, ones)
        out[0] &= ones[0]


@jit
def all_zero(row):
    """Whether the table ``row`` has no bit set (no member)."""
    for w in range(len(row)):
        if row[w] != 0:
            return False
    return True


@jit
def node_tables(level, hi, lo, first, bit, R, ctx):
    """(status, T): T(n) for the nodes first, first + 1, ... (numbered by level,
    children after parents), row n - first; ``bit[level]``: j for e_j, -1 outside E.
    Status STOPPED at Ctrl-C."""
    nw = max(1, (1 << R) // 64)
    n_nodes = len(level) - first
    T = np.empty((max(n_nodes, 0), nw), dtype=np.uint64)
    ones = np.empty(nw, dtype=np.uint64)
    _ones(R, ones)
    zeros = np.zeros(nw, dtype=np.uint64)
    masks = np.empty((R, nw), dtype=np.uint64)
    for j in range(R):
        _member_mask(j, R, masks[j])
    for n in range(len(level) - 1, first - 1, -1):
        if stop_now(n, ctx):
            return STOPPED, T
        c0 = lo[n]
        c1 = hi[n]
        t0 = ones if c0 == 0 else (zeros if c0 == 1 else T[c0 - first])
        t1 = ones if c1 == 0 else (zeros if c1 == 1 else T[c1 - first])
        j = bit[level[n]]
        row = T[n - first]
        if j < 0:
            for w in range(nw):
                row[w] = t0[w] & t1[w]
        else:
            for w in range(nw):
                row[w] = t0[w] & (masks[j, w] | t1[w])
    return DONE, T


@jit
def to_tables(data, off, count, T, first, R, ctx):
    """The states data[off[i]:off[i+1]] (sets of nodes numbered ≥ first) as the
    conjunctions of their tables, one stored row each: (status, codes, rows, offsets,
    count), status STOPPED at Ctrl-C."""
    nw = max(1, (1 << R) // 64)
    codes = np.empty(count, dtype=np.int64)
    acc = np.empty(nw, dtype=np.uint64)
    table, hashes, ndata, noff, m = new_store()
    for i in range(count):
        if stop_now(i, ctx):
            return STOPPED, codes, ndata, noff, m
        _ones(R, acc)
        for a in range(off[i], off[i + 1]):
            row = T[data[a] - first]
            for w in range(nw):
                acc[w] &= row[w]
        codes[i], table, hashes, ndata, noff, m = store_state(acc.view(np.int64), nw, table,
                                                              hashes, ndata, noff, m)
    return DONE, codes, ndata, noff, m


@jit
def _half(w, b):
    """The 32 bits of word w at the positions whose lowest index bit is b, packed."""
    x = (w >> np.uint64(b)) & np.uint64(0x5555555555555555)
    x = (x | (x >> np.uint64(1))) & np.uint64(0x3333333333333333)
    x = (x | (x >> np.uint64(2))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    x = (x | (x >> np.uint64(4))) & np.uint64(0x00FF00FF00FF00FF)
    x = (x | (x >> np.uint64(8))) & np.uint64(0x0000FFFF0000FFFF)
    return (x | (x >> np.uint64(16))) & np.uint64(0x00000000FFFFFFFF)


@jit
def _fix(src, b, out):
    """The table src over r elements with its first element fixed to b, as a table
    over the other r - 1 (half the bits; the first element was index bit 0)."""
    nw = len(src)
    if nw == 1:
        out[0] = _half(src[0], b)
    else:
        for k in range(nw // 2):
            out[k] = _half(src[2 * k], b) | (_half(src[2 * k + 1], b) << np.uint64(32))


@jit
def table_level(data, count, r, last, ctx):
    """Both children of the ``count`` tables over r elements (rows of ``data``) at
    the first of them: (status, the next level's tables (over r - 1) as rows, offsets
    and count, the children's codes); status STOPPED at Ctrl-C."""
    nw = max(1, (1 << r) // 64)
    nout = max(1, (1 << (r - 1)) // 64)
    lo_code = np.empty(count, dtype=np.int32)
    hi_code = np.empty(count, dtype=np.int32)
    out = np.empty(nout, dtype=np.uint64)
    table, hashes, ndata, noff, m = new_store()
    src = data.view(np.uint64)
    for i in range(count):
        if stop_now(i, ctx):
            return STOPPED, ndata, noff, m, lo_code, hi_code
        for b in range(2):
            _fix(src[i * nw:(i + 1) * nw], b, out)
            if all_zero(out):
                code = DEAD
            elif last:
                code = ALL
            else:
                code, table, hashes, ndata, noff, m = store_state(out.view(np.int64), nout,
                                                                  table, hashes, ndata, noff, m)
            if b == 1:
                hi_code[i] = code
            else:
                lo_code[i] = code
    return DONE, ndata, noff, m, lo_code, hi_code
