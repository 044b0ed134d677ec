"""Reading exported node arrays (ids 0 = ∅, 1 = {∅}, children before parents):
exact counts (64-bit until a count overflows, then as many limbs as it needs),
counts by size, weights, and the tilted sampler's tables.

No CUDD node is touched here; long loops pause for other threads and Ctrl-C
(``poll``) and report INTERRUPTED."""
from __future__ import annotations

import numpy as np

from ..cudd.native import jit
from ..cudd.nodes import INTERRUPTED, OK, poll


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
        top = _add_limbs(big, oa, la, wa, x, ob, lb, wb, y, used, width)
        counts[i] = WIDE_COUNT | np.uint64(used)
        used += 1 + top
    return counts, big[:used]


@jit
def _add_limbs(big, oa, la, wa, x, ob, lb, wb, y, at, width):
    """Write the sum of two counts (each a narrow value or limbs at an offset) as limbs
    at ``big[at + 1 :]``, its width at ``big[at]``; return that width."""
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
        big[at + 1 + k] = t2
        carry = np.uint64(1) if (c1 or c2) else np.uint64(0)
        if t2 != 0:
            top = k + 1
    big[at] = np.uint64(top)
    return top


@jit
def _last_uses(hi, lo, root):
    """For every node, the id of its last parent (children come before parents); the
    root is kept to the end (``len(hi)``)."""
    n = len(hi)
    last = np.zeros(n, dtype=np.int64)
    for i in range(2, n):
        last[hi[i]] = i
        last[lo[i]] = i
    last[root] = n
    return last


@jit
def count_root(hi, lo, root):
    """|F| for the family rooted at ``root``: (count, limbs) with ``count`` the number
    when it is below 2^63 (limbs empty), else ``WIDE_COUNT`` and its little-endian
    base-2^64 limbs.  Unlike ``count_exact`` it keeps the limbs of a node only until its
    last parent is counted, and packs the live ones down when half the store is dead:
    memory follows the widest live counts, not their sum over all nodes (the power set
    of n elements holds n²/128 limbs in ``count_exact``, a few n/64 here)."""
    n = len(hi)
    if root < 2:
        return np.uint64(root), np.zeros(0, dtype=np.uint64)
    last = _last_uses(hi, lo, root)
    counts = np.zeros(n, dtype=np.uint64)
    counts[1] = 1
    big = np.zeros(64, dtype=np.uint64)
    owners = np.zeros(64, dtype=np.int64)  # the nodes with limbs, in the order of their offsets
    nowners = 0
    used = 0
    dead = 0
    for i in range(2, root + 1):
        x = counts[hi[i]]
        y = counts[lo[i]]
        if (x | y) < WIDE_COUNT and x + y < WIDE_COUNT:
            counts[i] = x + y
        else:
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
            if nowners == owners.shape[0]:
                more = np.zeros(2 * nowners, dtype=np.int64)
                more[:nowners] = owners
                owners = more
            top = _add_limbs(big, oa, la, wa, x, ob, lb, wb, y, used, width)
            counts[i] = WIDE_COUNT | np.uint64(used)
            owners[nowners] = i
            nowners += 1
            used += 1 + top
        for child in (hi[i], lo[i]):
            c = counts[child]
            if last[child] == i and c >= WIDE_COUNT:
                dead += 1 + np.int64(big[np.int64(c & ~WIDE_COUNT)])
                counts[child] = 0  # gone (a child met twice is dropped once)
        if dead > 4096 and 2 * dead > used:
            packed = 0
            kept = 0
            for t in range(nowners):
                j = owners[t]
                c = counts[j]
                if c >= WIDE_COUNT:
                    at = np.int64(c & ~WIDE_COUNT)
                    w = 1 + np.int64(big[at])
                    for k in range(w):  # at >= packed: an ascending copy is safe
                        big[packed + k] = big[at + k]
                    counts[j] = WIDE_COUNT | np.uint64(packed)
                    owners[kept] = j
                    kept += 1
                    packed += w
            nowners = kept
            used = packed
            dead = 0
    c = counts[root]
    if c < WIDE_COUNT:
        return c, np.zeros(0, dtype=np.uint64)
    at = np.int64(c & ~WIDE_COUNT)
    return WIDE_COUNT, big[at + 1:at + 1 + np.int64(big[at])].copy()


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
