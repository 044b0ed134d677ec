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

States are hashed per level in a kernel compiled ahead of time (``hitting.c``, two
levels alive), as in ``unique_exists``, and the unreduced layers are reduced by ``frontier.assemble``.
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
from .hitting_tables import bases, block_words, node_tables, table_level, tables_fit, to_tables, words
from ..progress import Progress, reporter
from .unique_exists import layer_step, named_out_of_memory, native, native_level, raise_if_stopped

__all__ = ["hitting_topdown", "hitting_trial"]


#: the first size of a state's heap of nodes (doubled when a state or its walk needs more)
HEAP_START = 1 << 12

#: at most this many last elements are decided by truth tables (``hitting_tables``): 2^16
#: bits per table (6x6 Slitherlink loops: 14 leaves too many sets of nodes before the switch)
TABLE_ELEMENTS = 16


def hitting_topdown(F: Family, elements: Iterable[Hashable] | None = None,
                    progress: Progress = None, widths: list | None = None,
                    tables: int | None = None) -> Family:
    """{S ⊆ E : S meets every member of F} (E: ``elements``, default every element),
    the same family as ``F.hitting(E)``, built by the subset construction of the
    module docstring.  ``widths``: when a list, (states, entries) of every layer are
    appended to it.  ``tables``: how many of the last elements of E are decided by
    truth tables (``zalg.topdown.hitting_tables``; 0: none); None: at most
    ``TABLE_ELEMENTS``, from the first of those levels where the tables fit
    (``hitting_tables.tables_fit``).  ``progress``: see
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
    escapes = np.frombuffer(native.hit_escapes(level, hi, lo, marked), dtype=np.bool_)
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
    while True:
        row[0] = rank[root]
        n = native.hit_successor(row.copy(), 1, -1, 2, kept[0], size, seen, row, *nodes)
        if n != -2:
            break
        size *= 2
    if n == -1:
        return U.empty
    most = TABLE_ELEMENTS if tables is None else max(0, min(int(tables), 20))
    earliest = len(kept) if stop is not None else max(0, len(kept) - most)
    return _layers(U, kept, row[:n].copy(), (seen, row) + nodes, size, progress, widths,
                   earliest, tables is None, stop)


def _tables_fit(level: np.ndarray, kept: list[int], i: int, entries: int) -> bool:
    """``tables_fit`` for the tables of F's nodes at or below element ``kept[i]`` (nodes
    numbered by level) against ``entries`` state entries."""
    below = len(level) - 2 - int(np.searchsorted(level[2:], kept[i]))
    return tables_fit(below, len(kept) - i, entries)


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
    status, T = node_tables(level, hi, lo, first, bit, R, block_words(R), ctx)
    raise_if_stopped(status)
    base = bases(*layers[-1], off, count) if layers else None
    status, codes, rows, _, m = to_tables(data, off, count, T, first, R, ctx, base)
    raise_if_stopped(status)
    if layers:
        for a in layers[-1]:
            a[a >= 0] = codes[a[a >= 0]]
    return rows, m, R


def _layers(U, kept: list[int], first: np.ndarray, scratch: tuple, size: int,
            progress: Progress, widths: list | None, earliest: int, fitted: bool,
            stop: int | None = None) -> Family | None:
    """The layers from the root state on, one kernel call per element of E, then the
    family (``frontier.assemble``); None after ``stop`` layers when it is given.  The
    tables take over at element ``earliest``, or when ``fitted`` at the first element
    from there where they fit (``tables_fit``)."""
    M = U.manager
    switch = len(kept) if fitted else earliest
    data, off, count = first, np.array([0, len(first)], dtype=np.int64), 1
    layers = []
    held = sum(a.nbytes for a in scratch)
    with reporter(progress) as report:
        report.stage("hitting sets top down (states per element)", total=len(kept))
        for i, x in enumerate(kept):
            if stop is not None and i >= stop:
                return None
            last = i == len(kept) - 1
            if earliest <= i < switch and _tables_fit(scratch[2], kept, i, int(off[count])):
                switch = i
            if i == switch:
                data, count, R = _tabled(U, kept, switch, data, off, count, scratch[2:], layers)
            if widths is not None:
                widths.append((count, int(off[count]) if i < switch else count * words(R - i + switch)))
            if i >= switch:
                status, data, _, count, lo, hi = table_level(data, count, R - (i - switch), last,
                                                             M.ctx, held)
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
                    data, off, count, x, limit, last, n, *scratch, M.ctx, held)))
            layers.append((lo, hi))
            held += lo.nbytes + hi.nbytes
            report.update(i + 1, detail=f"{m} states")
            if m == 0 and not last:
                return U.empty
            data, off, count = ndata, noff, m
        del data, off
        with report.waiting("hitting sets top down: reducing the layers"):
            return assemble(U, kept, layers)
