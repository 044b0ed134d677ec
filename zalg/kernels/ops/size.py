"""Members whose size lies in [y - k, y]: {a ∈ F : y - k ≤ |a| ≤ y}."""
from __future__ import annotations

from ..memo import get
from ..native import jit
from ..nodes import C_NLEV, C_ZERO, cof, getnode, keep, level, put_kid

CODE = 13


@jit
def terminal(a, b, k, env):
    hi = b
    lo = b - k
    if a == env[C_ZERO] or hi < 0:
        return env[C_ZERO]
    room = env[C_NLEV] - level(a, env)  # no member below a is larger
    if lo > room:
        return env[C_ZERO]
    if lo <= 0 and hi >= room:
        return a
    return -1

@jit
def result(memo, a, b, k, env):
    """The result for (a, b) if known: a terminal case or a memo entry; else -1."""
    t = terminal(a, b, k, env)
    if t != -1:
        return t
    return get(memo, CODE, a, b)


@jit
def children(x, y, k, env):
    x0, x1 = cof(x, level(x, env), env)
    put_kid(env, 0, CODE, x0, y)
    put_kid(env, 1, CODE, x1, y - 1)
    return 2


@jit
def combine(x, y, phase, k, env, memo):
    v = level(x, env)
    x0, x1 = cof(x, v, env)
    r = getnode(env, v, result(memo, x1, y - 1, k, env),
                result(memo, x0, y, k, env))
    return keep(env, r), 0
