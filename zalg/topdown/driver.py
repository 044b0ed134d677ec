"""The one compiled frontier driver: every machine's levels run here (TdZdd's design).

A machine (``frontier.machine``) supplies its step and final check; the driver
keeps everything else:

* **pending children**: a child state for level j is appended, unhashed, to level
  j's pending rows together with the *branch* it fills (2 * parent node + bit);
* **one level at a time**: level j's pending rows are hashed once (``row_hash``,
  open addressing, a table sized from their number), equal rows become one node
  (nodes are numbered globally, level after level) and every branch that asked
  for it gets its number; then each distinct state is expanded by the step;
* **lookahead**: before a child is stored for level j, bit 1 is tried there; when
  it is DEAD the element is absent in every member below, the node would be
  reduced away, so the child goes on to level j + 1 at once (0 means no node);
* **reduction**: ``reduce`` folds the numbered diagram bottom-up into a reduced
  ZDD in plain arrays (a node whose hi child is REJECT is its lo child; equal
  (lo, hi) pairs on a level are one node), children before parents, root last;
  ``frontier.output`` hands those nodes to CUDD.

A node's codes live in one array ``codes`` of 32-bit integers: ``codes[2g]`` (lo)
and ``codes[2g + 1]`` (hi) of node g; a code is a node number, -1 (REJECT) or -2
(ACCEPT).  Node 0 is the virtual parent of the root (its lo code is the root's).
A kept node thus costs 8 bytes (TdZdd keeps two 64-bit ids, 16 bytes); the caller
grows ``codes`` in place (``numpy.ndarray.resize``: a large block is remapped,
never copied beside the old one) when the driver asks for room (``NEED_CODES``),
so the sweep never holds two copies of it.  Node numbers stay below ``MAX_NODES``.
"""

from __future__ import annotations

import numpy as np

from ..cudd.compiling import jit
from ..cudd.nodes import (INTERRUPTED, NOMEM, OK, POLL_EVERY, WIDE, call_int0, call_ptr0,
                             call_void0, call_void1, over_budget)
from ..cudd.nodes import C_CHECKSIG, C_CLEARERR, C_RESTORE, C_SAVE
from .functions import ACCEPT, DEAD, SKIP, call_final, call_step, call_takes, compiled
from .pointers import at, offset, prefetch, words
from .store import (CHUNK, COUNT, M_BUMP, M_BYTES, M_FREE, M_LEVEL, M_NODE, M_WIDTH, grow, members,
                    push, release)

__all__ = ["sweep", "reduce", "row_hash", "REJECT_CODE", "ACCEPT_CODE", "NO_LOOKAHEAD",
           "EXACT_LOOKAHEAD", "TAKES_LOOKAHEAD", "CODE", "MAX_NODES", "NEED_CODES", "NEED_ARENA",
           "FIRST_OUTPUT", "arena_room"]

REJECT_CODE, ACCEPT_CODE = -1, -2
#: the type of ``codes`` entries, and the node numbers it can hold (2 ** 31 - 3)
CODE = np.int32
MAX_NODES = (1 << 31) - 3
#: the reduction's outputs start this long (then double)
FIRST_OUTPUT = 1 << 16
#: ``sweep`` stopped before a level: ``codes`` must first hold ``meta[M_WIDTH]`` entries
NEED_CODES = 5
#: ``sweep`` stopped before expanding a level: the arena must first hold
#: ``meta[M_WIDTH]`` chunks (grown in place by the caller; the budget allows it)
NEED_ARENA = 6
_WAITING = -3  # a branch whose child is pending
#: lookahead: none; bit 1 tried with the step; or asked of the machine's ``takes``
NO_LOOKAHEAD, EXACT_LOOKAHEAD, TAKES_LOOKAHEAD = 0, 1, 2


@jit
def interrupted(ctx):
    """Let other threads run for a moment; whether Ctrl-C arrived (then it is cleared
    here and the caller unwinds).  Unlike ``nodes.poll`` it leaves CUDD's computed
    table alone: nothing here uses it."""
    state = call_ptr0(ctx[C_SAVE])
    call_void1(ctx[C_RESTORE], state)
    if call_int0(ctx[C_CHECKSIG]) != 0:
        call_void0(ctx[C_CLEARERR])
        return True
    return False


#: odd 64-bit multipliers, one per pair of entries (cycled): a row's hash sums
#: independent products, so the multiplies run in parallel, then one final mix
_MULTIPLIERS = np.array([0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9,
                         0xD6E8FEB86659FD93, 0xFF51AFD7ED558CCD, 0xC4CEB9FE1A85EC53,
                         0x94D049BB133111EB, 0xBF58476D1CE4E5B9], dtype=np.uint64)


@compiled
def row_hash(t, w, full, tail):
    """A 64-bit hash of the w entries at t: its first ``full`` 64-bit words, then the
    entries from ``tail`` (the first one after those words) on."""
    x = words(t)
    h = np.uint64(w)
    for k in range(full):
        h += (x[k] + np.uint64(k)) * _MULTIPLIERS[k & 7]
    for k in range(tail, w):
        h += (np.uint64(t[k]) + np.uint64(k)) * np.uint64(0xD1B54A32D192ED03)
    h ^= h >> np.uint64(32)
    h *= np.uint64(0xD6E8FEB86659FD93)
    h ^= h >> np.uint64(29)
    return h


@compiled
def _same(a, b, w, full, tail):
    """Whether the w entries at a and b are equal (``full`` 64-bit words first)."""
    x = words(a)
    y = words(b)
    for k in range(full):
        if x[k] != y[k]:
            return False
    for k in range(tail, w):
        if a[k] != b[k]:
            return False
    return True


@compiled
def _table_size(n):
    """The hash table's slots for n pending states: the least power of two >= 2n (16
    at least); with the two id arrays of half as many entries, 16 bytes a slot."""
    cap = 16
    while cap < 2 * n:
        cap *= 2
    return cap


#: rows hashed ahead of their probes in ``_distinct`` (their table slots prefetched)
_BATCH = 16


@compiled
def _distinct(rows, ids, n, rep, src, codes, first, table, hashes):
    """Number the distinct rows among ``rows[ids[:n]]`` (first occurrence order):
    ``rep[d]`` is the row of distinct state d, and every branch ``src[ids[k]]``
    gets ``first + d``.  ``table``: at least 2n entries.  Returns the number of
    distinct rows.  Rows are hashed a batch ahead and their table slots prefetched,
    so that the random probes of a batch overlap."""
    w = rows.shape[1]
    full = w * rows.itemsize // 8
    tail = full * 8 // rows.itemsize
    cap = _table_size(n)
    mask = cap - 1
    table[:cap] = -1
    d = 0
    for b in range(0, n, _BATCH):
        e = min(b + _BATCH, n)
        for k in range(b, e):
            h = row_hash(at(rows, ids[k]), w, full, tail)
            hashes[k - b] = h
            prefetch(table, np.int64(h & np.uint64(mask)))
        for k in range(b, e):
            r = ids[k]
            row = at(rows, r)
            h = hashes[k - b]
            tag = np.int64(h >> np.uint64(33))
            pos = np.int64(h & np.uint64(mask))
            while True:
                x = table[pos]
                if x == -1:
                    table[pos] = (tag << 32) | d
                    rep[d] = r
                    idx = d
                    d += 1
                    break
                if (x >> 32) == tag:
                    i = x & 0xFFFFFFFF
                    if _same(at(rows, rep[i]), row, w, full, tail):
                        idx = i
                        break
                pos = (pos + 1) & mask
            codes[src[r]] = first + idx
    return d


@compiled
def _onward(step, final, takes, t, u, j, m, info, width, consts, work, lookahead):
    """(code, level, state): where state t, just made for level j, leads.  Code -1 / -2
    for a terminal; otherwise (code -3) the child is pending at the returned level,
    its state in the returned buffer (t or u).  Lookahead decides a level 0 at once
    when bit 1 is DEAD there (EXACT: tried with the step; TAKES: the machine's
    ``takes`` says it cannot be taken).  ``info``: a pointer to the info rows
    (``width`` entries each)."""
    while True:
        if j == m:
            return (ACCEPT_CODE if call_final(final, t, consts, work) == 1 else REJECT_CODE), j, t
        if lookahead == NO_LOOKAHEAD:
            return _WAITING, j, t
        row = offset(info, j * width)
        if lookahead == EXACT_LOOKAHEAD:
            if call_step(step, t, u, 1, row, consts, work) != DEAD:
                return _WAITING, j, t
        else:
            answer = call_takes(takes, t, row, consts, work)
            if answer == SKIP:
                j += 1
                continue
            if answer != 0:
                return _WAITING, j, t
        status = call_step(step, t, u, 0, row, consts, work)
        if status == DEAD:
            return REJECT_CODE, j, t
        if status == ACCEPT:
            return ACCEPT_CODE, j, t
        t, u = u, t
        j += 1


#: ``_expand`` stopped early: the arena needs room before state ``q`` is expanded
_NEED_ROOM = -1


@compiled
def _expand(step, final, takes, rep, q, d, first, j, m, info, consts, work, lookahead, rows, src,
            nxt, free, levels, meta, codes, ctx, tbuf, ubuf):
    """Expand states q, q + 1, ... of the d distinct states of level j (rows ``rep``,
    node numbers first, first + 1, ...): each child is a terminal code or a pending
    state.  Returns (status, q): OK when all are done, INTERRUPTED (Ctrl-C), or
    _NEED_ROOM when the arena may not hold the next state's children (the caller
    grows it and calls again from q).  The loop touches arrays only through
    pointers (``frontier.pointers``)."""
    w = rows.shape[1]
    width = info.shape[1]
    chunks = nxt.shape[0]
    t = at(tbuf, 0)
    u = at(ubuf, 0)
    cp = at(consts, 0)
    wp = at(work, 0)
    ip = at(info, 0)
    row = at(info, j)
    rp = at(rows, 0)
    sp = at(src, 0)
    np_ = at(nxt, 0)
    fp = at(free, 0)
    lp = at(levels, 0)
    mp = at(meta, 0)
    out = at(codes, 0)
    while q < d:
        if meta[M_FREE] + chunks - meta[M_BUMP] < 2:  # two children may open two chunks
            return _NEED_ROOM, q
        if q % POLL_EVERY == POLL_EVERY - 1 and interrupted(ctx):
            return INTERRUPTED, q
        s = at(rows, rep[q])
        g = first + q
        for bit in range(2):
            code = call_step(step, s, t, bit, row, cp, wp)
            if code == DEAD:
                out[2 * g + bit] = REJECT_CODE
            elif code == ACCEPT:
                out[2 * g + bit] = ACCEPT_CODE
            else:
                code, level, state = _onward(step, final, takes, t, u, j + 1, m, ip, width, cp,
                                             wp, lookahead)
                if code == _WAITING:
                    push(rp, sp, np_, fp, lp, mp, w, level, state, 2 * g + bit)
                else:
                    out[2 * g + bit] = code
        q += 1
    return OK, q


@compiled
def _codes_room(have, need):
    """The entries ``codes`` grows to when it has ``have`` and needs ``need``: a quarter
    more than it has, at least ``need`` (growth in place costs no copy, so small steps
    keep the slack small)."""
    return max(need, have + have // 4 + 1024)


@compiled
def arena_room(d, j, m):
    """Chunks the arena must have free before the d distinct states of level j are
    expanded: two children a state, each level they go to (j + 1 .. m - 1, lookahead
    may skip) opening at most one chunk beyond the full ones, and the two that
    ``_expand`` keeps free before each state."""
    return (2 * d + CHUNK - 1) // CHUNK + min(m - j, 2 * d) + 2


def _sweep(step, final, takes, info, consts, work, lookahead, rows, src, nxt, free, levels, meta,
           codes, start, ctx, budget, max_width):
    """``_levels`` (see there), then a last look for Ctrl-C: one that arrived since the
    last pause is INTERRUPTED here, never left pending for numba's boxing of the
    arrays (``kernels.interrupts``)."""
    status, rows, src, nxt, free = _levels(step, final, takes, info, consts, work, lookahead,
                                           rows, src, nxt, free, levels, meta, codes, start,
                                           ctx, budget, max_width)
    if status != INTERRUPTED and interrupted(ctx):
        status = INTERRUPTED
    return status, rows, src, nxt, free


@jit
def _levels(step, final, takes, info, consts, work, lookahead, rows, src, nxt, free, levels, meta,
            codes, start, ctx, budget, max_width):
    """Run levels from ``meta[M_LEVEL]`` on, until the last is done or ``budget`` states
    have been expanded.  Returns (status, rows, src, next, free) (the arrays may have
    grown): status OK, INTERRUPTED (Ctrl-C), NOMEM (a level's tables, or the arena's
    growth, would pass the universe's budget, or its nodes would pass ``MAX_NODES``),
    NEED_CODES (``codes`` must grow to ``meta[M_WIDTH]`` entries before the level),
    NEED_ARENA (the arena must grow to ``meta[M_WIDTH]`` chunks before the level's
    states are expanded; the budget allows both) or WIDE (a level has more than
    ``max_width`` states, when it is >= 0; ``meta[M_LEVEL]`` is that level,
    ``meta[M_WIDTH]`` its states).

    What a level asks of the budget, besides what ``meta[M_BYTES]`` holds (arena and
    codes): its hash table and id arrays (16 bytes a slot, ``_table_size``; the old
    ones are freed first), the growth of ``codes`` to two entries per node, and, once
    its distinct states d are known, room in the arena for their children
    (``arena_room``): free chunks are used first, and the arena grows in place by
    what is missing (at least a quarter), so it is never held twice."""
    m = info.shape[0]
    w = rows.shape[1]
    row_bytes = rows.itemsize * w + 8  # a pending row and its branch
    tbuf = np.empty(w, dtype=rows.dtype)
    ubuf = np.empty(w, dtype=rows.dtype)
    table = np.empty(16, dtype=np.int64)
    ids = np.empty(8, dtype=np.int64)
    rep = np.empty(8, dtype=np.int64)
    hashes = np.empty(_BATCH, dtype=np.uint64)
    done = 0
    while meta[M_LEVEL] < m and done < budget:
        j = meta[M_LEVEL]
        n = levels[j, COUNT]
        need = 2 * (meta[M_NODE] + n)
        grow_to = _codes_room(codes.shape[0], need) if codes.shape[0] < need else codes.shape[0]
        more = codes.itemsize * (grow_to - codes.shape[0])
        cap = max(_table_size(n), table.shape[0])
        if meta[M_NODE] + n > MAX_NODES or over_budget(ctx, meta[M_BYTES] + 16 * cap + more):
            return NOMEM, rows, src, nxt, free
        if more:
            meta[M_WIDTH] = grow_to
            return NEED_CODES, rows, src, nxt, free
        if table.shape[0] < cap:
            table = np.empty(1, dtype=np.int64)  # the old tables go before the new come
            ids = np.empty(1, dtype=np.int64)
            rep = np.empty(1, dtype=np.int64)
            table = np.empty(cap, dtype=np.int64)
            ids = np.empty(cap // 2, dtype=np.int64)
            rep = np.empty(cap // 2, dtype=np.int64)
        first = meta[M_NODE]
        members(nxt, levels, j, ids)
        d = _distinct(rows, ids, n, rep, src, codes, first, table, hashes)
        meta[M_WIDTH] = d
        if max_width >= 0 and d > max_width:
            return WIDE, rows, src, nxt, free
        chunks = nxt.shape[0]
        missing = arena_room(d, j, m) - (meta[M_FREE] + chunks - meta[M_BUMP])
        if missing > 0:  # the caller grows the arena in place; this level is hashed again
            more_chunks = max(missing, chunks // 4)
            if over_budget(ctx, meta[M_BYTES] + 16 * cap + more_chunks * (CHUNK * row_bytes + 16)):
                return NOMEM, rows, src, nxt, free
            meta[M_WIDTH] = chunks + more_chunks
            return NEED_ARENA, rows, src, nxt, free
        start[j] = first
        q = 0
        while True:
            status, q = _expand(step, final, takes, rep, q, d, first, j, m, info, consts, work,
                                lookahead, rows, src, nxt, free, levels, meta, codes, ctx, tbuf,
                                ubuf)
            if status != _NEED_ROOM:
                break
            # not reached when arena_room holds; else the arena doubles beside the old one
            if over_budget(ctx, meta[M_BYTES] + 16 * cap + 2 * (rows.nbytes + src.nbytes)):
                return NOMEM, rows, src, nxt, free
            rows, src, nxt, free = grow(rows, src, nxt, free, meta)
        if status != OK:
            return status, rows, src, nxt, free
        release(nxt, free, levels, meta, j)
        meta[M_NODE] = first + d
        meta[M_LEVEL] = j + 1
        done += d
    if meta[M_LEVEL] == m:
        start[m] = meta[M_NODE]
    return OK, rows, src, nxt, free


#: the driver: compiled once per state type (int16, int32) on first use, cached on disk
sweep = jit(_sweep)


@jit
def _grown(a, n):
    """``a`` with room for ``n`` entries (a copy, twice as long; its prefix kept)."""
    if a.shape[0] >= n:
        return a
    bigger = np.empty(max(n, 2 * a.shape[0]), dtype=a.dtype)
    bigger[:a.shape[0]] = a
    return bigger


@jit
def reduce(codes, start, levels, nvars, ctx, held, first_output):
    """The reduced ZDD of the numbered diagram: (status, level, hi, lo, root), the
    arrays as ``Family.node_arrays`` has them (ids 0, 1 the terminals, children first,
    the root last), ``levels[j]`` the universe level of machine level j; status OK,
    NOMEM when its arrays (besides ``held`` bytes the caller counts) would pass
    the universe's budget, or INTERRUPTED (Ctrl-C, looked for every ``POLL_EVERY``
    nodes and before returning).  ``first_output``: the outputs' first length.

    Bottom-up, a level at a time: a node whose hi child is REJECT is its lo child,
    nodes with equal (lo, hi) on one level are one node.  Each node's reduced id is
    written over its lo code (its parents, above, read it there).  The outputs grow
    with the reduced nodes (8 bytes each per array, doubling), not with the
    unreduced ones; one table of reduced ids (4 bytes a slot, two slots per node
    of the widest level; the key is read from the outputs) serves every level."""
    m = len(levels)
    widest = 1
    for j in range(m):
        widest = max(widest, start[j + 1] - start[j])
    tcap = 16
    while tcap < 2 * widest:
        tcap *= 2
    table = np.empty(tcap, dtype=np.int32)
    out = max(min(start[m] + 2, first_output), 2)
    rlevel = np.empty(out, dtype=np.int64)
    rhi = np.empty(out, dtype=np.int64)
    rlo = np.empty(out, dtype=np.int64)
    rlevel[0] = nvars
    rlevel[1] = nvars
    rhi[0] = 0
    rhi[1] = 0
    rlo[0] = 0
    rlo[1] = 0
    r = 2
    for j in range(m - 1, -1, -1):
        a = start[j]
        b = start[j + 1]
        if r + (b - a) > rhi.shape[0]:  # the outputs may double beside their old copies
            grown = min(max(r + (b - a), 2 * rhi.shape[0]), start[m] + 2)
            if over_budget(ctx, held + tcap * 4 + 24 * (rhi.shape[0] + grown)):
                return NOMEM, rlevel[:0], rhi[:0], rlo[:0], 0
            rlevel = _grown(rlevel, grown)
            rhi = _grown(rhi, grown)
            rlo = _grown(rlo, grown)
        cap = 16
        bits = 4
        while cap < 2 * (b - a):
            cap *= 2
            bits += 1
        mask = cap - 1
        shift = np.uint64(64 - bits)
        table[:cap] = -1
        lev = levels[j]
        for g in range(a, b):
            if g % POLL_EVERY == POLL_EVERY - 1 and interrupted(ctx):
                return INTERRUPTED, rlevel[:0], rhi[:0], rlo[:0], 0
            c = codes[2 * g + 1]
            h = 0 if c == REJECT_CODE else (1 if c == ACCEPT_CODE else codes[2 * c])
            c = codes[2 * g]
            lo = 0 if c == REJECT_CODE else (1 if c == ACCEPT_CODE else codes[2 * c])
            if h == 0:
                codes[2 * g] = lo
                continue
            key = (np.int64(lo) << 32) | h
            x = np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)
            pos = np.int64(x >> shift)
            while True:
                k = table[pos]
                if k == -1:
                    rlevel[r] = lev
                    rhi[r] = h
                    rlo[r] = lo
                    table[pos] = r
                    codes[2 * g] = r
                    r += 1
                    break
                if rhi[k] == h and rlo[k] == lo:
                    codes[2 * g] = k
                    break
                pos = (pos + 1) & mask
    if interrupted(ctx):  # not left pending for numba's boxing (``kernels.interrupts``)
        return INTERRUPTED, rlevel[:0], rhi[:0], rlo[:0], 0
    c = codes[0]
    root = 0 if c == REJECT_CODE else (1 if c == ACCEPT_CODE else codes[2 * c])
    return OK, rlevel[:r], rhi[:r], rlo[:r], root
