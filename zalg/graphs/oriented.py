"""The frontier machine of single cycles in a mixed graph (one-way edges, forbidden
pairs of edges at a vertex, vertices the cycle must visit), compiled ahead of time
(``machines.c``); here its layout, for the info rows and the root state.

A member is an (undirected) edge set forming one cycle that admits a travel
direction in which every one-way edge is traversed its way; it is one member
whatever the number of such directions.  The state per frontier slot (W slots):

* its *mate* (``EMPTY``, ``SELF``, ``DONE`` or the slot of the fragment's other
  end), as in ``mate``;
* the *orientation* of its fragment seen from this end: ``FREE`` (both travel
  directions still possible), ``HEAD`` (travel leaves the fragment here) or
  ``TAIL`` (travel enters here); the other end of an oriented fragment holds the
  opposite;
* the local number of its first edge (-1: none yet, or an edge in no forbidden
  pair), to check forbidden pairs when the second edge arrives.

Then one flag: the cycle has closed.  Joining two fragment ends u, v by edge uv
is possible in direction u→v when u's end is FREE or HEAD, v's end FREE or
TAIL, and the edge allows u→v; the joined fragment is FREE when both directions
remain, else oriented.

``info`` per edge (``O_*`` columns): slots and entering / leaving flags of u and
v, allowed values (bit 0: absent, bit 1: present), allowed directions (bit 0:
u→v, bit 1: v→u), the edge's local number at u and at v, bitmasks of the local
numbers at u and at v it may not be paired with, and whether u / v must be visited.
"""

from __future__ import annotations

import numpy as np

from ..topdown.functions import builtin
from .mate import EMPTY

FREE, HEAD, TAIL = 0, 1, 2
(O_CU, O_CV, O_ENTER_U, O_ENTER_V, O_LEAVE_U, O_LEAVE_V, O_ALLOWED, O_DIRS,
 O_LOC_U, O_LOC_V, O_FORBID_U, O_FORBID_V, O_VISIT_U, O_VISIT_V) = range(14)
ORIENTED_INFO_WIDTH = 14


# A state is one int32 per slot, then the closed flag: the slot's mate + 4 in bits
# 0-15, its orientation in bits 16-17 and its first edge + 1 in bits 18-24.  The
# step works on these words directly (no unpacking), so a state hashes, compares
# and copies as W + 1 ints.
_EMPTY_WORD = EMPTY + 4  # free, no first edge


def packed_root(W: int) -> np.ndarray:
    """The root state: every slot empty, free, without a first edge."""
    row = np.full((1, W + 1), _EMPTY_WORD, dtype=np.int32)
    row[0, W] = 0
    return row


#: the machine, compiled ahead of time (``machines.c``)
step = builtin("oriented.step", np.int32)
takes = builtin("oriented.takes", np.int32)
final = builtin("oriented.final", np.int32)

