"""minimal(∃X F) in one pass: every intermediate result is an antichain.

At a kept level v: the minimal step, m0 ∪ v·nonsup(m1, m0).  At a quantified
level: minimal(A ∪ B) = (A ∩ B) ∪ nonsup(A, B) ∪ nonsup(B, A) for antichains A, B.
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_INTER, C_UNION, binary, cof, drop, getnode, keep, level, put_kid
from . import minimal, nonsup
from ._common import known, quantified, split_kids

CODE = 15


@jit
def terminal(a, b, k, env):
    return minimal.terminal(a, b, k, env)


@jit
def result(memo, a, b, k, env):
    """The result for (a, b) if known: a terminal case or a memo entry; else -1."""
    return known(memo, CODE, a, b, terminal(a, b, k, env))


@jit
def children(x, y, k, env):
    return split_kids(env, CODE, x, 0, 0)


@jit
def combine(x, y, phase, k, env, memo):
    v = level(x, env)
    x0, x1 = cof(x, v, env)
    m0 = result(memo, x0, 0, k, env)
    m1 = result(memo, x1, 0, k, env)
    q = quantified(env, v)
    if phase == 1:
        put_kid(env, 0, nonsup.CODE, m1, m0)
        if not q:
            return 0, 1
        put_kid(env, 1, nonsup.CODE, m0, m1)
        return 0, 2
    n10 = nonsup.result(memo, m1, m0, k, env)
    if not q:
        return keep(env, getnode(env, v, n10, m0)), 0
    both = keep(env, binary(env, C_INTER, m0, m1))
    u = keep(env, binary(env, C_UNION, both, n10))
    drop(env, both)
    r = keep(env, binary(env, C_UNION, u, nonsup.result(memo, m0, m1, k, env)))
    drop(env, u)
    return r, 0
