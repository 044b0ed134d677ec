"""Compiled frontier layers for paths, path matchings and cycles (mate arrays).

A state row holds, for every frontier slot (a vertex occupies one slot from its
first edge to its last), its *mate*:

* ``EMPTY`` – the slot is free;  ``SELF`` – the vertex has no chosen edge yet;
* ``DONE`` – the vertex is finished (degree 2, or a terminal whose path is complete);
* a slot ``j`` – the vertex ends a path fragment whose other end is the vertex in slot j;
* ``W + label`` – the fragment's other end has left the frontier: a terminal with
  that label (path matchings with pairs), or any vertex (label 0, free matchings).

After the W mate slots comes one flag (a cycle has closed, for single cycles), then
one counter slot per *counted group* of edges (Slitherlink: the edges around a
hinted cell) that is open: the number of its chosen edges so far.

Modes: ``CYCLE`` (one cycle), ``CYCLES`` (vertex-disjoint cycles, ∅ included),
``PAIRS`` (one path per labelled terminal pair, nothing else), ``FREE`` (any
linear forest).  ``cover``: every vertex must be used.

Per-level data (one row of ``info`` per edge, see the ``I_*`` columns): the slots
of the edge's two vertices, whether each enters / leaves there, which values of
the edge are allowed (fixed edges), and for up to two counted groups holding the
edge: the counter slot, the required count, whether the group opens / closes at
this edge and how many of its edges come later.
"""

from __future__ import annotations

import numpy as np

from ..topdown.functions import compiled, final_function, step_function, takes_function

EMPTY, SELF, DONE = -3, -1, -2
CYCLE, CYCLES, PAIRS, FREE = 0, 1, 2, 3
DEAD, ACCEPT, GOING = 0, 1, 2

(I_CU, I_CV, I_ENTER_U, I_ENTER_V, I_LEAVE_U, I_LEAVE_V, I_ALLOWED,
 I_GA, I_GB, I_NEED_A, I_NEED_B, I_OPEN_A, I_OPEN_B, I_CLOSE_A, I_CLOSE_B,
 I_LATER_A, I_LATER_B, I_KIND, I_LOOPBIT) = range(19)
INFO_WIDTH = 19
EDGE_LEVEL, OUTPUT_LEVEL = 0, 1
# state layout: W mate slots, then the "cycle closed" flag, then the "same as the
# excluded loop so far" flag, then the counters
F_CLOSED = 0
F_SAME = 1
FLAGS = 2


@compiled
def far_ends(t, cu, cv):
    """Take the edge between the vertices in slots cu and cv, ends of two different
    fragments: a vertex that already had an edge now has two (DONE).  Returns the
    far ends (a, b) of the two fragments, which the new edge joins into one: a
    slot, or a code >= W for an end that has left the frontier."""
    mu = t[cu]
    mv = t[cv]
    a = cu if mu == SELF else mu
    b = cv if mv == SELF else mv
    if mu != SELF:
        t[cu] = DONE
    if mv != SELF:
        t[cv] = DONE
    return a, b


@compiled
def _leave(t, c, label, W, mode, cover):
    """Check and clear slot c of a vertex whose last edge was just decided."""
    m = t[c]
    ok = True
    if label >= 0:  # terminal: exactly one edge
        if m == SELF or m >= W:
            ok = False
        elif m >= 0:
            t[m] = W + label
    elif m == SELF:
        ok = not cover
    elif m != DONE:  # a fragment ends here
        if mode == FREE:
            if m < W:
                t[m] = W
        else:
            ok = False
    t[c] = EMPTY
    return ok


@compiled
def _count(t, slot, need, opening, closing, later, bit):
    """Update one counted group; False when its requirement can no longer be met."""
    if slot < 0:
        return True
    if opening:
        t[slot] = 0
    t[slot] += bit
    if need < 0:  # a recorded group: counted only
        return True
    if t[slot] > need or t[slot] + later < need:
        return False
    if closing:
        t[slot] = EMPTY
    return True


@compiled
def _step(s, t, bit, W, width, info, mode, cover):
    """The child of state s for the edge taken (bit 1) or not; written into t.  The
    terminal label of slot x is ``info[LABELS + x]``."""
    for k in range(width):
        t[k] = s[k]
    if info[I_KIND] == OUTPUT_LEVEL:  # the element is present iff the count is off
        g = info[I_GA]
        if bit != (1 if t[g] != info[I_NEED_A] else 0):
            return DEAD
        t[g] = EMPTY
        return GOING
    if (info[I_ALLOWED] >> bit) & 1 == 0:
        return DEAD
    if info[I_LOOPBIT] >= 0 and bit != info[I_LOOPBIT]:
        t[W + F_SAME] = 0
    cu = info[I_CU]
    cv = info[I_CV]
    if info[I_ENTER_U]:
        t[cu] = SELF
    if info[I_ENTER_V]:
        t[cv] = SELF
    if bit == 1:
        if t[W + F_CLOSED] == 1:  # the single cycle is already closed
            return DEAD
        mu = t[cu]
        mv = t[cv]
        if mu == DONE or mv == DONE:
            return DEAD
        if (info[LABELS + cu] >= 0 and mu != SELF) or (info[LABELS + cv] >= 0 and mv != SELF):
            return DEAD
        if mu == cv:  # u and v end the same fragment: a cycle closes
            if mode == CYCLE:
                for k in range(W):
                    if k != cu and k != cv and t[k] >= 0:
                        return DEAD  # another open fragment could never close
                t[W + F_CLOSED] = 1
            elif mode != CYCLES:
                return DEAD
            t[cu] = DONE
            t[cv] = DONE
        else:
            a, b = far_ends(t, cu, cv)
            la = -1
            lb = -1
            if mode == PAIRS:
                la = a - W if a >= W else info[LABELS + a]
                lb = b - W if b >= W else info[LABELS + b]
            if la >= 0 and lb >= 0:  # both ends are terminals: the path is complete
                if la != lb:
                    return DEAD
                if a < W:
                    t[a] = DONE
                if b < W:
                    t[b] = DONE
            elif mode == FREE and a >= W and b >= W:
                pass  # both ends gone: a finished path
            else:
                if a < W:
                    t[a] = b
                if b < W:
                    t[b] = a
    if not _count(t, info[I_GA], info[I_NEED_A], info[I_OPEN_A], info[I_CLOSE_A],
                  info[I_LATER_A], bit):
        return DEAD
    if not _count(t, info[I_GB], info[I_NEED_B], info[I_OPEN_B], info[I_CLOSE_B],
                  info[I_LATER_B], bit):
        return DEAD
    if info[I_LEAVE_U] and not _leave(t, cu, info[LABELS + cu], W, mode, cover):
        return DEAD
    if info[I_LEAVE_V] and not _leave(t, cv, info[LABELS + cv], W, mode, cover):
        return DEAD
    return GOING


#: a point of the crossing test that is the end of a loose fragment (a bridge)
BRIDGE = -2


@compiled
def _point(t, W, info, s):
    """What frontier slot s is on the boundary of the undecided part: an open end of a
    label (the label), an end of a loose fragment (``BRIDGE``) or nothing (-1: a free
    or finished vertex, or a terminal whose one edge is taken)."""
    m = t[s]
    own = info[LABELS + s]
    if m >= W:
        return m - W  # the fragment's other end is a terminal behind the frontier
    if m >= 0:
        if own >= 0:
            return -1  # a terminal with its edge: the other end of its fragment is open
        other = info[LABELS + m]
        return other if other >= 0 else BRIDGE
    if m == SELF and own >= 0:
        return own  # a terminal without its edge yet
    return -1


@compiled
def crosses(t, W, info, work, labels, ahead):
    """Whether the paths still to be drawn would have to cross (planar graphs only).

    The undecided part of the graph is a disk; around its boundary lie the frontier
    slots in their order along the cut line (``info[LABELS + W:]``, -1 after the
    last), then the terminals not yet reached on the outer face (``ahead`` columns
    after those, their labels, -1 after the last).  Each label with two open points
    on that boundary (open fragment ends, terminals without their edge) must join
    them.  A loose fragment (a path piece without a terminal, its two ends on the
    cut line) is a band on the decided side that one path may run through: the disk
    with its bands is a plane surface with one hole per band (the fragments nest, as
    they are disjoint on the decided side), and the points between a band's two ends
    that no inner band encloses lie on that band's hole.  Two labels whose four points
    lie on one boundary of that surface and alternate along it would cross.
    ``work``: room for 3 * labels + 3 * W + ahead integers."""
    first = 0  # work[first + label]: the label's boundary (-1: no point yet, -2: two)
    seen = labels  # work[seen + label]: its points
    opened = 2 * labels  # work[opened + slot]: the slot is a band end already met
    stack = 2 * labels + W  # bands open (markers -1 - slot) and labels open
    points = 3 * labels + 2 * W  # the points in their order (labels; bands: -3 - slot)
    n = 0
    order = LABELS + W
    for i in range(W):
        s = info[order + i]
        if s < 0:
            break
        p = _point(t, W, info, s)
        if p == BRIDGE:
            work[opened + s] = 0
            p = -3 - s
        if p != -1:
            work[points + n] = p
            n += 1
    for i in range(ahead):
        label = info[order + W + i]
        if label < 0:
            break
        work[points + n] = label
        n += 1
    for label in range(labels):
        work[first + label] = -1
        work[seen + label] = 0
    top = 0  # each label's boundary: the innermost band open at its points (W: the outer one)
    for i in range(n):
        p = work[points + i]
        if p <= -3:
            s = -3 - p
            if work[opened + t[s]] == 0:  # the band's first end
                work[opened + s] = 1
                work[stack + top] = s
                top += 1
            else:
                if top == 0 or work[stack + top - 1] != t[s]:
                    return False  # not nested: no claim
                top -= 1
            continue
        where = work[stack + top - 1] if top > 0 else W
        work[seen + p] += 1
        if work[first + p] == -1:
            work[first + p] = where
        elif work[first + p] != where:
            work[first + p] = -2
    top = 0
    for i in range(n):
        p = work[points + i]
        if p <= -3:
            s = -3 - p
            if top > 0 and work[stack + top - 1] == -1 - t[s]:
                top -= 1  # the band closes: its labels have closed before
            else:
                work[stack + top] = -1 - s
                top += 1
            continue
        if work[seen + p] != 2 or work[first + p] < 0:
            continue
        if top > 0 and work[stack + top - 1] == p:
            top -= 1
        elif _open(work, stack, top, p):
            return True  # a label between its two points is still open
        else:
            work[stack + top] = p
            top += 1
    return False


@compiled
def _open(work, stack, top, label):
    """Whether ``label`` is on the stack (its first point met, the second not yet)."""
    for k in range(top):
        if work[stack + k] == label:
            return True
    return False


#: the state type: every mate value (slots, W + label, counts) fits 16 bits
STATE = np.int16
#: the largest W + labels (and group size) a 16-bit state can hold
STATE_MAX = 32000

# the machine's constants; an info row holds the I_* columns, then the terminal
# label of every slot (-1: none), then the slots in their order along the frontier
K_W, K_MODE, K_COVER, K_ORDER, K_LABELS, K_WIDTH, K_AHEAD = range(7)
LABELS = INFO_WIDTH


def work_size(W: int, labels: int, ahead: int = 0) -> int:
    """The scratch ``step`` needs (the crossing test's)."""
    return 3 * labels + 3 * W + ahead + 2


@step_function(state=STATE, native="mate.step")
def step(s, t, bit, row, consts, work):
    """The mate machine's step (``frontier.machine``)."""
    W = consts[K_W]
    status = _step(s, t, bit, W, consts[K_WIDTH], row, consts[K_MODE], consts[K_COVER])
    if status == GOING and consts[K_ORDER] == 1 \
            and crosses(t, W, row, work, consts[K_LABELS], consts[K_AHEAD]):
        return DEAD
    return status


@compiled
def _group_full(s, slot, need, opening):
    """Whether counted group ``slot`` cannot take one more edge."""
    if slot < 0 or need < 0:
        return False
    return (0 if opening else s[slot]) + 1 > need


@takes_function(state=STATE, native="mate.takes")
def takes(s, row, consts, work):
    """0 where the step surely rejects the edge (the driver's lookahead): not allowed,
    the cycle closed, an end already of degree 2 or a terminal with its one edge, a
    path closing on itself, a vertex other than a terminal leaving with this one
    edge, a counted group full; an output level whose count is right."""
    W = consts[K_W]
    if row[I_KIND] == OUTPUT_LEVEL:
        return 1 if s[row[I_GA]] != row[I_NEED_A] else 0
    if (row[I_ALLOWED] >> 1) & 1 == 0 or s[W + F_CLOSED] == 1:
        return 0
    cu = row[I_CU]
    cv = row[I_CV]
    mu = SELF if row[I_ENTER_U] else s[cu]
    mv = SELF if row[I_ENTER_V] else s[cv]
    if mu == DONE or mv == DONE:
        return 0
    if (row[LABELS + cu] >= 0 and mu != SELF) or (row[LABELS + cv] >= 0 and mv != SELF):
        return 0
    mode = consts[K_MODE]
    if mu == cv and mode != CYCLE and mode != CYCLES:
        return 0
    if mode != FREE and mu != cv:  # an end that leaves here with one edge must be a terminal
        if row[I_LEAVE_U] and mu == SELF and row[LABELS + cu] < 0:
            return 0
        if row[I_LEAVE_V] and mv == SELF and row[LABELS + cv] < 0:
            return 0
    if _group_full(s, row[I_GA], row[I_NEED_A], row[I_OPEN_A]) \
            or _group_full(s, row[I_GB], row[I_NEED_B], row[I_OPEN_B]):
        return 0
    return 1


@final_function(state=STATE, native="mate.final")
def final(t, consts, work):
    """Accepted after the last edge: the single cycle closed (mode CYCLE), and not
    the one excluded loop."""
    W = consts[K_W]
    if (consts[K_MODE] == CYCLE and t[W + F_CLOSED] != 1) or t[W + F_SAME] == 1:
        return 0
    return 1
