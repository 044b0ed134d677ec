"""Reading exported node arrays (ids 0 = ∅, 1 = {∅}, children before parents):
exact counts (64-bit until a count overflows, then as many limbs as it needs),
counts by size, weights, and the tilted sampler's tables.

No CUDD node is touched here; long loops pause for other threads and Ctrl-C
(``poll``) and report INTERRUPTED."""
from __future__ import annotations

import numpy as np

from .native import jit
from .nodes import INTERRUPTED, OK, poll


#: in ``count_exact``'s ``counts``, the bit that marks a wide count (an offset in ``big``)
WIDE_COUNT = np.uint64(1) << np.uint64(63)


@jit
def count_exact(hi, lo):
    """Exact member counts of every node of exported arrays, in one pass from the
    terminals up: (counts, big).  ``counts[i]`` (uint64) is node i's count while it
    is below 2^63, which is every node below the first overflow for most families;
    past it, ``counts[i]`` is ``WIDE_COUNT | k`` and the count is ``big[k + 1 : k + 1 +
    big[k]]``, little-endian base-2^64 limbs, as many as it needs (one more than its
    wider child at most: overflow-checked promotion)."""
    n = len(hi)
    counts = np.zeros(n, dtype=np.uint64)
    big = np.zeros(64, dtype=np.uint64)
    used = 0
    if n > 1:
        counts[1] = 1
    for i in range(2, n):
        x = counts[hi[i]]
        y = counts[lo[i]]
        if (x | y) < WIDE_COUNT:  # both narrow (a wide one has the top bit)
            s = x + y
            if s < WIDE_COUNT:  # and so is the sum
                counts[i] = s
                continue
        wa = x >= WIDE_COUNT
        wb = y >= WIDE_COUNT
        oa = np.int64(x & ~WIDE_COUNT)
        ob = np.int64(y & ~WIDE_COUNT)
        la = np.int64(big[oa]) if wa else np.int64(1)
        lb = np.int64(big[ob]) if wb else np.int64(1)
        width = max(la, lb) + 1
        if used + width + 1 > big.shape[0]:
            grown = np.zeros(2 * (used + width + 1), dtype=np.uint64)
            grown[:used] = big[:used]
            big = grown
        carry = np.uint64(0)
        top = 1
        for k in range(width):
            p = np.uint64(0)
            q = np.uint64(0)
            if k < la:
                p = big[oa + 1 + k] if wa else x
            if k < lb:
                q = big[ob + 1 + k] if wb else y
            t = p + q
            c1 = t < p
            t2 = t + carry
            c2 = t2 < t
            big[used + 1 + k] = t2
            carry = np.uint64(1) if (c1 or c2) else np.uint64(0)
            if t2 != 0:
                top = k + 1
        big[used] = np.uint64(top)
        counts[i] = WIDE_COUNT | np.uint64(used)
        used += 1 + top
    return counts, big[:used]


@jit
def size_range(hi, lo):
    """(smallest, largest) member size below every node; (big, -1) for ∅."""
    n = len(hi)
    big = np.int64(1) << 60
    mn = np.empty(n, dtype=np.int64)
    mx = np.empty(n, dtype=np.int64)
    mn[0], mx[0] = big, -1
    mn[1], mx[1] = 0, 0
    for i in range(2, n):
        a = hi[i]
        b = lo[i]
        mn[i] = min(mn[b], mn[a] + 1 if mn[a] < big else big)
        mx[i] = max(mx[b], mx[a] + 1 if mx[a] >= 0 else -1)
    return mn, mx


@jit
def _add_shifted(dst, dst_min, src, src_min, shift, primes):
    for s in range(src.shape[0]):
        row = src_min + shift + s - dst_min
        for q in range(len(primes)):
            x = dst[row, q] + src[s, q]
            if x >= primes[q]:
                x -= primes[q]
            dst[row, q] = x


@jit
def count_by_size(hi, lo, root, primes, ctx):
    """(status, smallest size, residues): the root's member counts by size, from the
    smallest size up, modulo each prime (< 2^62), one column per prime.

    Each node keeps counts only for the sizes its members have, and a node's
    counts are freed once its last parent is done, so memory follows the sizes
    in play, not nodes x height."""
    n = len(hi)
    P = len(primes)
    mn, mx = size_range(hi, lo)
    parents = np.zeros(n, dtype=np.int64)
    for i in range(2, n):
        parents[hi[i]] += 1
        parents[lo[i]] += 1
    empty = np.zeros((0, P), dtype=np.int64)
    vec = [empty] * n
    one = np.ones((1, P), dtype=np.int64)
    vec[1] = one
    for i in range(2, n):
        if i % 1024 == 0 and poll(ctx):
            return INTERRUPTED, 0, empty
        v = np.zeros((max(mx[i] - mn[i] + 1, 0), P), dtype=np.int64)
        a = hi[i]
        b = lo[i]
        if mx[b] >= 0:
            _add_shifted(v, mn[i], vec[b], mn[b], 0, primes)
        if mx[a] >= 0:
            _add_shifted(v, mn[i], vec[a], mn[a], 1, primes)
        vec[i] = v
        for c in (a, b):
            parents[c] -= 1
            if parents[c] == 0 and c != root and c > 1:
                vec[c] = empty
    if mx[root] < 0:
        return OK, 0, empty
    return OK, mn[root], vec[root]


@jit
def best_weight(level, hi, lo, w, sign):
    """Least (sign=1) or greatest (sign=-1) total weight below every node."""
    n = len(hi)
    best = np.empty(n, dtype=np.float64)
    best[0] = np.inf
    best[1] = 0.0
    for i in range(2, n):
        with_x = best[hi[i]] + sign * w[level[i]]
        without = best[lo[i]]
        best[i] = with_x if with_x < without else without
    return best


@jit
def tilt(hi, lo, log_lambda):
    """Per node: log of Σ λ^|a| over its members, and the λ-weighted mean size."""
    n = len(hi)
    logw = np.empty(n)
    mean = np.zeros(n)
    logw[0] = -np.inf
    logw[1] = 0.0
    for i in range(2, n):
        a = logw[lo[i]]
        b = log_lambda + logw[hi[i]]
        top = max(a, b)
        logw[i] = top + np.log(np.exp(a - top) + np.exp(b - top)) if top > -np.inf else -np.inf
        if logw[i] > -np.inf:
            p = np.exp(b - logw[i])
            mean[i] = p * (1.0 + mean[hi[i]]) + (1.0 - p) * mean[lo[i]]
    return logw, mean


@jit
def tilted_walk(level, hi, lo, root, logw, log_lambda, u, out):
    """One member drawn with probability ∝ λ^|a|; its levels into out, their number returned."""
    v = root
    k = 0
    j = 0
    while v > 1:
        if u[j] < np.exp(log_lambda + logw[hi[v]] - logw[v]):
            out[k] = level[v]
            k += 1
            v = hi[v]
        else:
            v = lo[v]
        j += 1
    return k
