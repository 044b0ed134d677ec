"""Exact counting: 64-bit counts promoted to limbs exactly where a count overflows.

``count_exact`` and ``count_root`` (the C kernels of zalg.eval._kernels) are checked against a plain-Python count over the same node arrays, on
random diagrams whose counts cross 2^63, 2^64 and 2^128, and ``Family.count`` against
closed formulas (binomials, powers of two, products)."""

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import zalg
from zalg.eval.extension import kernels
from zalg.eval.reading import WIDE_COUNT


def c_counts(hi, lo):
    counts, big = kernels.count_exact(hi, lo)
    return np.frombuffer(counts, dtype=np.uint64), np.frombuffer(big, dtype=np.uint64)


def python_counts(hi, lo) -> list[int]:
    """Every node's member count, with Python's integers (children first)."""
    c = [0, 1]
    for i in range(2, len(hi)):
        c.append(c[int(hi[i])] + c[int(lo[i])])
    return c


def random_arrays(rng: random.Random, levels: int, width: int):
    """Random reduced-looking node arrays: each level's nodes pick children among the
    nodes of lower levels (and the terminals), so counts grow up to 2^levels."""
    hi, lo, level = [0, 0], [0, 1], [levels, levels]
    below = [1]
    for lev in range(levels - 1, -1, -1):
        made = []
        for _ in range(rng.randint(1, width)):
            h = rng.choice(below)
            lo_ = rng.choice(below + [0])
            hi.append(h)
            lo.append(lo_)
            level.append(lev)
            made.append(len(hi) - 1)
        below = below + made
    return (np.array(level, dtype=np.int64), np.array(hi, dtype=np.int64),
            np.array(lo, dtype=np.int64))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), levels=st.integers(1, 160), width=st.integers(1, 5))
def test_count_exact_equals_python_integers(seed, levels, width):
    _, hi, lo = random_arrays(random.Random(seed), levels, width)
    narrow, big = c_counts(hi, lo)
    want = python_counts(hi, lo)
    wide = WIDE_COUNT
    for i, w in enumerate(want):
        x = int(narrow[i])
        if x < wide:
            assert x == w
        else:
            at = x - wide
            limbs = int(big[at])
            assert int.from_bytes(big[at + 1:at + 1 + limbs].tobytes(), "little") == w
            assert w >= 2**63 and big[at + limbs] != 0  # promoted only when needed, trimmed


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), levels=st.integers(1, 160), width=st.integers(1, 5))
def test_count_root_equals_python_integers_at_every_root(seed, levels, width):
    """The streaming count (limbs dropped after their last parent) gives each node's
    count when that node is the root."""
    _, hi, lo = random_arrays(random.Random(seed), levels, width)
    want = python_counts(hi, lo)
    for root in range(len(hi)):
        narrow, limbs = kernels.count_root(hi, lo, root)
        got = int(narrow) if len(limbs) == 0 else int.from_bytes(limbs, "little")
        assert got == want[root] and (len(limbs) == 0) == (want[root] < 2**63)


@pytest.mark.parametrize("n", [1000, 6000])
def test_count_root_packs_its_limbs_and_stays_exact(n):
    """Past 4,096 dead limbs the store is packed (power sets: one live count a level;
    exactly(n/2): a level of counts of up to n bits), and the counts stay exact."""
    U = zalg.Universe(range(n))
    assert U.power_set().count() == 2**n
    if n == 1000:
        F = U.exactly(n // 2)
        assert F.count() == math.comb(n, n // 2) == F.node_counts().root()


@pytest.mark.parametrize("n", [62, 63, 64, 65, 127, 128, 129, 300])
def test_counts_across_word_boundaries(n):
    U = zalg.Universe(range(n))
    assert U.power_set().count() == 2**n
    assert (U.power_set() - U.unit).count() == 2**n - 1
    assert U.exactly(n // 2).count() == math.comb(n, n // 2)
    assert U.at_most(n // 3).count() == sum(math.comb(n, k) for k in range(n // 3 + 1))


def test_every_node_count_is_exact_for_sampling():
    """Per-node counts feed ranks and samples: check them all against Python."""
    U = zalg.Universe(range(130))
    F = U.exactly(65) | U.exactly(3)
    level, hi, lo, root = F.node_arrays()
    c = F.node_counts()
    assert [c[i] for i in range(len(hi))] == python_counts(hi, lo)
    assert F.count() == math.comb(130, 65) + math.comb(130, 3)
