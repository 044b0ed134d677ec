"""Substitution of elements written at the top, in one call: Σ_i (F / x_i) ⊔ {{y_i}}.

F.substitute({x1: y1, ...}) = {(S ∖ {x}) ∪ {y} : S ∈ F, x ∈ S, x ↦ y}: every member
holding x_i once more with x_i replaced by y_i.  When the y_i are distinct and all
lie above F's top level (new elements written at the top, as the mate-ZDD's vertical
edge renames the leaving vertex's mate elements m_bd to m_ad), the families
(F / x_i) ⊔ {{y_i}} are disjoint and their union is a chain of nodes, one per y_i,
deepest first: node(y_i, F / x_i, the rest).  So the quotients are taken in one
pass (``quotients``: each walks only the nodes that lead to its element) and the
chain is written on top of them: no join and no union walks the quotients again.
"""
from __future__ import annotations

import numpy as np

from ..cudd.native import jit
from ..cudd.nodes import C_ZERO, NOMEM, OK, cudd_recover, deref, new_env, node_of_results, ref
from .quotients import quotients


@jit
def substitute_on_top(ctx, f, levels, tops, nlev):
    """(status, node): Σ_i f / {{x_i}} ⊔ {{y_i}} for the x_i at ``levels`` (distinct)
    and the y_i at levels ``tops``
    (distinct, each above f's top), the node referenced for the caller; on a status
    other than OK nothing is referenced (``quotients.TOO_DEEP``: the caller takes the
    quotients one at a time)."""
    status, qs = quotients(ctx, f, levels, nlev)
    if status != OK:
        return status, 0
    env = new_env(ctx, np.zeros(1, dtype=np.int64))
    order = np.argsort(-tops)  # deepest y first: each node sits above the rest of the chain
    r = env[C_ZERO]
    ref(env, r)
    for n, i in enumerate(order):
        r = node_of_results(env, tops[i], qs[i], r)  # takes over both references
        if r == 0:
            for m in range(n + 1, order.shape[0]):
                deref(env, qs[order[m]])
            cudd_recover(ctx)
            return NOMEM, 0
        ref(env, r)
    return OK, r
