"""Hitting sets read top down: the subset construction of a family's avoiding paths.

For a family F and a set E of elements,

    hitting_topdown(F, E) = {S ⊆ E : S ∩ A ≠ ∅ for every A ∈ F}

the same family as ``F.hitting(E)``, built the other way.  F is read as an
automaton whose input symbols are the elements of E (the bit of S) and whose other
elements are free moves.  The state before the i-th element of E, after a prefix
of S, is the set of F's nodes reached by the paths (members A) that avoid the
prefix: at an element of E in S only the lo child is taken (A must not hold it),
at one not in S both children; a node below that level is not decided there (A
does not hold the element, so it avoids S there either way).  S is a member iff no
path reaches the 1 terminal.  A state is dead (no extension of the prefix is a
member) as soon as it holds the 1 terminal or a node with a path to 1 through no
element of E (a member that nothing left of S can hit); the empty state accepts
every extension.

States are hashed per level in a compiled kernel (two levels alive), as in
``unique_topdown``, and the unreduced layers are reduced by ``frontier.assemble``.
The cost is the number of distinct states times their size, not the intersection
steps of the bottom-up recursion, whose operands (the hitting families of a node's
two cofactors) are large and share little on the Slitherlink designer's relation.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import numpy as np

from ..errors import OutOfMemory
from ..algebra.family import Family
from .assemble import assemble
from .hitting_tables import block_words, node_tables, table_level, to_tables, words
from ..cudd.compiling import jit
from ..cudd.interrupts import call_returning_arrays
from ..progress import Progress, reporter
from .unique_exists import (DONE, SCRATCH, STOPPED, layer_step, named_out_of_memory, native,
                             native_level, new_store, put_code, raise_if_stopped, stop_now,
                             store_state)

__all__ = ["hitting_topdown", "hitting_trial"]

#: codes of a state's child: the next level's state index, or these
DEAD, ALL = -1, -2


@jit
def _escapes(level, hi, lo, marked):
    """Per node (ids as ``Family.node_arrays``, children before parents): whether it
    has a path to the 1 terminal through no marked level."""
    out = np.zeros(len(level), dtype=np.bool_)
    out[1] = True
    for n in range(2, len(level)):
        out[n] = out[lo[n]] or (not marked[level[n]] and out[hi[n]])
    return out


@jit
def _push(heap, size, n):
    heap[size] = n
    i = size
    while i > 0:
        p = (i - 1) >> 1
        if heap[p] <= heap[i]:
            break
        heap[p], heap[i] = heap[i], heap[p]
        i = p
    return size + 1


@jit
def _pop(heap, size):
    top = heap[0]
    size -= 1
    heap[0] = heap[size]
    i = 0
    while True:
        a = 2 * i + 1
        if a >= size:
            break
        b = a + 1
        c = b if b < size and heap[b] < heap[a] else a
        if heap[i] <= heap[c]:
            break
        heap[i], heap[c] = heap[c], heap[i]
        i = c
    return top, size


@jit
def _successor(A, k, x, take, limit, heap, seen, out, level, hi, lo, escapes):
    """The state A[:k] (F's node numbers, increasing) past level x (``take``: 0 only
    lo children there, 2 both; x < 0: no decision) and every level below ``limit`` as
    free moves: its nodes at or below ``limit`` into ``out`` (increasing), their
    number; -1 when it is dead; -2 when ``heap`` is too small."""
    if k > len(heap):  # the state alone does not fit: the caller doubles the heap
        return -2
    size = 0
    for i in range(k):
        size = _push(heap, size, A[i])
        seen[A[i]] = True
    m = 0
    dead = False
    while size > 0:
        n, size = _pop(heap, size)
        seen[n] = False
        if dead:
            continue
        if n == 1 or escapes[n]:
            dead = True
            continue
        lv = level[n]
        if lv >= limit:
            out[m] = n
            m += 1
            continue
        for side in range(2):
            c = lo[n] if side == 0 else hi[n]
            if side == 1 and lv == x and take == 0:
                continue
            if c == 0 or seen[c]:
                continue
            if size == len(heap):
                while size > 0:
                    n, size = _pop(heap, size)
                    seen[n] = False
                return -2
            seen[c] = True
            size = _push(heap, size, c)
    return -1 if dead else m


@jit
def _level(data, off, count, x, limit, last, heap, seen, A, out, level, hi, lo, escapes, ctx):
    """Both children of the ``count`` states data[off[i]:off[i+1]] at level x: the
    next level's states and the children's codes.  Status SCRATCH when ``heap`` was
    small, STOPPED at Ctrl-C."""
    lo_code = np.empty(count, dtype=np.int32)
    hi_code = np.empty(count, dtype=np.int32)
    table, hashes, ndata, noff, m = new_store()
    for i in range(count):
        if stop_now(i, ctx):
            return STOPPED, ndata, noff, m, lo_code, hi_code
        k = off[i + 1] - off[i]
        for bit in range(2):
            A[:k] = data[off[i]:off[i + 1]]
            n = _successor(A, k, x, 0 if bit == 1 else 2, limit, heap, seen, out,
                           level, hi, lo, escapes)
            if n == -2:
                return SCRATCH, ndata, noff, m, lo_code, hi_code
            if n == -1:
                code = DEAD
            elif n == 0:
                code = ALL if last else -3
            elif last:
                code = DEAD  # a node left past the last element lies on a path to 1
            else:
                code = -3
            if code == -3:
                code, table, hashes, ndata, noff, m = store_state(out, n, table, hashes,
                                                                   ndata, noff, m)
            put_code(lo_code, hi_code, i, bit, code)
    return DONE, ndata, noff, m, lo_code, hi_code


#: the first size of a state's heap of nodes (doubled when a state or its walk needs more)
HEAP_START = 1 << 12

#: the last elements decided by truth tables (``hitting_tables``): 2^16 bits per table (6x6
#: Slitherlink loops: 14 leaves too many sets of nodes before the switch)
TABLE_ELEMENTS = 16


def hitting_topdown(F: Family, elements: Iterable[Hashable] | None = None,
                    progress: Progress = None, widths: list | None = None,
                    tables: int = TABLE_ELEMENTS) -> Family:
    """{S ⊆ E : S meets every member of F} (E: ``elements``, default every element),
    the same family as ``F.hitting(E)``, built by the subset construction of the
    module docstring.  ``widths``: when a list, (states, entries) of every layer are
    appended to it.  ``tables``: how many of the last elements of E are decided by
    truth tables (``zalg.topdown.hitting_tables``; 0: none).  ``progress``: see
    ``zalg.progress`` (one unit per element of E)."""
    with named_out_of_memory(F.universe.manager, "hitting sets top down"):
        H = _hitting_sets(F, elements, progress, widths, tables)
    H._upclosed = True  # up-closed within E, as F.hitting's: minimal() takes its fast route
    return H


def hitting_trial(F: Family, elements: Iterable[Hashable] | None = None,
                  levels: int = 12) -> list[tuple[int, int]]:
    """(states, entries) of the first ``levels`` layers of ``hitting_topdown(F, elements)``
    (its sets of F's nodes, none by tables; fewer layers when the construction ends
    sooner): the work of its first levels, to compare element orders (another
    universe's W for the same family) before building H.  Nothing is assembled."""
    widths: list = []
    with named_out_of_memory(F.universe.manager, "hitting sets top down (trial)"):
        _hitting_sets(F, elements, None, widths, 0, stop=max(0, int(levels)))
    return widths


def _hitting_sets(F: Family, elements, progress: Progress, widths: list | None,
                  tables: int, stop: int | None = None) -> Family | None:
    U = F.universe
    marked = np.zeros(len(U) + 1, dtype=np.bool_)
    kept = sorted(set(U.levels(U.elements if elements is None else elements)))
    marked[kept] = True
    if F == U.empty:
        return U.power_set(U.elements[v] for v in kept)  # no member to hit
    level, hi, lo, root = F.node_arrays()
    level = np.ascontiguousarray(level, dtype=np.int64)
    hi = np.ascontiguousarray(hi, dtype=np.int64)
    lo = np.ascontiguousarray(lo, dtype=np.int64)
    if native is not None:
        escapes = np.frombuffer(native.hit_escapes(level, hi, lo, marked), dtype=np.bool_)
    else:
        escapes = _escapes(level, hi, lo, marked)
    if escapes[root]:
        return U.empty  # a member with no element of E: nothing hits it
    if not kept:
        return U.unit
    order = np.concatenate(([0, 1], np.argsort(level[2:], kind="stable") + 2))
    rank = np.empty(len(order), dtype=np.int64)  # numbered by level: a heap pops top-down
    rank[order] = np.arange(len(order))
    level, hi, lo, escapes = level[order], rank[hi[order]], rank[lo[order]], escapes[order]
    nodes = (level, hi, lo, escapes)
    size = HEAP_START
    seen = np.zeros(len(level), dtype=np.bool_)
    row = np.empty(len(level), dtype=np.int64)
    A = np.empty(len(level), dtype=np.int64)
    while True:
        row[0] = rank[root]
        if native is not None:
            n = native.hit_successor(row.copy(), 1, -1, 2, kept[0], size, seen, row, *nodes)
        else:
            n = _successor(row.copy(), 1, -1, 2, kept[0], np.empty(size, dtype=np.int64), seen,
                           row, *nodes)
        if n != -2:
            break
        size *= 2
    if n == -1:
        return U.empty
    switch = max(0, len(kept) - max(0, min(int(tables), 20)))
    return _layers(U, kept, row[:n].copy(), (seen, A, row) + nodes, size, progress, widths,
                   switch if stop is None else len(kept), stop)


def _tabled(U, kept: list[int], switch: int, data, off, count, nodes: tuple, layers: list):
    """The states before element ``switch`` as truth tables over the last elements
    (the previous layer's codes renumbered): (rows, count, R)."""
    level, hi, lo = nodes[:3]
    R = len(kept) - switch
    first = 2 + int(np.searchsorted(level[2:], kept[switch]))
    bit = np.full(len(U) + 1, -1, dtype=np.int64)
    bit[kept[switch:]] = np.arange(R)
    need = (len(level) - first) * words(R) * 8
    if need > U.manager.room(look=True):
        raise OutOfMemory(f"hitting sets top down: tables of {len(level) - first} nodes "
                          f"over {R} elements", U.manager.budget or None)
    ctx = U.manager.ctx
    status, T = call_returning_arrays(node_tables, level, hi, lo, first, bit, R, block_words(R),
                                      ctx)
    raise_if_stopped(status)
    status, codes, rows, _, m = to_tables(data, off, count, T, first, R, ctx)
    raise_if_stopped(status)
    if layers:
        for a in layers[-1]:
            a[a >= 0] = codes[a[a >= 0]]
    return rows, m, R


def _layers(U, kept: list[int], first: np.ndarray, scratch: tuple, size: int,
            progress: Progress, widths: list | None, switch: int,
            stop: int | None = None) -> Family | None:
    """The layers from the root state on, one kernel call per element of E, then the
    family (``frontier.assemble``); None after ``stop`` layers when it is given."""
    M = U.manager
    data, off, count = first, np.array([0, len(first)], dtype=np.int64), 1
    layers = []
    held = sum(a.nbytes for a in scratch)
    with reporter(progress) as report:
        report.stage("hitting sets top down (states per element)", total=len(kept))
        for i, x in enumerate(kept):
            if stop is not None and i >= stop:
                return None
            last = i == len(kept) - 1
            if i == switch:
                data, count, R = _tabled(U, kept, switch, data, off, count, scratch[3:], layers)
            if widths is not None:
                widths.append((count, int(off[count]) if i < switch else count * words(R - i + switch)))
            if i >= switch:
                status, data, _, count, lo, hi = call_returning_arrays(
                    table_level, data, count, R - (i - switch), last, M.ctx)
                raise_if_stopped(status)
                layers.append((lo, hi))
                report.update(i + 1, detail=f"{count} tables")
                if count == 0 and not last:
                    return U.empty
                continue
            limit = len(U) if last else kept[i + 1]
            (ndata, noff, m, lo, hi), size = layer_step(
                M, "hitting sets top down", i, len(kept), data, count, held, size,
                lambda n: native_level(native.hit_level(
                    data, off, count, x, limit, last, n, scratch[0], scratch[2], *scratch[3:],
                    M.ctx, held)) if native is not None else
                _level(data, off, count, x, limit, last, np.empty(n, dtype=np.int64), *scratch,
                       M.ctx))
            layers.append((lo, hi))
            held += lo.nbytes + hi.nbytes
            report.update(i + 1, detail=f"{m} states")
            if m == 0 and not last:
                return U.empty
            data, off, count = ndata, noff, m
        del data, off
        with report.waiting("hitting sets top down: reducing the layers"):
            return assemble(U, kept, layers)
