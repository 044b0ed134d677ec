"""∀X F = {S ⊆ U∖X : S ∪ T ∈ F for every T ⊆ X}.

At a quantified level v: ∀F0 ∩ ∀F1; elsewhere v·∀F1 ∪ ∀F0.  A cofactor that skips
a quantified level lacks that element in every member, so its ∀ is empty.
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_INTER, C_ZERO, E_AUX, binary, cof, drop, getnode, keep, level
from . import minimal
from ._common import known, quantified, split_kids

CODE = 9


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
def _part(xc, v, k, env, memo):
    """∀ of a cofactor, or ∅ when a quantified level lies between v and it."""
    if env[E_AUX + level(xc, env)] - env[E_AUX + v + 1] != 0:
        return env[C_ZERO]
    return result(memo, xc, 0, k, env)


@jit
def combine(x, y, phase, k, env, memo):
    v = level(x, env)
    x0, x1 = cof(x, v, env)
    r0 = _part(x0, v, k, env, memo)
    r1 = _part(x1, v, k, env, memo)
    if quantified(env, v):
        return keep(env, binary(env, C_INTER, r0, r1)), 0
    return keep(env, getnode(env, v, r1, r0)), 0


@jit
def finish(a, b, result, env):
    """A quantified level above the root: no member holds it, so nothing survives."""
    if env[E_AUX + level(a, env)] > 0:
        drop(env, result)
        return keep(env, env[C_ZERO])
    return result
