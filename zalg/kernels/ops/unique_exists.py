"""∃!X F with witnesses in W: {S ⊆ U∖X : exactly one T ⊆ X with S ∪ T ∈ F, and it is in W}.

Operands (x, y) = (F, F ∩ W).  At a quantified level v the one witness either
lacks v (exactly one in F0, none in F1) or holds it (the reverse):
∃!F = (∃!F0 ∖ ∃F1) ∪ (∃!F1 ∖ ∃F0), with the ∃ results of every node shared with
the ``exists`` operation; the recursion stops where F ∩ W is empty.
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_DIFF, C_ONE, C_UNION, C_ZERO, binary, drop, getnode, keep, put_kid
from . import exists
from ._common import known, quantified
from .join import _split

CODE = 16


@jit
def terminal(a, b, k, env):
    if b == env[C_ZERO]:
        return env[C_ZERO]
    if a == env[C_ONE]:
        return env[C_ONE]
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
    if not quantified(env, v):
        return 2
    put_kid(env, 2, exists.CODE, x0, 0)
    put_kid(env, 3, exists.CODE, x1, 0)
    return 4


@jit
def combine(x, y, phase, k, env, memo):
    v, x0, x1, y0, y1 = _split(x, y, env)
    u0 = result(memo, x0, y0, k, env)
    u1 = result(memo, x1, y1, k, env)
    if not quantified(env, v):
        return keep(env, getnode(env, v, u1, u0)), 0
    a0 = keep(env, binary(env, C_DIFF, u0, exists.result(memo, x1, 0, k, env)))
    a1 = keep(env, binary(env, C_DIFF, u1, exists.result(memo, x0, 0, k, env)))
    r = keep(env, binary(env, C_UNION, a0, a1))
    drop(env, a0)
    drop(env, a1)
    return r, 0
