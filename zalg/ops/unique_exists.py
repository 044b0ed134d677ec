"""∃!X F with witnesses in W: {S ⊆ U∖X : exactly one T ⊆ X with S ∪ T ∈ F, and it is in W}.

Operands (x, y) = (F, F ∩ W).  At a quantified level v the one witness either
lacks v (exactly one in F0, none in F1) or holds it (the reverse):
∃!F = (∃!F0 ∖ ∃F1) ∪ (∃!F1 ∖ ∃F0), with the ∃ results of every node shared with
the ``exists`` operation (same call, same cache tag); the recursion stops where
F ∩ W is empty.
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_ONE, C_ZERO, drop, getnode, keep, put_kid
from . import exists
from ._common import diff, quantified, split, union

CODE: int  # this operation's place in the table (given by ``registry.register``)
USES = (exists,)  # operations asked for as subproblems


@jit
def terminal(a, b, k, env):
    if b == env[C_ZERO]:
        return env[C_ZERO]
    if a == env[C_ONE]:
        return env[C_ONE]
    return -1


@jit
def children(x, y, k, env):
    v, x0, x1, y0, y1 = split(x, y, env)
    put_kid(env, 0, CODE, x0, y0)
    put_kid(env, 1, CODE, x1, y1)
    if not quantified(env, v):
        return 2
    put_kid(env, 2, exists.CODE, x0, 0)
    put_kid(env, 3, exists.CODE, x1, 0)
    return 4


@jit
def combine(x, y, phase, k, env, vals, base):
    v = split(x, y, env)[0]
    if not quantified(env, v):
        return keep(env, getnode(env, v, vals[base + 1], vals[base])), 0
    # kids: 0 ∃!F0, 1 ∃!F1, 2 ∃F0, 3 ∃F1
    a0 = diff(env, vals[base], vals[base + 3])
    a1 = diff(env, vals[base + 1], vals[base + 2])
    r = union(env, a0, a1)
    drop(env, a0)
    drop(env, a1)
    return r, 0
