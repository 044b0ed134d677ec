"""Join F ⊔ G = {a ∪ b : a ∈ F, b ∈ G}.

At the top level v: (F0 ∪ v·F1) ⊔ (G0 ∪ v·G1) = F0⊔G0 ∪ v·(F1⊔G1 ∪ F1⊔G0 ∪ F0⊔G1).
"""
from __future__ import annotations

from ..memo import get
from ..native import jit
from ..nodes import C_ONE, C_ZERO, cof, drop, getnode, keep, level, put_kid
from ._common import union3

CODE = 1


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    if a == Z or b == Z:
        return Z
    if a == env[C_ONE]:
        return b
    if b == env[C_ONE]:
        return a
    return -1


@jit
def _split(x, y, env):
    v = min(level(x, env), level(y, env))
    x0, x1 = cof(x, v, env)
    y0, y1 = cof(y, v, env)
    return v, x0, x1, y0, y1

@jit
def result(memo, a, b, k, env):
    """The result for (a, b) if known: a terminal case or a memo entry; else -1."""
    t = terminal(a, b, k, env)
    if t != -1:
        return t
    if a > b:  # commutative: stored once
        a, b = b, a
    return get(memo, CODE, a, b)


@jit
def children(x, y, k, env):
    v, x0, x1, y0, y1 = _split(x, y, env)
    put_kid(env, 0, CODE, x0, y0)
    put_kid(env, 1, CODE, x1, y1)
    put_kid(env, 2, CODE, x0, y1)
    put_kid(env, 3, CODE, x1, y0)
    return 4


@jit
def combine(x, y, phase, k, env, memo):
    v, x0, x1, y0, y1 = _split(x, y, env)
    r0 = result(memo, x0, y0, k, env)
    w = union3(env, result(memo, x1, y1, k, env),
               result(memo, x1, y0, k, env),
               result(memo, x0, y1, k, env))
    r = keep(env, getnode(env, v, w, r0))
    drop(env, w)
    return r, 0
