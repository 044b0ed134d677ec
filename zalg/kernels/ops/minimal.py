"""Minimal members {a ∈ F : no b ∈ F with b ⊊ a}.

min(F0 ∪ v·F1) = min(F0) ∪ v·nonsup(min(F1), min(F0)): a set contains a member
of F0 iff it contains a minimal one, and min(F0) is the smaller filter (much
smaller when F0 is up-closed, e.g. hitting sets).
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_ONE, C_ZERO, cof, getnode, keep, level, put_kid
from . import nonsup
from ._common import known, split_kids

CODE = 6


@jit
def terminal(a, b, k, env):
    if a == env[C_ZERO] or a == env[C_ONE]:
        return a
    return -1


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
    if phase == 1:
        put_kid(env, 0, nonsup.CODE, m1, m0)
        return 0, 1
    filtered = nonsup.result(memo, m1, m0, k, env)
    return keep(env, getnode(env, v, filtered, m0)), 0
