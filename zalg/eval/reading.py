"""Reading a family without changing it: exact counts, sizes, members, samples, weights.

All of these work on the exported node arrays of ``Family.node_arrays()`` (ids 0 and
1 are the terminals ∅ and {∅}, children come before parents, the root is last) and
the exact counts per node of ``Family.node_counts()`` (a :class:`NodeCounts`).
Counts are exact Python integers: the compiled kernels count in 64-bit integers
and, past the first overflow, in base-2^64 limbs (counts by size modulo large
primes, combined by the Chinese remainder theorem).
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
from collections.abc import Iterator, Mapping

import numpy as np

from .extension import kernels as compiled
from ..text import short_int

#: in ``counts_per_node``'s counts, the bit that marks a wide count (an offset in ``big``)
WIDE_COUNT = 1 << 63

__all__ = ["NodeCounts", "counts_per_node", "count_at", "count", "by_size", "iterate", "sample",
           "sample_of_size", "extreme_weight", "iter_by_weight"]


def counts_per_node(hi: np.ndarray, lo: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(counts, big) of the kernel ``count_exact``: every node's count, uint64 while
    below 2^63, else ``WIDE_COUNT | k`` with its count at ``big[k + 1 : k + 1 + big[k]]``,
    little-endian base-2^64 limbs, as many as it needs."""
    counts, big = compiled.count_exact(hi, lo)
    return np.frombuffer(counts, dtype=np.uint64), np.frombuffer(big, dtype=np.uint64)


def count_at(hi: np.ndarray, lo: np.ndarray, root: int) -> int:
    """The exact count of the family rooted at node ``root`` of the node arrays
    (the kernel ``count_root``: one pass in 128-bit words when the count fits in them,
    else limbs kept only while a parent still needs them)."""
    narrow, limbs = compiled.count_root(hi, lo, int(root))
    if len(limbs) == 0:
        return int(narrow)
    return int.from_bytes(limbs, "little")


def _tilt(hi: np.ndarray, lo: np.ndarray, log_lambda: float) -> tuple[np.ndarray, np.ndarray]:
    return tuple(np.frombuffer(a, dtype=np.float64) for a in compiled.tilt(hi, lo, log_lambda))


def _best_weight(level, hi, lo, w: np.ndarray, sign: float) -> np.ndarray:
    """Least (sign 1) or greatest (sign -1) total weight below every node."""
    return np.frombuffer(compiled.best_weight(level, hi, lo, w, sign), dtype=np.float64)


class NodeCounts:
    """Exact member counts of every node of one family's node arrays: ``c[node]`` is
    the number of members of the family rooted at ``node``; ``c.root()`` is |F|
    (the kernel ``count_exact``: 64-bit counts, limbs only where they are needed)."""

    def __init__(self, level: np.ndarray, hi: np.ndarray, lo: np.ndarray, root: int):
        self.level, self.hi, self.lo, self.root_id = level, hi, lo, root
        self._counts, self._big = counts_per_node(hi, lo)
        self._ints: dict[int, int] = {}

    def __getitem__(self, node: int) -> int:
        x = int(self._counts[node])
        if x < WIDE_COUNT:
            return x
        c = self._ints.get(node)
        if c is None:
            at = x - WIDE_COUNT
            width = int(self._big[at])
            c = int.from_bytes(self._big[at + 1:at + 1 + width].tobytes(), "little")
            self._ints[node] = c
        return c

    def root(self) -> int:
        """The number of members of the whole family."""
        return self[self.root_id]


def contains(M, p: int, levels: list[int]) -> bool:
    """Whether the set of the elements at the increasing ``levels`` is a member of the
    family at node p of Manager M, read along one path from p."""
    return compiled.member(M.ctx, p, np.array(levels, dtype=np.int64))


def count(family) -> int:
    """|F|, exact, from the family's node arrays (the kernel ``count_root``: only
    the counts still needed are kept, so memory follows the widest level's counts)."""
    level, hi, lo, root = family.node_arrays()
    return count_at(hi, lo, root)


_PRIMES: list[int] = []
_WITNESSES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)


def _is_prime(n: int) -> bool:
    """Miller-Rabin with the witnesses that decide every n < 3.3 * 10^24."""
    if n < 2:
        return False
    for p in _WITNESSES:
        if n % p == 0:
            return n == p
    d, r = n - 1, 0
    while d % 2 == 0:
        d //= 2
        r += 1
    for a in _WITNESSES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _primes(n: int) -> list[int]:
    """n distinct primes just below 2^62 (sums of two residues fit in an int64)."""
    while len(_PRIMES) < n:
        q = (_PRIMES[-1] if _PRIMES else 2 ** 62) - 1
        while not _is_prime(q):
            q -= 1
        _PRIMES.append(q)
    return _PRIMES[:n]


def by_size(family) -> dict[int, int]:
    """{size: count}: counted modulo enough primes to hold the total exactly, then
    combined by the Chinese remainder theorem (no count by size exceeds the total)."""
    level, hi, lo, root = family.node_arrays()
    if root == 0:
        return {}
    total = family.node_counts().root()
    primes = _primes(total.bit_length() // 61 + 1)
    M = family.universe.manager
    moduli = np.array(primes, dtype=np.int64)
    status, smallest, res, rows = compiled.count_by_size(hi, lo, root, moduli, M.ctx)
    residues = np.frombuffer(res, dtype=np.int64).reshape(rows, len(primes))
    M.check(status, "counting members by size")
    modulus = 1
    for p in primes:
        modulus *= p
    weights = [(modulus // p) * pow(modulus // p, -1, p) for p in primes]
    result = {}
    for offset in range(residues.shape[0]):
        x = sum(int(res) * w for res, w in zip(residues[offset], weights)) % modulus
        if x:
            result[int(smallest) + offset] = x
    return result


def iterate(family) -> Iterator[frozenset]:
    """Members in rank order: at every node, members without the element come first."""
    level, hi, lo, root = family.node_arrays()
    els = family.universe.elements
    if root == 0:
        return
    # depth-first, with one shared path of chosen levels: an entry (node, base, lev)
    # cuts the path to ``base`` levels and appends ``lev`` (none when -1), so each
    # step costs O(1) however large the members are
    path: list[int] = []
    stack = [(root, 0, -1)]
    while stack:
        node, base, lev = stack.pop()
        del path[base:]
        if lev >= 0:
            path.append(lev)
        if node == 1:
            yield frozenset(els[lv] for lv in path)
            continue
        if node == 0:
            continue
        depth = len(path)
        stack.append((int(hi[node]), depth, int(level[node])))
        stack.append((int(lo[node]), depth, -1))


def _unrank(family, c: NodeCounts, r: int) -> frozenset:
    els = family.universe.elements
    node = c.root_id
    chosen = []
    while node > 1:
        below = c[int(c.lo[node])]
        if r < below:
            node = int(c.lo[node])
        else:
            r -= below
            chosen.append(els[int(c.level[node])])
            node = int(c.hi[node])
    return frozenset(chosen)


def sample(family, k: int, seed=None) -> list[frozenset]:
    if not isinstance(k, int) or k < 0:
        raise ValueError(f"sample size must be a non-negative integer, got {k!r}")
    c = family.node_counts()
    total = c.root()
    if k > total:
        raise ValueError(f"cannot draw {short_int(k)} distinct members from a family of "
                         f"{short_int(total)}")
    rng = random.Random(seed)
    ranks: list[int] = []
    seen: set[int] = set()
    if 2 * k > total:  # dense: shuffle all ranks
        ranks = rng.sample(range(total), k)
    else:
        while len(ranks) < k:
            r = rng.randrange(total)
            if r not in seen:
                seen.add(r)
                ranks.append(r)
    return [_unrank(family, c, r) for r in ranks]


def sample_of_size(family, size: int, seed=None, tries: int = 100_000) -> frozenset | None:
    """One member of the given size, uniformly among those members (None if none found).

    For families too large for exact counts by size: draws with probability
    ∝ λ^|a|, with λ chosen so that the mean size is ``size``, and keeps the first
    draw of that size.  Every member of one size has the same weight, so the
    result is uniform among them (up to floating-point rounding of the walk)."""
    if not isinstance(size, int) or size < 0:
        raise ValueError(f"size must be a non-negative integer, got {size!r}")
    level, hi, lo, root = family.node_arrays()
    if root == 0:
        return None
    lo_l, hi_l = -60.0, 60.0
    for _ in range(40):  # bisection on log λ: the mean size grows with λ
        mid = (lo_l + hi_l) / 2
        logw, mean = _tilt(hi, lo, mid)
        if mean[root] < size:
            lo_l = mid
        else:
            hi_l = mid
    log_lambda = (lo_l + hi_l) / 2
    logw, _ = _tilt(hi, lo, log_lambda)
    rng = np.random.default_rng(random.Random(seed).randrange(2 ** 63))
    elements = family.universe.elements
    depth = len(elements) + 1
    out = np.empty(depth, dtype=np.int64)
    for _ in range(tries):
        k = compiled.tilted_walk(level, hi, lo, root, logw, log_lambda, rng.random(depth), out)
        if k == size:
            return frozenset(elements[int(x)] for x in out[:k])
    return None


def values_by_level(family, values, what: str = "weights") -> list:
    """One value per level of the family's universe, from a mapping (elements not
    named: 0) or a vector in universe order."""
    U = family.universe
    n = len(U)
    if isinstance(values, Mapping):
        out = [0] * n
        for x, w in values.items():
            out[U.level(x)] = w
        return out
    arr = np.asarray(values)
    if arr.ndim != 1 or arr.shape[0] != n:
        raise ValueError(f"{what} must be a mapping or a vector of length {n} "
                         f"(one per element, universe order), got shape {arr.shape}")
    return arr.tolist()


def _weights_by_level(family, weights) -> tuple[np.ndarray, list]:
    """Weights as a float array by level, and the exact values by level."""
    exact = values_by_level(family, weights)
    for w in exact:
        if isinstance(w, bool) or not isinstance(w, (int, float)):
            raise TypeError(f"weights must be numbers, got {w!r}")
    return np.asarray(exact + [0], dtype=np.float64), exact


def extreme_weight(family, weights, sign: int) -> tuple:
    if not family:
        raise ValueError("the empty family has no member of least or greatest weight")
    level, hi, lo, node = family.node_arrays()
    w, exact = _weights_by_level(family, weights)
    best = _best_weight(level, hi, lo, w, float(sign))
    if math.isinf(best[node]):  # every member weighs infinitely much
        return sign * float(best[node]), None
    els = family.universe.elements
    chosen = []
    while node > 1:
        lev = int(level[node])
        if best[hi[node]] + sign * w[lev] < best[lo[node]]:
            chosen.append(lev)
            node = int(hi[node])
        else:
            node = int(lo[node])
    return sum(exact[lev] for lev in chosen), frozenset(els[lev] for lev in chosen)


def iter_by_weight(family, weights, descending: bool = False) -> Iterator[tuple]:
    """Best-first search: the bound best[node] is exact, so members come out in order
    (descending: the same search with every weight negated)."""
    level, hi, lo, root = family.node_arrays()
    w, exact = _weights_by_level(family, weights)
    if descending:
        exact = [-x for x in exact]
        for value, member in iter_by_weight(family, exact):
            yield -value, member
        return
    best = _best_weight(level, hi, lo, w, 1.0)
    els = family.universe.elements
    if root == 0:
        return
    tie = itertools.count()
    heap = [(float(best[root]), next(tie), 0.0, root, ())]
    while heap:
        _, _, prefix, node, chosen = heapq.heappop(heap)
        if node == 1:
            yield sum(exact[lev] for lev in chosen), frozenset(els[lev] for lev in chosen)
            continue
        lev = int(level[node])
        for child, add, path in ((int(lo[node]), 0.0, chosen),
                                 (int(hi[node]), w[lev], chosen + (lev,))):
            if child != 0:
                p = prefix + add
                heapq.heappush(heap, (p + float(best[child]), next(tie), p, child, path))
