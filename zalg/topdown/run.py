"""Running a frontier machine: memory checks, Ctrl-C, progress, reduction, CUDD nodes.

``run_machine`` calls the compiled driver (``driver.sweep``) repeatedly, each call
running levels until about ``SWEEP_WORK`` states were expanded, so that progress
shows (``zalg.progress``) and a diagram of hundreds of small levels still costs
only a few Python calls.  The driver checks the universe's memory budget before
each level and notices Ctrl-C; a level wider than ``max_width`` stops the run with
``TooWide`` before it is expanded.  Then ``driver.reduce`` reduces the diagram in
plain arrays and ``output`` creates its nodes in CUDD.  Both compiled calls return
arrays, so they go through ``kernels.interrupts.call_returning_arrays``: a Ctrl-C
that lands while numba boxes those arrays is a KeyboardInterrupt, not a SystemError.
"""

from __future__ import annotations

import numpy as np

from ..errors import OutOfMemory, TooWide
from ..cudd.interrupts import call_returning_arrays
from ..cudd.nodes import INTERRUPTED, NOMEM, WIDE
from ..progress import Progress, reporter
from . import driver
from .driver import CODE, MAX_NODES, NEED_ARENA, NEED_CODES, REJECT_CODE
from .functions import MAY_TAKE, compiled_driver
from .output import family_of
from .store import CHUNK, COUNT, M_BYTES, M_LEVEL, M_NODE, M_WIDTH, Store

try:  # the driver compiled ahead of time (frontier.c, an extension beside this module)
    c_sweep, c_reduce = compiled_driver()
except ImportError:  # pragma: no cover - an install without the extension
    c_reduce = c_sweep = None

__all__ = ["run_machine", "reduce_codes"]

#: states a driver call expands before it returns to Python (progress, Ctrl-C)
SWEEP_WORK = 1 << 20
#: the first length of the node codes (grown in place as levels come)
FIRST_CODES = 1024
#: the arena's first chunks (grown in place before the levels that need more)
FIRST_CHUNKS = 4


def run_machine(universe, levels, machine, progress: Progress = None,
                max_width: int | None = None):
    """The family ``machine`` describes (see ``frontier.machine``), its level j deciding
    the element at universe level ``levels[j]``."""
    levels = np.ascontiguousarray(levels, dtype=np.int64)
    m = machine.levels
    if len(levels) != m or np.any(np.diff(levels) <= 0) or levels[0] < 0 \
            or levels[-1] >= len(universe):
        raise ValueError("a machine needs one universe level per level, increasing")
    M = universe.manager
    what = machine.name
    cap = -1 if max_width is None else int(max_width)
    work = np.zeros(max(int(machine.work_size), 1), dtype=np.int64)
    if machine.takes is not None:
        takes, mode = machine.takes, driver.TAKES_LOOKAHEAD
    else:
        takes = MAY_TAKE[machine.root.dtype]
        mode = driver.EXACT_LOOKAHEAD if machine.lookahead else driver.NO_LOOKAHEAD
    functions = machine.step.entry(), machine.final.entry(), takes.entry()
    native = c_sweep is not None and all(isinstance(f, int) for f in functions)
    try:
        store = Store(m, machine.root, FIRST_CHUNKS)
    except MemoryError:
        raise OutOfMemory(what, M.budget or None) from None
    codes = np.full(max(FIRST_CODES, 2), REJECT_CODE, dtype=CODE)
    start = np.zeros(m + 1, dtype=np.int64)
    report = reporter(progress).stage(what, total=m)
    rows, src, nxt, free, meta = store.rows, store.src, store.next, store.free, store.meta
    work_done = 0  # a first call that expands nothing: numba loads the driver (tens of MB)
    while meta[M_LEVEL] < m:
        # what the process holds besides CUDD and this run's arrays is off the budget
        M.room(look=True, held=int(meta[M_BYTES]))
        try:
            if native:
                status = c_sweep(*functions, machine.info, machine.consts, work, mode,
                                         rows, src, nxt, free, store.levels, meta, codes,
                                         start, M.ctx, SWEEP_WORK, cap)
            else:
                status, rows, src, nxt, free = call_returning_arrays(
                    driver.sweep, functions[0], functions[1], functions[2], machine.info,
                    machine.consts, work, mode, rows, src, nxt, free, store.levels, meta,
                    codes, start, M.ctx, work_done, cap)
            work_done = SWEEP_WORK
        except MemoryError:
            status = NOMEM
        level = int(meta[M_LEVEL])
        if status == INTERRUPTED:
            raise KeyboardInterrupt
        if status == WIDE:
            raise TooWide(what, level + 1, int(meta[M_WIDTH]), cap)
        if status == NEED_CODES:
            codes = _grow_codes(codes, int(meta[M_WIDTH]), meta, what, M)
            continue
        if status == NEED_ARENA:
            rows, src, nxt, free = _grow_arena(rows, src, nxt, free, int(meta[M_WIDTH]), meta,
                                               what, M)
            continue
        if status == NOMEM:
            states = int(store.levels[level, COUNT])
            why = f"more than {MAX_NODES} nodes" if int(meta[M_NODE]) + states > MAX_NODES \
                else f"{states} states"
            raise OutOfMemory(f"{what} (level {level + 1} of {m}, {why})", M.budget or None)
        report.update(level, detail=f"{int(meta[M_WIDTH])} states")
    nodes = int(meta[M_NODE]) - 1
    del store, rows, src, nxt, free
    # the arena is gone (the reduction may use its room); the codes stay resident and are
    # counted there, so not given back with held= (reduce's checks leave them out: uncounted)
    M.room(look=True)
    with report.waiting(f"{what}: nodes into CUDD"):  # reduction and CUDD's nodes
        try:
            status, level, hi, lo, root = _reduce(native, codes, start, levels, len(universe),
                                                  M.ctx, M.uncounted(codes.nbytes))
        except MemoryError:
            status = NOMEM
        if status == INTERRUPTED:
            raise KeyboardInterrupt
        if status == NOMEM:
            raise OutOfMemory(f"{what}: reducing {nodes} nodes", M.budget or None)
        del codes
        family = family_of(universe, level, hi, lo, root, f"{what}: making nodes")
    report.close()
    return family


def _reduce(native: bool, codes, start, levels, nvars: int, ctx, held: int):
    """``driver.reduce`` (compiled ahead of time when ``native``): (status, level, hi, lo,
    root), the arrays int64."""
    if not native:
        return call_returning_arrays(driver.reduce, codes, start, levels, nvars, ctx, held,
                                     driver.FIRST_OUTPUT)
    status, level, hi, lo, root = c_reduce(codes, start, levels, nvars, ctx, held,
                                                   driver.FIRST_OUTPUT)
    return (status, *(np.frombuffer(a, dtype=np.int64) for a in (level, hi, lo)), root)


def reduce_codes(codes, start, levels, nvars: int, ctx, held: int):
    """``driver.reduce`` on the compiled driver when it is built: (status, level, hi, lo,
    root) of the diagram the codes describe, reduced into CUDD's nodes."""
    return _reduce(c_reduce is not None, codes, start, levels, nvars, ctx, held)


def _grow_arena(rows, src, nxt, free, chunks: int, meta: np.ndarray, what: str, M):
    """The arena (rows, branches, chunk links, free stack) grown in place to ``chunks``
    chunks (the driver checked the budget), as ``_grow_codes`` grows the codes: no
    second copy beside the old one.  The new links are set when a chunk is handed
    out, the free stack is filled below ``M_FREE`` only."""
    grown = []
    before = rows.nbytes + src.nbytes
    try:
        for a, shape in ((rows, (chunks * CHUNK, rows.shape[1])), (src, chunks * CHUNK),
                         (nxt, chunks), (free, chunks)):
            if not a.flags.owndata:  # an arena the driver doubled itself (not expected)
                a = a.copy()
            a.resize(shape, refcheck=False)
            grown.append(a)
    except MemoryError:
        raise OutOfMemory(f"{what}: an arena of {chunks * CHUNK} states",
                          M.budget or None) from None
    meta[M_BYTES] += grown[0].nbytes + grown[1].nbytes - before
    return tuple(grown)


def _grow_codes(codes: np.ndarray, entries: int, meta: np.ndarray, what: str, M) -> np.ndarray:
    """``codes`` grown in place to ``entries`` (the driver checked the budget): numpy's
    resize reallocates, which remaps a large block instead of copying it beside the
    old one; new entries are zero, and the driver writes every code it reads."""
    before = codes.nbytes
    try:
        codes.resize(entries, refcheck=False)
    except MemoryError:
        raise OutOfMemory(f"{what}: {entries // 2} node numbers", M.budget or None) from None
    meta[M_BYTES] += codes.nbytes - before
    return codes
