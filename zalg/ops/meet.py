"""Meet F ⊓ G = {a ∩ b : a ∈ F, b ∈ G} on a lean recursion: small fixed frames, its own memo.

At a common top level v, F ⊓ G = v·(F1⊓G1) ∪ (F0⊓G0 ∪ F0⊓G1 ∪ F1⊓G0); when only F
holds v, F0⊓G ∪ F1⊓G (no member of the meet holds v).  This is SAPPORO's
``ZBDD_Meet`` (four cofactor pairs at a common top, two when one operand lacks the
level, an unordered pair as the key), run on an explicit stack (ZDDs of any depth).
What the generic driver (``driver``) spends per subproblem on phases, kid lists in
``env``, dispatch and temporaries is gone: a frame is (F, G, the slot its result goes
to, the first slot of its kids), the kids a frame can answer at once (a terminal case,
the memo) get no frame, and the step's union of three runs in ``setop`` (CUDD's
computed table).  The memo rows of a step's kids are prefetched together, so their
cache misses overlap (the probe was a third of the time, docs/performance.md).

The memo is the driver's table (``memo``), private to the call and lossless: it holds
a reference on every result, and a slot borrows that reference.  Keys need none: every
operand of a subproblem is a cofactor of the call's operands.  When the table cannot
grow within the budget, or CUDD cannot create a node, the table is flushed (values
still waiting in a slot are referenced first) and the call goes on, as in the driver.
The root's result is also kept in CUDD's computed table (under ``TAG_CODE``), so a
repeated call is answered at once.
"""
from __future__ import annotations

import numpy as np

from ..cudd.memo import ROW, flush, home, new_memo, probe, release_all, store
from ..cudd.native import call_getnode, jit, prefetch
from ..cudd.nodes import (C_GETNODE, C_MGR, C_ONE, C_OP_TAGS, C_STATS, C_ZERO, INTERRUPTED, NOMEM,
                    OK, POLL_EVERY, S_CACHE_HITS, S_CACHE_STORES, cache_insert, cache_lookup,
                    cof, cudd_recover, cudd_stopped_for_ctrl_c, deref, keep_stats,
                    lend_to_tables, level, new_env, op_tag, poll, ref)
from .setop import UNION, setop, union_of_three

#: meet's word in the Manager's tag array (``nodes.op_tag``), past every code of ``ops``
TAG_CODE = 255
#: the memo table's op column (one operation a call)
_ROW_OP = 1
# frame columns: the operands, the slot its result goes to, the first slot of its kids
# (-1 until its kids are asked for)
_F, _G, _DEST, _BASE = range(4)
_WIDTH = 4


@jit(inline=True)
def _terminal(a, b, env):
    """The result of (a, b) without recursion, or -1."""
    Z = env[C_ZERO]
    if a == Z or b == Z:
        return Z
    O = env[C_ONE]
    if a == O or b == O:
        return O
    return -1


@jit(inline=True)
def _recalled(memo, a, b):
    """The memo's result for (a, b), borrowed, or -1."""
    i = probe(memo, _ROW_OP, min(a, b), max(a, b))
    return memo[i, 3] if memo[i, 0] != 0 else -1


@jit(inline=True)
def _fetch(memo, a, b):
    """Start loading the memo row where the probe for (a, b) begins (the loads of a
    step's kids then overlap instead of waiting one after the other)."""
    prefetch(memo.ctypes.data + home(memo, _ROW_OP, min(a, b), max(a, b)) * (ROW * 8))


@jit(inline=True)
def _grow(frames, values, owned, nf, nv):
    """Room for 4 more frames and slots: (frames, values, owned), bigger if needed."""
    if nf + 4 > frames.shape[0]:
        more = np.empty((2 * frames.shape[0], _WIDTH), dtype=np.int64)
        more[:nf] = frames[:nf]
        frames = more
    if nv + 4 > values.shape[0]:
        size = 2 * values.shape[0]
        bigger = np.zeros(size, dtype=np.int64)
        bigger[:nv] = values[:nv]
        flags = np.zeros(size, dtype=np.uint8)
        flags[:nv] = owned[:nv]
        values, owned = bigger, flags
    return frames, values, owned


@jit
def _step(x, y, values, base, n, env):
    """(status, node) of frame (x, y) from its n kids' values at base; the node carries
    one reference.  Kids: 4 at a common top, (x0, y0), (x1, y1), (x0, y1), (x1, y0);
    2 when only one holds it: (x0, y), (x1, y) or (x, y0), (x, y1)."""
    if n == 2:
        return setop(env, UNION, values[base], values[base + 1])
    status, lo = union_of_three(env, values[base], values[base + 2], values[base + 3])
    if status != OK:
        return status, 0
    hi = values[base + 1]
    ref(env, hi)
    r = call_getnode(env[C_GETNODE], env[C_MGR], min(level(x, env), level(y, env)), hi, lo)
    if r != 0:
        ref(env, r)
    deref(env, hi)
    deref(env, lo)
    return (OK, r) if r != 0 else (NOMEM, 0)


@jit(inline=True)
def _ask(x, y, frames, nf, values, owned, nv, env, memo):
    """Reserve slots for frame (x, y)'s kids at nv, answer what can be answered at once
    and push frames for the others (kid 0 on top).  Returns (frames, n kids)."""
    vx = level(x, env)
    vy = level(y, env)
    v = min(vx, vy)
    x0, x1 = cof(x, v, env)
    y0, y1 = cof(y, v, env)
    if vx == vy:
        n = 4
        kx = (x0, x1, x0, x1)
        ky = (y0, y1, y1, y0)
    elif vx < vy:
        n = 2
        kx = (x0, x1, 0, 0)
        ky = (y, y, 0, 0)
    else:
        n = 2
        kx = (x, x, 0, 0)
        ky = (y0, y1, 0, 0)
    for i in range(n):
        if _terminal(kx[i], ky[i], env) == -1:
            _fetch(memo, kx[i], ky[i])
    for i in range(n - 1, -1, -1):
        r = _terminal(kx[i], ky[i], env)
        if r == -1:
            r = _recalled(memo, kx[i], ky[i])
        owned[nv + i] = 0
        if r != -1:
            values[nv + i] = r
            continue
        values[nv + i] = 0
        frames[nf, _F] = kx[i]
        frames[nf, _G] = ky[i]
        frames[nf, _DEST] = nv + i
        frames[nf, _BASE] = -1
        nf += 1
    return nf, n


@jit
def _loop(a, b, env, count, stacks):
    """The recursion; ``stacks`` = (hm, hv, ho, state) hold the memo table, the values,
    their ownership flags and the number of values, so that the caller releases what
    they hold however the loop ends.  Returns the status; on OK the result is hv[0][0]."""
    hm, hv, ho, state = stacks
    memo = hm[0]
    values = hv[0]
    owned = ho[0]
    frames = np.empty((256, _WIDTH), dtype=np.int64)
    frames[0, _F] = a
    frames[0, _G] = b
    frames[0, _DEST] = 0
    frames[0, _BASE] = -1
    nf = 1
    nv = 1
    steps = 0
    while nf > 0:
        steps += 1
        if steps % POLL_EVERY == 0 and poll(env):
            return INTERRUPTED
        f = nf - 1
        x = frames[f, _F]
        y = frames[f, _G]
        base = frames[f, _BASE]
        if base < 0:
            frames, values, owned = _grow(frames, values, owned, nf, nv)
            hv[0] = values
            ho[0] = owned
            frames[f, _BASE] = nv
            nf, n = _ask(x, y, frames, nf, values, owned, nv, env, memo)
            nv += n
            state[0] = nv
            continue
        _fetch(memo, x, y)  # where the result goes, loaded while the step runs
        status, r = _step(x, y, values, base, nv - base, env)
        if status == NOMEM and cudd_stopped_for_ctrl_c(env):
            cudd_recover(env)
            return INTERRUPTED
        if status == NOMEM and count[0] > 0:  # retry once with the table empty
            flush(memo, count, values, owned, nv, env)
            cudd_recover(env)
            status, r = _step(x, y, values, base, nv - base, env)
        if status != OK:
            return status
        memo, r, _ = store(memo, count, env, _ROW_OP, min(x, y), max(x, y), r, values, owned,
                             nv, hm)
        for i in range(base, nv):
            if owned[i]:
                deref(env, values[i])
        nv = base
        d = frames[f, _DEST]
        values[d] = r
        owned[d] = 0
        nf -= 1
        state[0] = nv
    return OK


@jit
def _recall(a, b, env):
    """The meet an earlier call stored in CUDD's computed table for (a, b), referenced,
    or 0."""
    if env[C_OP_TAGS] == 0:
        return 0
    r = cache_lookup(env, op_tag(env, TAG_CODE), min(a, b), max(a, b))
    if r != 0:
        ref(env, r)  # alive (CUDD revives a dead hit) but unreferenced until now
        env[C_STATS + S_CACHE_HITS] += 1
    return r


@jit
def _remember(a, b, r, env):
    if env[C_OP_TAGS] != 0:
        cache_insert(env, op_tag(env, TAG_CODE), min(a, b), max(a, b), r)
        env[C_STATS + S_CACHE_STORES] += 1


@jit
def _run(a, b, env):
    """(status, node): the loop on fresh stacks, everything but the result released."""
    memo, count = new_memo()
    hm = [memo]
    hv = [np.zeros(256, dtype=np.int64)]
    ho = [np.zeros(256, dtype=np.uint8)]
    state = np.zeros(1, dtype=np.int64)
    try:
        status = _loop(a, b, env, count, (hm, hv, ho, state))
    except Exception:  # MemoryError: a stack could not grow
        status = NOMEM
    values = hv[0]
    owned = ho[0]
    result = 0
    if status == OK:
        result = values[0]
        ref(env, result)
    for i in range(state[0]):
        if owned[i]:
            deref(env, values[i])
    release_all(hm[0], count, env)
    return status, result


@jit
def meet(ctx, a, b):
    """(status, node): F ⊓ G of nodes a and b; on OK the node carries one reference
    owned by the caller, otherwise every reference taken is released (INTERRUPTED:
    Ctrl-C; NOMEM: out of room even with the memo table empty)."""
    env = new_env(ctx, np.zeros(1, dtype=np.int64))
    r = _terminal(a, b, env)
    if r != -1:
        ref(env, r)
        return OK, r
    r = _recall(a, b, env)
    status = OK
    if r == 0:
        status, r = _run(a, b, env)
        if status == OK:
            _remember(a, b, r, env)
    lend_to_tables(env, 0)  # the table goes: CUDD may use the whole budget again
    keep_stats(ctx, env)
    return status, (r if status == OK else 0)
