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
from .hitting_tables import LOW_MASKS, all_zero, table_level, words
from ..cudd.compiling import jit
from ..cudd.interrupts import call_returning_arrays
from ..progress import Progress, reporter
from .unique_exists import (DONE, SCRATCH, STOPPED, layer_step, named_out_of_memory, native,
                             native_level, new_store, put_code, raise_if_stopped, stop_now,
                             store_state)

__all__ = ["minimal_topdown"]

#: codes of a state's child (as in ``hitting_topdown``)
DEAD, ALL = -1, -2
#: the most elements decided by tables (2^16 bits a table)
MOST_TABLES = 16


@jit
def _holds_empty(level, hi, lo):
    """Per node (ids as ``Family.node_arrays``, children first): whether ∅ is a member."""
    out = np.zeros(len(level), dtype=np.bool_)
    out[1] = True
    for n in range(2, len(level)):
        out[n] = out[lo[n]]
    return out


@jit
def _cof(n, x, bit, level, hi, lo):
    """The cofactor of node n at level x: its members without x (bit 0) or, x removed,
    those with x (bit 1)."""
    if n >= 2 and level[n] == x:
        return hi[n] if bit == 1 else lo[n]
    return 0 if bit == 1 else n


@jit
def _successor(data, a, b, x, bit, out, level, hi, lo, empty):
    """The state data[a:b] = [h, G sorted] past level x with ``bit``, into ``out``:
    its length, or -1 when it is dead."""
    h = _cof(data[a], x, bit, level, hi, lo)
    if h == 0:
        return -1
    out[0] = h
    m = 1
    if bit == 1:
        g = _cof(data[a], x, 0, level, hi, lo)
        if g != 0:
            out[m] = g
            m += 1
    for i in range(a + 1, b):
        g = _cof(data[i], x, bit, level, hi, lo)
        if g != 0:
            out[m] = g
            m += 1
    for i in range(1, m):
        if out[i] == h or empty[out[i]]:
            return -1
    out[1:m].sort()
    k = 1
    for i in range(1, m):
        if k == 1 or out[i] != out[k - 1]:
            out[k] = out[i]
            k += 1
    return k


@jit
def _level(data, off, count, x, last, out, level, hi, lo, empty, ctx):
    """Both children of the ``count`` states data[off[i]:off[i+1]] at level x: the next
    level's states and the children's codes.  Status SCRATCH when ``out`` was small,
    STOPPED at Ctrl-C."""
    lo_code = np.empty(count, dtype=np.int32)
    hi_code = np.empty(count, dtype=np.int32)
    table, hashes, ndata, noff, m = new_store()
    for i in range(count):
        if stop_now(i, ctx):
            return STOPPED, ndata, noff, m, lo_code, hi_code
        if off[i + 1] - off[i] + 1 > len(out):
            return SCRATCH, ndata, noff, m, lo_code, hi_code
        for bit in range(2):
            n = _successor(data, off[i], off[i + 1], x, bit, out, level, hi, lo, empty)
            if n < 0:
                code = DEAD
            elif last:
                code = ALL  # past the last level h is {∅} and G empty
            else:
                code, table, hashes, ndata, noff, m = store_state(out, n, table, hashes,
                                                                   ndata, noff, m)
            put_code(lo_code, hi_code, i, bit, code)
    return DONE, ndata, noff, m, lo_code, hi_code


@jit
def _family_tables(level, hi, lo, chosen, bit, R, ctx):
    """(status, T, row): the tables of the families of the nodes ``chosen`` (increasing
    ids, children first): bit S of T(n) set iff S (a subset of the last R elements,
    e_j as index bit j) is a member; and each node's row (-1: none).  Status STOPPED
    at Ctrl-C."""
    nw = max(1, (1 << R) // 64)
    T = np.zeros((len(chosen), nw), dtype=np.uint64)
    row = np.full(len(level), -1, dtype=np.int64)
    zero = np.zeros(nw, dtype=np.uint64)
    unit = np.zeros(nw, dtype=np.uint64)
    unit[0] = np.uint64(1)  # {∅}: the subset of index 0
    for k in range(len(chosen)):
        if stop_now(k, ctx):
            return STOPPED, T, row
        n = chosen[k]
        row[n] = k
        c0, c1 = lo[n], hi[n]
        t0 = zero if c0 == 0 else (unit if c0 == 1 else T[row[c0]])
        t1 = zero if c1 == 0 else (unit if c1 == 1 else T[row[c1]])
        j = bit[level[n]]
        out = T[k]
        if j >= 6:
            step = 1 << (j - 6)
            for w in range(nw):
                out[w] = t1[w - step] if (w >> (j - 6)) & 1 else t0[w]
        else:
            sh = np.uint64(1 << j)
            for w in range(nw):
                out[w] = (t0[w] & ~LOW_MASKS[j]) | ((t1[w] << sh) & LOW_MASKS[j])
    return DONE, T, row


@jit
def _minimal_table(t, R, out):
    """min of the up-closed table t: the members S with no S ∖ {e_j} a member."""
    nw = len(t)
    for w in range(nw):
        below = np.uint64(0)
        for j in range(min(R, 6)):
            below |= (t[w] << np.uint64(1 << j)) & LOW_MASKS[j]
        for j in range(6, R):
            step = 1 << (j - 6)
            if (w >> (j - 6)) & 1:
                below |= t[w - step]
        out[w] = t[w] & ~below


@jit
def _to_tables(data, off, count, T, row, R, ctx):
    """The states [h, G] as the tables min(T(h)) ∧ ¬⋁ T(g), one stored row each:
    (status, codes, rows, count); a state with an empty table is DEAD; status STOPPED
    at Ctrl-C."""
    nw = max(1, (1 << R) // 64)
    codes = np.empty(count, dtype=np.int64)
    acc = np.empty(nw, dtype=np.uint64)
    unit = np.zeros(nw, dtype=np.uint64)
    unit[0] = np.uint64(1)
    table, hashes, ndata, noff, m = new_store()
    for i in range(count):
        if stop_now(i, ctx):
            return STOPPED, codes, ndata, m
        h = data[off[i]]
        _minimal_table(unit if h == 1 else T[row[h]], R, acc)
        for a in range(off[i] + 1, off[i + 1]):
            g = data[a]
            t = unit if g == 1 else T[row[g]]
            for w in range(nw):
                acc[w] &= ~t[w]
        if all_zero(acc):
            codes[i] = DEAD
        else:
            codes[i], table, hashes, ndata, noff, m = store_state(acc.view(np.int64), nw, table,
                                                                  hashes, ndata, noff, m)
    return DONE, codes, ndata, m


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
    ``tables``: how many of the last levels are decided by truth tables (default: the
    most, up to 16, whose tables fit in a quarter of the memory budget's room).
    ``widths``: when a list, the states of every layer are appended to it.
    ``progress``: see ``zalg.progress`` (one unit per level of H)."""
    U = H.universe
    level, hi, lo, root = H.node_arrays()
    if root <= 1:
        return H  # ∅ or {∅}: already minimal
    level = np.ascontiguousarray(level, dtype=np.int64)
    hi = np.ascontiguousarray(hi, dtype=np.int64)
    lo = np.ascontiguousarray(lo, dtype=np.int64)
    if native is not None:
        empty = np.frombuffer(native.min_holds_empty(level, hi, lo), dtype=np.bool_)
    else:
        empty = _holds_empty(level, hi, lo)
    if empty[root]:
        return U.unit  # up-closed with ∅: every set, whose only minimal member is ∅
    kept, counts = np.unique(level[2:], return_counts=True)
    room = U.manager.room(look=True) // 4
    R = _switch(counts, room, MOST_TABLES) if tables is None else max(0, min(int(tables), 16,
                                                                              len(kept)))
    nodes = (level, hi, lo, empty)
    with named_out_of_memory(U.manager, "minimal members top down"):
        return _layers(U, [int(v) for v in kept], int(root), nodes, len(kept) - R, progress,
                       widths)


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
    if native is not None:
        status, T, row = native.min_family_tables(level, hi, lo, chosen, bit, R, ctx)
        raise_if_stopped(status)
        T = np.frombuffer(T, dtype=np.uint64).reshape(len(chosen), words(R))
        row = np.frombuffer(row, dtype=np.int64)
        status, codes, rows, m = native.min_to_tables(data, off, count, T, row, R, ctx,
                                                      T.nbytes + data.nbytes)
        raise_if_stopped(status)
        codes, rows = np.frombuffer(codes, dtype=np.int64), np.frombuffer(rows, dtype=np.int64)
    else:
        status, T, row = _family_tables(level, hi, lo, chosen, bit, R, ctx)
        raise_if_stopped(status)
        status, codes, rows, m = _to_tables(data, off, count, T, row, R, ctx)
        raise_if_stopped(status)
    del T
    if layers:
        for a in layers[-1]:
            a[a >= 0] = codes[a[a >= 0]]
    return rows, m, R


def _layers(U, kept: list[int], root: int, nodes: tuple, switch: int, progress: Progress,
            widths: list | None) -> Family:
    """The layers from the root state on, one kernel call per level of H, then the
    family (``frontier.assemble``)."""
    M = U.manager
    data, off, count = np.array([root], dtype=np.int64), np.array([0, 1], dtype=np.int64), 1
    layers = []
    held = sum(a.nbytes for a in nodes)
    size = 1 << 10
    with reporter(progress) as report:
        report.stage("minimal members top down (states per element)", total=len(kept))
        for i, x in enumerate(kept):
            last = i == len(kept) - 1
            if i == switch:
                data, count, R = _tabled(U, kept, switch, data, off, count, nodes, layers)
                if count == 0:
                    return U.empty
            if widths is not None:
                widths.append(count)
            if i >= switch:
                status, data, _, count, lo, hi = call_returning_arrays(
                    table_level, data, count, R - (i - switch), last, M.ctx)
                raise_if_stopped(status)
            else:
                (ndata, noff, count, lo, hi), size = layer_step(
                    M, "minimal members top down", i, len(kept), data, count, held, size,
                    lambda n: native_level(native.min_level(
                        data, off, count, x, last, n, *nodes, M.ctx, held))
                    if native is not None else
                    _level(data, off, count, x, last, np.empty(n, dtype=np.int64), *nodes, M.ctx))
                data, off = ndata, noff
            layers.append((lo, hi))
            held += lo.nbytes + hi.nbytes
            report.update(i + 1, detail=f"{count} states")
            if count == 0 and not last:
                return U.empty
        del data, off
        with report.waiting("minimal members top down: reducing the layers"):
            return assemble(U, kept, layers)
