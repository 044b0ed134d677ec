"""Minimal members {a ∈ F : no b ∈ F with b ⊊ a}.

min(F0 ∪ v·F1) = min(F0) ∪ v·nonsup(min(F1), min(F0)): a set contains a member
of F0 iff it contains a minimal one, and min(F0) is the smaller filter (much
smaller when F0 is up-closed, e.g. hitting sets).
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_ONE, C_ZERO, getnode, keep, level, put_kid
from . import nonsup
from ._common import split_kids

CODE: int  # this operation's place in the table (given by ``registry.register``)
CACHED = True  # a pure function of the operand nodes: results outlive the call
USES = (nonsup,)  # operations asked for as subproblems


@jit
def terminal(a, b, k, env):
    if a == env[C_ZERO] or a == env[C_ONE]:
        return a
    return -1


@jit
def children(x, y, k, env):
    return split_kids(env, CODE, x, 0, 0)


@jit
def combine(x, y, phase, k, env, vals, base):
    if phase == 1:  # kids: 0 min(F0), 1 min(F1); then 2 = nonsup(1, 0)
        put_kid(env, 0, nonsup.CODE, vals[base + 1], vals[base])
        return 0, 1
    return keep(env, getnode(env, level(x, env), vals[base + 2], vals[base])), 0
