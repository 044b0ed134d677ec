"""Hitting sets {S ⊆ E : S ∩ a ≠ ∅ for every a ∈ F} (E: the levels marked in ``aux``).

hit(F0 ∪ v·F1): with v, S must hit F0; without v, it must hit F0 and F1, and
hit(A ∪ B) = hit(A) ∩ hit(B), so subproblems stay single nodes.  Marked levels
that a cofactor skips become don't-care nodes (``chain``).
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_INTER, C_ONE, C_ZERO, binary, cof, drop, getnode, keep, level
from ._common import chain, known, quantified, split_kids

CODE = 14


@jit
def terminal(a, b, k, env):
    if a == env[C_ONE]:
        return env[C_ZERO]
    if a == env[C_ZERO]:
        return env[C_ONE]
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
    h0 = chain(env, v + 1, level(x0, env),
               result(memo, x0, 0, k, env))
    h1 = chain(env, v + 1, level(x1, env),
               result(memo, x1, 0, k, env))
    both = keep(env, binary(env, C_INTER, h0, h1))
    drop(env, h1)
    if quantified(env, v):
        r = keep(env, getnode(env, v, h0, both))
        drop(env, both)
    else:
        r = both
    drop(env, h0)
    return r, 0


@jit
def finish(a, b, result, env):
    """Don't-care nodes for the marked levels above the root."""
    top = chain(env, 0, level(a, env), result)
    drop(env, result)
    return top
