"""Meet F ⊓ G = {a ∩ b : a ∈ F, b ∈ G}.

At the top level v: v·(F1⊓G1) ∪ (F0⊓G0 ∪ F0⊓G1 ∪ F1⊓G0).
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_ONE, C_ZERO, drop, getnode, keep
from ._common import cross_kids, known, union3
from .join import _split

CODE = 2


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    O = env[C_ONE]
    if a == Z or b == Z:
        return Z
    if a == O or b == O:
        return O
    return -1


@jit
def result(memo, a, b, k, env):
    """The result for (a, b) if known (stored once for both orders), else -1."""
    return known(memo, CODE, min(a, b), max(a, b), terminal(a, b, k, env))


@jit
def children(x, y, k, env):
    return cross_kids(env, CODE, x, y)


@jit
def combine(x, y, phase, k, env, memo):
    v, x0, x1, y0, y1 = _split(x, y, env)
    r1 = result(memo, x1, y1, k, env)
    w = union3(env, result(memo, x0, y0, k, env),
               result(memo, x0, y1, k, env),
               result(memo, x1, y0, k, env))
    r = keep(env, getnode(env, v, r1, w))
    drop(env, w)
    return r, 0
