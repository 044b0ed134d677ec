"""The frontier machine of paths, path matchings and cycles (mate arrays), compiled
ahead of time (``machines.c``); here its layout, for the info rows and constants.

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
this edge and how many of its edges come later; and whether a child that leaves the
edge needs the crossing test (``I_RECHECK``, path matchings with a cut order: a
terminal enters there, or the labels ahead on the outer face are not a subsequence
of the level before's; elsewhere such a child's boundary points are its parent's
or some of them, so it crosses only if its parent does); and whether the edge's two
ends sit together in one gap of the cut line before and after the edge (``I_GAP``:
then a child that takes the edge and starts a fragment, or moves a fragment's end
from one end to the other, keeps its parent's points too); and whether some line
between two keys of the cut order has fewer undecided edges across it than there are
labels and than ``paths.TIGHT`` (``I_TIGHT``: there the capacity test runs, on every
child, or with 2 only on those the crossing test runs on).  After the crossing columns an
info row then holds each slot's key, the undecided edges across each line, and the
keys of each label's terminals not yet reached (-1: none).
"""

from __future__ import annotations

import numpy as np

from ..topdown.functions import builtin

EMPTY, SELF, DONE = -3, -1, -2
CYCLE, CYCLES, PAIRS, FREE = 0, 1, 2, 3

(I_CU, I_CV, I_ENTER_U, I_ENTER_V, I_LEAVE_U, I_LEAVE_V, I_ALLOWED,
 I_GA, I_GB, I_NEED_A, I_NEED_B, I_OPEN_A, I_OPEN_B, I_CLOSE_A, I_CLOSE_B,
 I_LATER_A, I_LATER_B, I_KIND, I_LOOPBIT, I_RECHECK, I_GAP, I_TIGHT) = range(22)
INFO_WIDTH = 22
EDGE_LEVEL, OUTPUT_LEVEL = 0, 1
# state layout: W mate slots, then the "cycle closed" flag, then the "same as the
# excluded loop so far" flag, then the counters
F_CLOSED = 0
F_SAME = 1
FLAGS = 2


#: the state type: every mate value (slots, W + label, counts) fits 16 bits
STATE = np.int16
#: the largest W + labels (and group size) a 16-bit state can hold
STATE_MAX = 32000

# the machine's constants; an info row holds the I_* columns, then the terminal
# label of every slot (-1: none), then the slots in their order along the frontier
K_W, K_MODE, K_COVER, K_ORDER, K_LABELS, K_WIDTH, K_AHEAD, K_LINES = range(8)
LABELS = INFO_WIDTH


def work_size(W: int, labels: int, ahead: int = 0, lines: int = 0) -> int:
    """The scratch ``step`` needs (the crossing test's, or the capacity test's)."""
    return max(3 * labels + 3 * W + ahead + 2, 2 * labels + lines + 1)


#: the machine, compiled ahead of time (``machines.c``)
step = builtin("mate.step", STATE)
takes = builtin("mate.takes", STATE)
final = builtin("mate.final", STATE)

