"""Non-supersets {a ∈ F : no b ∈ G with b ⊆ a}.

At the top level v: v·(nonsup(F1, G0) ∩ nonsup(F1, G1)) ∪ nonsup(F0, G0): a set
avoids every member of G0 ∪ G1 iff it avoids those of G0 and those of G1, so the
union G0 ∪ G1 is never built.  Levels of G above F's top are skipped in one step
(nonsup(F, G) = nonsup(F, G0) there), as Graphillion's ``non_supersets`` does.
``minimal`` asks for this form; ``Family.nonsup`` runs ``nonsup_unions`` (fewer
subproblems).  Testing ∅ ∈ G at every subproblem (``nonsup_unions``' terminal) made
minimal of the random workload 15 % slower here: G = min(F0) rarely holds ∅, and the
test walks G's else-chain.
"""
from __future__ import annotations

from ..cudd.native import jit, node_lo
from ..cudd.nodes import C_ONE, C_ZERO, drop, getnode, has_empty, keep, level, put_kid
from ._common import inter, split

CODE: int  # this operation's place in the table (given by ``registry.register``)
CACHED = True  # a pure function of the operand nodes: results outlive the call


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    O = env[C_ONE]
    if b == Z:
        return a
    if a == Z or a == b or b == O:
        return Z
    if a == O:
        return Z if has_empty(b, env) else O
    return -1


@jit
def below(x, y, env):
    """G without its members that hold an element above F's top (none of them is a
    subset of a member of F): y's else-chain followed down to F's top level."""
    v = level(x, env)
    while level(y, env) < v:
        y = node_lo(y)
    return y


@jit
def skip_levels(env, code, x, y):
    """Where G's top lies above F's: ask for the one kid (code, F, G without the levels
    above F) and answer True."""
    if level(y, env) < level(x, env):
        put_kid(env, 0, code, x, below(x, y, env))
        return True
    return False


@jit
def children(x, y, k, env):
    if skip_levels(env, CODE, x, y):
        return 1
    v, x0, x1, y0, y1 = split(x, y, env)
    put_kid(env, 0, CODE, x0, y0)
    put_kid(env, 1, CODE, x1, y1)
    put_kid(env, 2, CODE, x1, y0)
    return 3


@jit
def combine(x, y, phase, k, env, vals, base):
    if level(y, env) < level(x, env):
        return keep(env, vals[base]), 0
    # kids: 0 (F0, G0), 1 (F1, G1), 2 (F1, G0)
    v = min(level(x, env), level(y, env))
    if level(y, env) > v:  # G1 = ∅: kid 1 is F1 itself, which holds kid 2
        return keep(env, getnode(env, v, vals[base + 2], vals[base])), 0
    r1 = inter(env, vals[base + 2], vals[base + 1])
    r = keep(env, getnode(env, v, r1, vals[base]))
    drop(env, r1)
    return r, 0
