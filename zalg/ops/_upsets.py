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

from ..cudd.native import jit, node_hi, node_lo
from ..cudd.nodes import (C_ONE, C_TAG_INTER, C_ZERO, E_FAIL, E_STEPS, INTERRUPTED, NOMEM,
                     OK, POLL_EVERY, adopt, cache_insert, cache_lookup, cudd_stopped_for_ctrl_c,
                     deref, fail, level, node_of_results, plain_deref, poll, ref)
from .setop import INTER, MAX_DEPTH, setop


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


#: bits of ``_meet``'s ``known``: F (first operand), G (second) is known not to hold ∅
_F_NOT_ALL, _G_NOT_ALL = 1, 2


@jit
def _inherit(p, known_p):
    """Whether p's cofactors at its top level are known not to hold ∅: p is known
    not to (``known_p``), and its top node is a don't-care node (lo = hi: then
    p holds ∅ iff its cofactor does)."""
    return known_p and node_lo(p) == node_hi(p)


@jit(signature="int64(int64[::1], int64, int64, int64, int64)")
def _meet(env, f, g, depth, known):
    """F ∩ G for up-closed F and G, unreferenced, or 0 when it failed (``env[E_FAIL]``).
    ``known`` (bits ``_F_NOT_ALL``, ``_G_NOT_ALL``): an operand already known not to
    hold ∅, so ``everything`` need not walk it again (hitting's operands start with
    chains of don't-care nodes, which the test would otherwise walk at every step of
    the chain)."""
    Z = env[C_ZERO]
    if f == Z or g == Z:
        return Z
    if f == g:
        return f
    kf = (known & _F_NOT_ALL) != 0
    kg = (known & _G_NOT_ALL) != 0
    if f > g:
        f, g = g, f
        kf, kg = kg, kf
    vf = level(f, env)
    vg = level(g, env)
    if vf <= vg and not kf:
        if everything(f, env):
            return g
        kf = True
    if vg <= vf and not kg:
        if everything(g, env):
            return f
        kg = True
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
    f0, f1, g0, g1 = f, f, g, g
    if vf == v:
        f0, f1 = node_lo(f), node_hi(f)
        kf = _inherit(f, kf)
    if vg == v:
        g0, g1 = node_lo(g), node_hi(g)
        kg = _inherit(g, kg)
    kids = (_F_NOT_ALL if kf else 0) | (_G_NOT_ALL if kg else 0)
    if vf != vg:  # only one side holds v: it cannot be kept
        r = _meet(env, f0, g0, depth + 1, kids)
        if r != 0:
            cache_insert(env, tag, f, g, r)
        return r
    t = _meet(env, f1, g1, depth + 1, kids)
    if t == 0:
        return 0
    ref(env, t)
    e = _meet(env, f0, g0, depth + 1, kids)
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
    return _kept(env, _meet(env, f, g, 0, 0))

