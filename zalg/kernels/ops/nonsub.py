"""Non-subsets {a ∈ F : no b ∈ G with a ⊆ b}.

At the top level v: v·nonsub(F1, G1) ∪ (nonsub(F0, G0) ∩ nonsub(F0, G1)).
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_INTER, C_ONE, C_ZERO, binary, drop, getnode, keep, put_kid
from .join import _split
from ._common import known

CODE = 5


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    if b == Z:
        return a
    if a == Z or a == b or a == env[C_ONE]:
        return Z
    return -1


@jit
def result(memo, a, b, k, env):
    """The result for (a, b) if known: a terminal case or a memo entry; else -1."""
    return known(memo, CODE, a, b, terminal(a, b, k, env))


@jit
def children(x, y, k, env):
    v, x0, x1, y0, y1 = _split(x, y, env)
    put_kid(env, 0, CODE, x0, y0)
    put_kid(env, 1, CODE, x1, y1)
    put_kid(env, 2, CODE, x0, y1)
    return 3


@jit
def combine(x, y, phase, k, env, memo):
    v, x0, x1, y0, y1 = _split(x, y, env)
    r0 = keep(env, binary(env, C_INTER, result(memo, x0, y0, k, env),
                               result(memo, x0, y1, k, env)))
    r = keep(env, getnode(env, v, result(memo, x1, y1, k, env), r0))
    drop(env, r0)
    return r, 0
