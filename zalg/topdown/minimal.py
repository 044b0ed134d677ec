"""Minimal members of an up-closed family, read top down.

For a family H up-closed within the elements E it has nodes at (a ∈ H and a ⊆ b ⊆ E
imply b ∈ H, as hitting sets are),

    minimal_topdown(H) = {S ∈ H : no T ⊊ S with T ∈ H}

the same family as ``H.minimal()``, built the other way.  H is read as an automaton
over the elements of E in order.  After a prefix P of S (the elements decided so
far, those taken in P), the state is (h, G): h is H's node reached by P, G the set
of H's nodes reached by the prefixes P ∖ {x} for each x taken.  The completions S″
of P that give a minimal member are exactly those of min(h) not in any g ∈ G: S
must be in H (S″ ∈ h), S ∖ {x} must not be for an element x already taken (S″ ∉ g)
nor for one still to come (S″ minimal in h).  Taking x adds h's lo child to G.  A
state is dead when h is the ∅ terminal or some g ∈ G is h itself or holds ∅ (an
up-closed family holding ∅ holds every completion).

The sets G are not canonical, so the last elements are decided by truth tables, as
in ``hitting_topdown``: each of H's nodes below the switch gets the table of its
family (one bit per subset of the last R elements), a state becomes the table
min(T(h)) ∧ ¬⋁ T(g), and from there the states are exactly the result's nodes; the
table levels are ``hitting_tables.table_level``.  The cost is the number of states,
not the difference steps of ``minimal``'s recursion, min(H) = min(H0) ∪
x·(min(H1) ∖ H0), which walk large pairs of families inside CUDD.
"""

from __future__ import annotations

import numpy as np

from ..errors import OutOfMemory
from ..algebra.family import Family
from .assemble import assemble
from .hitting_tables import table_level, tables_fit, words
from ..progress import Progress, reporter
from .unique_exists import layer_step, named_out_of_memory, native, native_level, raise_if_stopped

__all__ = ["minimal_topdown"]

#: the most elements decided by tables (2^16 bits a table)
MOST_TABLES = 16


def _switch(counts: np.ndarray, room: int, most: int) -> int:
    """How many of the last levels are decided by tables: the most (up to ``most``)
    whose tables of H's nodes there fit in ``room`` bytes."""
    best = 0
    for R in range(1, min(most, len(counts)) + 1):
        if int(counts[-R:].sum()) * words(R) * 8 <= room:
            best = R
    return best


def minimal_topdown(H: Family, progress: Progress = None, tables: int | None = None,
                    widths: list | None = None) -> Family:
    """min(H) = {S ∈ H : no T ⊊ S in H} for an up-closed H (the caller's promise, as
    ``H.minimal(upclosed=True)``), built by the construction of the module docstring.
    ``tables``: how many of the last levels are decided by truth tables (default: at
    most 16, and those whose tables fit in a quarter of the memory budget's room, from
    the first of them where ``hitting_tables.tables_fit`` holds).
    ``widths``: when a list, the states of every layer are appended to it.
    ``progress``: see ``zalg.progress`` (one unit per level of H)."""
    U = H.universe
    level, hi, lo, root = H.node_arrays()
    if root <= 1:
        return H  # ∅ or {∅}: already minimal
    level = np.ascontiguousarray(level, dtype=np.int64)
    hi = np.ascontiguousarray(hi, dtype=np.int64)
    lo = np.ascontiguousarray(lo, dtype=np.int64)
    empty = np.frombuffer(native.min_holds_empty(level, hi, lo), dtype=np.bool_)
    if empty[root]:
        return U.unit  # up-closed with ∅: every set, whose only minimal member is ∅
    kept, counts = np.unique(level[2:], return_counts=True)
    room = U.manager.room(look=True) // 4
    R = _switch(counts, room, MOST_TABLES) if tables is None else max(0, min(int(tables), 16,
                                                                              len(kept)))
    nodes = (level, hi, lo, empty)
    with named_out_of_memory(U.manager, "minimal members top down"):
        return _layers(U, [int(v) for v in kept], int(root), nodes, len(kept) - R, progress,
                       widths, None if tables is not None else counts)


def _tabled(U, kept: list[int], switch: int, data, off, count, nodes: tuple, layers: list):
    """The states before element ``switch`` as tables over the last elements (the
    previous layer's codes renumbered): (rows, count, R)."""
    level, hi, lo = nodes[:3]
    R = len(kept) - switch
    chosen = np.flatnonzero(level[:len(level)] >= kept[switch])
    chosen = chosen[chosen >= 2]
    bit = np.full(len(U) + 1, -1, dtype=np.int64)
    bit[kept[switch:]] = np.arange(R)
    if len(chosen) * words(R) * 8 > U.manager.room(look=True):
        raise OutOfMemory(f"minimal members top down: tables of {len(chosen)} nodes over "
                          f"{R} elements", U.manager.budget or None)
    ctx = U.manager.ctx
    status, T, row = native.min_family_tables(level, hi, lo, chosen, bit, R, ctx)
    raise_if_stopped(status)
    T = np.frombuffer(T, dtype=np.uint64).reshape(len(chosen), words(R))
    row = np.frombuffer(row, dtype=np.int64)
    status, codes, rows, m = native.min_to_tables(data, off, count, T, row, R, ctx,
                                                  T.nbytes + data.nbytes)
    raise_if_stopped(status)
    codes, rows = np.frombuffer(codes, dtype=np.int64), np.frombuffer(rows, dtype=np.int64)
    del T
    if layers:
        for a in layers[-1]:
            a[a >= 0] = codes[a[a >= 0]]
    return rows, m, R


def _layers(U, kept: list[int], root: int, nodes: tuple, earliest: int, progress: Progress,
            widths: list | None, counts: np.ndarray | None) -> Family:
    """The layers from the root state on, one kernel call per level of H, then the
    family (``frontier.assemble``).  The tables take over at level ``earliest``, or with
    ``counts`` (H's nodes per level) at the first level from there where they fit
    (``tables_fit``)."""
    M = U.manager
    switch = earliest if counts is None else len(kept)
    data, off, count = np.array([root], dtype=np.int64), np.array([0, 1], dtype=np.int64), 1
    layers = []
    held = sum(a.nbytes for a in nodes)
    size = 1 << 10
    with reporter(progress) as report:
        report.stage("minimal members top down (states per element)", total=len(kept))
        for i, x in enumerate(kept):
            last = i == len(kept) - 1
            if earliest <= i < switch and \
                    tables_fit(int(counts[i:].sum()), len(kept) - i, int(off[count])):
                switch = i
            if i == switch:
                data, count, R = _tabled(U, kept, switch, data, off, count, nodes, layers)
                if count == 0:
                    return U.empty
            if widths is not None:
                widths.append(count)
            if i >= switch:
                status, data, _, count, lo, hi = table_level(data, count, R - (i - switch), last,
                                                             M.ctx, held)
                raise_if_stopped(status)
            else:
                (ndata, noff, count, lo, hi), size = layer_step(
                    M, "minimal members top down", i, len(kept), data, count, held, size,
                    lambda n: native_level(native.min_level(
                        data, off, count, x, last, n, *nodes, M.ctx, held)))
                data, off = ndata, noff
            layers.append((lo, hi))
            held += lo.nbytes + hi.nbytes
            report.update(i + 1, detail=f"{count} states")
            if count == 0 and not last:
                return U.empty
        del data, off
        with report.waiting("minimal members top down: reducing the layers"):
            return assemble(U, kept, layers)
