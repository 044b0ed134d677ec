"""Non-supersets {a ∈ F : no b ∈ G with b ⊆ a}.

At the top level v: v·(nonsup(F1, G0) ∩ nonsup(F1, G1)) ∪ nonsup(F0, G0): a set
avoids every member of G0 ∪ G1 iff it avoids those of G0 and those of G1, so the
union G0 ∪ G1 is never built.
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_INTER, C_ONE, C_ZERO, binary, drop, getnode, has_empty, keep, put_kid
from .join import _split
from ._common import known

CODE = 4


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    O = env[C_ONE]
    if b == Z:
        return a
    if a == Z or a == b or b == O:
        return Z
    if a == O:
        return Z if has_empty(b, env) else O
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
    put_kid(env, 2, CODE, x1, y0)
    return 3


@jit
def combine(x, y, phase, k, env, memo):
    v, x0, x1, y0, y1 = _split(x, y, env)
    r1 = keep(env, binary(env, C_INTER, result(memo, x1, y0, k, env),
                               result(memo, x1, y1, k, env)))
    r = keep(env, getnode(env, v, r1, result(memo, x0, y0, k, env)))
    drop(env, r1)
    return r, 0
