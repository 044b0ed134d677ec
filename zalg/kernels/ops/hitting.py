"""Hitting sets {S ⊆ E : S ∩ a ≠ ∅ for every a ∈ F} (E: the levels marked in ``aux``).

hit(F0 ∪ v·F1): with v, S must hit F0; without v, it must hit F0 and F1, and
hit(A ∪ B) = hit(A) ∩ hit(B), so subproblems stay single nodes.  A subproblem
(F, s) is hit(F) with don't-care nodes for the marked levels from s down to F's
top level (a cofactor skips those levels); the call starts at (F, 0).
"""
from __future__ import annotations

from ..native import jit
from ..nodes import C_NLEV, C_ONE, C_ZERO, cof, drop, getnode, keep, level, put_kid
from ._common import chain, inter, quantified

CODE = 14


@jit
def terminal(a, b, k, env):
    if a == env[C_ONE]:
        return env[C_ZERO]  # nothing hits the empty set
    return -1


@jit
def children(x, y, k, env):
    if x == env[C_ZERO]:
        return 0  # every subset of E: built in combine
    v = level(x, env)
    x0, x1 = cof(x, v, env)
    put_kid(env, 0, CODE, x0, v + 1)
    put_kid(env, 1, CODE, x1, v + 1)
    return 2


@jit
def combine(x, y, phase, k, env, vals, base):
    if x == env[C_ZERO]:
        return chain(env, y, env[C_NLEV], env[C_ONE]), 0
    # kids: 0 hit(F0), 1 hit(F1)
    v = level(x, env)
    both = inter(env, vals[base], vals[base + 1])
    if quantified(env, v):
        r = keep(env, getnode(env, v, vals[base], both))
        drop(env, both)
    else:
        r = both
    top = chain(env, y, v, r)
    drop(env, r)
    return top, 0
