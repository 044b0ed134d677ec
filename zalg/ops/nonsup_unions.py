"""Non-supersets {a ∈ F : no b ∈ G with b ⊆ a}, recursing on unions of G's cofactors.

At the common top level v: v·nonsup(F1, G0 ∪ G1) ∪ nonsup(F0, G0) (a set holding v
is a superset of a member of G iff its rest holds a member of G0 or of G1), as
SAPPORO's ``Restrict`` (Graphillion's ``supersets``) recurses.  Levels of G above
F's top are skipped in one step (nonsup(F, G) = nonsup(F, G0) there).  Subproblems
are keyed by unions the call builds, so the memo table holds a reference on each
key (``HOLDS_KEYS``).  When G is small its cofactors have few distinct unions and
this solves far fewer subproblems than ``nonsup``'s pairs of existing nodes; when G
is large the unions multiply (``Family.nonsup`` chooses by G's size).
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_ONE, C_ZERO, getnode, has_empty, keep, level, put_kid
from . import nonsup
from ._common import split, union

CODE: int  # this operation's place in the table (given by ``registry.register``)
CACHED = True  # a pure function of the operand nodes: results outlive the call
HOLDS_KEYS = True  # subproblems are keyed by fresh unions: the memo table references them


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    if b == Z:
        return a
    if a == Z or a == b or b == env[C_ONE]:
        return Z
    if has_empty(b, env):  # ∅ ∈ G: every set is a superset of it (SAPPORO's (g & 1) == 1)
        return Z
    if a == env[C_ONE]:
        return a
    return -1


@jit
def children(x, y, k, env):
    if nonsup.skip_levels(env, CODE, x, y):
        return 1
    v, x0, x1, y0, y1 = split(x, y, env)
    put_kid(env, 0, CODE, x0, y0)
    return 1


@jit
def combine(x, y, phase, k, env, vals, base):
    if level(y, env) < level(x, env):
        return keep(env, vals[base]), 0
    v, x0, x1, y0, y1 = split(x, y, env)
    if phase == 1:  # kid 0 (F0, G0); then 1 (F1, G0 ∪ G1), the union held in value 2
        put_kid(env, 0, CODE, x1, union(env, y0, y1))
        return 0, 1
    return keep(env, getnode(env, v, vals[base + 1], vals[base])), 0
