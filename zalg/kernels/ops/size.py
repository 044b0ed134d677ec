"""Members whose size lies in [y - k, y]: {a ∈ F : y - k ≤ |a| ≤ y}."""
from __future__ import annotations

from ..native import jit
from ..nodes import C_NLEV, C_ZERO, cof, getnode, keep, level
from ._common import known, split_kids

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
    return known(memo, CODE, a, b, terminal(a, b, k, env))


@jit
def children(x, y, k, env):
    return split_kids(env, CODE, x, y, y - 1)


@jit
def combine(x, y, phase, k, env, memo):
    v = level(x, env)
    x0, x1 = cof(x, v, env)
    r = getnode(env, v, result(memo, x1, y - 1, k, env),
                result(memo, x0, y, k, env))
    return keep(env, r), 0
