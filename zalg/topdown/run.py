"""Running a frontier machine: memory checks, Ctrl-C, progress, reduction, CUDD nodes.

``run_machine`` calls the compiled driver (``frontier.c``'s ``sweep``, in the extension
``zalg.topdown._frontier``) repeatedly, each call running levels until about
``SWEEP_WORK`` states were expanded, so that progress shows (``zalg.progress``) and a
diagram of hundreds of small levels still costs only a few Python calls.  The driver
checks the universe's memory budget before each level and notices Ctrl-C; a level
wider than ``max_width`` stops the run with ``TooWide`` before it is expanded.  A
machine whose functions are Python while numba is missing runs on the plain-Python
driver instead (``driver.sweep``, slow).  Then the compiled ``reduce`` reduces the
diagram in plain arrays and ``output`` creates its nodes in CUDD.
"""

from __future__ import annotations

import numpy as np

from ..errors import OutOfMemory, TooWide
from ..eval.extension import required
from ..cudd.nodes import INTERRUPTED, NOMEM, WIDE
from ..progress import Progress, reporter
from . import driver
from .driver import CODE, MAX_NODES, NEED_ARENA, NEED_CODES, REJECT_CODE
from .functions import MAY_TAKE
from .output import family_of
from .store import CHUNK, COUNT, M_BYTES, M_LEVEL, M_NODE, M_WIDTH, Store

_frontier = required("zalg.topdown._frontier")

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
    work = np.zeros(max(int(machine.work_size), 1), dtype=np.int64)
    if machine.takes is not None:
        takes, mode = machine.takes, driver.TAKES_LOOKAHEAD
    else:
        takes = MAY_TAKE[machine.root.dtype]
        mode = driver.EXACT_LOOKAHEAD if machine.lookahead else driver.NO_LOOKAHEAD
    functions = machine.step.entry(), machine.final.entry(), takes.entry()
    report = reporter(progress).stage(what, total=m)
    if all(f is not None for f in functions):
        codes, start = _compiled_sweep(machine, functions, mode, work, M, what, report,
                                       max_width)
    else:
        used = (machine.step, machine.final) + ((takes,) if mode == driver.TAKES_LOOKAHEAD
                                                else ())
        if any(f.py_func is None for f in used):
            raise TypeError(f"{what}: a machine mixing C functions and Python ones runs only "
                            "with numba (pip install 'zalg[jit]')")
        codes, start = driver.sweep(machine, mode, work, M, what, report, max_width)
    nodes = int(start[m]) - 1
    # the codes stay resident and are counted there, so not given back with held=
    # (reduce's checks leave them out: uncounted)
    M.room(look=True)
    with report.waiting(f"{what}: nodes into CUDD"):  # reduction and CUDD's nodes
        try:
            status, level, hi, lo, root = reduce_codes(codes, start, levels, len(universe),
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


def _compiled_sweep(machine, functions: tuple, mode: int, work: np.ndarray, M, what: str,
                    report, max_width: int | None) -> tuple[np.ndarray, np.ndarray]:
    """(codes, start): the numbered diagram made by the compiled driver, the machine's
    functions given by their addresses."""
    m = machine.levels
    cap = -1 if max_width is None else int(max_width)
    try:
        store = Store(m, machine.root, FIRST_CHUNKS)
    except MemoryError:
        raise OutOfMemory(what, M.budget or None) from None
    codes = np.full(max(FIRST_CODES, 2), REJECT_CODE, dtype=CODE)
    start = np.zeros(m + 1, dtype=np.int64)
    rows, src, nxt, free, meta = store.rows, store.src, store.next, store.free, store.meta
    while meta[M_LEVEL] < m:
        # what the process holds besides CUDD and this run's arrays is off the budget
        M.room(look=True, held=int(meta[M_BYTES]))
        try:
            status = _frontier.sweep(*functions, machine.info, machine.consts, work, mode,
                                     rows, src, nxt, free, store.levels, meta, codes, start,
                                     M.ctx, SWEEP_WORK, cap)
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
    return codes, start


def reduce_codes(codes, start, levels, nvars: int, ctx, held: int):
    """The compiled ``reduce`` of the numbered diagram the codes describe (``driver``'s
    layout): (status, level, hi, lo, root), the reduced ZDD's arrays (int64) as
    ``Family.node_arrays`` has them; status OK, NOMEM (the budget) or INTERRUPTED."""
    status, level, hi, lo, root = _frontier.reduce(codes, start, levels, nvars, ctx, held,
                                                   driver.FIRST_OUTPUT)
    return (status, *(np.frombuffer(a, dtype=np.int64) for a in (level, hi, lo)), root)


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
