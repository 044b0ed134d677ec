"""Toggle the element at level y in every member: {a △ {x} : a ∈ F}."""
from __future__ import annotations

from ..native import jit
from ..nodes import C_ZERO, cof, getnode, keep, level, put_kid
from ._common import known

CODE = 10


@jit
def terminal(a, b, k, env):
    if a == env[C_ZERO]:
        return a
    return -1


@jit
def result(memo, a, b, k, env):
    """The result for (a, b) if known: a terminal case or a memo entry; else -1."""
    return known(memo, CODE, a, b, terminal(a, b, k, env))


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
def combine(x, y, phase, k, env, memo):
    v = level(x, env)
    if v > y:  # no member holds it: add it to all
        return keep(env, getnode(env, y, x, env[C_ZERO])), 0
    x0, x1 = cof(x, v, env)
    if v == y:  # swap the cofactors
        return keep(env, getnode(env, y, x0, x1)), 0
    r = getnode(env, v, result(memo, x1, y, k, env),
                result(memo, x0, y, k, env))
    return keep(env, r), 0
