"""Intersection F ∩ G = {a : a ∈ F and a ∈ G}.

At the top level v of both: v·(F1 ∩ G1) ∪ (F0 ∩ G0); when only F holds v at its
top, F ∩ G = F0 ∩ G (no member of G holds v), and the same the other way round.
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_ONE, C_ZERO, cof, getnode, has_empty, keep, level, put_kid

CODE = 19


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    if a == Z or b == Z:
        return Z
    if a == b:
        return a
    if a == env[C_ONE]:
        return a if has_empty(b, env) else Z
    if b == env[C_ONE]:
        return b if has_empty(a, env) else Z
    return -1


@jit
def children(x, y, k, env):
    vx = level(x, env)
    vy = level(y, env)
    if vx < vy:
        put_kid(env, 0, CODE, cof(x, vx, env)[0], y)
        return 1
    if vy < vx:
        put_kid(env, 0, CODE, x, cof(y, vy, env)[0])
        return 1
    x0, x1 = cof(x, vx, env)
    y0, y1 = cof(y, vx, env)
    put_kid(env, 0, CODE, x0, y0)
    put_kid(env, 1, CODE, x1, y1)
    return 2


@jit
def combine(x, y, phase, k, env, vals, base):
    vx = level(x, env)
    if vx != level(y, env):
        return keep(env, vals[base]), 0
    return keep(env, getnode(env, vx, vals[base + 1], vals[base])), 0
