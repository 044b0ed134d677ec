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

Layers are built one level of X at a time by a compiled kernel (states hashed by
their sorted node arrays; only the current and the next level's states are kept),
and the unreduced layered diagram of the result goes through ``frontier.assemble``
(the frontier engine's reduction and node output).  The work grows with the
number of distinct states, not with the ∃ results of R's nodes that the bottom-up
pass memoises: it wins where those results are large and the states few.
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

import numpy as np

from ..errors import OutOfMemory
from ..algebra.family import Family
from .assemble import assemble
from .driver import interrupted
from ..cudd.compiling import jit
from ..cudd.interrupts import call_returning_arrays
from ..ops.extension import kernels
from ..progress import Progress, reporter

try:  # the kernels compiled ahead of time (unique_exists.c and its kin, in _frontier)
    native = importlib.import_module("zalg.topdown._frontier")
except ImportError:  # pragma: no cover - a source tree without its build
    native = None
if kernels is None:  # ZALG_COMPILED=0 or no build: every construction on numba
    native = None

__all__ = ["unique_exists_topdown", "Separation"]

#: a witness is coded as (W node << SHIFT) | R node
SHIFT = 32
LOW = (1 << SHIFT) - 1
#: statuses of a level's kernel call: done, scratch lists too small, Ctrl-C noticed, no
#: memory within the budget (the compiled kernels)
DONE, SCRATCH, STOPPED, NOMEM = 0, 1, 2, 3
#: the kernels look for Ctrl-C once per this many states (or rows of tables)
POLL_STATES = 256
#: the first length of the scratch lists (doubled while a state does not fit)
FIRST_SCRATCH = 1 << 12


class Separation(NamedTuple):
    """Keys per node of R (``r_keys``) and of W (``w_keys``), ``masks`` per universe
    level (plus one entry for the end): see the module docstring."""
    r_keys: np.ndarray
    w_keys: np.ndarray
    masks: np.ndarray


@jit
def _close_r(L, mode, A, k, B, E, EC, cnt, rn):
    """R's node list A[:k] (counts in ``cnt``) past level L into B: mode 0 its lo
    children, 1 its hi children, 2 both (a free move); the new length."""
    ne = 0
    nk = 0
    for i in range(k):
        n = A[i]
        if rn[n, 0] == L:
            E[ne] = n
            EC[ne] = cnt[n]
            ne += 1
            cnt[n] = 0
        elif mode != 1:
            B[nk] = n
            nk += 1
        else:
            cnt[n] = 0
    for i in range(ne):
        n = E[i]
        c = EC[i]
        for side in range(2):
            if side == 0 and mode == 1 or side == 1 and mode == 0:
                continue
            m = rn[n, 1] if side == 1 else rn[n, 2]
            if m == 0:
                continue
            if cnt[m] == 0:
                B[nk] = m
                nk += 1
            cnt[m] = min(2, cnt[m] + c)
    return nk


@jit
def _close_w(L, mode, WA, w, WB, wn, rn):
    """The witnesses WA[:w] past level L into WB (modes as ``_close_r``), sorted
    without repeats; the new length."""
    nw = 0
    for i in range(w):
        code = WA[i]
        c = code >> SHIFT
        n = code & LOW
        c_at = wn[c, 0] == L
        n_at = rn[n, 0] == L
        if mode != 0 and c_at:
            c2 = wn[c, 1]
            n2 = rn[n, 1] if n_at else 0
            if c2 != 0 and n2 != 0:
                WB[nw] = (c2 << SHIFT) | n2
                nw += 1
        if mode != 1:
            c2 = wn[c, 2] if c_at else c
            n2 = rn[n, 2] if n_at else n
            if c2 != 0 and n2 != 0:
                WB[nw] = (c2 << SHIFT) | n2
                nw += 1
    WB[:nw].sort()
    out = 0
    for i in range(nw):
        if out == 0 or WB[i] != WB[out - 1]:
            WB[out] = WB[i]
            out += 1
    return out


@jit
def _witness_low(codes, a, b, best, rn, wn):
    """The smallest of ``best`` and the levels of the witnesses codes[a:b]."""
    for i in range(a, b):
        c = codes[i] >> SHIFT
        n = codes[i] & LOW
        best = min(best, wn[c, 0], rn[n, 0])
    return best


@jit
def _next_level(A, k, WA, w, limit, rn, wn):
    """The smallest level below ``limit`` that a node of the state lies at (or limit)."""
    best = limit
    for i in range(k):
        if rn[A[i], 0] < best:
            best = rn[A[i], 0]
    return _witness_low(WA, 0, w, best, rn, wn)


@jit
def _successor(x, mode, limit, A, k, WA, w, B, WB, E, EC, cnt, rn, wn, mask, use_keys, wanted):
    """The state (A[:k] with ``cnt``, WA[:w]) past level x (``mode`` as ``_close_r``,
    x < 0: no decision), then every level below ``limit`` as free moves, pruned.
    Returns (R nodes, witnesses, in A and WA, or the lists swapped in B and WB: flag),
    -1 witnesses when a list would not fit.  ``cnt`` keeps the kept nodes' counts."""
    cap = len(A)
    swapped = False
    L = x
    if L < 0:
        L = _next_level(A, k, WA, w, limit, rn, wn)
        mode = 2
    while L < limit:
        if 2 * k > cap or 2 * w > cap:
            for i in range(k):
                cnt[A[i]] = 0
            return k, -1, swapped
        k = _close_r(L, mode, A, k, B, E, EC, cnt, rn)
        w = _close_w(L, mode, WA, w, WB, wn, rn)
        A, B = B, A
        WA, WB = WB, WA
        swapped = not swapped
        mode = 2
        L = _next_level(A, k, WA, w, limit, rn, wn)
    kept = 0
    for i in range(w):  # a witness whose R node is reached twice has a second T
        if cnt[WA[i] & LOW] < 2:
            WA[kept] = WA[i]
            kept += 1
    w = kept
    if use_keys and w > 0:
        nwant = 0
        for i in range(w):
            wanted[nwant] = wn[WA[i] >> SHIFT, 3] & mask
            nwant += 1
        wanted[:nwant].sort()
        kept = 0
        for i in range(k):
            key = rn[A[i], 3] & mask
            j = np.searchsorted(wanted[:nwant], key)
            if j < nwant and wanted[j] == key:
                A[kept] = A[i]
                kept += 1
            else:
                cnt[A[i]] = 0
        k = kept
    if 1 + k + w > cap:
        for i in range(k):
            cnt[A[i]] = 0
        return k, -1, swapped
    return k, w, swapped


@jit
def _lowest(data, a, b, rn, wn):
    """The smallest level a node of the packed state data[a:b] lies at (R's nodes are
    numbered by level, so the first one that is not the 1 terminal has R's smallest)."""
    k = data[a]
    best = rn[1, 0]
    for i in range(k):
        n = data[a + 1 + i] >> 1
        if n != 1:
            best = rn[n, 0]
            break
    return _witness_low(data, a + 1 + k, b, best, rn, wn)


@jit
def _hash(S, n):
    h = np.uint64(1469598103934665603)
    for i in range(n):
        h = (h ^ np.uint64(S[i])) * np.uint64(1099511628211)
        h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(0x7FFFFFFFFFFFFFFF))


@jit
def _grow(a, need):
    size = max(len(a), 1)
    while size < need:
        size *= 2
    if size == len(a):
        return a
    b = np.empty(size, dtype=a.dtype)
    b[:len(a)] = a
    return b


@jit
def stop_now(i, ctx):
    """Whether Ctrl-C came (looked for at every ``POLL_STATES``-th step i; then the
    kernel returns STOPPED and its caller raises KeyboardInterrupt)."""
    return i % POLL_STATES == POLL_STATES - 1 and interrupted(ctx)


def raise_if_stopped(status: int) -> None:
    """KeyboardInterrupt when a kernel returned STOPPED (it noticed Ctrl-C), MemoryError
    when it returned NOMEM (a table would pass the budget)."""
    if status == STOPPED:
        raise KeyboardInterrupt
    if status == NOMEM:
        raise MemoryError


def native_level(result: tuple) -> tuple:
    """A compiled level kernel's (status, data, off, m, lo, hi) as numba's: the bytearrays
    as numpy arrays (int64 data and offsets, int32 codes; data None stays None)."""
    status, data, off, m, lo, hi = result
    if status != DONE:
        return result
    rows = None if data is None else np.frombuffer(data, dtype=np.int64)
    return (status, rows, np.frombuffer(off, dtype=np.int64), m,
            np.frombuffer(lo, dtype=np.int32), np.frombuffer(hi, dtype=np.int32))


@jit
def new_store():
    """An empty store of states for ``store_state``: (table, hashes, data, off, m)."""
    return (np.zeros(1024, dtype=np.int64), np.empty(1024, dtype=np.int64),
            np.empty(4096, dtype=np.int64), np.zeros(1025, dtype=np.int64), 0)


@jit
def store_state(S, n, table, hashes, data, off, m):
    """The index of state S[:n] among the next level's m states, added when new:
    (index, table, hashes, data, off, m) with the arrays grown as needed."""
    if 2 * (m + 1) > len(table):  # rehash into a table twice as large
        table = np.zeros(2 * len(table), dtype=np.int64)
        mask = len(table) - 1
        for j in range(m):
            slot = hashes[j] & mask
            while table[slot] != 0:
                slot = (slot + 1) & mask
            table[slot] = j + 1
    mask = len(table) - 1
    h = _hash(S, n)
    slot = h & mask
    while table[slot] != 0:
        j = table[slot] - 1
        if hashes[j] == h and off[j + 1] - off[j] == n:
            a = off[j]
            same = True
            for i in range(n):
                if data[a + i] != S[i]:
                    same = False
                    break
            if same:
                return j, table, hashes, data, off, m
        slot = (slot + 1) & mask
    table[slot] = m + 1
    hashes = _grow(hashes, m + 1)
    off = _grow(off, m + 2)
    data = _grow(data, off[m] + n)
    data[off[m]:off[m] + n] = S[:n]
    off[m + 1] = off[m] + n
    hashes[m] = h
    return m, table, hashes, data, off, m + 1


@jit
def put_code(lo_code, hi_code, i, bit, code):
    """Write child ``bit`` of state i: its next-level state or terminal code."""
    if bit == 1:
        hi_code[i] = code
    else:
        lo_code[i] = code


@jit
def _load(data, a, b, A, WA, cnt):
    """State data[a:b] into the lists A (counts into ``cnt``) and WA: (k, w)."""
    k = data[a]
    for i in range(k):
        code = data[a + 1 + i]
        A[i] = code >> 1
        cnt[code >> 1] = (code & 1) + 1
    w = b - a - 1 - k
    for i in range(w):
        WA[i] = data[a + 1 + k + i]
    return k, w


@jit
def _pack(A, k, WA, w, S, cnt):
    """The state's canonical row into S (clearing ``cnt``): k, R nodes sorted (node << 1
    | count - 1), witnesses sorted; its length."""
    A[:k].sort()
    S[0] = k
    for i in range(k):
        S[1 + i] = (A[i] << 1) | (cnt[A[i]] - 1)
        cnt[A[i]] = 0
    for i in range(w):
        S[1 + k + i] = WA[i]
    return 1 + k + w


@jit
def _level(data, off, count, x, limit, last, scratch, cnt, rn, wn, mask, kept_mask, use_keys,
           ctx):
    """Both children of the ``count`` states data[off[i]:off[i+1]] at level x: the next
    level's states, and the children's codes (an index, or -1 none, -2 accept when
    ``last``).  ``kept_mask``: the mask the states were pruned with.  Status SCRATCH
    when a state outgrew the scratch lists, STOPPED at Ctrl-C."""
    A, B, E, EC, WA, WB, S, wanted = scratch
    lo = np.empty(count, dtype=np.int32)
    hi = np.empty(count, dtype=np.int32)
    table, hashes, ndata, noff, m = new_store()
    for i in range(count):
        if stop_now(i, ctx):
            return STOPPED, ndata, noff, m, lo, hi
        low = _lowest(data, off[i], off[i + 1], rn, wn)
        if low > x:  # no node at x: bit 1 ends every path, bit 0 changes nothing up to ``low``
            hi[i] = -1
            if low >= limit and mask == kept_mask:
                if last:
                    lo[i] = -2
                else:
                    n = off[i + 1] - off[i]
                    lo[i], table, hashes, ndata, noff, m = store_state(
                        data[off[i]:off[i + 1]], n, table, hashes, ndata, noff, m)
                continue
        for bit in range(2):
            if bit == 1 and low > x:
                continue
            if off[i + 1] - off[i] > len(A):
                return SCRATCH, ndata, noff, m, lo, hi
            k, w = _load(data, off[i], off[i + 1], A, WA, cnt)
            k, w, swapped = _successor(x, bit, limit, A, k, WA, w, B, WB, E, EC, cnt, rn, wn, mask,
                                       use_keys, wanted)
            RA, RW = (B, WB) if swapped else (A, WA)
            if w < 0:
                return SCRATCH, ndata, noff, m, lo, hi
            if w == 0 or last:
                for j in range(k):
                    cnt[RA[j]] = 0
                code = -2 if w > 0 else -1
            else:
                n = _pack(RA, k, RW, w, S, cnt)
                code, table, hashes, ndata, noff, m = store_state(S, n, table, hashes, ndata, noff, m)
            put_code(lo, hi, i, bit, code)
    return DONE, ndata, noff, m, lo, hi


@jit
def _root(r_root, w_root, limit, scratch, cnt, rn, wn, mask, use_keys):
    """The first state (the roots, then every level below ``limit`` as free moves) as
    one packed row (empty: no member at all), with status DONE or SCRATCH."""
    A, B, E, EC, WA, WB, S, wanted = scratch
    A[0] = r_root
    cnt[r_root] = 1
    WA[0] = (w_root << SHIFT) | r_root
    k, w, swapped = _successor(-1, 2, limit, A, 1, WA, 1, B, WB, E, EC, cnt, rn, wn, mask,
                               use_keys, wanted)
    RA, RW = (B, WB) if swapped else (A, WA)
    if w < 0:
        return SCRATCH, S[:0].copy()
    if w == 0:
        for j in range(k):
            cnt[RA[j]] = 0
        return DONE, S[:0].copy()
    n = _pack(RA, k, RW, w, S, cnt)
    return DONE, S[:n].copy()


def _scratch(size: int) -> tuple:
    """The kernel's scratch lists, ``size`` entries each."""
    return tuple(np.empty(size, dtype=np.int64) for _ in range(8))


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
        if native is not None:
            status, row = native.ue_root(r_root, w_root, first, size, *nodes, masks[first], use)
            row = np.frombuffer(row, dtype=np.int64)
        else:
            status, row = _root(r_root, w_root, first, _scratch(size), *nodes, masks[first],
                                use)
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
            status, *outputs = call_returning_arrays(call, size)
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
                    M.ctx, held)) if native is not None else
                _level(data, off, count, x, limit, last, _scratch(n), *nodes, masks[limit],
                       masks[x], use, M.ctx))
            layers.append((lo, hi))
            held += lo.nbytes + hi.nbytes
            report.update(i + 1, detail=f"{m} states")
            if m == 0 and not last:
                return U.empty
            data, off, count = ndata, noff, m
        del data, off
        with report.waiting("∃! top down: reducing the layers"):
            return assemble(U, kept, layers)
