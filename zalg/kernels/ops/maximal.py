"""Maximal members {a ∈ F : no b ∈ F with a ⊊ b}.

max(F0 ∪ v·F1) = nonsub(max(F0), max(F1)) ∪ v·max(F1).
"""
from __future__ import annotations

from ..native import jit
from ..nodes import cof, getnode, keep, level, put_kid
from . import minimal, nonsub
from ._common import known, split_kids

CODE = 7


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
    if phase == 1:
        put_kid(env, 0, nonsub.CODE, m0, m1)
        return 0, 1
    filtered = nonsub.result(memo, m0, m1, k, env)
    return keep(env, getnode(env, v, m1, filtered)), 0
