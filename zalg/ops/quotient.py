"""Quotient F / G = {a : a ∪ b ∈ F and a ∩ b = ∅ for every b ∈ G}.

Above G's top level v: v·(F1 / G) ∪ (F0 / G).  At it: (F1 / G1) ∩ (F0 / G0)
(the second term only when G0 is not empty).
"""
from __future__ import annotations

from ..cudd.native import jit, node_hi, node_lo
from ..cudd.nodes import C_ONE, C_ZERO, cof, getnode, keep, level, put_kid
from ._common import inter

CODE: int  # this operation's place in the table (given by ``registry.register``)
CACHED = True  # a pure function of the operand nodes: results outlive the call


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
def combine(x, y, phase, k, env, vals, base):
    v = level(x, env)
    if v < level(y, env):
        return keep(env, getnode(env, v, vals[base], vals[base + 1])), 0
    if node_lo(y) == env[C_ZERO]:
        return keep(env, vals[base]), 0
    return inter(env, vals[base], vals[base + 1]), 0  # kids: 0 F1 / G1, 1 F0 / G0
