"""Members holding the element at level y: {a ∈ F : x ∈ a} (x kept)."""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_ZERO, cof, getnode, keep, level, put_kid

CODE: int  # this operation's place in the table (given by ``registry.register``)


@jit
def terminal(a, b, k, env):
    if a == env[C_ZERO] or level(a, env) > b:
        return env[C_ZERO]
    return -1


@jit
def children(x, y, k, env):
    v = level(x, env)
    if v >= y:
        return 0
    x0, x1 = cof(x, v, env)
    put_kid(env, 0, CODE, x0, y)
    put_kid(env, 1, CODE, x1, y)
    return 2


@jit
def combine(x, y, phase, k, env, vals, base):
    v = level(x, env)
    if v == y:
        return keep(env, getnode(env, y, cof(x, v, env)[1], env[C_ZERO])), 0
    return keep(env, getnode(env, v, vals[base + 1], vals[base])), 0
