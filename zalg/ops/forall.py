"""∀X F = {S ⊆ U∖X : S ∪ T ∈ F for every T ⊆ X}.

At a quantified level v: ∀F0 ∩ ∀F1; elsewhere v·∀F1 ∪ ∀F0.  A cofactor that skips
a quantified level lacks that element in every member, so its ∀ is empty.
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_ZERO, E_AUX, cof, drop, getnode, keep, level, put_kid
from . import minimal
from ._common import inter, quantified

CODE: int  # this operation's place in the table (given by ``registry.register``)


@jit
def terminal(a, b, k, env):
    return minimal.terminal(a, b, k, env)


@jit
def _skips(xc, v, env):
    """Whether a quantified level lies strictly between v and the cofactor's level."""
    return env[E_AUX + level(xc, env)] - env[E_AUX + v + 1] != 0


@jit
def children(x, y, k, env):
    v = level(x, env)
    x0, x1 = cof(x, v, env)
    put_kid(env, 0, CODE, env[C_ZERO] if _skips(x0, v, env) else x0, 0)
    put_kid(env, 1, CODE, env[C_ZERO] if _skips(x1, v, env) else x1, 0)
    return 2


@jit
def combine(x, y, phase, k, env, vals, base):
    v = level(x, env)
    if not quantified(env, v):
        return keep(env, getnode(env, v, vals[base + 1], vals[base])), 0
    return inter(env, vals[base], vals[base + 1]), 0  # kids: 0 ∀F0, 1 ∀F1


@jit
def finish(a, b, result, env):
    """A quantified level above the root: no member holds it, so nothing survives."""
    if env[E_AUX + level(a, env)] > 0:
        drop(env, result)
        return keep(env, env[C_ZERO])
    return result
