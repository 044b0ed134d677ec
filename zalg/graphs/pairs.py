"""The pairing machine: path matchings P together with the end pairs of their paths.

The machine runs over the pairing universe (``zalg.graphs.pairing``): the edges in graph
order, and after edge i the pair elements {s, t} whose later end leaves the
frontier at edge i.  A member is P ∪ ends(P).  A path's two ends may leave the
frontier long before its middle is decided, so when the later end x leaves, the
pair element {x, z} *commits* x's fragment to the fragment of the departed end z:
the two must be joined later into one path.

Mate values of a frontier slot c (W slots, n vertices, VB = W + n):

* ``EMPTY`` / ``SELF`` / ``DONE`` as in ``mate``;
* ``0 <= j < W``: c ends a fragment whose other end is the vertex in slot j;
* ``W + z``: the fragment's other end is the departed vertex z, not committed;
* ``VB + q``: the other end has departed and is committed to the fragment whose
  frontier end is slot q (whose mate is then ``VB + c``).

Then two *pending* entries for the vertices leaving at the current edge (u, then
v): the departed partner a leaving end must pair with (its fragment is a whole
path), or -1; they are cleared after the edge's last pair level.  Then, with a
bound on the number of paths, a counter of completed paths.

At an edge: the vertices enter, the edge joins two fragments (committed partners
meeting complete a path), then u and v leave: an end whose fragment's other end
is on the frontier leaves it a departed, uncommitted end ``W + x``; an end whose
other end departed uncommitted must pair with it.  At a pair element {a, b}: it is
present when a pending end must pair with the other, or as a commitment of two
uncommitted departed ends (at least one leaving now); otherwise absent.  Every
path matching has exactly one run, so the diagram is the relation.
"""

from __future__ import annotations

import numpy as np

from ..topdown.functions import GOING, SKIP, compiled, final_function, step_function, takes_function
from .mate import DONE, EMPTY, SELF

DEAD = 0
EDGE, PAIR = 0, 1
# info columns: both kinds start with the kind and end with "clear the pending entries"
(R_KIND, R_CU, R_CV, R_ENTER_U, R_ENTER_V, R_LEAVE_U, R_LEAVE_V, R_VID_U, R_VID_V) = range(9)
(R_A, R_B, R_PA, R_PB) = (1, 2, 3, 4)
R_CLEAR = 9
ROW_WIDTH = 10
# constants
K_W, K_VB, K_COVER, K_BOUND, K_WIDTH = range(5)


@compiled
def _alive(t, W, VB, bound):
    """Within the bound on paths (if any): completed paths, committed pairs and
    uncommitted fragments, each at least one path once an edge's pair elements are
    decided (two uncommitted fragments can never join then)."""
    if bound < 0:
        return True
    done = t[W + 2]
    ends = 0
    for s in range(W):
        if t[s] >= VB:
            ends += 1
        elif t[s] >= W:
            ends += 2
    return done + ends // 2 <= bound


@compiled
def _join(t, cu, cv, W, VB, bound):
    """Take the edge between the vertices in slots cu and cv; False if not allowed."""
    mu = t[cu]
    mv = t[cv]
    if mu == DONE or mv == DONE or mu == cv:  # degree 3, or a cycle
        return False
    if mu == VB + cv:  # committed partners meet: their path is complete
        t[cu] = DONE
        t[cv] = DONE
        if bound >= 0:
            t[W + 2] += 1
        return True
    a = cu if mu == SELF else mu  # far ends: slots, or departed ends
    b = cv if mv == SELF else mv
    if mu != SELF:
        t[cu] = DONE
    if mv != SELF:
        t[cv] = DONE
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


@compiled
def _depart(t, c, x, pending, W, VB, cover):
    """Vertex x (slot c) leaves the frontier; False if it may not."""
    m = t[c]
    if m == SELF:
        if cover:
            return False
    elif m == DONE:
        pass
    elif m >= VB:  # its committed partner needs it to go on
        return False
    elif m >= W:  # the other end departed uncommitted: the path x ... z is whole
        t[pending] = m - W
    else:  # the fragment goes on at slot m: x is a departed, uncommitted end
        t[m] = W + x
    t[c] = EMPTY
    return True


@compiled
def _holding(t, W, x):
    """The slot whose fragment's departed uncommitted end is x, or -1."""
    for s in range(W):
        if t[s] == W + x:
            return s
    return -1


@compiled
def _edge(t, bit, row, W, VB, cover, bound):
    cu = row[R_CU]
    cv = row[R_CV]
    if row[R_ENTER_U]:
        t[cu] = SELF
    if row[R_ENTER_V]:
        t[cv] = SELF
    t[W] = -1
    t[W + 1] = -1
    if bit == 1 and not _join(t, cu, cv, W, VB, bound):
        return False
    if row[R_LEAVE_U] and not _depart(t, cu, row[R_VID_U], W, W, VB, cover):
        return False
    if row[R_LEAVE_V] and not _depart(t, cv, row[R_VID_V], W + 1, W, VB, cover):
        return False
    return True


@compiled
def _pair(t, bit, row, W, VB, bound):
    a = row[R_A]
    b = row[R_B]
    pa = row[R_PA]
    pb = row[R_PB]
    whole = (pa >= 0 and t[W + pa] == b) or (pb >= 0 and t[W + pb] == a)
    if whole:  # a pending end pairs with the other end of its whole path
        if bit == 0:
            return False
        if bound >= 0:
            t[W + 2] += 1
    elif bit == 1:  # a commitment of two uncommitted departed ends
        sa = _holding(t, W, a)
        sb = _holding(t, W, b)
        if sa < 0 or sb < 0:
            return False
        t[sa] = VB + sb
        t[sb] = VB + sa
    return True


@step_function(native="pairs.step")
def step(s, t, bit, row, consts, work):
    """The pairing machine's step (``frontier.machine``)."""
    W = consts[K_W]
    VB = consts[K_VB]
    bound = consts[K_BOUND]
    for k in range(consts[K_WIDTH]):
        t[k] = s[k]
    if row[R_KIND] == EDGE:
        ok = _edge(t, bit, row, W, VB, consts[K_COVER], bound)
    else:
        ok = _pair(t, bit, row, W, VB, bound)
    if not ok:
        return DEAD
    if row[R_CLEAR]:  # the edge's decisions are all made: check the bound
        if not _alive(t, W, VB, bound):
            return DEAD
        t[W] = -1
        t[W + 1] = -1
    return GOING


@takes_function(native="pairs.takes")
def takes(s, row, consts, work):
    """The driver's lookahead: at a pair element, bit 1 only for a whole path or two
    uncommitted departed ends (and, before the edge's last pair element, bit 0
    changes nothing: ``SKIP``); at an edge, not at an end of degree 2 or into a
    cycle."""
    W = consts[K_W]
    if row[R_KIND] == EDGE:
        cu = row[R_CU]
        cv = row[R_CV]
        mu = SELF if row[R_ENTER_U] else s[cu]
        mv = SELF if row[R_ENTER_V] else s[cv]
        return 0 if mu == DONE or mv == DONE or mu == cv else 1
    a = row[R_A]
    b = row[R_B]
    pa = row[R_PA]
    pb = row[R_PB]
    if (pa >= 0 and s[W + pa] == b) or (pb >= 0 and s[W + pb] == a):
        return 1
    if _holding(s, W, a) >= 0 and _holding(s, W, b) >= 0:
        return 1
    return 0 if row[R_CLEAR] else SKIP


@final_function(native="pairs.final")
def final(t, consts, work):
    """After the last element every vertex has left and every path is whole."""
    for s in range(consts[K_W]):
        if t[s] != EMPTY:
            return 0
    return 1


def info_rows(graph, plan, elements, vid) -> np.ndarray:
    """The info rows of the pairing universe's ``elements`` (edges and pair elements)."""
    pos = {e: i for i, e in enumerate(graph.edges)}
    rows = np.zeros((len(elements), ROW_WIDTH), dtype=np.int64)
    leaving: tuple = ()
    for k, x in enumerate(elements):
        row = rows[k]
        if x in pos:
            i = pos[x]
            u, v = x
            row[R_KIND] = EDGE
            row[R_CU], row[R_CV] = plan.cu[i], plan.cv[i]
            row[R_ENTER_U], row[R_ENTER_V] = plan.enter[i]
            row[R_LEAVE_U], row[R_LEAVE_V] = plan.leave[i]
            row[R_VID_U], row[R_VID_V] = vid[u], vid[v]
            leaving = (u if plan.leave[i][0] else None, v if plan.leave[i][1] else None)
        else:
            _, a, b = x
            row[R_KIND] = PAIR
            row[R_A], row[R_B] = vid[a], vid[b]
            row[R_PA] = leaving.index(a) if a in leaving else -1
            row[R_PB] = leaving.index(b) if b in leaving else -1
        nxt = elements[k + 1] if k + 1 < len(elements) else None
        row[R_CLEAR] = nxt is None or nxt in pos  # the edge's pair elements end here
    return rows
