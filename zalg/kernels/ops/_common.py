"""Small steps shared by several operations."""
from __future__ import annotations

from ..native import jit
from ..nodes import C_UNION, E_AUX, binary, drop, getnode, keep


@jit
def union3(env, x, y, z):
    """x ∪ y ∪ z, kept as a temporary."""
    u = keep(env, binary(env, C_UNION, x, y))
    w = keep(env, binary(env, C_UNION, u, z))
    drop(env, u)
    return w


@jit
def quantified(env, v):
    """Whether level v is marked in the prefix count ``aux``."""
    return env[E_AUX + v + 1] - env[E_AUX + v] > 0


@jit
def chain(env, start, stop, base):
    """Don't-care nodes for every marked level in [start, stop) above base; kept."""
    r = keep(env, base)
    lev = stop - 1
    while lev >= start:
        if env[E_AUX + lev + 1] - env[E_AUX + lev] > 0:
            t = keep(env, getnode(env, lev, r, r))
            drop(env, r)
            r = t
        lev -= 1
    return r
