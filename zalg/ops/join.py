"""Join F ⊔ G = {a ∪ b : a ∈ F, b ∈ G}.

At the top level v: (F0 ∪ v·F1) ⊔ (G0 ∪ v·G1) = F0⊔G0 ∪ v·(F1⊔G1 ∪ F1⊔G0 ∪ F0⊔G1).
"""
from __future__ import annotations

from ..cudd.native import jit
from ..cudd.nodes import C_ONE, C_ZERO, drop, getnode, keep, level
from ._common import cross_kids, union3

CODE: int  # this operation's place in the table (given by ``registry.register``)
CACHED = True  # a pure function of the operand nodes: results outlive the call
COMMUTATIVE = True  # memoised once for (F, G) and (G, F)


@jit
def terminal(a, b, k, env):
    Z = env[C_ZERO]
    if a == Z or b == Z:
        return Z
    if a == env[C_ONE]:
        return b
    if b == env[C_ONE]:
        return a
    return -1


@jit
def children(x, y, k, env):
    return cross_kids(env, CODE, x, y)


@jit
def combine(x, y, phase, k, env, vals, base):
    # kids: 0 F0⊔G0, 1 F1⊔G1, 2 F0⊔G1, 3 F1⊔G0
    w = union3(env, vals[base + 1], vals[base + 2], vals[base + 3])
    r = keep(env, getnode(env, min(level(x, env), level(y, env)), w, vals[base]))
    drop(env, w)
    return r, 0
