"""Relational image img(F, R) = {T : S ∈ F, (S, T) ∈ R}.

R is a *transition diagram* held in the level array ``aux`` (``zalg.algebra.relation``
compiles it): node r occupies ``aux[5r : 5r + 5]`` = (level v, R00, R01, R10, R11),
where Rab is the part of R whose pairs go from ``v ∈ S`` = a to ``v ∈ T`` = b.
Node 0 is the empty relation, node 1 the identity; a level R skips is left as
it is (R00 = R11, R01 = R10 = ∅), which is why the identity needs no levels.

Above R's top level v: v·img(F1, R) ∪ img(F0, R).  At it:
img(F0, R00) ∪ img(F1, R10) ∪ v·(img(F0, R01) ∪ img(F1, R11)).
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_ZERO, E_AUX, cof, drop, getnode, keep, level, put_kid
from ._common import union

CODE: int  # this operation's place in the table (given by ``registry.register``)
EMPTY, IDENTITY = 0, 1


@jit
def terminal(a, r, k, env):
    if a == env[C_ZERO] or r == EMPTY:
        return env[C_ZERO]
    if r == IDENTITY:
        return a
    return -1


@jit
def children(x, r, k, env):
    t = E_AUX + 5 * r
    v = min(level(x, env), env[t])
    x0, x1 = cof(x, v, env)
    if env[t] > v:
        put_kid(env, 0, CODE, x1, r)
        put_kid(env, 1, CODE, x0, r)
        return 2
    put_kid(env, 0, CODE, x0, env[t + 1])  # stays out
    put_kid(env, 1, CODE, x1, env[t + 3])  # leaves
    put_kid(env, 2, CODE, x0, env[t + 2])  # enters
    put_kid(env, 3, CODE, x1, env[t + 4])  # stays in
    return 4


@jit
def combine(x, r, phase, k, env, vals, base):
    t = E_AUX + 5 * r
    v = min(level(x, env), env[t])
    if env[t] > v:
        return keep(env, getnode(env, v, vals[base], vals[base + 1])), 0
    lo = union(env, vals[base], vals[base + 1])
    hi = union(env, vals[base + 2], vals[base + 3])
    out = keep(env, getnode(env, v, hi, lo))
    drop(env, lo)
    drop(env, hi)
    return out, 0
