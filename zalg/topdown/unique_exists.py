"""∃! over a relation read top down: the subset construction of its kept elements.

For a family R over X ∪ Y (Y the quantified elements) and witnesses W,

    unique_exists_topdown(R, Y, W) = {S ⊆ X : exactly one T ⊆ Y with S ∪ T ∈ R,
                                      and that S ∪ T ∈ W}

the same family as ``R.unique_exists(Y, witnesses=W)``, built the other way: R is
read as an automaton whose input symbols are the elements of X and whose elements
of Y are free moves.  The state before the i-th element of X, after a prefix of S,
is the set of R's nodes the paths agreeing with that prefix reach, each with its
number of such paths capped at 2, plus the *witnesses*: the pairs (W node, R node)
reached by one path of both.  S is a member iff the 1 terminal is reached exactly
once and by a witness.  Pruned (both sound): a state without a witness; a witness
whose R node is reached twice (every completion through it has a second T).

``separation`` (optional, the caller's knowledge of R): keys per node of R and of
W and a mask per level, such that at the cut before level ℓ a node n of R and a
node w of W whose keys differ under ``mask[ℓ]`` have completions that agree on no
part in X.  Then n can add a second T to no member a witness accepts, and it is
dropped from the state.

Layers are built one level of X at a time by a kernel compiled ahead of time
(``unique_exists.c`` in the extension ``zalg.topdown._frontier``: states hashed by
their sorted node arrays; only the current and the next level's states are kept),
and the unreduced layered diagram of the result goes through ``frontier.assemble``
(the frontier engine's reduction and node output).  The work grows with the
number of distinct states, not with the ∃ results of R's nodes that the bottom-up
pass memoises: it wins where those results are large and the states few.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

import numpy as np

from ..errors import OutOfMemory
from ..algebra.family import Family
from .assemble import assemble
from ..eval.extension import required
from ..progress import Progress, reporter

#: the level kernels compiled ahead of time (unique_exists.c and its kin)
native = required("zalg.topdown._frontier")

__all__ = ["unique_exists_topdown", "Separation"]

#: statuses of a level's kernel call: done, scratch lists too small, Ctrl-C noticed, no
#: memory within the budget (the compiled kernels)
DONE, SCRATCH, STOPPED, NOMEM = 0, 1, 2, 3
#: the first length of the scratch lists (doubled while a state does not fit)
FIRST_SCRATCH = 1 << 12


class Separation(NamedTuple):
    """Keys per node of R (``r_keys``) and of W (``w_keys``), ``masks`` per universe
    level (plus one entry for the end): see the module docstring."""
    r_keys: np.ndarray
    w_keys: np.ndarray
    masks: np.ndarray


def raise_if_stopped(status: int) -> None:
    """KeyboardInterrupt when a kernel returned STOPPED (it noticed Ctrl-C), MemoryError
    when it returned NOMEM (a table would pass the budget)."""
    if status == STOPPED:
        raise KeyboardInterrupt
    if status == NOMEM:
        raise MemoryError


def native_level(result: tuple) -> tuple:
    """A level kernel's (status, data, off, m, lo, hi) with its bytearrays as numpy
    arrays (int64 data and offsets, int32 codes; data None stays None)."""
    status, data, off, m, lo, hi = result
    if status != DONE:
        return result
    rows = None if data is None else np.frombuffer(data, dtype=np.int64)
    return (status, rows, np.frombuffer(off, dtype=np.int64), m,
            np.frombuffer(lo, dtype=np.int32), np.frombuffer(hi, dtype=np.int32))


def _table(F: Family, keys: np.ndarray | None) -> tuple[np.ndarray, int]:
    """F's nodes as one row each (level, hi, lo, key), renumbered by level (the
    terminals keep 0 and 1), so that the nodes of a state lie close together; and
    the root's number."""
    level, hi, lo, root = F.node_arrays()
    order = np.concatenate(([0, 1], np.argsort(level[2:], kind="stable") + 2))
    new = np.empty(len(order), dtype=np.int64)
    new[order] = np.arange(len(order))
    table = np.empty((len(order), 4), dtype=np.int64)
    table[:, 0] = level[order]
    table[:, 1] = new[hi[order]]
    table[:, 2] = new[lo[order]]
    table[:, 3] = 0 if keys is None else keys[order]
    return table, int(new[root])


def unique_exists_topdown(R: Family, elements: Iterable[Hashable], witnesses: Family | None = None,
                          separation: Separation | None = None, progress: Progress = None,
                          widths: list | None = None) -> Family:
    """∃!Y top down: {S ⊆ U∖Y : exactly one T ⊆ Y with S ∪ T ∈ R, and S ∪ T ∈ W}.

    The same family as ``R.unique_exists(elements, witnesses)`` (``witnesses`` W:
    default R itself), built by the subset construction of the module docstring.
    ``separation``: keys that let the construction drop nodes (module docstring).
    ``widths``: when a list, (states, entries) of every layer are appended to it.
    ``progress``: see ``zalg.progress`` (one unit per kept element)."""
    U = R.universe
    W = R if witnesses is None else witnesses
    if W.universe is not U:
        raise ValueError("the witnesses belong to another universe")
    quantified = set(U.levels(elements))
    n_levels = len(U)
    kept = [v for v in range(n_levels) if v not in quantified]
    if separation is not None:
        r_keys, w_keys, masks = (np.ascontiguousarray(a, dtype=np.int64) for a in separation)
        if len(r_keys) != R.node_count() + 2 or len(w_keys) != W.node_count() + 2 \
                or len(masks) != n_levels + 1:
            raise ValueError("separation: one key per node of R and of W, one mask per level "
                             "and one for the end")
    else:
        r_keys = w_keys = None
        masks = np.zeros(n_levels + 1, dtype=np.int64)
    rn, r_root = _table(R, r_keys)
    wn, w_root = _table(W, w_keys)
    if r_root == 0 or w_root == 0:
        return U.empty
    use = separation is not None
    nodes = (np.zeros(len(rn), dtype=np.int8), rn, wn)
    first = kept[0] if kept else n_levels
    size = FIRST_SCRATCH
    while True:
        status, row = native.ue_root(r_root, w_root, first, size, *nodes, masks[first], use)
        row = np.frombuffer(row, dtype=np.int64)
        raise_if_stopped(status)
        if status == DONE:
            break
        size *= 2
    if not len(row):
        return U.empty
    if not kept:
        return U.unit
    return _layers(U, kept, row, nodes, masks, use, size, progress, widths)


def layer_step(M, what: str, i: int, levels: int, data: np.ndarray, count: int, held: int,
               size: int, call) -> tuple:
    """One layer of a top-down construction, level ``i`` of ``levels`` with ``count``
    states in ``data``: after a check that the budget (manager ``M``, ``held`` bytes
    already taken) has room for the next layer, ``call(size)`` runs the layer's kernel,
    which returns (status, ...): DONE, SCRATCH when its scratch lists of ``size``
    entries were too small (then doubled and called again), or STOPPED when it noticed
    Ctrl-C (KeyboardInterrupt).  Returns (the kernel's outputs after the status, the
    size that sufficed); OutOfMemory names ``what``."""
    def out_of_memory() -> OutOfMemory:
        return OutOfMemory(f"{what}: level {i + 1} of {levels}, {count} states",
                           M.budget or None)
    if 3 * data.nbytes > M.room(look=True, held=held):
        raise out_of_memory()
    try:
        while True:
            status, *outputs = call(size)
            raise_if_stopped(status)
            if status == DONE:
                return tuple(outputs), size
            size *= 2
    except MemoryError:
        raise out_of_memory() from None


@contextmanager
def named_out_of_memory(M, what: str) -> Iterator[None]:
    """A plain MemoryError inside the block (an array that a kernel or numpy could not
    get, e.g. under an address-space limit) raised as OutOfMemory naming ``what``, so
    that callers catching OutOfMemory (a fallback to another route) see it too."""
    try:
        yield
    except OutOfMemory:
        raise
    except MemoryError:
        raise OutOfMemory(what, M.budget or None) from None


def _layers(U, kept: list[int], row: np.ndarray, nodes: tuple, masks: np.ndarray, use: bool,
            size: int, progress: Progress, widths: list | None) -> Family:
    """The layers from the root state ``row`` on, one kernel call per kept level, then
    the family (``frontier.assemble``)."""
    M = U.manager
    data, off, count = row, np.array([0, len(row)], dtype=np.int64), 1
    layers = []
    held = sum(a.nbytes for a in nodes)
    with reporter(progress) as report:
        report.stage("∃! top down (states per kept element)", total=len(kept))
        for i, x in enumerate(kept):
            if widths is not None:
                widths.append((count, int(off[count]) - count))
            last = i == len(kept) - 1
            limit = len(U) if last else kept[i + 1]
            (ndata, noff, m, lo, hi), size = layer_step(
                M, "∃! top down", i, len(kept), data, count, held, size,
                lambda n: native_level(native.ue_level(
                    data, off, count, x, limit, last, n, *nodes, masks[limit], masks[x], use,
                    M.ctx, held)))
            layers.append((lo, hi))
            held += lo.nbytes + hi.nbytes
            report.update(i + 1, detail=f"{m} states")
            if m == 0 and not last:
                return U.empty
            data, off, count = ndata, noff, m
        del data, off
        with report.waiting("∃! top down: reducing the layers"):
            return assemble(U, kept, layers)
