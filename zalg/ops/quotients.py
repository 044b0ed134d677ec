"""The quotients of one family by each of several elements, in one pass: [F / x : x ∈ xs].

F / x = {S ∖ {x} : S ∈ F, x ∈ S}.  Each quotient on its own (``setop.QUOT_SET``)
walks every node of F above x's level, also the many from which no member holding
x can be reached; the mate-ZDD's edge step divides one family by every mate element
of a vertex (each member holds at most one), so those walks cross the same top of
F again and again for results that are mostly empty there.  Here one pass first
marks, for every node above the deepest x, which of the xs occur below it (a bit
mask), and each quotient then walks only the nodes whose mask has its bit: the
work of a quotient is the size of its result, not of the region above its element.

Each quotient memoises its results in the mask table's own slots (a result and the
number of the quotient it belongs to, per node), found by the same probe that reads
the node's mask: CUDD's computed table would cost two more random accesses per node
for a low hit rate (mostly the call's own shared nodes), and its entries would crowd
out the unions'.
The pass recurses natively; a family more than ``MAX_DEPTH`` levels deep above the
deepest x, or more than ``MAX_ELEMENTS`` elements, is left to the caller (status
``TOO_DEEP``), which divides one element at a time.
"""
from __future__ import annotations

import numpy as np

from ..cudd.native import jit, node_hi, node_lo
from ..cudd.nodes import (C_ZERO, E_FAIL, INTERRUPTED, NOMEM, OK, cudd_recover,
                    cudd_stopped_for_ctrl_c, deref, level, new_env, node_of_results, ref)
from .setop import MAX_DEPTH, stopped

#: the most elements of one call (one bit each in a node's mask)
MAX_ELEMENTS = 62
#: status: the family is too deep above the deepest element (or too many elements)
TOO_DEEP = 5
_EMPTY = -1  # a free slot of the mask table (no node pointer is negative)


@jit
def _slot(keys, p):
    """The slot of node p in the open-addressing table ``keys`` (its own or a free one)."""
    size = keys.shape[0]
    i = (p >> 4) * 0x5851F42D4C957F2D & (size - 1)
    while keys[i] != _EMPTY and keys[i] != p:
        i = (i + 1) & (size - 1)
    return i


@jit(signature="int64(int64[::1], int64, int64[::1], int64[::1], int64[::1], int64[::1], "
               "int64)")
def _mask(env, p, bit, keys, masks, fill, deepest):
    """The bits of the elements (``bit[level]``) that some member below node p holds, or
    -1 when the table is over half full (the caller retries with a bigger one)."""
    v = level(p, env)
    if v > deepest:
        return 0
    i = _slot(keys, p)
    if keys[i] == p:
        return masks[i]
    if 2 * (fill[0] + 1) > keys.shape[0]:
        return -1
    hi = _mask(env, node_hi(p), bit, keys, masks, fill, deepest)
    if hi < 0:
        return -1
    lo = _mask(env, node_lo(p), bit, keys, masks, fill, deepest)
    if lo < 0:
        return -1
    if 2 * (fill[0] + 1) > keys.shape[0]:  # the recursion filled the table meanwhile
        return -1
    m = hi | lo | bit[v]
    i = _slot(keys, p)
    keys[i] = p
    masks[i] = m
    fill[0] += 1
    return m


@jit
def _child(env, p, b, keys, masks, deepest):
    """The slot of node p in the mask table when some member below p holds the element
    of bit b, else -1 (p below ``deepest``, or its mask lacks the bit)."""
    if level(p, env) > deepest:
        return -1
    i = _slot(keys, p)
    return i if (masks[i] >> b) & 1 == 1 else -1


@jit(signature="int64(int64[::1], int64, int64, int64, int64, int64[::1], int64[::1], "
               "int64[::1], int64[::1], int64, int64)")
def _quot(env, p, i, v, b, keys, masks, memo, stamp, j, deepest):
    """p / {{x}} (x: the element at level v, of bit b; quotient number j) for a node p
    below which x occurs (its slot i in the mask table), unreferenced, or 0 on failure
    (``env[E_FAIL]``).  The table's slot memoises the quotient j of its node
    (``stamp[i] == j``): every result stays referenced as a child of the quotient
    being built until its root is returned and referenced."""
    w = level(p, env)
    if w == v:
        return node_hi(p)
    if stamp[i] == j:
        return memo[i]
    if stopped(env):
        return 0
    Z = env[C_ZERO]
    hi = node_hi(p)
    k = _child(env, hi, b, keys, masks, deepest)
    t = _quot(env, hi, k, v, b, keys, masks, memo, stamp, j, deepest) if k >= 0 else Z
    if t == 0:
        return 0
    ref(env, t)
    lo = node_lo(p)
    k = _child(env, lo, b, keys, masks, deepest)
    e = _quot(env, lo, k, v, b, keys, masks, memo, stamp, j, deepest) if k >= 0 else Z
    if e == 0:
        deref(env, t)
        return 0
    ref(env, e)
    r = node_of_results(env, w, t, e)
    if r != 0:
        memo[i] = r
        stamp[i] = j
    return r


@jit
def _table(env, f, bit, deepest, size):
    """(keys, masks, f's mask) of the mask pass, the table grown until it fits."""
    while True:
        keys = np.full(size, _EMPTY, dtype=np.int64)
        masks = np.zeros(size, dtype=np.int64)
        fill = np.zeros(1, dtype=np.int64)
        m = _mask(env, f, bit, keys, masks, fill, deepest)
        if m >= 0:
            return keys, masks, m
        size *= 4


@jit
def quotients(ctx, f, levels, nlev):
    """(status, results): f / {{x}} for every element x at ``levels`` (distinct), each
    result referenced for the caller; on a
    status other than OK nothing is referenced (TOO_DEEP: divide one at a time)."""
    k = levels.shape[0]
    results = np.zeros(k, dtype=np.int64)
    env = new_env(ctx, np.zeros(1, dtype=np.int64))
    Z = env[C_ZERO]
    deepest = -1
    for j in range(k):
        deepest = max(deepest, levels[j])
    if k > MAX_ELEMENTS or deepest - level(f, env) >= MAX_DEPTH:
        return TOO_DEEP, results
    bit = np.zeros(nlev + 1, dtype=np.int64)
    for j in range(k):
        bit[levels[j]] = 1 << j
    keys, masks, m = _table(env, f, bit, deepest, 1024)
    memo = np.zeros(keys.shape[0], dtype=np.int64)
    stamp = np.full(keys.shape[0], -1, dtype=np.int64)
    for j in range(k):
        r = Z
        if (m >> j) & 1:
            r = _quot(env, f, _child(env, f, j, keys, masks, deepest), levels[j], j, keys, masks,
                      memo, stamp, j, deepest)
        if r == 0:  # env[E_FAIL] says why
            for i in range(j):
                deref(env, results[i])
            if env[E_FAIL] == INTERRUPTED or cudd_stopped_for_ctrl_c(env):
                return INTERRUPTED, results
            cudd_recover(ctx)
            return NOMEM, results
        ref(env, r)
        results[j] = r
    return OK, results
