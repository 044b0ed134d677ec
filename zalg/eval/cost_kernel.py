"""Compiled evaluations over exported node arrays: cost-bounded subfamilies, probability.

Arrays as ``kernels.export`` gives them: ids 0 (∅) and 1 ({∅}), children before
parents, ``level[i]`` the element of node i (terminals: the number of levels).

``cost_le`` computes {S ∈ F : w(S) ≤ b} with *interval memoisation*: the answer at
node v is the same family for every budget in an interval [L, H), so each node keeps
the intervals it has met with their results, and a new budget inside one of them
is answered at once.  Recurrence (absent elements weigh nothing):
R(v, b) = v·R(hi, b − w_v) ∪ R(lo, b), with interval
[max(L_hi + w_v, L_lo), min(H_hi + w_v, H_lo)).
"""
from __future__ import annotations

import numpy as np

from ..cudd.native import jit

#: budgets beyond these stand for -∞ and +∞ (weights and bounds are far smaller)
NEG, POS = -(1 << 62), 1 << 62


@jit
def _shift(x, w):
    """x + w, where ±∞ stay ±∞."""
    if x == NEG or x == POS:
        return x
    return x + w


@jit
def _grow(a, n):
    if n < a.shape[0]:
        return a
    b = np.empty(2 * a.shape[0], dtype=a.dtype)
    b[: a.shape[0]] = a
    return b


@jit
def _put(a, n, x):
    """``a`` (grown if needed) with a[n] = x."""
    a = _grow(a, n)
    a[n] = x
    return a


@jit
def cost_le(level, hi, lo, root, w, bound):
    """(out_level, out_hi, out_lo, out_root): the node arrays of {S ∈ F : w(S) ≤ bound}
    (``w`` by level, int64; ids 0, 1 terminals; children first; a node whose hi child
    would be ∅ is never made: its lo child stands for it)."""
    n = level.shape[0]
    terminal_level = level[0]
    head = np.full(n, -1, dtype=np.int64)
    iv_lo = np.empty(1024, dtype=np.int64)
    iv_hi = np.empty(1024, dtype=np.int64)
    iv_res = np.empty(1024, dtype=np.int64)
    iv_next = np.empty(1024, dtype=np.int64)
    niv = 0
    o_level = np.empty(1024, dtype=np.int64)
    o_hi = np.empty(1024, dtype=np.int64)
    o_lo = np.empty(1024, dtype=np.int64)
    o_level[0] = terminal_level
    o_level[1] = terminal_level
    o_hi[0] = 0
    o_hi[1] = 0
    o_lo[0] = 0
    o_lo[1] = 0
    nout = 2
    # frames (node, budget, phase) and results (family, L, H)
    f_node = np.empty(256, dtype=np.int64)
    f_b = np.empty(256, dtype=np.int64)
    f_phase = np.empty(256, dtype=np.int64)
    r_res = np.empty(256, dtype=np.int64)
    r_l = np.empty(256, dtype=np.int64)
    r_h = np.empty(256, dtype=np.int64)
    nf = 1
    nr = 0
    f_node[0] = root
    f_b[0] = bound
    f_phase[0] = 0
    while nf > 0:
        nf -= 1
        v = f_node[nf]
        b = f_b[nf]
        phase = f_phase[nf]
        if phase == 0:
            res, L, H, found = 0, NEG, POS, True
            if v == 1:
                if b >= 0:
                    res, L, H = 1, 0, POS
                else:
                    res, L, H = 0, NEG, 0
            elif v != 0:
                found = False
                j = head[v]
                while j != -1:
                    if iv_lo[j] <= b and b < iv_hi[j]:
                        res, L, H, found = iv_res[j], iv_lo[j], iv_hi[j], True
                        break
                    j = iv_next[j]
            if found:
                r_res = _put(r_res, nr, res)
                r_l = _put(r_l, nr, L)
                r_h = _put(r_h, nr, H)
                nr += 1
                continue
            f_node = _grow(f_node, nf + 2)
            f_b = _grow(f_b, nf + 2)
            f_phase = _grow(f_phase, nf + 2)
            f_node[nf] = v
            f_b[nf] = b
            f_phase[nf] = 1
            f_node[nf + 1] = lo[v]
            f_b[nf + 1] = b
            f_phase[nf + 1] = 0
            f_node[nf + 2] = hi[v]
            f_b[nf + 2] = b - w[level[v]]
            f_phase[nf + 2] = 0
            nf += 3
        else:
            # the hi child's result was pushed first, the lo child's last
            nr -= 2
            r1, l1, h1 = r_res[nr], r_l[nr], r_h[nr]
            r0, l0, h0 = r_res[nr + 1], r_l[nr + 1], r_h[nr + 1]
            wv = w[level[v]]
            L = max(_shift(l1, wv), l0)
            H = min(_shift(h1, wv), h0)
            if r1 == 0:
                res = r0
            else:
                o_level = _put(o_level, nout, level[v])
                o_hi = _put(o_hi, nout, r1)
                o_lo = _put(o_lo, nout, r0)
                res = nout
                nout += 1
            iv_lo = _put(iv_lo, niv, L)
            iv_hi = _put(iv_hi, niv, H)
            iv_res = _put(iv_res, niv, res)
            iv_next = _put(iv_next, niv, head[v])
            head[v] = niv
            niv += 1
            r_res[nr] = res
            r_l[nr] = L
            r_h[nr] = H
            nr += 1
    return o_level[:nout].copy(), o_hi[:nout].copy(), o_lo[:nout].copy(), r_res[0]


@jit
def probability(level, hi, lo, root, p):
    """Pr[X ∈ F] for a random set X holding each element of level l independently with
    probability ``p[l]`` (``p`` has one entry per level; absent levels count 1 − p)."""
    nlev = p.shape[0]
    # skip(a, b) = Π_{a ≤ l < b} (1 − p[l]), from prefix sums of logs and of zeros
    logs = np.zeros(nlev + 1)
    zeros = np.zeros(nlev + 1, dtype=np.int64)
    for l in range(nlev):
        q = 1.0 - p[l]
        zeros[l + 1] = zeros[l] + (1 if q <= 0.0 else 0)
        logs[l + 1] = logs[l] + (np.log(q) if q > 0.0 else 0.0)
    n = level.shape[0]
    val = np.zeros(n)
    val[1] = 1.0
    for i in range(2, n):
        lv = level[i]
        a = lv + 1
        bh = level[hi[i]]
        bl = level[lo[i]]
        sh = 0.0 if zeros[bh] > zeros[a] else np.exp(logs[bh] - logs[a])
        sl = 0.0 if zeros[bl] > zeros[lv] else np.exp(logs[bl] - logs[lv])
        # lo: v is absent (its 1 − p[lv] is inside sl); hi: v is present
        val[i] = p[lv] * sh * val[hi[i]] + sl * val[lo[i]]
    top = level[root]
    return (0.0 if zeros[top] > 0 else np.exp(logs[top])) * val[root]
