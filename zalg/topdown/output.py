"""Reduced node arrays into a universe's CUDD manager: the frontier's node output.

The driver's ``reduce`` leaves a ZDD that is already reduced, children before
parents, so every node is one ``cuddZddGetNode`` call (``kernels.build.rebuild``,
which releases every reference it took on failure: memory, Ctrl-C) and no node is
made twice.  The arrays stay with the family (``Family.node_arrays``): counting
and reading it need no walk through CUDD.
"""

from __future__ import annotations

from ..errors import OutOfMemory
from ..algebra.family import Family

__all__ = ["family_of"]


def family_of(universe, level, hi, lo, root: int, step: str):
    """The Family of reduced arrays made by ``driver.reduce``, with the arrays kept
    (its nodes made by the manager's bulk builder, ``kernels.build.rebuild``)."""
    M = universe.manager
    held = M.uncounted(8 * len(hi))
    if M.budget and M.memory_in_use() + held + 64 * len(hi) > M.room(look=True):
        raise OutOfMemory(f"{step}: {len(hi) - 2} nodes", M.budget)
    with M.lending(held):
        function = M.rebuild(level, hi, lo, int(root), step)
    return Family(universe, function, arrays=(level, hi, lo, int(root)))
