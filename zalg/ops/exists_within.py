"""(∃X F) ∩ H, computed only along H: the projection itself is never built.

Operands (x, y) = (F, H).  At a kept level v: v·((∃F1) ∩ H1) ∪ ((∃F0) ∩ H0).  At a
quantified level (absent from H): ((∃F0) ∩ H) ∪ ((∃F1) ∩ H), and the second part
is skipped once the first has found all of H.
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_ONE, C_ZERO, getnode, has_empty, keep, put_kid
from ._common import quantified, split, union

CODE: int  # this operation's place in the table (given by ``registry.register``)


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    if a == Z or b == Z:
        return Z
    if a == env[C_ONE]:
        return env[C_ONE] if has_empty(b, env) else Z
    return -1


@jit
def children(x, y, k, env):
    v, x0, x1, y0, y1 = split(x, y, env)
    put_kid(env, 0, CODE, x0, y0)
    if quantified(env, v):
        return 1  # x1 is tried against y0 in phase 1, if x0 has not found all of y0
    put_kid(env, 1, CODE, x1, y1)
    return 2


@jit
def combine(x, y, phase, k, env, vals, base):
    v, x0, x1, y0, y1 = split(x, y, env)
    if not quantified(env, v):
        return keep(env, getnode(env, v, vals[base + 1], vals[base])), 0
    # kids: 0 (F0, H); then 1 (F1, H) if 0 has not found all of H
    if phase == 1:
        if vals[base] == y0:
            return keep(env, vals[base]), 0
        put_kid(env, 0, CODE, x1, y0)
        return 0, 1
    return union(env, vals[base], vals[base + 1]), 0
