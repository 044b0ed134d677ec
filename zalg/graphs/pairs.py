"""The pairing machine: path matchings P together with the end pairs of their paths
(compiled ahead of time, ``machines.c``; here its layout and info rows).

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

from ..topdown.functions import builtin

EDGE, PAIR = 0, 1
# info columns: both kinds start with the kind and end with "clear the pending entries"
(R_KIND, R_CU, R_CV, R_ENTER_U, R_ENTER_V, R_LEAVE_U, R_LEAVE_V, R_VID_U, R_VID_V) = range(9)
(R_A, R_B, R_PA, R_PB) = (1, 2, 3, 4)
R_CLEAR = 9
ROW_WIDTH = 10
# constants
K_W, K_VB, K_COVER, K_BOUND, K_WIDTH = range(5)


#: the machine, compiled ahead of time (``machines.c``)
step = builtin("pairs.step", np.int32)
takes = builtin("pairs.takes", np.int32)
final = builtin("pairs.final", np.int32)


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
