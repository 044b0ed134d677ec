"""Intersection of up-closed families, for ``hitting``.

An up-closed family over the marked levels at and below its top (every superset
of a member within those levels is a member) is written with a node at every
marked level on every path: a cofactor of it is up-closed over the levels below
and, unless empty, starts at the next marked level.  Such a family holds ∅ only
when it is every subset of its levels (``everything``: a chain of don't-care nodes
down to {∅}).  Then it meets a family G below its top level in G: the recursion
ends there, where CUDD's intersection (``..setop``, whose steps it follows otherwise,
sharing its entries of CUDD's computed table) would walk G to its end.  (The same
end for the difference in ``minimal(upclosed=True)`` was measured and gave nothing:
docs/performance.md.)
"""
from __future__ import annotations

from ..native import jit, node_hi, node_lo
from ..nodes import (C_ONE, C_TAG_INTER, C_ZERO, E_FAIL, E_STEPS, INTERRUPTED, NOMEM,
                     OK, POLL_EVERY, adopt, cache_insert, cache_lookup, cudd_stopped_for_ctrl_c,
                     deref, fail, level, node_of_results, plain_deref, poll, ref)
from ..setop import INTER, MAX_DEPTH, setop


@jit
def everything(p, env):
    """Whether the up-closed family p holds ∅, i.e. is every subset of its levels."""
    while p != env[C_ONE]:
        if p == env[C_ZERO]:
            return False
        lo = node_lo(p)
        if lo != node_hi(p):
            return False
        p = lo
    return True


@jit
def _step(env):
    """A cache miss: count the step and pause now and then; False when Ctrl-C came."""
    env[E_STEPS] += 1
    if env[E_STEPS] % POLL_EVERY == 0 and poll(env):
        env[E_FAIL] = INTERRUPTED
        return False
    return True


@jit
def _deep(env, kind, f, g):
    """The plain operation on its explicit stack (past MAX_DEPTH), unreferenced, or 0."""
    status, r = setop(env, kind, f, g)
    if status != OK:
        env[E_FAIL] = status
        return 0
    plain_deref(env, r)
    return r


@jit
def _node(env, tag, f, g, v, t, e):
    """The node (v, t, e) from two referenced results, stored for (f, g); or 0."""
    r = node_of_results(env, v, t, e)
    if r != 0:
        cache_insert(env, tag, f, g, r)
    return r


@jit(signature="int64(int64[::1], int64, int64, int64)")
def _meet(env, f, g, depth):
    """F ∩ G for up-closed F and G, unreferenced, or 0 when it failed (``env[E_FAIL]``)."""
    Z = env[C_ZERO]
    if f == Z or g == Z:
        return Z
    if f == g:
        return f
    if f > g:
        f, g = g, f
    vf = level(f, env)
    vg = level(g, env)
    if vf <= vg and everything(f, env):
        return g
    if vg <= vf and everything(g, env):
        return f
    if f == env[C_ONE] or g == env[C_ONE]:
        return Z  # {∅} meets a family without ∅ in nothing
    tag = env[C_TAG_INTER]
    hit = cache_lookup(env, tag, f, g)
    if hit != 0:
        return hit
    if not _step(env):
        return 0
    if depth >= MAX_DEPTH:
        return _deep(env, INTER, f, g)
    v = min(vf, vg)
    if vf != vg:  # only one side holds v: it cannot be kept
        r = _meet(env, node_lo(f) if vf == v else f, node_lo(g) if vg == v else g, depth + 1)
        if r != 0:
            cache_insert(env, tag, f, g, r)
        return r
    t = _meet(env, node_hi(f), node_hi(g), depth + 1)
    if t == 0:
        return 0
    ref(env, t)
    e = _meet(env, node_lo(f), node_lo(g), depth + 1)
    if e == 0:
        deref(env, t)
        return 0
    ref(env, e)
    return _node(env, tag, f, g, v, t, e)


@jit
def _kept(env, r):
    """r (from a recursion above) referenced and kept as a temporary; a failure raises."""
    if r == 0:
        status = env[E_FAIL]
        env[E_FAIL] = 0
        if status != INTERRUPTED and cudd_stopped_for_ctrl_c(env):
            status = INTERRUPTED
        fail(env, status if status != OK else NOMEM)
    ref(env, r)
    return adopt(env, r)


@jit
def meet_upsets(env, f, g):
    """F ∩ G for up-closed F and G, kept as a temporary."""
    return _kept(env, _meet(env, f, g, 0))

