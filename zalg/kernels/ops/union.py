"""Union F ∪ G = {a : a ∈ F or a ∈ G}.

At the top level v: v·(F1 ∪ G1) ∪ (F0 ∪ G0) (a cofactor of a family without v is
itself for 0 and ∅ for 1).  In the kernels rather than by CUDD's ``Cudd_zddUnion``
so that a long union notices Ctrl-C and the memory budget like every operation.
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_ZERO, getnode, keep, put_kid
from ._common import split

CODE = 18


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    if a == Z:
        return b
    if b == Z or a == b:
        return a
    return -1


@jit
def children(x, y, k, env):
    v, x0, x1, y0, y1 = split(x, y, env)
    put_kid(env, 0, CODE, x0, y0)
    put_kid(env, 1, CODE, x1, y1)
    return 2


@jit
def combine(x, y, phase, k, env, vals, base):
    v, x0, x1, y0, y1 = split(x, y, env)
    return keep(env, getnode(env, v, vals[base + 1], vals[base])), 0
