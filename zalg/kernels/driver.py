"""The one driver that evaluates every operation of ``ops``: iterative, memoised, safe.

``apply(op, ...)`` walks the subproblems depth first with an explicit stack
(ZDDs of any depth are fine: no recursion), one memo table per call keyed by
(op, f, g), so nested operations (``minimal`` uses ``nonsup``) share their work.

Every call ends in one of three ways, all with every reference it took released
except the result's: OK (the result carries one reference owned by the caller),
INTERRUPTED (Ctrl-C noticed at a pause, see ``nodes.poll``) or NOMEM (CUDD
returned NULL, an allocation failed, or a table would pass the memory budget).
"""
from __future__ import annotations

from . import ops as R
from .memo import get, new_memo, put, release
from .native import jit
from .nodes import (E_KIDS, INTERRUPTED, NOMEM, OK, POLL_EVERY, disown, drop_all, keep, new_env,
                    poll)


@jit
def _drive(op, a, b, k, env, holder, count):
    memo = holder[0]
    stack = [(op, a, b, 0)]
    if R.resolve(memo, op, a, b, k, env) != -1:
        stack.pop()
    steps = 0
    while len(stack) > 0:
        steps += 1
        if steps % POLL_EVERY == 0 and poll(env):
            return INTERRUPTED, 0
        o, x, y, phase = stack.pop()
        ko, kx, ky = R.key(o, x, y)
        if phase == 0:
            if get(memo, ko, kx, ky) != -1:
                continue  # pushed twice, done once
            n = R.children(o, x, y, k, env)
        else:
            r, n = R.combine(o, x, y, phase, k, env, memo)
            if n == 0:
                memo = put(memo, count, env, ko, kx, ky, r)
                holder[0] = memo  # the error path releases what the table holds
                disown(env, r)
                continue
        stack.append((o, x, y, phase + 1))
        for i in range(n):
            j = E_KIDS + 3 * i
            if R.resolve(memo, env[j], env[j + 1], env[j + 2], k, env) == -1:
                stack.append((env[j], env[j + 1], env[j + 2], 0))
    result = keep(env, R.resolve(memo, op, a, b, k, env))
    result = R.finish(op, a, b, result, env)
    disown(env, result)
    return OK, result


@jit
def apply(op, ctx, a, b, k, aux):
    """(status, node): ``op(a, b)`` with integer parameter ``k`` and level array ``aux``
    (a prefix count over levels: ``aux[l + 1] - aux[l]`` is 1 when level l is marked)."""
    table, count = new_memo()
    holder = [table]
    env = new_env(ctx, aux)
    status = NOMEM
    result = 0
    try:
        status, result = _drive(op, a, b, k, env, holder, count)
    except Exception:
        status = NOMEM
        result = 0
    drop_all(env)
    release(holder[0], env)
    return status, result
