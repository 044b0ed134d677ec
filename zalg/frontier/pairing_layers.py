"""Compiled frontier layers for path matchings that record their endpoint pairs.

A pair element {s, t} sits right after the edge at which the later of s and t
leaves the frontier (``zalg.pairing``).  At that moment the path through t may
still be unfinished, so the search *decides* the pair there: when t leaves as
the end of a fragment whose other end is still on the frontier, t either commits
to an earlier departed end s that is still uncommitted (the pair element {s, t}
is chosen, and the two fragments must later be joined into one path) or stays
uncommitted (a later departing end may commit to it).  Each path matching takes
exactly one consistent sequence of decisions, so the diagram is the relation
{P ∪ ends(P)} with no duplicates.

Mate values of a frontier slot c (W slots; n vertices):

* ``EMPTY`` / ``SELF`` / ``DONE`` as in ``_mate``;
* ``0 <= j < W``: c ends a fragment whose other end is the vertex in slot j;
* ``W + z``: the fragment's other end is the departed, uncommitted vertex z;
* ``W + n + q``: the fragment's other end has departed and is committed to the
  fragment whose frontier end is slot q (whose mate is then ``W + n + c``).

Joining two fragments whose far ends have both departed is allowed only for
committed partners (the path is then complete); a committed end may not leave
the frontier as an end.  With a bound on the number of paths, one more slot
counts the completed paths; completed + committed pairs + uncommitted fragments
is a lower bound on the paths of every completion.

The pair decisions of one edge become a small trie of *aux* nodes between the
edge's node and its children (see ``frontier.assemble``).

``info`` per edge: ``cu, cv`` (slots), entering / leaving flags of u and v, and
the vertex ids of u and v (``P_*`` columns).
"""

from __future__ import annotations

import numpy as np

from .mate import DONE, EMPTY, SELF, child_store, far_ends, intern
from ..kernels.native import jit
from ..kernels.nodes import INTERRUPTED, OK, POLL_EVERY, poll

(P_CU, P_CV, P_ENTER_U, P_ENTER_V, P_LEAVE_U, P_LEAVE_V, P_VID_U, P_VID_V) = range(8)
PAIR_INFO_WIDTH = 8
NO = -1  # no pair level


@jit
def _join(t, cu, cv, W, VB):
    """Take the edge between the vertices in slots cu and cv; False if not allowed."""
    mu = t[cu]
    mv = t[cv]
    if mu == DONE or mv == DONE or mu == cv:  # degree 3, or a cycle
        return False
    if mu == VB + cv:  # committed partners meet: their path is complete
        t[cu] = DONE
        t[cv] = DONE
        if t.shape[0] > W:  # the path counter
            t[W] += 1
        return True
    a, b = far_ends(t, cu, cv)  # far ends: slots, or departed ends
    if a < W and b < W:
        t[a] = b
        t[b] = a
    elif a < W:
        t[a] = b
        if b >= VB:
            t[b - VB] = VB + a
    elif b < W:
        t[b] = a
        if a >= VB:
            t[a - VB] = VB + b
    else:  # both far ends departed, and they are not partners
        return False
    return True


@jit
def _leave(t, c, x, W, VB, cover, pair_level, opt, olev, k):
    """Options for vertex x (slot c) leaving: appended to opt / olev from row k on.

    Returns the new number of options (the state t itself is left unchanged)."""
    m = t[c]
    if m == SELF and cover:
        return k
    if m >= VB:  # its departed partner needs it to go on
        return k
    opt[k, :] = t
    opt[k, c] = EMPTY
    olev[k] = NO
    if m >= W:  # the other end z departed uncommitted: the path x–z is complete
        olev[k] = pair_level[x, m - W]
        if t.shape[0] > W:
            opt[k, t.shape[0] - 1] += 1
        return k + 1
    if m == SELF or m == DONE:
        return k + 1
    # x ends a fragment whose other end m is on the frontier
    opt[k, m] = W + x  # stay uncommitted
    k += 1
    for s in range(W):
        z = t[s] - W
        if s != c and 0 <= z < VB - W:  # commit to the uncommitted end z
            opt[k, :] = t
            opt[k, c] = EMPTY
            opt[k, m] = VB + s
            opt[k, s] = VB + m
            olev[k] = pair_level[x, z]
            k += 1
    return k


@jit
def _alive(t, W, VB, bound):
    """Within the bound on paths (if any)."""
    if bound < 0:
        return True
    need = t[W]
    for s in range(W):
        if t[s] >= VB:
            need += 1  # counted at both ends: two per committed pair, halved below
        elif t[s] >= W:
            need += 2
    return t[W] + (need - t[W]) // 2 <= bound


@jit
def _aux(level, value, lo, aux, naux):
    """Append aux node (level, hi=value, lo) and return its code."""
    if naux[0] == aux.shape[0]:
        bigger = np.empty((2 * aux.shape[0], 3), dtype=np.int64)
        bigger[: aux.shape[0]] = aux
        aux = bigger
    aux[naux[0], 0] = level
    aux[naux[0], 1] = value
    aux[naux[0], 2] = lo
    naux[0] += 1
    return -3 - (naux[0] - 1), aux


@jit
def _trie(k, l0, l1, codes, aux, naux):
    """Code of the diagram {L_i -> codes_i}: option i adds pair levels l0[i] < l1[i]."""
    result = -1
    for i in range(k):
        if l0[i] == NO and codes[i] != -1:
            result = codes[i]
    done = np.zeros(k, dtype=np.bool_)
    while True:  # first levels, deepest first
        f = -1
        for i in range(k):
            if not done[i] and l0[i] != NO and codes[i] != -1 and l0[i] > f:
                f = l0[i]
        if f < 0:
            return result, aux
        sub = -1
        for i in range(k):
            if l0[i] == f and l1[i] == NO and codes[i] != -1:
                sub = codes[i]
            if l0[i] == f:
                done[i] = True
        while True:  # second levels under f, deepest first
            g = -1
            gi = -1
            for i in range(k):
                if l0[i] == f and l1[i] != NO and codes[i] != -1 and l1[i] > g:
                    g = l1[i]
                    gi = i
            if g < 0:
                break
            sub, aux = _aux(g, codes[gi], sub, aux, naux)
            l1[gi] = NO
            codes[gi] = -1
        result, aux = _aux(f, sub, result, aux, naux)


@jit
def _grow(table, out, count):
    """Double the state store and its hash table (rehashing the stored rows)."""
    bigger = np.empty((2 * out.shape[0], out.shape[1]), dtype=np.int32)
    table = np.full(2 * table.shape[0], -1, dtype=np.int64)
    n = 0
    for r in range(count):
        _, n = intern(out[r], table, bigger, n)
    return table, bigger


@jit
def layer(states, W, VB, info, cover, bound, pair_level, last, ctx):
    """All children of one layer: (status, child states, lo codes, hi codes, aux nodes).

    Codes as in ``frontier.assemble``; ``aux`` rows are (level, hi code, lo code).
    Status INTERRUPTED when Ctrl-C arrived (``ctx``: the manager's, for ``poll``)."""
    n = states.shape[0]
    width = states.shape[1]
    table, out = child_store(n, width)
    count = 0
    codes = np.empty((2, n), dtype=np.int64)
    aux = np.empty((max(16, n), 3), dtype=np.int64)
    naux = np.zeros(1, dtype=np.int64)
    most = (W + 1) * (W + 1) + 1
    t = np.empty(width, dtype=np.int32)
    first = np.empty((most, width), dtype=np.int32)
    flev = np.empty(most, dtype=np.int64)
    opt = np.empty((most, width), dtype=np.int32)
    olev = np.empty(most, dtype=np.int64)
    l0 = np.empty(most, dtype=np.int64)
    l1 = np.empty(most, dtype=np.int64)
    ocode = np.empty(most, dtype=np.int64)
    cu = info[P_CU]
    cv = info[P_CV]
    for j in range(n):
        if j % POLL_EVERY == POLL_EVERY - 1 and poll(ctx):
            return INTERRUPTED, out[:0], codes[0], codes[1], aux[:0]
        for bit in range(2):
            for q in range(width):
                t[q] = states[j, q]
            if info[P_ENTER_U]:
                t[cu] = SELF
            if info[P_ENTER_V]:
                t[cv] = SELF
            if bit == 1 and not _join(t, cu, cv, W, VB):
                codes[bit, j] = -1
                continue
            # options of u leaving, then of v leaving from each of them
            nf = 1
            first[0, :] = t
            flev[0] = NO
            if info[P_LEAVE_U]:
                nf = _leave(t, cu, info[P_VID_U], W, VB, cover, pair_level, first, flev, 0)
            k = 0
            for a in range(nf):
                if info[P_LEAVE_V]:
                    k2 = _leave(first[a], cv, info[P_VID_V], W, VB, cover, pair_level,
                                opt, olev, k)
                else:
                    opt[k, :] = first[a]
                    olev[k] = NO
                    k2 = k + 1
                for b in range(k, k2):
                    x, y = flev[a], olev[b]
                    if x == NO or (y != NO and y < x):
                        x, y = y, x
                    l0[b] = x
                    l1[b] = y
                    if not _alive(opt[b], W, VB, bound):
                        ocode[b] = -1
                    elif last:
                        ocode[b] = -2
                    else:
                        if 2 * (count + 1) > table.shape[0] or count + 1 > out.shape[0]:
                            table, out = _grow(table, out, count)
                        ocode[b], count = intern(opt[b], table, out, count)
                k = k2
            code, aux = _trie(k, l0, l1, ocode, aux, naux)
            codes[bit, j] = code
    return OK, out[:count].copy(), codes[0], codes[1], aux[: naux[0]].copy()
