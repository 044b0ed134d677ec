"""The one driver that evaluates every operation of ``ops``: iterative, memoised, bounded.

``apply(op, ...)`` runs the operations' recursion on an explicit stack (ZDDs of any
depth are fine: no recursion).  A *frame* is one subproblem (op, f, g), its phase,
and the slot of the value stack where its result goes; a step that needs
subproblems reserves one slot for each, fills the slots of those it can answer at
once (a terminal case, or the memo table) and pushes frames for the others.  Its
combine step reads the slots, and they are released when it is done.

A combine step that asks for more subproblems may keep temporaries for them (a
union it built as a kid's operand): they go to the frame's slots after that
phase's kids, owned, and are released with the frame's other values.

Results are memoised in the call's table (``memo``), which holds a reference on
each (and on its second key, for an operation that builds its keys: ``HOLDS_KEYS``); values in slots *borrow* that reference (or an operand's), so a subproblem
costs one reference, taken when its result is stored.  The table is flushed when
doubling it would pass the Universe's budget, and when CUDD cannot create a node
(then the step is retried once with the table empty and the dead nodes
collected); a flush first references every value still waiting in a slot.  So a
call that fits runs at full speed, and one that does not trades time for room
before it gives up.  Union, intersection and difference inside a step run in
``setop`` (CUDD's recursion, memoised in CUDD's computed table).  The result of a
call of a ``CACHED`` operation also goes to CUDD's computed table, under a tag per
operation, so that a later call on the same operands finds it at once; CUDD drops an
entry when one of its nodes dies.  Only the root's: storing every subproblem's result
there as well (so that later calls over shared nodes reuse them) spared 2.6 % of the
mate-ZDD's subproblems and cost 25 % more time (docs/performance.md).

Every call ends in one of three ways, all with every reference it took released
except the result's: OK (the result carries one reference owned by the caller),
INTERRUPTED (Ctrl-C noticed at a pause, see ``nodes.poll``, or by CUDD's
termination callback) or NOMEM (CUDD returned NULL even with the table empty,
or a stack could not grow).
"""
from __future__ import annotations

import numpy as np

from . import registry as R
from ..cudd.memo import KEY_HELD, ROW, STORED, flush, home, new_memo, probe, release_all, store
from ..cudd.native import jit, prefetch
from ..cudd.nodes import (C_ONE, C_OP_TAGS, C_STATS, E_FAIL, E_KIDS, E_TMP, INTERRUPTED, NOMEM, OK,
                    POLL_EVERY,
                    S_CACHE_HITS, S_CACHE_STORES, UNKNOWN_OP,
                    cache_insert, cache_lookup, cudd_recover, cudd_stopped_for_ctrl_c, deref,
                    disown, drop_all, keep, keep_stats, lend_to_tables, new_env, op_tag, poll,
                    ref)

# frame columns
_OP, _F, _G, _PHASE, _BASE, _DEST = 0, 1, 2, 3, 4, 5
_WIDTH = 6


@jit(inline=True)
def _attempt(op, o, x, y, phase, k, env, values, base):
    """(succeeded, node, n): ``combine`` of frame (o, x, y), which raises when CUDD returns
    NULL or a set operation fails (``nodes.fail``).  The try block lives here, outside
    any loop: numba compiles a loop inside one slowly."""
    try:
        r, n = R.combine(op, o, x, y, phase, k, env, values, base)
        return True, r, n
    except Exception:
        return False, 0, 0


@jit(inline=True)
def _combine(op, o, x, y, phase, k, env, values, base, memo, count, owned, nv):
    """(status, node, n): one combine step; when CUDD runs out of room, the memo
    table is flushed and the step retried once."""
    for attempt in range(2):
        done, r, n = _attempt(op, o, x, y, phase, k, env, values, base)
        if done:
            return OK, r, n
        drop_all(env)  # the step's temporaries
        failed = env[E_FAIL]
        env[E_FAIL] = 0
        if failed == INTERRUPTED or cudd_stopped_for_ctrl_c(env):
            cudd_recover(env)
            return INTERRUPTED, 0, 0
        if attempt == 1 or count[0] == 0:
            return NOMEM, 0, 0
        flush(memo, count, values, owned, nv, env)
        cudd_recover(env)
    return NOMEM, 0, 0


@jit(inline=True)
def _memo_op(op, o):
    """Subproblem (o, ...)'s op column in the memo table: its code, with ``KEY_HELD`` for an
    operation whose keys the table references (``HOLDS_KEYS``: keys it built itself)."""
    return o | KEY_HELD if R.holds_keys(op, o) else o


@jit(inline=True)
def _finish_frame(op, o, x, y, r, env, memo, count, values, owned, nv, hm):
    """Store the result r of subproblem (o, x, y), whose reference the memo table takes
    over, and release the values of its kids; returns (memo, r) with r borrowed from
    the table (an equal subproblem may have been stored meanwhile)."""
    disown(env, r)
    ka, kb = R.memo_key(op, o, x, y)
    mo = _memo_op(op, o)
    memo, r, stored = store(memo, count, env, mo, ka, kb, r, values, owned, nv, hm)
    if stored == STORED and mo != o:
        ref(env, kb)  # the row's key, released with the row
    return memo, r


@jit
def _room(n, nf, nv, hv, ho, hf):
    """Whether the stacks have room for n more slots and frames, growing them (in place of
    the old ones in hv, ho, hf) if needed; False when memory runs out."""
    try:
        values = hv[0]
        if nv + n > values.shape[0]:
            size = 2 * values.shape[0]
            bigger = np.empty(size, dtype=np.int64)
            bigger[:nv] = values[:nv]
            flags = np.zeros(size, dtype=np.uint8)
            flags[:nv] = ho[0][:nv]
            hv[0] = bigger
            ho[0] = flags
        frames = hf[0]
        if nf + n > frames.shape[0]:
            more = np.empty((2 * frames.shape[0], _WIDTH), dtype=np.int64)
            more[:nf] = frames[:nf]
            hf[0] = more
        return True
    except Exception:  # MemoryError
        return False


@jit(inline=True)
def _recalled(memo, mo, ka, kb):
    """The memo's result for key (mo, ka, kb), borrowed, or -1 (the probe inlined)."""
    i = probe(memo, mo, ka, kb)
    return memo[i, 3] if memo[i, 0] != 0 else -1


@jit(inline=True)
def _fetch(op, o, x, y, memo):
    """Start loading the memo row where the probe for subproblem (o, x, y) begins, so
    that the misses of a step's kids overlap instead of coming one after the other (a
    memo probe's cache miss dominates a step's cost: docs/performance.md)."""
    ka, kb = R.memo_key(op, o, x, y)
    prefetch(memo.ctypes.data + home(memo, _memo_op(op, o), ka, kb) * (ROW * 8))


@jit(inline=True)
def _lookup(op, o, x, y, k, env, memo):
    """The result of subproblem (o, x, y) without work (a terminal case, the memo
    table), or -1."""
    r = R.terminal(op, o, x, y, k, env)
    if r == -1:
        ka, kb = R.memo_key(op, o, x, y)
        r = _recalled(memo, _memo_op(op, o), ka, kb)
    return r


@jit(inline=True)
def _cache_key(op, o, x, y, env):
    """(a, b) of subproblem (o, x, y) in CUDD's computed table: its memo key, with the
    1-terminal for the absent operand of a unary operation (CUDD's garbage collector
    reads both keys as nodes)."""
    ka, kb = R.memo_key(op, o, x, y)
    return ka, (kb if kb != 0 else env[C_ONE])


@jit(inline=True)
def _recall(op, o, x, y, env):
    """The result an earlier call stored in CUDD's computed table for (o, x, y), the
    root of a call of a ``CACHED`` operation, referenced, or -1."""
    if env[C_OP_TAGS] == 0 or not R.cached(op, o):
        return -1
    ka, kb = _cache_key(op, o, x, y, env)
    r = cache_lookup(env, op_tag(env, o), ka, kb)
    if r == 0:
        return -1
    ref(env, r)  # alive (CUDD revives a dead hit) but unreferenced until now
    env[C_STATS + S_CACHE_HITS] += 1
    return r


@jit(inline=True)
def _remember(op, o, x, y, r, env):
    """Store the result r of (o, x, y), the root of a call of a ``CACHED`` operation, in
    CUDD's computed table, where later calls find it until r, x or y dies."""
    if env[C_OP_TAGS] != 0 and R.cached(op, o):
        ka, kb = _cache_key(op, o, x, y, env)
        cache_insert(env, op_tag(env, o), ka, kb, r)
        env[C_STATS + S_CACHE_STORES] += 1


@jit(inline=True)
def _ask(op, n, nf, nv, k, env, memo, values, owned, frames):
    """Reserve a slot for each of the n subproblems in env's kids, answer at once what
    can be answered and push a frame for the others.  Returns the new frame count, or
    -1 when a kid names an operation outside op's closure.  The terminal cases are
    answered first and the memo rows of the other kids prefetched together; a slot
    still at 0 after that (no node is 0) waits for the memo or a frame."""
    first = nv
    for i in range(n):
        j = E_KIDS + 3 * i
        ko = env[j]
        values[first + i] = 0
        owned[first + i] = 0
        if not R.known(op, ko):
            return -1
        r = R.terminal(op, ko, env[j + 1], env[j + 2], k, env)
        if r != -1:
            values[first + i] = r
        else:
            _fetch(op, ko, env[j + 1], env[j + 2], memo)
    for i in range(n - 1, -1, -1):  # reversed, so that kid 0 runs first
        if values[first + i] != 0:
            continue
        j = E_KIDS + 3 * i
        ko = env[j]
        ka, kb = R.memo_key(op, ko, env[j + 1], env[j + 2])
        r = _recalled(memo, _memo_op(op, ko), ka, kb)
        if r != -1:
            values[first + i] = r
            continue
        frames[nf, _OP] = ko
        frames[nf, _F] = env[j + 1]
        frames[nf, _G] = env[j + 2]
        frames[nf, _PHASE] = 0
        frames[nf, _DEST] = first + i
        nf += 1
    return nf


def loop():
    """The compiled loop every operation runs in (its dispatcher: one compiled copy per
    operation, see ``cache.cached_names``)."""
    return _drive


@jit
def _drive(op, a, b, k, env, count, stacks):
    """The loop.  ``stacks`` = (hm, hv, ho, hf, state): the growable arrays live in
    one-element lists (memo table ``hm``, values ``hv``, their ownership flags ``ho``,
    frames ``hf``) and the stack heights in ``state`` = [frames, values], so that the
    caller can release what the stacks hold even when an allocation fails half-way.
    Returns the status; on OK the result is hv[0][0]."""
    hm, hv, ho, hf, state = stacks
    memo = hm[0]
    values = hv[0]
    owned = ho[0]
    frames = hf[0]
    frames[0, _OP] = R.root_code(op)
    frames[0, _F] = a
    frames[0, _G] = b
    frames[0, _PHASE] = 0
    frames[0, _DEST] = 0
    nf = 1
    nv = 1  # slot 0: the result
    owned[0] = 0
    values[0] = 0
    state[0] = nf
    state[1] = nv
    steps = 0
    while nf > 0:
        steps += 1
        if steps % POLL_EVERY == 0 and poll(env):
            return INTERRUPTED
        f = nf - 1
        o = frames[f, _OP]
        x = frames[f, _F]
        y = frames[f, _G]
        phase = frames[f, _PHASE]
        if phase == 0:
            r = _lookup(op, o, x, y, k, env, memo)
            if r == -1 and f == 0:
                r = _recall(op, o, x, y, env)
                if r != -1:  # the memo table takes over its reference
                    memo, r = _finish_frame(op, o, x, y, r, env, memo, count, values, owned,
                                            nv, hm)
            if r != -1:
                d = frames[f, _DEST]
                values[d] = r
                owned[d] = 0
                nf -= 1
                state[0] = nf
                continue
            n = R.children(op, o, x, y, k, env)
            frames[f, _BASE] = nv
        else:
            _fetch(op, o, x, y, memo)  # where the result may go, loaded while it combines
            status, r, n = _combine(op, o, x, y, phase, k, env, values, frames[f, _BASE],
                                    memo, count, owned, nv)
            if status != OK:
                return status
            if n == 0:
                memo, r = _finish_frame(op, o, x, y, r, env, memo, count, values, owned, nv, hm)
                if f == 0:
                    _remember(op, o, x, y, r, env)
                base = frames[f, _BASE]
                for i in range(base, nv):
                    if owned[i]:
                        deref(env, values[i])
                nv = base
                d = frames[f, _DEST]
                values[d] = r
                owned[d] = 0
                nf -= 1
                state[0] = nf
                state[1] = nv
                continue
        frames[f, _PHASE] = phase + 1
        # temporaries a combine step keeps while its kids run (none after ``children``:
        # env is only read here, a store to it per subproblem costs 10 %)
        held = env[E_TMP] if phase > 0 else 0
        if not _room(n + held, nf, nv, hv, ho, hf):
            return NOMEM
        values = hv[0]
        owned = ho[0]
        frames = hf[0]
        nf = _ask(op, n, nf, nv, k, env, memo, values, owned, frames)
        if nf < 0:
            return UNKNOWN_OP
        nv += n
        if held > 0:  # the frame's own values, released when it finishes
            for i in range(held):
                values[nv + i] = env[E_TMP + 1 + i]
                owned[nv + i] = 1
            env[E_TMP] = 0
            nv += held
        state[0] = nf
        state[1] = nv
    return OK


@jit(inline=True)
def _finish_root(op, a, b, r, env):
    """(status, result): the root operation's ``finish`` on its result r, kept."""
    try:
        return OK, R.finish(op, a, b, keep(env, r), env)
    except Exception:  # CUDD returned NULL
        return NOMEM, 0


@jit
def apply(op, ctx, a, b, k, aux):
    """(status, node): ``op(a, b)`` (an ``ops.Op``) with integer parameter ``k`` and level
    array ``aux`` (a prefix count over levels: ``aux[l + 1] - aux[l]`` is 1 when level l
    is marked)."""
    env = new_env(ctx, aux)
    memo, count = new_memo()
    hm = [memo]
    hv = [np.zeros(256, dtype=np.int64)]
    ho = [np.zeros(256, dtype=np.uint8)]
    hf = [np.zeros((256, _WIDTH), dtype=np.int64)]
    state = np.zeros(2, dtype=np.int64)
    status = _drive(op, a, b, k, env, count, (hm, hv, ho, hf, state))
    values = hv[0]
    owned = ho[0]
    result = 0
    if status == OK:
        status, result = _finish_root(op, a, b, values[0], env)
    for i in range(state[1]):
        if owned[i]:
            deref(env, values[i])
    release_all(hm[0], count, env)
    lend_to_tables(env, 0)  # the table goes: CUDD may use the whole budget again
    keep_stats(ctx, env)
    if status == OK:
        disown(env, result)
    else:
        result = 0
    drop_all(env)
    return status, result
