"""Node access for the kernels: levels, cofactors, node creation, references, pauses.

Everything a kernel needs besides its memo table travels in one int64 array,
``env`` (one array argument makes calls between the compiled units cheap):

* ``env[0:CTX_SIZE]`` is the manager's ``ctx`` (see the ``C_*`` indices), so a
  bare ``ctx`` array serves wherever only these fields are read;
* ``env[E_FAIL]`` records why a set operation inside a step failed (``fail``), and
  ``env[E_STEPS]`` counts its steps (it pauses every ``POLL_EVERY``);
* ``env[E_TMP]`` counts the *temporaries* that follow it;
* ``env[E_KIDS:]`` holds the subproblems an operation asks for (``put_kid``);
* ``env[E_AUX:]`` is the operation's level array (a prefix count of marked levels).

Variables are never reordered, so a node's level is its CUDD variable index and
terminals sit at level ``env[C_NLEV]``.

Reference discipline: a kernel that holds a node across a CUDD call keeps it as a
temporary (``keep`` references and records it, ``drop`` releases it, ``disown``
hands it to whoever stores it).  If a step fails (CUDD returns NULL: out of
memory or over the limit), the kernel's error path releases every temporary and
its memo, so no reference leaks.
"""

from __future__ import annotations

import numpy as np

from .native import (call_deref, call_getnode, call_int0, call_int1, call_int_mgr, call_mgr1,
                     call_mgr3, call_mgr4, call_ptr0, call_ref, call_void0, call_void1, call_void2,
                     call_void4, call_void5, jit, node_hi, node_index, node_lo)

# ctx layout
(C_MGR, C_ZERO, C_ONE, C_GETNODE, C_REF, C_DEREF, C_NLEV, C_CHECKSIG, C_CLEARERR, C_SAVE,
 C_RESTORE, C_MEMUSE, C_BUDGET, C_GC, C_CUDD_CLEAR, C_CUDD_ERROR, C_LOOKUP, C_INSERT,
 C_TAG_UNION, C_TAG_INTER, C_TAG_DIFF, C_PLAINDEREF, C_ZDDNODES, C_CACHESLOTS,
 C_CACHERESIZE, C_SETMAXMEM, C_LOOKUP3, C_INSERT3, C_OP_TAGS, C_STATS) = range(30)
#: counters kept in ``ctx[C_STATS + S_*]`` (a call adds its own to the manager's): calls
#: answered by CUDD's computed table (the root of a ``CACHED`` operation, stored by an
#: earlier call) and results stored there.  Nothing is counted per subproblem: a store
#: to ``env`` in the driver's loop made the 8 x 8 mate-ZDD paths 3.4 s against 3.1 s.
S_CACHE_HITS, S_CACHE_STORES = range(2)
N_STATS = 2
CTX_SIZE = C_STATS + N_STATS
#: bytes of one entry of CUDD's computed table (``DdCache``: three keys and the result)
CACHE_ENTRY_BYTES = 32
#: the most entries ``grow_cache`` gives the computed table (2^26: 2 GB)
CACHE_MAX_SLOTS = 1 << 26
#: CUDD's error code when its termination callback stopped an operation (Ctrl-C)
CUDD_TERMINATION = 5

# kernel status codes (returned with the result)
OK, INTERRUPTED, NOMEM = 0, 1, 2
#: a frontier sweep stopped before a level wider than its caller's limit
WIDE = 3
#: an operation asked for a subproblem of an operation it does not declare in ``USES``
UNKNOWN_OP = 4

#: kernel steps between two pauses (GIL handed to other threads, Ctrl-C noticed)
POLL_EVERY = 4096
TMP_SIZE = 64
MAX_KIDS = 8

# env layout
E_FAIL = CTX_SIZE
E_STEPS = E_FAIL + 1
E_TMP = E_STEPS + 1
E_KIDS = E_TMP + 1 + TMP_SIZE
E_AUX = E_KIDS + 3 * MAX_KIDS


@jit
def new_env(ctx, aux):
    """The env of one kernel call: ctx, no temporaries, no kids, the level array."""
    env = np.zeros(E_AUX + len(aux), dtype=np.int64)
    env[:CTX_SIZE] = ctx[:CTX_SIZE]
    env[E_AUX:] = aux
    return env


@jit
def keep_stats(ctx, env):
    """Hand a call's counters (``S_*``) back to the manager's ctx."""
    ctx[C_STATS:CTX_SIZE] = env[C_STATS:CTX_SIZE]


@jit(signature="void(int64[::1], int64, int64, int64, int64)")
def put_kid(env, i, op, a, b):
    """Ask for subproblem i: (op, a, b)."""
    j = E_KIDS + 3 * i
    env[j] = op
    env[j + 1] = a
    env[j + 2] = b


@jit
def level(p, env):
    """The level of node p (terminals: env[C_NLEV])."""
    if p == env[C_ZERO] or p == env[C_ONE]:
        return env[C_NLEV]
    return node_index(p)


@jit
def cof(p, v, env):
    """(else, then) cofactors of p at level v."""
    if level(p, env) == v:
        return node_lo(p), node_hi(p)
    return p, env[C_ZERO]


@jit
def ref(env, p):
    call_ref(env[C_REF], p)


@jit
def deref(env, p):
    call_deref(env[C_DEREF], env[C_MGR], p)


@jit
def plain_deref(env, p):
    """Decrease p's count without freeing anything (CUDD's ``cuddDeref``: a result
    about to be returned, which the caller references at once)."""
    call_ref(env[C_PLAINDEREF], p)


@jit
def getnode(env, lev, hi, lo):
    """The reduced node (lev, hi, lo), unreferenced; MemoryError when CUDD fails."""
    r = call_getnode(env[C_GETNODE], env[C_MGR], lev, hi, lo)
    if r == 0:
        raise MemoryError("CUDD could not create a node")
    return r


@jit
def node_of_results(env, lev, hi, lo):
    """The node (lev, hi, lo) made from two referenced results, which it takes over:
    unreferenced, as a result about to be returned; 0 with ``env[E_FAIL] = NOMEM`` when
    CUDD could not create it (both results then released)."""
    r = call_getnode(env[C_GETNODE], env[C_MGR], lev, hi, lo)
    if r == 0:
        deref(env, hi)
        deref(env, lo)
        env[E_FAIL] = NOMEM
        return 0
    plain_deref(env, hi)
    plain_deref(env, lo)
    return r


@jit
def cache_lookup(env, tag, f, g):
    """The result CUDD's computed table holds for (tag, f, g), or 0 (a miss).  A hit is
    alive but unreferenced: reference it before the next CUDD call."""
    return call_mgr3(env[C_LOOKUP], env[C_MGR], tag, f, g)


@jit
def op_tag(env, o):
    """The tag of operation code ``o`` in CUDD's computed table: an address inside an
    array the Manager owns (``C_OP_TAGS``), so it can equal no tag of CUDD's own."""
    return env[C_OP_TAGS] + 8 * o


@jit
def cache_insert(env, tag, f, g, r):
    """Remember r for (tag, f, g) in CUDD's computed table (no reference is taken:
    CUDD drops the entry when r, f or g dies)."""
    call_void4(env[C_INSERT], env[C_MGR], tag, f, g, r)


@jit
def cache_lookup3(env, tag, f, g, h):
    """The result CUDD's computed table holds for (tag, f, g, h) (a three-key entry, ``tag``
    below 0x100 with bit 1 set), or 0; alive but unreferenced, as ``cache_lookup``'s."""
    return call_mgr4(env[C_LOOKUP3], env[C_MGR], tag, f, g, h)


@jit
def cache_insert3(env, tag, f, g, h, r):
    """Remember r for (tag, f, g, h) in CUDD's computed table (no reference taken: CUDD's
    garbage collector drops the entry when r, f, g or h dies)."""
    call_void5(env[C_INSERT3], env[C_MGR], tag, f, g, h, r)


@jit
def cudd_stopped_for_ctrl_c(env):
    """Whether CUDD's last NULL came from its termination callback (Ctrl-C)."""
    return (call_int_mgr(env[C_CUDD_ERROR], env[C_MGR]) & 0xFFFFFFFF) == CUDD_TERMINATION


@jit
def cudd_recover(env):
    """After CUDD returned NULL: collect the dead nodes and clear its error code."""
    call_int1(env[C_GC], env[C_MGR], 1)
    call_void1(env[C_CUDD_CLEAR], env[C_MGR])


@jit
def has_empty(p, env):
    """Whether the empty set is a member of p (follow the else-chain)."""
    while p != env[C_ZERO] and p != env[C_ONE]:
        p = node_lo(p)
    return p == env[C_ONE]


# ---- temporaries ----------------------------------------------------------------------

@jit
def keep(env, p):
    """Reference p and record it as a temporary; returns p."""
    ref(env, p)
    n = env[E_TMP]
    if n >= TMP_SIZE:
        raise MemoryError("too many temporaries")
    env[E_TMP + 1 + n] = p
    env[E_TMP] = n + 1
    return p


@jit
def adopt(env, p):
    """Record p, which already carries a reference, as a temporary; returns p."""
    n = env[E_TMP]
    if n >= TMP_SIZE:
        deref(env, p)
        raise MemoryError("too many temporaries")
    env[E_TMP + 1 + n] = p
    env[E_TMP] = n + 1
    return p


@jit
def fail(env, status):
    """Leave a step whose set operation failed: remember the status, raise."""
    env[E_FAIL] = status
    raise MemoryError("a set operation failed")


@jit
def disown(env, p):
    """Forget temporary p without releasing it (its reference now belongs elsewhere)."""
    n = env[E_TMP]
    i = n
    while i >= 1:
        if env[E_TMP + i] == p:
            env[E_TMP + i] = env[E_TMP + n]
            env[E_TMP] = n - 1
            return
        i -= 1


@jit
def drop(env, p):
    """Release temporary p."""
    disown(env, p)
    deref(env, p)


@jit
def drop_all(env):
    """Release every temporary (the error path)."""
    while env[E_TMP] > 0:
        deref(env, env[E_TMP + env[E_TMP]])
        env[E_TMP] -= 1


# ---- pauses, interrupts, budget ------------------------------------------------------------

@jit
def grow_cache(env):
    """Double CUDD's computed table while it has fewer entries than there are ZDD nodes
    and the doubling fits in an eighth of the budget.

    CUDD grows its cache only when the hit rate is high and from a small start
    (2^18 entries), so long operations run for a while with a cache far smaller
    than the diagrams they work on and recompute what it dropped: a 6x6 Slitherlink
    hitting-set computation took 47 s, against 36 s with a cache of 2^23 entries
    from the start (docs/performance.md).  Called at every pause, so the cache
    follows the number of nodes; a failed allocation leaves the old table."""
    if env[C_CACHERESIZE] == 0:
        return
    slots = call_int_mgr(env[C_CACHESLOTS], env[C_MGR]) & 0xFFFFFFFF
    if slots >= CACHE_MAX_SLOTS:
        return
    nodes = call_mgr1(env[C_ZDDNODES], env[C_MGR])
    if nodes <= slots:
        return
    budget = env[C_BUDGET]
    if budget > 0 and (call_mgr1(env[C_MEMUSE], env[C_MGR])
                       + slots * CACHE_ENTRY_BYTES) * 8 > budget:
        return
    call_void1(env[C_CACHERESIZE], env[C_MGR])


@jit
def poll(env):
    """Let other threads run for a moment, then report whether Ctrl-C arrived.

    ``PyErr_CheckSignals`` runs Python's handler for pending signals (only in the
    main thread); if it raised, the error is cleared here and the caller unwinds,
    releases its nodes and reports INTERRUPTED, and the wrapper raises
    ``KeyboardInterrupt``.  The pause also lets CUDD's computed table grow
    (``grow_cache``)."""
    grow_cache(env)
    state = call_ptr0(env[C_SAVE])
    call_void1(env[C_RESTORE], state)
    if call_int0(env[C_CHECKSIG]) != 0:
        call_void0(env[C_CLEARERR])
        return True
    return False


#: resident bytes per byte that CUDD counts in ``Cudd_ReadMemoryInUse``, in tenths: its
#: count misses malloc's overhead and the unique subtables it freed when they grew
#: (measured 1.27 at 14 M nodes; a 15 GB budget reached 17.8 GB resident without it)
CUDD_OVERHEAD_TENTHS = 13


@jit(plain=True)
def cudd_share(budget, held):
    """CUDD's hard limit (its own count) when ``held`` bytes of the budget are in
    kernel tables: what is left, divided by CUDD's overhead."""
    return max((budget - held) * 10 // CUDD_OVERHEAD_TENTHS, 1)


@jit
def lend_to_tables(env, table_bytes):
    """Lower CUDD's hard memory limit to its share of the budget minus ``table_bytes``
    held by a kernel's own tables (0 gives CUDD its whole share back), so that CUDD and
    the tables together stay within the budget."""
    budget = env[C_BUDGET]
    if budget > 0:
        call_void2(env[C_SETMAXMEM], env[C_MGR], cudd_share(budget, table_bytes))


@jit
def over_budget(env, extra):
    """Whether ``extra`` more bytes of kernel tables would pass the Universe's budget
    (CUDD's own memory counted too); a budget of 0 means none."""
    budget = env[C_BUDGET]
    if budget <= 0:
        return False
    used = call_mgr1(env[C_MEMUSE], env[C_MGR]) * CUDD_OVERHEAD_TENTHS // 10
    return used + extra > budget
