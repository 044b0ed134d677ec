"""Maximal members {a ∈ F : no b ∈ F with a ⊊ b}.

max(F0 ∪ v·F1) = nonsub(max(F0), max(F1)) ∪ v·max(F1).
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import getnode, keep, level, put_kid
from . import minimal, nonsub
from ._common import split_kids

CODE: int  # this operation's place in the table (given by ``registry.register``)
CACHED = True  # a pure function of the operand nodes: results outlive the call
USES = (nonsub,)  # operations asked for as subproblems


@jit
def terminal(a, b, k, env):
    return minimal.terminal(a, b, k, env)


@jit
def children(x, y, k, env):
    return split_kids(env, CODE, x, 0, 0)


@jit
def combine(x, y, phase, k, env, vals, base):
    if phase == 1:  # kids: 0 max(F0), 1 max(F1); then 2 = nonsub(0, 1)
        put_kid(env, 0, nonsub.CODE, vals[base], vals[base + 1])
        return 0, 1
    return keep(env, getnode(env, level(x, env), vals[base + 1], vals[base + 2])), 0
