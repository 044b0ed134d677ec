"""``zalg.topdown.hitting_tables``: the table kernels against plain-Python truth tables.

A table over r elements is read here as a Python int of 2^r bits (bit s: the subset
whose index bits are s).  The kernels' own paths that small families never reach are
covered: tables of several words (r ≥ 7: the table levels written in place, the
conjunction in several blocks of words) and conjunctions over several chunks of
states (the rows' array grown between chunks).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zalg import Universe
from zalg.topdown import hitting_tables as T
from zalg.topdown.hitting_tables import DEAD, ALL, DONE, node_tables, table_level, to_tables, words


#: a live manager, whose ctx the kernels poll (Ctrl-C) and read (its memory, the budget)
UNIVERSE = Universe("a")
CTX = UNIVERSE.manager.ctx


def as_words(value: int, r: int) -> list[int]:
    """The table ``value`` (2^r bits) as the kernels' 64-bit words."""
    return [(value >> (64 * w)) & (2**64 - 1) for w in range(words(r))]


def as_int(row) -> int:
    return sum(int(x) << (64 * w) for w, x in enumerate(np.asarray(row).view(np.uint64)))


def fixed(value: int, r: int, b: int) -> int:
    """The table with its first element fixed to b: bit s' is bit 2 s' + b."""
    return sum(((value >> (2 * s + b)) & 1) << s for s in range(1 << (r - 1)))


def stored(values: list[int]) -> tuple[list[int], dict[int, int]]:
    """The distinct values in order of first appearance, and their indices."""
    index: dict[int, int] = {}
    for v in values:
        index.setdefault(v, len(index))
    return list(index), index


tables_of = st.integers(1, 9).flatmap(lambda r: st.tuples(
    st.just(r), st.lists(st.integers(0, 2**(1 << r) - 1) | st.sampled_from([0, 2**(1 << r) - 1]),
                         min_size=1, max_size=12), st.booleans()))


@given(tables_of)
@settings(max_examples=60, deadline=None)
def test_table_level_is_both_halves(case):
    r, values, last = case
    data = np.array([w for v in values for w in as_words(v, r)], dtype=np.uint64).view(np.int64)
    status, rows, off, m, lo, hi = table_level(data, len(values), r, last, CTX)
    assert status == DONE
    halves = [fixed(v, r, b) for v in values for b in (0, 1)]
    kept, index = stored([h for h in halves if h] if not last else [])
    code = [DEAD if not h else ALL if last else index[h] for h in halves]
    assert list(lo) == code[0::2] and list(hi) == code[1::2]
    assert m == len(kept)
    nout = words(r - 1)
    assert [as_int(rows[k * nout:(k + 1) * nout]) for k in range(m)] == kept


def plain_tables(level, hi, lo, first, bit, r):
    """T(n) bottom up as in the module docstring, as Python ints."""
    full = 2**(1 << r) - 1
    member = [sum(1 << s for s in range(1 << r) if s >> j & 1) for j in range(r)]
    table = {0: full, 1: 0}
    for n in range(len(level) - 1, first - 1, -1):
        t0, t1 = table[lo[n]], table[hi[n]]
        j = bit[level[n]]
        table[n] = t0 & t1 if j < 0 else t0 & (member[j] | t1)
    return table


@st.composite
def diagrams(draw):
    """Nodes 2.. numbered by level (children after parents, or terminals) over
    levels 0..L-1, r of them decided by tables, and states (sets of nodes)."""
    r = draw(st.integers(1, 9))
    L = r + draw(st.integers(0, 3))
    levels = sorted(draw(st.lists(st.integers(0, L - 1), min_size=1, max_size=25)))
    level = np.array([L, L] + levels, dtype=np.int64)
    n = len(level)
    hi = np.zeros(n, dtype=np.int64)
    lo = np.zeros(n, dtype=np.int64)
    for v in range(2, n):
        below = [0, 1] + [u for u in range(v + 1, n) if level[u] > level[v]]
        hi[v] = draw(st.sampled_from(below))
        lo[v] = draw(st.sampled_from(below))
    bit = np.full(L + 1, -1, dtype=np.int64)
    bit[sorted(draw(st.permutations(range(L)))[:r])] = np.arange(r)
    states = draw(st.lists(st.lists(st.integers(2, n - 1), min_size=1, max_size=6, unique=True)
                           .map(sorted), min_size=1, max_size=20))
    return r, level, hi, lo, bit, states


@given(diagrams(), st.sampled_from([1, 2, 3, 2048]), st.sampled_from([1, 2, 8, 64]),
       st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_conjunction_is_the_and_of_the_nodes_tables(case, chunk, block, rng):
    r, level, hi, lo, bit, states = case
    # a base per state: some other state whose nodes it holds (conjoined from the base's row)
    base = np.array([rng.choice([j for j, b in enumerate(states) if j != i and set(b) <= set(s)]
                                or [-1]) for i, s in enumerate(states)], dtype=np.int64)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(T, "CHUNK", chunk)  # several chunks: the rows' array grown between them
        mp.setattr(T, "BLOCK", block)  # several blocks of words when r ≥ 7
        bw = T.block_words(r)
        status, nodes = node_tables(level, hi, lo, 2, bit, r, bw, CTX)
        assert status == DONE
        data = np.array([v for s in states for v in s], dtype=np.int64)
        off = np.cumsum([0] + [len(s) for s in states]).astype(np.int64)
        status, codes, rows, _, m = to_tables(data, off, len(states), nodes, 2, r, CTX, base)
    assert status == DONE
    plain = plain_tables(level, hi, lo, 2, bit, r)
    flat = nodes.transpose(1, 0, 2).reshape(len(level) - 2, -1)
    assert [as_int(flat[v - 2]) for v in range(2, len(level))] == [plain[v] for v in
                                                                    range(2, len(level))]
    full = 2**(1 << r) - 1
    values = []
    for s in states:
        acc = full
        for v in s:
            acc &= plain[v]
        values.append(acc)
    nw = words(r)
    assert m == len(set(values)) and len(rows) == m * nw  # one row per distinct table
    assert [as_int(rows[c * nw:(c + 1) * nw]) for c in codes] == values
