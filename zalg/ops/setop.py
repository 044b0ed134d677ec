"""Union, intersection and difference of two ZDDs, the way CUDD's ``cuddZddSetop.c``
computes them, on an explicit stack.

CUDD's own routines recurse in C and notice Ctrl-C only when they allocate a new
block of nodes: a long intersection of two huge families (hitting sets of a few
thousand triples) once ran on for minutes after Ctrl-C.  Here the same recursion
runs in compiled code that pauses every few thousand steps (``nodes.poll``),
memoises in CUDD's computed table under CUDD's own tags (so results are shared
with CUDD's routines and cleared by its garbage collector), and keeps every
intermediate result referenced while it waits for its parent.

* F ∪ G: at the top level v, v·(F1 ∪ G1) ∪ (F0 ∪ G0);
* F ∩ G: when only F has v at its top, F0 ∩ G; at a common top, v·(F1 ∩ G1) ∪ (F0 ∩ G0);
* F ∖ G: when only F has v, v·F1 ∪ (F0 ∖ G); when only G has it, F ∖ G0; else
  v·(F1 ∖ G1) ∪ (F0 ∖ G0);
* F ∪ G ∪ H (``UNION3``, the step of join and meet): v·(F1 ∪ G1 ∪ H1) ∪ (F0 ∪ G0 ∪ H0),
  one recursion on the sorted triple of distinct non-empty operands (two or fewer: the
  union of two), memoised in CUDD's three-key entries.  Two binary unions would build
  F ∪ G first, a family whose nodes die at once.
* F / {s} (``QUOT_SET``, the quotient by a family of one set s = {x1, ..., xk}):
  {S ∖ s : S ∈ F, s ⊆ S}.  Above s's top level v: v·(F1 / {s}) ∪ (F0 / {s}); at v:
  F1 / {s ∖ {v}}; below it (or F a terminal): empty; s = ∅ gives F.  One walk for all
  of s, memoised in CUDD's computed table like the others (three-key entries under
  ``TAG_QUOT_SET``), so the results outlive the call; the driver's general quotient
  keeps a table per call and stores only its root.
"""
from __future__ import annotations

import numpy as np

from ..cudd.native import call_getnode, jit, node_hi, node_lo
from ..cudd.nodes import (C_GETNODE, C_MGR, C_ONE, C_TAG_DIFF, C_TAG_INTER, C_TAG_UNION, C_ZERO,
                    E_FAIL, E_STEPS, INTERRUPTED, NOMEM, OK, POLL_EVERY, cache_insert,
                    cache_insert3, cache_lookup, cache_lookup3, cudd_recover,
                    cof, cudd_stopped_for_ctrl_c, deref, has_empty, level, new_env,
                    node_of_results, plain_deref, poll, ref)

UNION, INTER, DIFF, UNION3, QUOT_SET = 0, 1, 2, 3, 4
#: UNION3's tag in CUDD's computed table (three-key entries, cuddCache.c): bits 1-3 are
#: OR-ed into the first key (bit 1 set: CUDD's garbage collector checks the third key for
#: a dead node), bits 4-7 into the second.  CUDD's own tags (cuddInt.h, DD_*_TAG) use the
#: high nibbles 0, 2, 4, 6, 8 and a, so no other three-key entry has these key bits; and
#: no two-key entry (plain first key) can match a three-key one (first key | 0x2).
TAG_UNION3 = 0xC2
#: QUOT_SET's tag (three-key entries with the 1-terminal as third key): high nibble e,
#: used by no tag of CUDD's and not by TAG_UNION3
TAG_QUOT_SET = 0xE2
#: deeper than this, the recursion hands the subproblem to the explicit stack
MAX_DEPTH = 10_000

# frame columns: the operation, its operands, phase, first value, the level of the
# node to build, how to build it, a fixed then-child (difference), the third operand
_KIND, _F, _G, _PHASE, _BASE, _V, _HOW, _HI, _H = range(9)
_BOTH, _PASS, _FIXED_HI = 0, 1, 2


@jit
def _terminal(kind, f, g, env):
    Z = env[C_ZERO]
    if kind == QUOT_SET:
        if g == env[C_ONE]:
            return f
        if f == Z or level(f, env) > level(g, env):  # the 1-terminal too: level NLEV
            return Z
        return -1
    if kind == UNION:
        if f == Z:
            return g
        if g == Z or f == g:
            return f
        return -1
    if kind == INTER:
        if f == Z or g == Z:
            return Z
        if f == g:
            return f
        if f == env[C_ONE]:
            return f if has_empty(g, env) else Z
        if g == env[C_ONE]:
            return g if has_empty(f, env) else Z
        return -1
    if f == Z or f == g:
        return Z
    if g == Z:
        return f
    if f == env[C_ONE]:
        return Z if has_empty(g, env) else f
    return -1


@jit
def _norm3(f, g, h, env):
    """(kind, a, b, c): f ∪ g ∪ h as UNION3 of its three distinct non-empty operands in
    increasing order, or as the UNION of two (c = 0) when there are fewer."""
    if f > g:
        f, g = g, f
    if g > h:
        g, h = h, g
    if f > g:
        f, g = g, f
    Z = env[C_ZERO]
    if f == g or f == Z:
        return UNION, g, h, 0
    if g == h or g == Z:
        return UNION, f, h, 0
    if h == Z:
        return UNION, f, g, 0
    return UNION3, f, g, h


@jit
def _tag(kind, env):
    if kind == UNION:
        return env[C_TAG_UNION]
    if kind == INTER:
        return env[C_TAG_INTER]
    return env[C_TAG_DIFF]


@jit
def _recall(env, kind, f, g, h):
    """CUDD's computed table's result for (kind, f, g[, h]), or 0."""
    if kind == UNION3:
        return cache_lookup3(env, TAG_UNION3, f, g, h)
    if kind == QUOT_SET:
        return cache_lookup3(env, TAG_QUOT_SET, f, g, env[C_ONE])
    return cache_lookup(env, _tag(kind, env), f, g)


@jit
def _remember(env, kind, f, g, h, r):
    if kind == UNION3:
        cache_insert3(env, TAG_UNION3, f, g, h, r)
    elif kind == QUOT_SET:
        cache_insert3(env, TAG_QUOT_SET, f, g, env[C_ONE], r)
    else:
        cache_insert(env, _tag(kind, env), f, g, r)


@jit
def _push(frames, nf, kind, f, g, h):
    if nf == frames.shape[0]:
        bigger = np.empty((2 * frames.shape[0], 9), dtype=np.int64)
        bigger[:nf] = frames
        frames = bigger
    frames[nf, _KIND] = kind
    frames[nf, _F] = f
    frames[nf, _G] = g
    frames[nf, _H] = h
    frames[nf, _PHASE] = 0
    return frames, nf + 1


@jit
def _answer(k, x, y, z, env):
    """The result of (k, x, y, z) without work (terminal case, computed table), or -1."""
    r = -1 if k == UNION3 else _terminal(k, x, y, env)
    if r == -1:
        hit = _recall(env, k, x, y, z)
        if hit != 0:
            r = hit
    return r


@jit
def _loop(env, kind, f, g, h, hv, height):
    """The status of the loop.  Every value on the stack (``hv[0]``, ``height[0]`` of
    them at every moment) holds a reference: the result is the first on OK; the caller
    releases the rest.  No try block here: numba compiles a loop inside one slowly."""
    values = hv[0]
    frames = np.empty((64, 9), dtype=np.int64)
    frames, nf = _push(frames, 0, kind, f, g, h)
    nv = 0
    steps = 0
    while nf > 0:
        steps += 1
        if steps % POLL_EVERY == 0 and poll(env):
            return INTERRUPTED
        i = nf - 1
        k = frames[i, _KIND]
        x = frames[i, _F]
        y = frames[i, _G]
        z = frames[i, _H]
        if frames[i, _PHASE] == 0:
            if k == UNION3:
                k, x, y, z = _norm3(x, y, z, env)
            elif k < DIFF and x > y:  # commutative: one cache entry for both orders
                x, y = y, x
            frames[i, _KIND] = k
            frames[i, _F] = x
            frames[i, _G] = y
            frames[i, _H] = z
            r = _answer(k, x, y, z, env)
            if r != -1:
                if nv == values.shape[0]:
                    bigger = np.empty(2 * nv, dtype=np.int64)
                    bigger[:nv] = values
                    values = bigger
                    hv[0] = values
                ref(env, r)
                values[nv] = r
                nv += 1
                height[0] = nv
                nf -= 1
                continue
            vx = level(x, env)
            vy = level(y, env)
            v = min(vx, vy, level(z, env)) if k == UNION3 else min(vx, vy)
            frames[i, _PHASE] = 1
            frames[i, _BASE] = nv
            frames[i, _V] = v
            x0, x1 = cof(x, v, env)
            y0, y1 = cof(y, v, env)
            if k == QUOT_SET:  # v is F's top, at or above G's
                frames[i, _HOW] = _BOTH if vx < vy else _PASS
                if vx < vy:
                    frames, nf = _push(frames, nf, k, x1, y, 0)
                    frames, nf = _push(frames, nf, k, x0, y, 0)
                else:
                    frames, nf = _push(frames, nf, k, x1, y1, 0)
            elif k == UNION3:
                z0, z1 = cof(z, v, env)
                frames[i, _HOW] = _BOTH
                frames, nf = _push(frames, nf, k, x1, y1, z1)  # runs second: value base + 1
                frames, nf = _push(frames, nf, k, x0, y0, z0)  # runs first: value base
            elif k == UNION or vx == vy:
                frames[i, _HOW] = _BOTH
                frames, nf = _push(frames, nf, k, x1, y1, 0)
                frames, nf = _push(frames, nf, k, x0, y0, 0)
            elif k == INTER:
                frames[i, _HOW] = _PASS
                frames, nf = _push(frames, nf, k, x0, y0, 0)
            elif vx < vy:  # difference, only F holds v
                frames[i, _HOW] = _FIXED_HI
                frames[i, _HI] = x1
                frames, nf = _push(frames, nf, k, x0, y, 0)
            else:  # difference, only G holds v
                frames[i, _HOW] = _PASS
                frames, nf = _push(frames, nf, k, x, y0, 0)
            continue
        base = frames[i, _BASE]
        how = frames[i, _HOW]
        if how == _PASS:
            r = values[base]
        elif how == _BOTH:
            r = call_getnode(env[C_GETNODE], env[C_MGR], frames[i, _V], values[base + 1],
                             values[base])
        else:
            r = call_getnode(env[C_GETNODE], env[C_MGR], frames[i, _V], frames[i, _HI],
                             values[base])
        if r == 0:  # CUDD could not create the node
            return NOMEM
        ref(env, r)
        for j in range(base, nv):
            deref(env, values[j])
        nv = base
        values[nv] = r
        nv += 1
        height[0] = nv
        _remember(env, k, x, y, z, r)
        nf -= 1
    return OK


@jit
def _run(env, kind, f, g, h):
    """(status, values, height): ``_loop`` on a fresh stack; a stack that cannot grow
    ends it with NOMEM."""
    hv = [np.empty(64, dtype=np.int64)]
    height = np.zeros(1, dtype=np.int64)
    try:
        status = _loop(env, kind, f, g, h, hv, height)
    except Exception:  # no room for a bigger stack
        status = NOMEM
    return status, hv[0], height[0]


@jit
def stopped(env):
    """Count one step of a native recursion; every ``POLL_EVERY`` steps pause, and when
    Ctrl-C arrived say so (True, ``env[E_FAIL] = INTERRUPTED``)."""
    env[E_STEPS] += 1
    if env[E_STEPS] % POLL_EVERY == 0 and poll(env):
        env[E_FAIL] = INTERRUPTED
        return True
    return False


@jit(signature="int64(int64[::1], int64, int64, int64, int64, int64)")
def _rec(env, kind, f, g, h, depth):
    """The result of (kind, f, g[, h]), unreferenced, or 0 when it failed
    (``env[E_FAIL]``: INTERRUPTED or NOMEM).  CUDD's own recursion, step for step (and
    UNION3 in its image); below MAX_DEPTH the subproblem goes to the explicit stack of
    ``_run`` (no native stack overflow on ZDDs with hundreds of thousands of levels)."""
    if kind == UNION3:
        kind, f, g, h = _norm3(f, g, h, env)
    elif kind < DIFF and f > g:
        f, g = g, f
    if kind != UNION3:
        r = _terminal(kind, f, g, env)
        if r != -1:
            return r
    hit = _recall(env, kind, f, g, h)
    if hit != 0:
        return hit
    if stopped(env):
        return 0
    if depth >= MAX_DEPTH:
        status, values, nv = _run(env, kind, f, g, h)
        if status != OK:
            for j in range(nv):
                deref(env, values[j])
            env[E_FAIL] = status
            return 0
        plain_deref(env, values[0])
        return values[0]
    vf = level(f, env)
    vg = level(g, env)
    v = min(vf, vg, level(h, env)) if kind == UNION3 else min(vf, vg)
    f0, f1 = cof(f, v, env)
    g0, g1 = cof(g, v, env)
    h0, h1 = cof(h, v, env) if kind == UNION3 else (h, h)  # binary: h = 0
    if kind == QUOT_SET:  # v is F's top (the terminal case left none below G's)
        if vf == vg:
            r = _rec(env, kind, f1, g1, h, depth + 1)
            if r != 0:
                _remember(env, kind, f, g, h, r)
            return r
        g0 = g1 = g
    if kind == INTER and vf != vg:
        r = _rec(env, kind, f0, g0, h0, depth + 1)  # only one side holds v: it cannot be kept
        if r != 0:
            _remember(env, kind, f, g, h, r)
        return r
    if kind == DIFF and vg < vf:
        r = _rec(env, kind, f, g0, h0, depth + 1)
        if r != 0:
            _remember(env, kind, f, g, h, r)
        return r
    if kind == DIFF and vf < vg:
        t = f1
        ref(env, t)
    else:
        t = _rec(env, kind, f1, g1, h1, depth + 1)
        if t == 0:
            return 0
        ref(env, t)
    e = _rec(env, kind, f0, g0, h0, depth + 1)
    if e == 0:
        deref(env, t)
        return 0
    ref(env, e)
    r = node_of_results(env, v, t, e)
    if r != 0:
        _remember(env, kind, f, g, h, r)
    return r


@jit
def _setop(env, kind, f, g, h):
    r = _rec(env, kind, f, g, h, 0)
    if r != 0:
        ref(env, r)
        return OK, r
    status = env[E_FAIL]
    env[E_FAIL] = 0
    if status != INTERRUPTED and cudd_stopped_for_ctrl_c(env):
        status = INTERRUPTED
    return (status if status != OK else NOMEM), 0


@jit
def setop(env, kind, f, g):
    """(status, node): F ∪ G, F ∩ G or F ∖ G (``kind`` UNION, INTER, DIFF); on OK the
    node carries one reference owned by the caller, otherwise every reference taken
    is released (INTERRUPTED: Ctrl-C; NOMEM: CUDD could not create a node)."""
    return _setop(env, kind, f, g, 0)


@jit
def union_of_three(env, f, g, h):
    """(status, node): F ∪ G ∪ H in one recursion, as ``setop``."""
    return _setop(env, UNION3, f, g, h)


@jit
def binary(ctx, kind, f, g):
    """(status, node): ``setop`` called from Python (``Manager.binary``)."""
    status, r = setop(new_env(ctx, np.zeros(1, dtype=np.int64)), kind, f, g)
    if status == NOMEM:
        cudd_recover(ctx)
    return status, r


@jit
def one_set(ctx, g):
    """Whether the family g has exactly one member (a chain of then-edges down to the
    1-terminal), the divisors ``QUOT_SET`` takes."""
    Z = ctx[C_ZERO]
    O = ctx[C_ONE]
    if g == Z:
        return False
    while g != O:
        if node_lo(g) != Z:
            return False
        g = node_hi(g)
    return True
