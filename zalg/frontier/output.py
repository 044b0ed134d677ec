"""Reduced node arrays into a universe's CUDD manager: the frontier's node output.

The driver's ``reduce`` leaves a ZDD that is already reduced, children before
parents, so every node is one ``cuddZddGetNode`` call and no node is made twice.
Each new node is referenced as it is made (CUDD's garbage collector may run inside
``cuddZddGetNode``, and a node without parents yet must survive it); once all are
made, each has its parents' references and the build's own are dropped with
CUDD's plain decrement, which cannot cascade: no node is made twice or left
without a parent.  On failure (memory, Ctrl-C) every reference taken is released
properly.  The arrays stay with the family (``Family._arrays``): counting and
reading it need no walk through CUDD.
"""

from __future__ import annotations

import numpy as np

from ..kernels.native import jit
from ..kernels.nodes import C_ONE, C_ZERO, INTERRUPTED, NOMEM, OK, POLL_EVERY, deref, plain_deref, ref
from ..kernels.nodes import getnode
from .driver import interrupted

__all__ = ["family_of"]


@jit
def _make(ctx, level, hi, lo, ptr, made):
    for i in range(2, len(hi)):
        if i % POLL_EVERY == 0 and interrupted(ctx):
            return INTERRUPTED
        p = getnode(ctx, level[i], ptr[hi[i]], ptr[lo[i]])
        ref(ctx, p)
        ptr[i] = p
        made[0] = i
    return OK


@jit
def create(ctx, level, hi, lo, root):
    """(status, root node carrying one reference) of reduced node arrays."""
    n = len(hi)
    ptr = np.empty(n, dtype=np.int64)
    ptr[0] = ctx[C_ZERO]
    ptr[1] = ctx[C_ONE]
    made = np.ones(1, dtype=np.int64)  # nodes 2..made[0] hold a reference of ours
    try:
        status = _make(ctx, level, hi, lo, ptr, made)
    except Exception:
        status = NOMEM
    if status != OK:
        for i in range(made[0], 1, -1):
            deref(ctx, ptr[i])
        return status, 0
    result = ptr[root]
    ref(ctx, result)
    for i in range(2, n):
        plain_deref(ctx, ptr[i])
    return OK, result


def family_of(universe, level, hi, lo, root: int, step: str):
    """The Family of reduced arrays made by ``driver.reduce``, with the arrays kept."""
    from ..errors import OutOfMemory
    from ..family import Family
    M = universe.manager
    held = 8 * len(hi)
    if M.budget and M.memory_in_use() + held + 64 * len(hi) > M.budget:
        raise OutOfMemory(f"{step}: {len(hi) - 2} nodes", M.budget)
    with M.lending(held):
        try:
            status, p = create(M.ctx, level, hi, lo, int(root))
        except MemoryError:
            M._fail(step)
        M._check(status, step)
    F = Family(universe, M.function_owned(p))
    F._arrays_cache = (level, hi, lo, int(root))
    return F
