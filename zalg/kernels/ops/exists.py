"""∃X F = {S ⊆ U∖X : S ∪ T ∈ F for some T ⊆ X} (X: the levels marked in ``aux``).

At a quantified level v the two cofactors merge, ∃F0 ∪ ∃F1; elsewhere v·∃F1 ∪ ∃F0.
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_UNION, binary, cof, getnode, keep, level
from . import minimal
from ._common import known, quantified, split_kids

CODE = 8


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
    r0 = result(memo, x0, 0, k, env)
    r1 = result(memo, x1, 0, k, env)
    if quantified(env, v):
        return keep(env, binary(env, C_UNION, r0, r1)), 0
    return keep(env, getnode(env, v, r1, r0)), 0
