"""Toggle the element at level y in every member: {a △ {x} : a ∈ F}."""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_ZERO, cof, getnode, keep, level, put_kid

CODE: int  # this operation's place in the table (given by ``registry.register``)


@jit
def terminal(a, b, k, env):
    if a == env[C_ZERO]:
        return a
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
    if v > y:  # no member holds it: add it to all
        return keep(env, getnode(env, y, x, env[C_ZERO])), 0
    if v == y:  # swap the cofactors
        x0, x1 = cof(x, v, env)
        return keep(env, getnode(env, y, x0, x1)), 0
    return keep(env, getnode(env, v, vals[base + 1], vals[base])), 0
