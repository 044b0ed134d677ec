"""Members without the element at level y: {a ∈ F : x ∉ a}."""
from __future__ import annotations

from ..native import jit, node_lo
from ..nodes import C_ZERO, cof, getnode, keep, level
from ._common import known, split_kids

CODE = 12


@jit
def terminal(a, b, k, env):
    lv = level(a, env)
    if a == env[C_ZERO] or lv > b:
        return a
    if lv == b:
        return node_lo(a)
    return -1


@jit
def result(memo, a, b, k, env):
    """The result for (a, b) if known: a terminal case or a memo entry; else -1."""
    return known(memo, CODE, a, b, terminal(a, b, k, env))


@jit
def children(x, y, k, env):
    return split_kids(env, CODE, x, y, y)


@jit
def combine(x, y, phase, k, env, memo):
    v = level(x, env)
    x0, x1 = cof(x, v, env)
    r = getnode(env, v, result(memo, x1, y, k, env),
                result(memo, x0, y, k, env))
    return keep(env, r), 0
