"""Quotient F / G = {a : a ∪ b ∈ F and a ∩ b = ∅ for every b ∈ G}.

Above G's top level v: v·(F1 / G) ∪ (F0 / G).  At it: (F1 / G1) ∩ (F0 / G0)
(the second term only when G0 is not empty).
"""
from __future__ import annotations

from ..native import jit, node_hi, node_lo
from ..nodes import C_INTER, C_ONE, C_ZERO, binary, cof, getnode, keep, level, put_kid
from ._common import known

CODE = 3


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    O = env[C_ONE]
    if b == O:
        return a
    if a == Z or a == O:
        return Z
    if a == b:
        return O
    return -1


@jit
def result(memo, a, b, k, env):
    """The result for (a, b) if known: a terminal case or a memo entry; else -1."""
    return known(memo, CODE, a, b, terminal(a, b, k, env))


@jit
def children(x, y, k, env):
    v = level(x, env)
    vy = level(y, env)
    if v < vy:
        x0, x1 = cof(x, v, env)
        put_kid(env, 0, CODE, x1, y)
        put_kid(env, 1, CODE, x0, y)
        return 2
    x0, x1 = cof(x, vy, env)
    put_kid(env, 0, CODE, x1, node_hi(y))
    y0 = node_lo(y)
    if y0 == env[C_ZERO]:
        return 1
    put_kid(env, 1, CODE, x0, y0)
    return 2


@jit
def combine(x, y, phase, k, env, memo):
    v = level(x, env)
    vy = level(y, env)
    if v < vy:
        x0, x1 = cof(x, v, env)
        r = getnode(env, v, result(memo, x1, y, k, env),
                    result(memo, x0, y, k, env))
        return keep(env, r), 0
    x0, x1 = cof(x, vy, env)
    y0 = node_lo(y)
    r = result(memo, x1, node_hi(y), k, env)
    if y0 != env[C_ZERO]:
        r = binary(env, C_INTER, r, result(memo, x0, y0, k, env))
    return keep(env, r), 0
