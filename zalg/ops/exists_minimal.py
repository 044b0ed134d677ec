"""minimal(∃X F) in one pass: every intermediate result is an antichain.

At a kept level v: the minimal step, m0 ∪ v·nonsup(m1, m0).  At a quantified
level: minimal(A ∪ B) = (A ∩ B) ∪ nonsup(A, B) ∪ nonsup(B, A) for antichains A, B.
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import drop, getnode, keep, level, put_kid
from . import minimal, nonsup
from ._common import inter, quantified, split_kids, union3

CODE: int  # this operation's place in the table (given by ``registry.register``)
USES = (nonsup,)  # operations asked for as subproblems


@jit
def terminal(a, b, k, env):
    return minimal.terminal(a, b, k, env)


@jit
def children(x, y, k, env):
    return split_kids(env, CODE, x, 0, 0)


@jit
def combine(x, y, phase, k, env, vals, base):
    # kids: 0 m0, 1 m1, then 2 nonsup(m1, m0) and, at a quantified level, 3 nonsup(m0, m1)
    v = level(x, env)
    q = quantified(env, v)
    if phase == 1:
        put_kid(env, 0, nonsup.CODE, vals[base + 1], vals[base])
        if not q:
            return 0, 1
        put_kid(env, 1, nonsup.CODE, vals[base], vals[base + 1])
        return 0, 2
    if not q:
        return keep(env, getnode(env, v, vals[base + 2], vals[base])), 0
    both = inter(env, vals[base], vals[base + 1])
    r = union3(env, both, vals[base + 2], vals[base + 3])
    drop(env, both)
    return r, 0
