"""∃X F = {S ⊆ U∖X : S ∪ T ∈ F for some T ⊆ X} (X: the levels marked in ``aux``).

At a quantified level v the two cofactors merge, ∃F0 ∪ ∃F1; elsewhere v·∃F1 ∪ ∃F0.
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import getnode, keep, level
from . import minimal
from ._common import quantified, split_kids, union

CODE: int  # this operation's place in the table (given by ``registry.register``)


@jit
def terminal(a, b, k, env):
    return minimal.terminal(a, b, k, env)


@jit
def children(x, y, k, env):
    return split_kids(env, CODE, x, 0, 0)


@jit
def combine(x, y, phase, k, env, vals, base):
    v = level(x, env)
    if not quantified(env, v):
        return keep(env, getnode(env, v, vals[base + 1], vals[base])), 0
    return union(env, vals[base], vals[base + 1]), 0  # kids: 0 ∃F0, 1 ∃F1
