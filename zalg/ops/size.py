"""Members whose size lies in [y - k, y]: {a ∈ F : y - k ≤ |a| ≤ y}."""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_NLEV, C_ZERO, getnode, keep, level
from ._common import split_kids

CODE: int  # this operation's place in the table (given by ``registry.register``)


@jit
def terminal(a, b, k, env):
    hi = b
    lo = b - k
    if a == env[C_ZERO] or hi < 0:
        return env[C_ZERO]
    room = env[C_NLEV] - level(a, env)  # no member below a is larger
    if lo > room:
        return env[C_ZERO]
    if lo <= 0 and hi >= room:
        return a
    return -1


@jit
def children(x, y, k, env):
    return split_kids(env, CODE, x, y, y - 1)


@jit
def combine(x, y, phase, k, env, vals, base):
    return keep(env, getnode(env, level(x, env), vals[base + 1], vals[base])), 0
