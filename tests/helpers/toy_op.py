"""A toy operation for the "add an operation" walkthrough (docs/architecture.md), defined
outside zalg and entered in its table by a test.

Drop an element: {S ∖ {x} : S ∈ F}, x the element at level ``b``.  At x's level the
two cofactors merge, F0 ∪ F1; above it the node is rebuilt, v·drop(F1) ∪ drop(F0);
below it nothing changes.
"""
from __future__ import annotations

from zalg.cudd.native import jit
from zalg.cudd.nodes import C_ONE, C_ZERO, cof, getnode, keep, level, put_kid
from zalg.ops._common import union

CODE: int  # given by ``register``


@jit
def terminal(a, b, k, env):
    if a == env[C_ZERO] or a == env[C_ONE] or level(a, env) > b:
        return a
    return -1


@jit
def children(x, y, k, env):
    x0, x1 = cof(x, level(x, env), env)
    put_kid(env, 0, CODE, x0, y)
    put_kid(env, 1, CODE, x1, y)
    return 2


@jit
def combine(x, y, phase, k, env, vals, base):
    # kids: 0 drop(F0), 1 drop(F1)
    v = level(x, env)
    if v == y:
        return union(env, vals[base], vals[base + 1]), 0
    return keep(env, getnode(env, v, vals[base + 1], vals[base])), 0
