"""Members without the element at level y: {a ∈ F : x ∉ a}."""
from __future__ import annotations

from ..cudd.native import jit, node_lo
from ..cudd.nodes import C_ZERO, getnode, keep, level
from ._common import split_kids

CODE: int  # this operation's place in the table (given by ``registry.register``)


@jit
def terminal(a, b, k, env):
    lv = level(a, env)
    if a == env[C_ZERO] or lv > b:
        return a
    if lv == b:
        return node_lo(a)
    return -1


@jit
def children(x, y, k, env):
    return split_kids(env, CODE, x, y, y)


@jit
def combine(x, y, phase, k, env, vals, base):
    return keep(env, getnode(env, level(x, env), vals[base + 1], vals[base])), 0
