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

from ..cudd.compiling import jit
from ..cudd.interrupts import call_returning_arrays
from .unique_exists import DONE, STOPPED, native, native_level, new_store, stop_now, store_state

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


#: words of a node's table read together by the conjunction: the tables are stored block
#: by block, so that one block of every node's table can stay in cache while a chunk of
#: states is conjoined over it (whole tables: 1 << 16)
BLOCK = 64
#: states conjoined together (their tables, the chunk's buffer: 16 MB at 2^16 bits)
CHUNK = 2048


def block_words(R: int) -> int:
    """64-bit words of one block of a table over R elements."""
    return min(BLOCK, words(R))


def node_tables(level, hi, lo, first, bit, R: int, bw: int, ctx) -> tuple:
    """(status, T): T(n) for the nodes first, first + 1, ... (``_node_tables``), by the
    compiled kernel when the extension is there."""
    if native is None:
        return call_returning_arrays(_node_tables, level, hi, lo, first, bit, R, bw, ctx)
    status, T = native.ht_node_tables(level, hi, lo, first, bit, R, bw, ctx)
    if status != DONE:
        return status, None
    rows = max(len(level) - first, 0)
    return status, np.frombuffer(T, dtype=np.uint64).reshape(words(R) // bw, rows, bw)


@jit
def _node_tables(level, hi, lo, first, bit, R, bw, ctx):
    """(status, T): T(n) for the nodes first, first + 1, ... (numbered by level,
    children after parents), in blocks of bw words (``block_words(R)``): word
    k * bw + t of node n's table is T[k, n - first, t].  ``bit[level]``: j for e_j,
    -1 outside E.  Status STOPPED at Ctrl-C."""
    nw = max(1, (1 << R) // 64)
    nb = nw // bw
    n_nodes = len(level) - first
    T = np.empty((nb, max(n_nodes, 0), bw), dtype=np.uint64)
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
        j = bit[level[n]]
        for k in range(nb):
            t0 = ones[k * bw:(k + 1) * bw] if c0 == 0 else (
                zeros[k * bw:(k + 1) * bw] if c0 == 1 else T[k, c0 - first])
            t1 = ones[k * bw:(k + 1) * bw] if c1 == 0 else (
                zeros[k * bw:(k + 1) * bw] if c1 == 1 else T[k, c1 - first])
            row = T[k, n - first]
            if j < 0:
                for t in range(bw):
                    row[t] = t0[t] & t1[t]
            else:
                for t in range(bw):
                    row[t] = t0[t] & (masks[j, k * bw + t] | t1[t])
    return DONE, T


@jit
def _conjoin(data, off, c0, c1, T, first, ones, buf, codes, store, ctx):
    """States c0 .. c1 - 1 (a chunk) of ``to_tables``, block by block into ``buf``,
    then stored: (status, the store)."""
    nb, _, bw = T.shape
    nw = nb * bw
    table, hashes, ndata, noff, m = store
    for k in range(nb):
        Tk = T[k]
        for i in range(c0, c1):
            if stop_now(i, ctx):
                return STOPPED, (table, hashes, ndata, noff, m)
            acc = buf[i - c0, k * bw:(k + 1) * bw]
            acc[:] = ones[k * bw:(k + 1) * bw]
            for a in range(off[i], off[i + 1]):
                row = Tk[data[a] - first]
                for t in range(bw):
                    acc[t] &= row[t]
    for i in range(c0, c1):
        codes[i], table, hashes, ndata, noff, m = store_state(buf[i - c0].view(np.int64), nw,
                                                              table, hashes, ndata, noff, m)
    return DONE, (table, hashes, ndata, noff, m)


def to_tables(data, off, count: int, T: np.ndarray, first: int, R: int, ctx) -> tuple:
    """The states data[off[i]:off[i+1]] (sets of nodes numbered ≥ first) as the
    conjunctions of their tables (T as ``node_tables``), one stored row each:
    (status, codes, rows, offsets, count), status STOPPED at Ctrl-C.

    Blocked: a chunk of states at a time, one block of words at a time, so that
    the block of every node's table comes from cache, not from memory, for each
    state of the chunk.  The rows' array grows between chunks by ``ndarray.resize``
    (a remapping, not a copy beside the old array), never inside the kernel."""
    if native is not None:
        held = T.nbytes + data.nbytes + off.nbytes
        status, codes, rows, noff, m = native.ht_to_tables(data, off, count, T, first, R, CHUNK,
                                                           ctx, held)
        if status != DONE:
            return status, None, None, None, m
        return (status, np.frombuffer(codes, dtype=np.int64), np.frombuffer(rows, dtype=np.int64),
                np.frombuffer(noff, dtype=np.int64), m)
    nb, _, bw = T.shape
    nw = nb * bw
    codes = np.empty(count, dtype=np.int64)
    ones = np.empty(nw, dtype=np.uint64)
    _ones(R, ones)
    chunk = max(1, min(CHUNK, count))
    buf = np.empty((chunk, nw), dtype=np.uint64)
    table, hashes, _, noff, m = new_store()
    rows = np.empty(chunk * nw, dtype=np.int64)
    for c0 in range(0, count, chunk):
        c1 = min(count, c0 + chunk)
        need = (m + c1 - c0) * nw
        if need > len(rows):
            rows.resize(max(need, len(rows) + len(rows) // 4), refcheck=False)
        status, (table, hashes, _, noff, m) = call_returning_arrays(
            _conjoin, data, off, c0, c1, T, first, ones, buf, codes, (table, hashes, rows, noff, m),
            ctx)
        if status != DONE:
            return status, codes, rows[:0], noff, m
    rows.resize(m * nw, refcheck=False)
    return DONE, codes, rows, noff, m


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
    and count, the children's codes); status STOPPED at Ctrl-C.

    In place when r > 6: the next level's rows are written over ``data`` (the
    caller's array, not read again), which needs no more room (at most two rows of
    half the length per row read: new row k ends where old row k/2 ends), and are
    copied to an array of their own length when they fill less than half of it."""
    nw = max(1, (1 << r) // 64)
    nout = max(1, (1 << (r - 1)) // 64)
    lo_code = np.empty(count, dtype=np.int32)
    hi_code = np.empty(count, dtype=np.int32)
    halves = np.empty((2, nout), dtype=np.uint64)
    table, hashes, ndata, noff, m = new_store()
    if nw == 2 * nout:
        ndata = data  # room for 2 * count rows of nout words: store_state never grows it
    src = data.view(np.uint64)
    for i in range(count):
        if stop_now(i, ctx):
            return STOPPED, ndata[:0].copy(), noff, m, lo_code, hi_code
        for b in range(2):  # both halves read before either is stored over row i
            _fix(src[i * nw:(i + 1) * nw], b, halves[b])
        for b in range(2):
            if all_zero(halves[b]):
                code = DEAD
            elif last:
                code = ALL
            else:
                code, table, hashes, ndata, noff, m = store_state(halves[b].view(np.int64),
                                                                  nout, table, hashes, ndata,
                                                                  noff, m)
            if b == 1:
                hi_code[i] = code
            else:
                lo_code[i] = code
    if 2 * m * nout < len(ndata):
        ndata = ndata[:m * nout].copy()
    return DONE, ndata, noff, m, lo_code, hi_code
