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

from .unique_exists import DONE, native, native_level

#: codes of a child (as in ``hitting_topdown``)
DEAD, ALL = -1, -2


def words(R: int) -> int:
    """64-bit words of a table over R elements."""
    return max(1, (1 << R) // 64)


#: a top-down construction turns to tables at the first of its last levels where the
#: nodes' tables take at most this many times the bytes of the states' sets of nodes
#: (the 2012 Slitherlink program's 5x7 loop: 14 elements by tables, 33 MB, where 16 take
#: 133 MB; the 6x6 loops: 16, within half of this ratio)
TABLE_RATIO = 8


def tables_fit(nodes: int, R: int, entries: int) -> bool:
    """Whether the tables over R elements of ``nodes`` nodes take at most ``TABLE_RATIO``
    times the bytes of ``entries`` state entries (one int64 each)."""
    return nodes * words(R) <= TABLE_RATIO * entries


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
    """(status, T): T(n) for the nodes first, first + 1, ... of the node arrays, bottom
    up (``bit``: the elements of E as a mask by level), stored block by block:
    ``T[k, n - first]`` is block k (bw words, ``block_words(R)``) of T(n)."""
    status, T = native.ht_node_tables(level, hi, lo, first, bit, R, bw, ctx)
    if status != DONE:
        return status, None
    rows = max(len(level) - first, 0)
    return status, np.frombuffer(T, dtype=np.uint64).reshape(words(R) // bw, rows, bw)


def to_tables(data, off, count: int, T: np.ndarray, first: int, R: int, ctx,
              base: np.ndarray | None = None) -> tuple:
    """The states data[off[i]:off[i+1]] (sets of nodes numbered ≥ first) as the
    conjunctions of their tables (T as ``node_tables``), one stored row each:
    (status, codes, rows, offsets, count), status STOPPED at Ctrl-C.  ``base``: per
    state, a state whose nodes it holds (-1: none); the state's table is then its
    base's table conjoined with its other nodes' tables only.

    Blocked: a chunk of states at a time (by increasing size, so that a base comes
    before the states built on it), one block of words at a time, so that the block of
    every node's table comes from cache, not from memory, for each state of the chunk.
    The rows' array grows between chunks by ``ndarray.resize`` (a remapping, not a copy
    beside the old array), never inside the kernel."""
    held = T.nbytes + data.nbytes + off.nbytes
    order = np.argsort(np.diff(off[:count + 1]), kind="stable").astype(np.int64)
    base = np.full(count, -1, dtype=np.int64) if base is None else \
        np.ascontiguousarray(base, dtype=np.int64)
    status, codes, rows, noff, m = native.ht_to_tables(data, off, count, T, first, R, order,
                                                       base, CHUNK, ctx, held)
    if status != DONE:
        return status, None, None, None, m
    return (status, np.frombuffer(codes, dtype=np.int64), np.frombuffer(rows, dtype=np.int64),
            np.frombuffer(noff, dtype=np.int64), m)


def bases(lo: np.ndarray, hi: np.ndarray, off: np.ndarray, count: int) -> np.ndarray:
    """Per state of a level, the largest of the states it holds as a set of nodes that
    the previous level's codes show (-1: none): a parent's child without the element
    (``lo``) holds its child with it (``hi``), whose paths are those of the first that
    avoid the element."""
    lo, hi = np.asarray(lo, dtype=np.int64), np.asarray(hi, dtype=np.int64)
    pair = (lo >= 0) & (hi >= 0) & (lo != hi)
    lo, hi = lo[pair], hi[pair]
    out = np.full(count, -1, dtype=np.int64)
    if len(lo):
        size = np.diff(off[:count + 1])
        by = np.lexsort((size[hi], lo))  # by state, its largest candidate last
        lo, hi = lo[by], hi[by]
        last = np.append(lo[1:] != lo[:-1], True)
        out[lo[last]] = hi[last]
    return out


def table_level(data: np.ndarray, count: int, r: int, last: bool, ctx, held: int = 0) -> tuple:
    """Both children of the ``count`` tables over r elements (rows of ``data``, int64)
    at the first of them: (status, the next level's tables (over r - 1) as rows,
    offsets and count, the children's codes); status STOPPED at Ctrl-C, NOMEM past
    the budget (``held``: bytes the caller holds besides).

    In place when r > 6: the next level's rows are written over ``data`` (the
    caller's array, not read again), which needs no more room (at most two rows of
    half the length per row read: new row k ends where old row k/2 ends); they are
    copied to an array of their own length when they fill less than half of it."""
    status, rows, off, m, lo, hi = native_level(
        native.ht_table_level(data, count, r, last, ctx, held))
    if status == DONE and rows is None:
        rows = data[:m * words(r - 1)]
        if 2 * len(rows) < len(data):
            rows = rows.copy()
    return status, rows, off, m, lo, hi

