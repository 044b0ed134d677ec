"""Family operations on CUDD ZDD nodes: the kernels behind ``Family``'s methods.

Every kernel works on raw ``DdNode*`` values (int64) of one CUDD manager and is
written in the subset of Python that numba compiles (see ``_native``).  The
recursive definitions (Minato, Knuth TAOCP 7.1.4) are evaluated by one iterative
driver, ``apply``, with an explicit stack, so ZDDs with any number of levels are
fine, and with one memo table keyed by ``(op, f, g)`` for the whole call, so
nested operations (``minimal`` uses ``nonsup``) share their work.

Reference counting: every node stored in the memo holds
one CUDD reference, released when the call ends; the returned node carries one
reference owned by the caller.

``ctx`` (int64 array) describes the manager: see the ``C_*`` indices.  ``perm``
maps a variable index to its level and ``inv`` a level to its index; terminals
sit at level ``nlev``.
"""

from __future__ import annotations

import numpy as np

from ._native import (call_deref, call_getnode, call_mgr2, call_ref, jit, node_hi,
                      node_index, node_lo)

# ctx layout
C_MGR, C_ZERO, C_ONE, C_GETNODE, C_UNION, C_INTER, C_DIFF, C_REF, C_DEREF, C_NLEV = range(10)
CTX_SIZE = 10

# operation codes
JOIN, MEET, QUOT, NONSUP, NONSUB, MINIMAL, MAXIMAL, EXISTS, FORALL = 1, 2, 3, 4, 5, 6, 7, 8, 9
CHANGE, ONSET, OFFSET, SIZE, HIT, MINEX, UNIQ, EXWITHIN = 10, 11, 12, 13, 14, 15, 16, 17

# builder modes
EXACTLY, AT_MOST, AT_LEAST, POWER = 0, 1, 2, 3


@jit
def _level(p, ctx, perm):
    if p == ctx[C_ZERO] or p == ctx[C_ONE]:
        return ctx[C_NLEV]
    return perm[node_index(p)]


@jit
def _ref(ctx, p):
    call_ref(ctx[C_REF], p)


@jit
def _deref(ctx, p):
    call_deref(ctx[C_DEREF], ctx[C_MGR], p)


@jit
def _getnode(ctx, inv, level, hi, lo):
    r = call_getnode(ctx[C_GETNODE], ctx[C_MGR], inv[level], hi, lo)
    if r == 0:
        raise MemoryError("CUDD could not create a node (out of memory)")
    return r


@jit
def _binary(ctx, which, f, g):
    r = call_mgr2(ctx[which], ctx[C_MGR], f, g)
    if r == 0:
        raise MemoryError("CUDD ran out of memory")
    return r


@jit
def _key(op, a, b):
    if (op == JOIN or op == MEET) and a > b:
        return (op, b, a)
    return (op, a, b)


@jit
def _has_empty(p, ctx):
    """Whether the empty set is a member of p (follow the else-chain)."""
    while p != ctx[C_ZERO] and p != ctx[C_ONE]:
        p = node_lo(p)
    return p == ctx[C_ONE]


@jit
def _terminal(op, a, b, k, ctx, perm, aux):
    """The result when it needs no recursion, or -1."""
    Z = ctx[C_ZERO]
    O = ctx[C_ONE]
    nlev = ctx[C_NLEV]
    if op == JOIN:
        if a == Z or b == Z:
            return Z
        if a == O:
            return b
        if b == O:
            return a
    elif op == MEET:
        if a == Z or b == Z:
            return Z
        if a == O or b == O:
            return O
    elif op == QUOT:
        if b == O:
            return a
        if a == Z or a == O:
            return Z
        if a == b:
            return O
    elif op == NONSUP:
        if b == Z:
            return a
        if a == Z or a == b or b == O:
            return Z
        if a == O:
            return Z if _has_empty(b, ctx) else O
    elif op == NONSUB:
        if b == Z:
            return a
        if a == Z or a == b or a == O:
            return Z
    elif op == MINIMAL or op == MAXIMAL or op == EXISTS or op == FORALL or op == MINEX:
        if a == Z or a == O:
            return a
    elif op == UNIQ:  # a: the relation, b: the witnesses allowed (b ⊆ a)
        if b == Z:
            return Z
        if a == O:
            return O
    elif op == EXWITHIN:  # (∃X a) ∩ b
        if a == Z or b == Z:
            return Z
        if a == O:
            return O if _has_empty(b, ctx) else Z
    elif op == CHANGE:
        if a == Z:
            return Z
    elif op == ONSET:
        if a == Z or _level(a, ctx, perm) > b:
            return Z
    elif op == OFFSET:
        lv = _level(a, ctx, perm)
        if a == Z or lv > b:
            return a
        if lv == b:
            return node_lo(a)
    elif op == SIZE:
        hi = b
        lo = b - k
        if a == Z or hi < 0:
            return Z
        room = nlev - _level(a, ctx, perm)
        if lo > room:
            return Z
        if lo <= 0 and hi >= room:
            return a
    elif op == HIT:
        if a == O:
            return Z
        if a == Z:
            return O
    return -1


@jit
def _mfind(table, key):
    """Slot of ``key`` = (op, f, g) in an open-addressing memo table, or of a free slot."""
    mask = table.shape[0] - 1
    op, a, b = key
    h = (np.uint64(a) * np.uint64(0x9E3779B97F4A7C15)) ^ (np.uint64(b) * np.uint64(0xC2B2AE3D27D4EB4F))
    h = h ^ (np.uint64(op) * np.uint64(0x165667B19E3779F9))
    i = np.int64((h >> np.uint64(20)) & np.uint64(mask))
    while table[i, 0] != 0 and not (table[i, 0] == op and table[i, 1] == a and table[i, 2] == b):
        i = (i + 1) & mask
    return i


@jit
def _mget(memo, key):
    """The memoised result for ``key``, or -1."""
    table = memo[0]
    i = _mfind(table, key)
    return table[i, 3] if table[i, 0] != 0 else -1


@jit
def _mset(memo, count, key, value):
    table = memo[0]
    if 2 * (count[0] + 1) > table.shape[0]:  # keep the load under one half
        bigger = np.zeros((2 * table.shape[0], 4), dtype=np.int64)
        for j in range(table.shape[0]):
            if table[j, 0] != 0:
                t = _mfind(bigger, (table[j, 0], table[j, 1], table[j, 2]))
                bigger[t, :] = table[j, :]
        memo[0] = bigger
        table = bigger
    i = _mfind(table, key)
    table[i, 0] = key[0]
    table[i, 1] = key[1]
    table[i, 2] = key[2]
    table[i, 3] = value
    count[0] += 1


@jit
def _resolve(memo, op, a, b, k, ctx, perm, aux):
    t = _terminal(op, a, b, k, ctx, perm, aux)
    if t != -1:
        return t
    return _mget(memo, _key(op, a, b))


@jit
def _cof(p, v, ctx, perm):
    """(else, then) cofactors of p at level v."""
    if _level(p, ctx, perm) == v:
        return node_lo(p), node_hi(p)
    return p, ctx[C_ZERO]


@jit
def _union3(ctx, x, y, z):
    """x ∪ y ∪ z, unreferenced."""
    u = _binary(ctx, C_UNION, x, y)
    _ref(ctx, u)
    w = _binary(ctx, C_UNION, u, z)
    _ref(ctx, w)
    _deref(ctx, u)
    # w keeps one reference on behalf of the caller's next step; drop it only
    # after the caller has referenced what it builds from w
    return w


@jit
def _chain(ctx, inv, aux, start, stop, base):
    """Don't-care nodes for every marked level in [start, stop) above base; referenced."""
    _ref(ctx, base)
    r = base
    lev = stop - 1
    while lev >= start:
        if aux[lev + 1] - aux[lev] > 0:
            t = _getnode(ctx, inv, lev, r, r)
            _ref(ctx, t)
            _deref(ctx, r)
            r = t
        lev -= 1
    return r


@jit
def apply(op, ctx, perm, inv, a, b, k, aux):
    """Evaluate ``op(a, b)`` (with integer parameter ``k`` and level array ``aux``).

    Returns a referenced node.  ``aux`` is a prefix count over levels for EXISTS,
    FORALL and HIT (``aux[l + 1] - aux[l]`` is 1 when level l is marked)."""
    Z = ctx[C_ZERO]
    memo = [np.zeros((1024, 4), dtype=np.int64)]
    count = np.zeros(1, dtype=np.int64)
    stack = [(op, a, b, 0)]
    if _terminal(op, a, b, k, ctx, perm, aux) != -1:
        stack.pop()
    while len(stack) > 0:
        o, x, y, phase = stack.pop()
        key = _key(o, x, y)
        if _mget(memo, key) != -1:
            continue
        v = _level(x, ctx, perm)
        if o == JOIN or o == MEET or o == NONSUP or o == NONSUB or o == UNIQ or o == EXWITHIN:
            vy = _level(y, ctx, perm)
            if vy < v:
                v = vy
        x0, x1 = _cof(x, v, ctx, perm)
        if phase == 0:
            stack.append((o, x, y, 1))
            n0 = len(stack)
            if o == JOIN or o == MEET:
                y0, y1 = _cof(y, v, ctx, perm)
                stack.append((o, x0, y0, 0))
                stack.append((o, x1, y1, 0))
                stack.append((o, x0, y1, 0))
                stack.append((o, x1, y0, 0))
            elif o == QUOT:
                vy = _level(y, ctx, perm)
                if v < vy:
                    stack.append((o, x1, y, 0))
                    stack.append((o, x0, y, 0))
                else:
                    x0, x1 = _cof(x, vy, ctx, perm)
                    y0 = node_lo(y)
                    stack.append((o, x1, node_hi(y), 0))
                    if y0 != Z:
                        stack.append((o, x0, y0, 0))
            elif o == NONSUP or o == NONSUB:
                # a set avoids every member of y0 ∪ y1 iff it avoids those of y0 and
                # those of y1: intersect the two results, never build y0 ∪ y1
                y0, y1 = _cof(y, v, ctx, perm)
                stack.append((o, x0, y0, 0))
                stack.append((o, x1, y1, 0))
                if o == NONSUP:
                    stack.append((o, x1, y0, 0))
                else:
                    stack.append((o, x0, y1, 0))
            elif o == CHANGE or o == ONSET:
                if v >= y:
                    if o == CHANGE and v > y:
                        r = _getnode(ctx, inv, y, x, Z)
                    elif o == CHANGE:
                        r = _getnode(ctx, inv, y, x0, x1)
                    else:
                        r = _getnode(ctx, inv, y, x1, Z)
                    _ref(ctx, r)
                    _mset(memo, count, key, r)
                    stack.pop()
                    continue
                stack.append((o, x0, y, 0))
                stack.append((o, x1, y, 0))
            elif o == SIZE:
                stack.append((o, x0, y, 0))
                stack.append((o, x1, y - 1, 0))
            elif o == UNIQ:
                y0, y1 = _cof(y, v, ctx, perm)
                stack.append((o, x0, y0, 0))
                stack.append((o, x1, y1, 0))
                if aux[v + 1] - aux[v] > 0:
                    stack.append((EXISTS, x0, 0, 0))
                    stack.append((EXISTS, x1, 0, 0))
            elif o == EXWITHIN:
                y0, y1 = _cof(y, v, ctx, perm)
                stack.append((o, x0, y0, 0))
                if aux[v + 1] - aux[v] == 0:
                    stack.append((o, x1, y1, 0))
                # at a quantified level the result lacks v, so x1 is tried against y0
                # in phase 1, and only if x0 has not already found all of y0
            elif o == HIT:
                stack.append((o, x0, 0, 0))
                stack.append((o, x1, 0, 0))
            else:  # MINIMAL, MAXIMAL, EXISTS, FORALL, OFFSET: unary on x
                stack.append((o, x0, y, 0))
                stack.append((o, x1, y, 0))
            # drop children that need no work
            i = len(stack) - 1
            while i >= n0:
                co, ca, cb, cp = stack[i]
                if _terminal(co, ca, cb, k, ctx, perm, aux) != -1 or _mget(memo, _key(co, ca, cb)) != -1:
                    stack[i] = stack[len(stack) - 1]
                    stack.pop()
                i -= 1
            continue

        # phase 1 and 2: children are done
        r = Z
        if o == JOIN:
            y0, y1 = _cof(y, v, ctx, perm)
            r0 = _resolve(memo, o, x0, y0, k, ctx, perm, aux)
            w = _union3(ctx, _resolve(memo, o, x1, y1, k, ctx, perm, aux),
                        _resolve(memo, o, x1, y0, k, ctx, perm, aux),
                        _resolve(memo, o, x0, y1, k, ctx, perm, aux))
            r = _getnode(ctx, inv, v, w, r0)
            _ref(ctx, r)
            _deref(ctx, w)
        elif o == MEET:
            y0, y1 = _cof(y, v, ctx, perm)
            r1 = _resolve(memo, o, x1, y1, k, ctx, perm, aux)
            w = _union3(ctx, _resolve(memo, o, x0, y0, k, ctx, perm, aux),
                        _resolve(memo, o, x0, y1, k, ctx, perm, aux),
                        _resolve(memo, o, x1, y0, k, ctx, perm, aux))
            r = _getnode(ctx, inv, v, r1, w)
            _ref(ctx, r)
            _deref(ctx, w)
        elif o == QUOT:
            vy = _level(y, ctx, perm)
            if v < vy:
                r = _getnode(ctx, inv, v, _resolve(memo, o, x1, y, k, ctx, perm, aux),
                             _resolve(memo, o, x0, y, k, ctx, perm, aux))
                _ref(ctx, r)
            else:
                x0, x1 = _cof(x, vy, ctx, perm)
                y0 = node_lo(y)
                r = _resolve(memo, o, x1, node_hi(y), k, ctx, perm, aux)
                if y0 != Z:
                    r = _binary(ctx, C_INTER, r, _resolve(memo, o, x0, y0, k, ctx, perm, aux))
                _ref(ctx, r)
        elif o == NONSUP:
            y0, y1 = _cof(y, v, ctx, perm)
            r1 = _binary(ctx, C_INTER, _resolve(memo, o, x1, y0, k, ctx, perm, aux),
                         _resolve(memo, o, x1, y1, k, ctx, perm, aux))
            _ref(ctx, r1)
            r = _getnode(ctx, inv, v, r1, _resolve(memo, o, x0, y0, k, ctx, perm, aux))
            _ref(ctx, r)
            _deref(ctx, r1)
        elif o == NONSUB:
            y0, y1 = _cof(y, v, ctx, perm)
            r0 = _binary(ctx, C_INTER, _resolve(memo, o, x0, y0, k, ctx, perm, aux),
                         _resolve(memo, o, x0, y1, k, ctx, perm, aux))
            _ref(ctx, r0)
            r = _getnode(ctx, inv, v, _resolve(memo, o, x1, y1, k, ctx, perm, aux), r0)
            _ref(ctx, r)
            _deref(ctx, r0)
        elif o == MINIMAL or o == MAXIMAL:
            # min(F) = min(F0) ∪ v·nonsup(min(F1), min(F0)): a set contains a member
            # of F0 iff it contains a minimal one, and min(F0) is the smaller filter
            # (much smaller when F0 is up-closed, e.g. hitting sets); dually for max
            if o == MINIMAL:
                inner = (NONSUP, _resolve(memo, o, x1, 0, k, ctx, perm, aux),
                         _resolve(memo, o, x0, 0, k, ctx, perm, aux))
            else:
                inner = (NONSUB, _resolve(memo, o, x0, 0, k, ctx, perm, aux),
                         _resolve(memo, o, x1, 0, k, ctx, perm, aux))
            if phase == 1:
                stack.append((o, x, y, 2))
                if _terminal(inner[0], inner[1], inner[2], k, ctx, perm, aux) == -1 \
                        and _mget(memo, _key(inner[0], inner[1], inner[2])) == -1:
                    stack.append((inner[0], inner[1], inner[2], 0))
                continue
            filtered = _resolve(memo, inner[0], inner[1], inner[2], k, ctx, perm, aux)
            if o == MINIMAL:
                r = _getnode(ctx, inv, v, filtered, _resolve(memo, o, x0, 0, k, ctx, perm, aux))
            else:
                r = _getnode(ctx, inv, v, _resolve(memo, o, x1, 0, k, ctx, perm, aux), filtered)
            _ref(ctx, r)
        elif o == MINEX:
            # minimal(∃X F): at a kept level v, the minimal step; at a quantified
            # level, minimal(A ∪ B) = (A ∩ B) ∪ nonsup(A, B) ∪ nonsup(B, A) for antichains
            m0 = _resolve(memo, o, x0, 0, k, ctx, perm, aux)
            m1 = _resolve(memo, o, x1, 0, k, ctx, perm, aux)
            quantified = aux[v + 1] - aux[v] > 0
            if phase == 1:
                stack.append((o, x, y, 2))
                if _terminal(NONSUP, m1, m0, k, ctx, perm, aux) == -1 \
                        and _mget(memo, _key(NONSUP, m1, m0)) == -1:
                    stack.append((NONSUP, m1, m0, 0))
                if quantified and _terminal(NONSUP, m0, m1, k, ctx, perm, aux) == -1 \
                        and _mget(memo, _key(NONSUP, m0, m1)) == -1:
                    stack.append((NONSUP, m0, m1, 0))
                continue
            n10 = _resolve(memo, NONSUP, m1, m0, k, ctx, perm, aux)
            if quantified:
                both = _binary(ctx, C_INTER, m0, m1)
                _ref(ctx, both)
                u = _binary(ctx, C_UNION, both, n10)
                _ref(ctx, u)
                _deref(ctx, both)
                r = _binary(ctx, C_UNION, u, _resolve(memo, NONSUP, m0, m1, k, ctx, perm, aux))
                _ref(ctx, r)
                _deref(ctx, u)
            else:
                r = _getnode(ctx, inv, v, n10, m0)
                _ref(ctx, r)
        elif o == EXISTS:
            r0 = _resolve(memo, o, x0, y, k, ctx, perm, aux)
            r1 = _resolve(memo, o, x1, y, k, ctx, perm, aux)
            if aux[v + 1] - aux[v] > 0:
                r = _binary(ctx, C_UNION, r0, r1)
            else:
                r = _getnode(ctx, inv, v, r1, r0)
            _ref(ctx, r)
        elif o == UNIQ:
            # ∃!X with witnesses in y: at a quantified level the witness either lacks
            # v (exactly one in x0, none in x1) or holds it (the reverse)
            y0, y1 = _cof(y, v, ctx, perm)
            u0 = _resolve(memo, o, x0, y0, k, ctx, perm, aux)
            u1 = _resolve(memo, o, x1, y1, k, ctx, perm, aux)
            if aux[v + 1] - aux[v] == 0:
                r = _getnode(ctx, inv, v, u1, u0)
                _ref(ctx, r)
            else:
                a0 = _binary(ctx, C_DIFF, u0, _resolve(memo, EXISTS, x1, 0, k, ctx, perm, aux))
                _ref(ctx, a0)
                a1 = _binary(ctx, C_DIFF, u1, _resolve(memo, EXISTS, x0, 0, k, ctx, perm, aux))
                _ref(ctx, a1)
                r = _binary(ctx, C_UNION, a0, a1)
                _ref(ctx, r)
                _deref(ctx, a0)
                _deref(ctx, a1)
        elif o == EXWITHIN:
            y0, y1 = _cof(y, v, ctx, perm)
            r0 = _resolve(memo, o, x0, y0, k, ctx, perm, aux)
            if aux[v + 1] - aux[v] > 0:
                if r0 == y0:
                    r = r0
                elif phase == 1:
                    stack.append((o, x, y, 2))
                    if _resolve(memo, o, x1, y0, k, ctx, perm, aux) == -1:
                        stack.append((o, x1, y0, 0))
                    continue
                else:
                    r = _binary(ctx, C_UNION, r0, _resolve(memo, o, x1, y0, k, ctx, perm, aux))
            else:
                r = _getnode(ctx, inv, v, _resolve(memo, o, x1, y1, k, ctx, perm, aux), r0)
            _ref(ctx, r)
        elif o == FORALL:
            r0 = Z
            if aux[_level(x0, ctx, perm)] - aux[v + 1] == 0:
                r0 = _resolve(memo, o, x0, y, k, ctx, perm, aux)
            r1 = Z
            if aux[_level(x1, ctx, perm)] - aux[v + 1] == 0:
                r1 = _resolve(memo, o, x1, y, k, ctx, perm, aux)
            if aux[v + 1] - aux[v] > 0:
                r = _binary(ctx, C_INTER, r0, r1)
            else:
                r = _getnode(ctx, inv, v, r1, r0)
            _ref(ctx, r)
        elif o == CHANGE or o == ONSET or o == OFFSET:
            r = _getnode(ctx, inv, v, _resolve(memo, o, x1, y, k, ctx, perm, aux),
                         _resolve(memo, o, x0, y, k, ctx, perm, aux))
            _ref(ctx, r)
        elif o == SIZE:
            r = _getnode(ctx, inv, v, _resolve(memo, o, x1, y - 1, k, ctx, perm, aux),
                         _resolve(memo, o, x0, y, k, ctx, perm, aux))
            _ref(ctx, r)
        elif o == HIT:
            # hit(F0 ∪ v·F1): with v, hit F0; without v, hit F0 and F1 (hit(A ∪ B) = hit(A) ∩ hit(B))
            h0 = _chain(ctx, inv, aux, v + 1, _level(x0, ctx, perm),
                        _resolve(memo, o, x0, 0, k, ctx, perm, aux))
            h1 = _chain(ctx, inv, aux, v + 1, _level(x1, ctx, perm),
                        _resolve(memo, o, x1, 0, k, ctx, perm, aux))
            both = _binary(ctx, C_INTER, h0, h1)
            _ref(ctx, both)
            _deref(ctx, h1)
            if aux[v + 1] - aux[v] > 0:
                r = _getnode(ctx, inv, v, h0, both)
                _ref(ctx, r)
                _deref(ctx, both)
            else:
                r = both
            _deref(ctx, h0)
        _mset(memo, count, key, r)

    result = _resolve(memo, op, a, b, k, ctx, perm, aux)
    _ref(ctx, result)
    if op == FORALL and aux[_level(a, ctx, perm)] > 0:
        _deref(ctx, result)
        result = Z
        _ref(ctx, result)
    if op == HIT:
        top = _chain(ctx, inv, aux, 0, _level(a, ctx, perm), result)
        _deref(ctx, result)
        result = top
    table = memo[0]
    for j in range(table.shape[0]):
        if table[j, 0] != 0:
            _deref(ctx, table[j, 3])
    return result


@jit
def build(mode, ctx, inv, marked, k):
    """Cardinality and power-set families, bottom-up over all levels; referenced.

    ``marked[level]`` tells the elements counted.  EXACTLY / AT_MOST / AT_LEAST:
    every subset of the universe whose intersection with the marked elements has
    size ==, <=, >= k.  POWER: every subset of the marked elements."""
    Z = ctx[C_ZERO]
    O = ctx[C_ONE]
    nlev = ctx[C_NLEV]
    width = k + 1
    cur = np.empty(width, dtype=np.int64)
    for c in range(width):
        if mode == EXACTLY:
            cur[c] = O if c == k else Z
        elif mode == AT_MOST:
            cur[c] = O
        elif mode == AT_LEAST:
            cur[c] = O if c == k else Z
        else:
            cur[c] = O
        _ref(ctx, cur[c])
    nxt = np.empty(width, dtype=np.int64)
    for lev in range(nlev - 1, -1, -1):
        for c in range(width):
            if marked[lev]:
                if mode == POWER:
                    hi = cur[c]
                elif c + 1 < width:
                    hi = cur[c + 1]
                elif mode == AT_LEAST:
                    hi = cur[c]
                else:
                    hi = Z
                nxt[c] = _getnode(ctx, inv, lev, hi, cur[c])
            elif mode == POWER:
                nxt[c] = cur[c]
            else:
                nxt[c] = _getnode(ctx, inv, lev, cur[c], cur[c])
            _ref(ctx, nxt[c])
        for c in range(width):
            _deref(ctx, cur[c])
            cur[c] = nxt[c]
    for c in range(1, width):
        _deref(ctx, cur[c])
    return cur[0]


@jit
def _slot(keys, p):
    """Position of pointer p in an open-addressing table (its own or the free one)."""
    mask = len(keys) - 1
    h = (np.uint64(p) >> np.uint64(4)) * np.uint64(11400714819323198485)
    i = np.int64(h >> np.uint64(40)) & mask
    while keys[i] != 0 and keys[i] != p:
        i = (i + 1) & mask
    return i


@jit
def export(ctx, perm, root):
    """The nodes below root as arrays, children before parents.

    Returns (level, hi, lo, root_id) with ids 0 = empty family, 1 = {∅}; a
    non-terminal root is the last id.  Node ids live in an open-addressing table
    on the node pointers that doubles when half full."""
    Z = ctx[C_ZERO]
    O = ctx[C_ONE]
    cap = 1024
    keys = np.zeros(2 * cap, dtype=np.int64)
    vals = np.zeros(2 * cap, dtype=np.int64)
    level = np.empty(cap, dtype=np.int64)
    hi = np.zeros(cap, dtype=np.int64)
    lo = np.zeros(cap, dtype=np.int64)
    level[0] = ctx[C_NLEV]
    level[1] = ctx[C_NLEV]
    for p, v in ((Z, 0), (O, 1)):
        i = _slot(keys, p)
        keys[i] = p
        vals[i] = v
    n = 2
    stack = [root]
    while len(stack) > 0:
        p = stack[len(stack) - 1]
        if keys[_slot(keys, p)] == p:
            stack.pop()
            continue
        h = node_hi(p)
        l = node_lo(p)
        ih = _slot(keys, h)
        il = _slot(keys, l)
        ready = True
        if keys[ih] != h:
            stack.append(h)
            ready = False
        if keys[il] != l:
            stack.append(l)
            ready = False
        if not ready:
            continue
        stack.pop()
        if n == cap:  # grow the arrays and the table
            cap *= 2
            level = np.concatenate((level, np.empty(cap - n, dtype=np.int64)))
            hi = np.concatenate((hi, np.zeros(cap - n, dtype=np.int64)))
            lo = np.concatenate((lo, np.zeros(cap - n, dtype=np.int64)))
            old_keys = keys
            old_vals = vals
            keys = np.zeros(2 * cap, dtype=np.int64)
            vals = np.zeros(2 * cap, dtype=np.int64)
            for j in range(len(old_keys)):
                if old_keys[j] != 0:
                    k = _slot(keys, old_keys[j])
                    keys[k] = old_keys[j]
                    vals[k] = old_vals[j]
            ih = _slot(keys, h)
            il = _slot(keys, l)
        level[n] = perm[node_index(p)]
        hi[n] = vals[ih]
        lo[n] = vals[il]
        i = _slot(keys, p)
        keys[i] = p
        vals[i] = n
        n += 1
    return level[:n].copy(), hi[:n].copy(), lo[:n].copy(), vals[_slot(keys, root)]


@jit
def count_limbs(hi, lo, limbs):
    """Exact member counts of every node, as little-endian base-2^32 limbs."""
    n = len(hi)
    c = np.zeros((n, limbs), dtype=np.uint32)
    c[1, 0] = 1
    for i in range(2, n):
        carry = np.uint64(0)
        a = hi[i]
        b = lo[i]
        for j in range(limbs):
            s = np.uint64(c[a, j]) + np.uint64(c[b, j]) + carry
            c[i, j] = np.uint32(s & np.uint64(0xFFFFFFFF))
            carry = s >> np.uint64(32)
    return c


@jit
def height(hi, lo):
    """Longest root-to-terminal path of every node (bounds member size and count)."""
    n = len(hi)
    h = np.zeros(n, dtype=np.int64)
    for i in range(2, n):
        h[i] = 1 + max(h[hi[i]], h[lo[i]])
    return h


@jit
def count_by_size_mod(hi, lo, root, maxsize, modulus):
    """Counts of the root's members by size, modulo ``modulus`` (< 2^62)."""
    n = len(hi)
    c = np.zeros((n, maxsize + 1), dtype=np.int64)
    c[1, 0] = 1
    for i in range(2, n):
        a = hi[i]
        b = lo[i]
        c[i, 0] = c[b, 0]
        for s in range(1, maxsize + 1):
            c[i, s] = (c[a, s - 1] + c[b, s]) % modulus
    return c[root].copy()


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
def rebuild(ctx, inv, level, hi, lo, root):
    """Create the nodes of an exported ZDD (children before parents); the root, referenced.

    Ids 0 and 1 are the terminals; node i has ``level[i]`` and children ids
    ``hi[i]``, ``lo[i]`` below i.  This is the bulk node builder: one call per
    ZDD, no Python per node."""
    n = len(hi)
    ptr = np.empty(n, dtype=np.int64)
    ptr[0] = ctx[C_ZERO]
    ptr[1] = ctx[C_ONE]
    for i in range(2, n):
        ptr[i] = _getnode(ctx, inv, level[i], ptr[hi[i]], ptr[lo[i]])
        _ref(ctx, ptr[i])
    result = ptr[root]
    _ref(ctx, result)
    for i in range(2, n):
        _deref(ctx, ptr[i])
    return result
