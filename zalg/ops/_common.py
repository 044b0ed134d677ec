"""Small steps shared by several operations."""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import OK, E_AUX, adopt, cof, drop, fail, getnode, keep, level, put_kid
from .setop import DIFF, INTER, UNION, setop, union_of_three


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


@jit
def split(x, y, env):
    """(v, x0, x1, y0, y1): the common top level of x and y and both cofactor pairs."""
    v = min(level(x, env), level(y, env))
    x0, x1 = cof(x, v, env)
    y0, y1 = cof(y, v, env)
    return v, x0, x1, y0, y1


@jit
def split_kids(env, code, x, y0, y1):
    """Ask for (code, x0, y0) and (code, x1, y1), x0 and x1 the cofactors of x at its
    own top level (unary operations; y carries a parameter)."""
    x0, x1 = cof(x, level(x, env), env)
    put_kid(env, 0, code, x0, y0)
    put_kid(env, 1, code, x1, y1)
    return 2


@jit
def cross_kids(env, code, x, y):
    """Ask for the four pairs of cofactors at the common top level: (x0, y0), (x1, y1),
    (x0, y1), (x1, y0)."""
    v = min(level(x, env), level(y, env))
    x0, x1 = cof(x, v, env)
    y0, y1 = cof(y, v, env)
    put_kid(env, 0, code, x0, y0)
    put_kid(env, 1, code, x1, y1)
    put_kid(env, 2, code, x0, y1)
    put_kid(env, 3, code, x1, y0)
    return 4


@jit
def _set(env, kind, a, b):
    status, r = setop(env, kind, a, b)
    if status != OK:
        fail(env, status)
    return adopt(env, r)


@jit
def union(env, a, b):
    """a ∪ b, kept as a temporary (``setop``: interruptible, memoised by CUDD)."""
    return _set(env, UNION, a, b)


@jit
def inter(env, a, b):
    """a ∩ b, kept as a temporary."""
    return _set(env, INTER, a, b)


@jit
def diff(env, a, b):
    """a ∖ b, kept as a temporary."""
    return _set(env, DIFF, a, b)


@jit
def union3(env, x, y, z):
    """x ∪ y ∪ z in one recursion (no intermediate x ∪ y), kept as a temporary."""
    status, r = union_of_three(env, x, y, z)
    if status != OK:
        fail(env, status)
    return adopt(env, r)
