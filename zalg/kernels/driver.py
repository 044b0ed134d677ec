"""The one driver that evaluates every operation of ``ops``: iterative, cached, bounded.

``apply(op, ...)`` runs CUDD's recursive scheme on an explicit stack (ZDDs of any
depth are fine: no recursion).  A *frame* is one subproblem (op, f, g) and its
phase; the results of the subproblems it asked for wait on a *value stack*, each
holding one CUDD reference, and are released as soon as the frame that asked
for them is done.  So the memory a call holds beyond CUDD's nodes is its two
stacks (about the depth of the ZDDs times the number of subproblems a step
asks for), not one entry per node it ever visited.

Results are memoised where CUDD memoises its own operations: in its computed
table (``nodes.cache_lookup`` / ``cache_insert``), a lossy cache that CUDD sizes
by its hit rate and clears of dead entries when it collects garbage.  The tag of
an entry names the operation, and for operations with parameters (quantified
levels, sizes, an element) also the call, so that a hit is always a result of
the very same question (``ops.cache_key``).

Every call ends in one of three ways, all with every reference it took released
except the result's: OK (the result carries one reference owned by the caller),
INTERRUPTED (Ctrl-C noticed at a pause, see ``nodes.poll``) or NOMEM (CUDD
returned NULL: out of memory, or over the Universe's budget).
"""
from __future__ import annotations

import numpy as np

from . import ops as R
from .native import jit
from .nodes import (E_KIDS, INTERRUPTED, NOMEM, OK, POLL_EVERY, cache_insert, cache_lookup,
                    deref, disown, drop_all, keep, new_env, poll, ref)

# frame columns
_OP, _F, _G, _PHASE, _BASE = 0, 1, 2, 3, 4


@jit
def _grow_frames(frames):
    bigger = np.empty((2 * frames.shape[0], 5), dtype=np.int64)
    bigger[:frames.shape[0]] = frames
    return bigger


@jit
def _grow_values(values):
    bigger = np.empty(2 * values.shape[0], dtype=np.int64)
    bigger[:values.shape[0]] = values
    return bigger


@jit
def _drive(op, a, b, k, env, call):
    """(status, value stack, its height): the loop.  The value stack's entries each
    hold a reference (the result is values[0] on OK); after a failure the caller
    releases them."""
    values = np.empty(256, dtype=np.int64)
    frames = np.empty((256, 5), dtype=np.int64)
    nf = 1
    frames[0, _OP] = op
    frames[0, _F] = a
    frames[0, _G] = b
    frames[0, _PHASE] = 0
    frames[0, _BASE] = 0
    nv = 0
    steps = 0
    status = OK
    try:
        while nf > 0:
            steps += 1
            if steps % POLL_EVERY == 0 and poll(env):
                status = INTERRUPTED
                break
            f = nf - 1
            o = frames[f, _OP]
            x = frames[f, _F]
            y = frames[f, _G]
            phase = frames[f, _PHASE]
            n = 0
            if phase == 0:
                r = R.terminal(o, x, y, k, env)
                if r == -1:
                    tag, cf, cg = R.cache_key(o, x, y, call)
                    hit = cache_lookup(env, tag, cf, cg)
                    if hit != 0:
                        r = hit
                if r != -1:
                    ref(env, r)
                    if nv == values.shape[0]:
                        values = _grow_values(values)
                    values[nv] = r
                    nv += 1
                    nf -= 1
                    continue
                n = R.children(o, x, y, k, env)
                frames[f, _BASE] = nv
            else:
                r, n = R.combine(o, x, y, phase, k, env, values, frames[f, _BASE])
                if n == 0:
                    disown(env, r)  # the reference is the value stack's now
                    base = frames[f, _BASE]
                    for i in range(base, nv):
                        deref(env, values[i])
                    nv = base
                    if nv == values.shape[0]:  # a step that asked for no subproblem
                        values = _grow_values(values)
                    values[nv] = r
                    nv += 1
                    tag, cf, cg = R.cache_key(o, x, y, call)
                    cache_insert(env, tag, cf, cg, r)
                    nf -= 1
                    continue
            frames[f, _PHASE] = phase + 1
            # the kids in reverse, so that kid 0 runs first and its value comes first
            while nf + n > frames.shape[0]:
                frames = _grow_frames(frames)
            for i in range(n - 1, -1, -1):
                j = E_KIDS + 3 * i
                frames[nf, _OP] = env[j]
                frames[nf, _F] = env[j + 1]
                frames[nf, _G] = env[j + 2]
                frames[nf, _PHASE] = 0
                frames[nf, _BASE] = 0
                nf += 1
    except Exception:  # CUDD returned NULL (getnode raises MemoryError), or too many temporaries
        status = NOMEM
    return status, values, nv


@jit
def apply(op, ctx, a, b, k, aux, call):
    """(status, node): ``op(a, b)`` with integer parameter ``k``, level array ``aux``
    (a prefix count over levels: ``aux[l + 1] - aux[l]`` is 1 when level l is marked)
    and ``call`` (a number unique to this call, for the cache tags of operations with
    parameters)."""
    env = new_env(ctx, aux)
    status, values, nv = _drive(op, a, b, k, env, call)
    result = 0
    if status == OK:
        try:
            result = keep(env, values[0])
            deref(env, values[0])
            nv = 0
            result = R.finish(op, a, b, result, env)
            disown(env, result)
        except Exception:
            status = NOMEM
            result = 0
    for i in range(nv):
        deref(env, values[i])
    drop_all(env)
    return status, result
