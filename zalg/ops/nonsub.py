"""Non-subsets {a ∈ F : no b ∈ G with a ⊆ b}.

At the top level v: v·nonsub(F1, G1) ∪ (nonsub(F0, G0) ∩ nonsub(F0, G1)).
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_ONE, C_ZERO, drop, getnode, keep, level, put_kid
from ._common import inter, split

CODE: int  # this operation's place in the table (given by ``registry.register``)
CACHED = True  # a pure function of the operand nodes: results outlive the call


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    if b == Z:
        return a
    if a == Z or a == b or a == env[C_ONE]:
        return Z
    return -1


@jit
def children(x, y, k, env):
    v, x0, x1, y0, y1 = split(x, y, env)
    put_kid(env, 0, CODE, x0, y0)
    put_kid(env, 1, CODE, x1, y1)
    put_kid(env, 2, CODE, x0, y1)
    return 3


@jit
def combine(x, y, phase, k, env, vals, base):
    # kids: 0 (F0, G0), 1 (F1, G1), 2 (F0, G1)
    v = min(level(x, env), level(y, env))
    if level(y, env) > v:  # G1 = ∅: kid 2 is F0 itself, which holds kid 0
        return keep(env, getnode(env, v, vals[base + 1], vals[base])), 0
    r0 = inter(env, vals[base], vals[base + 2])
    r = keep(env, getnode(env, v, vals[base + 1], r0))
    drop(env, r0)
    return r, 0
