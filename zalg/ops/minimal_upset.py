"""Minimal members of an up-closed family (every superset within the family's
elements of a member is a member: hitting sets, for instance).

For such H = H0 ∪ v·H1, H0 ⊆ H1 and both cofactors are up-closed, so
min(H) = min(H0) ∪ v·(min(H1) ∖ H0): v·S is minimal iff S ∉ H0 (v is needed) and
S is minimal in H1, and a set lies above a member of the up-closed H0 exactly
when it lies in H0, so the plain difference replaces ``minimal``'s nonsup.  A
family holding ∅ is the whole power set: its only minimal member is ∅.
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_ONE, C_ZERO, cof, drop, getnode, has_empty, keep, level
from ._common import diff, split_kids

CODE: int  # this operation's place in the table (given by ``registry.register``)
CACHED = True  # a pure function of the operand nodes: results outlive the call


@jit
def terminal(a, b, k, env):
    if a == env[C_ZERO]:
        return a
    if has_empty(a, env):
        return env[C_ONE]
    return -1


@jit
def children(x, y, k, env):
    return split_kids(env, CODE, x, 0, 0)


@jit
def combine(x, y, phase, k, env, vals, base):
    # kids: 0 min(H0), 1 min(H1)
    v = level(x, env)
    h0 = cof(x, v, env)[0]
    r1 = diff(env, vals[base + 1], h0)
    r = keep(env, getnode(env, v, r1, vals[base]))
    drop(env, r1)
    return r, 0

