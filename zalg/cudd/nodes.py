"""The layout every kernel call shares with the Manager: the ``ctx`` array and statuses.

A Manager writes what its kernels need into one int64 array, ``ctx`` (the ``C_*``
indices; zalg/cudd/zcudd.h numbers them the same): its ``DdManager*``, the terminals, the
addresses of CUDD's routines and of CPython's signal check, the level count, the budget,
the tag array of CUDD's computed table and the kernels' counters.  Every kernel returns
one of the statuses below with its result.  Variables are never reordered, so a node's
level is its CUDD variable index and terminals sit at level ``ctx[C_NLEV]``.
"""

from __future__ import annotations

# ctx layout
(C_MGR, C_ZERO, C_ONE, C_GETNODE, C_REF, C_DEREF, C_NLEV, C_CHECKSIG, C_CLEARERR, C_SAVE,
 C_RESTORE, C_MEMUSE, C_BUDGET, C_GC, C_CUDD_CLEAR, C_CUDD_ERROR, C_LOOKUP, C_INSERT,
 C_TAG_UNION, C_TAG_INTER, C_TAG_DIFF, C_PLAINDEREF, C_ZDDNODES, C_CACHESLOTS,
 C_CACHERESIZE, C_SETMAXMEM, C_LOOKUP3, C_INSERT3, C_OP_TAGS, C_STATS) = range(30)
#: counters kept in ``ctx[C_STATS + S_*]`` (a call adds its own to the manager's): calls
#: answered by CUDD's computed table (the root of a ``CACHED`` operation, stored by an
#: earlier call) and results stored there.  Nothing is counted per subproblem: a store
#: per step of the driver's loop made the 8 x 8 mate-ZDD paths 3.4 s against 3.1 s.
S_CACHE_HITS, S_CACHE_STORES = range(2)
N_STATS = 2
CTX_SIZE = C_STATS + N_STATS
#: CUDD's error code when its termination callback stopped an operation (Ctrl-C)
CUDD_TERMINATION = 5

# kernel status codes (returned with the result)
OK, INTERRUPTED, NOMEM = 0, 1, 2
#: a frontier sweep stopped before a level wider than its caller's limit
WIDE = 3
#: a code outside the kernels' table was asked for (zalg/ops/ops.h)
UNKNOWN_OP = 4

#: kernel steps between two pauses (GIL handed to other threads, Ctrl-C noticed)
POLL_EVERY = 4096

#: resident bytes per byte that CUDD counts in ``Cudd_ReadMemoryInUse``, in tenths: its
#: count misses malloc's overhead and the unique subtables it freed when they grew
#: (measured 1.27 at 14 M nodes; a 15 GB budget reached 17.8 GB resident without it)
CUDD_OVERHEAD_TENTHS = 13


def cudd_share(budget: int, held: int) -> int:
    """CUDD's hard limit (its own count) when ``held`` bytes of the budget are in
    kernel tables: what is left, divided by CUDD's overhead."""
    return max((budget - held) * 10 // CUDD_OVERHEAD_TENTHS, 1)
