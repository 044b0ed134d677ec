"""Running compiled frontier layers: memory checks, Ctrl-C, progress, then assembly.

A compiled construction is a function ``step(i, states) -> (states, lo, hi)`` or
``(states, lo, hi, aux_level, aux_hi, aux_lo)`` for each level i; ``run_layers``
calls it level by level, checks before each level that the states and layers
kept so far stay within the universe's memory budget, turns an allocation
failure into :class:`zalg.OutOfMemory`, reports progress (``zalg.progress``) when asked,
and assembles the diagram into the universe (``assemble``).
"""

from __future__ import annotations

import numpy as np

from ..errors import OutOfMemory, TooWide
from ..progress import Progress, reporter
from .assemble import assemble, assemble_flat

__all__ = ["run_layers", "run_sweep"]


def _bytes(arrays) -> int:
    return sum(a.nbytes for a in arrays if isinstance(a, np.ndarray))


def run_layers(universe, levels: list[int], states: np.ndarray, step, what: str,
               progress: Progress = None, every: int = 8, max_width: int | None = None):
    """The family of the layered diagram that ``step`` computes, from the root ``states``
    (``TooWide`` when a level would have more than ``max_width`` states)."""
    M = universe.manager
    layers = []
    kept = 0
    m = len(levels)
    report = reporter(progress).stage(what, total=m)
    for i in range(m):
        if max_width is not None and len(states) > max_width:
            raise TooWide(what, i + 1, len(states), max_width)
        # a layer's children: at most two per state, plus the codes and the hash table;
        # the codes kept so far count twice: assembling copies them into one array
        need = M.memory_in_use() + 2 * kept + 6 * states.nbytes + 64 * len(states)
        if M.budget and need > M.budget:
            raise OutOfMemory(f"{what} (level {i + 1} of {m}, {len(states)} states)", M.budget)
        try:
            out = step(i, states)
        except MemoryError:
            raise OutOfMemory(f"{what} (level {i + 1} of {m}, {len(states)} states)",
                              M.budget or None) from None
        if out is None:  # the step noticed Ctrl-C
            raise KeyboardInterrupt
        states, layer = out[0], out[1:]
        layers.append(layer)
        kept += _bytes(layer)
        if report.active and (i % every == 0 or i == m - 1):
            report.update(i + 1, detail=f"{len(states)} states")
    with report.waiting(f"{what}: nodes into CUDD"):
        family = assemble(universe, levels, layers)
    report.close()
    return family


#: states a compiled sweep expands between two returns to Python (progress, Ctrl-C)
SWEEP_WORK = 1 << 20


def run_sweep(universe, levels: list[int], states: np.ndarray, sweep, what: str,
              progress: Progress = None, max_width: int | None = None):
    """The family of the layered diagram that a compiled ``sweep`` computes, from the
    root ``states``: ``sweep(states, start, work, kept, max_width)`` runs layers from
    ``start`` in one compiled call (see ``oriented.sweep``), so a diagram of hundreds
    of small layers costs a few Python calls, not hundreds.  ``TooWide`` when a level
    would have more than ``max_width`` states (checked inside the compiled call)."""
    from ..kernels.nodes import INTERRUPTED, NOMEM, WIDE
    M = universe.manager
    cap = -1 if max_width is None else int(max_width)
    m = len(levels)
    sizes, los, his = [], [], []
    i, kept = 0, 0
    report = reporter(progress).stage(what, total=m)
    while i < m:
        try:
            status, states, sz, lo, hi, i, kept = sweep(states, i, SWEEP_WORK, kept, cap)
        except MemoryError:
            status = NOMEM
        sizes.append(sz)
        los.append(lo)
        his.append(hi)
        if status == INTERRUPTED:
            raise KeyboardInterrupt
        if status == WIDE:
            raise TooWide(what, i + 1, len(states), cap)
        if status == NOMEM:
            raise OutOfMemory(f"{what} (level {i + 1} of {m}, {len(states)} states)",
                              M.budget or None)
        report.update(i, detail=f"{len(states)} states")
    with report.waiting(f"{what}: nodes into CUDD"):
        family = assemble_flat(universe, levels, np.concatenate(sizes), np.concatenate(los),
                               np.concatenate(his))
    report.close()
    return family
