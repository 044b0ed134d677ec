/* The compiled kernels' foundation: the only C code below dd's public API.

   CUDD lives inside dd's extension (dd.cudd_zdd); zalg never links against it.
   zalg/cudd/native.py finds the addresses of the CUDD routines the kernels
   call and the Manager writes them into its ``ctx`` array (the C_* indices
   below, as zalg/cudd/nodes.py numbers them); ``env_init`` reads them into an
   ``Env`` of typed function pointers, one per kernel call.  Node fields are read
   at the offsets native.py checks at import (index @0, then @16, else @24).

   Every kernel call ends with one status: OK (its result carries one reference
   owned by the caller), INTERRUPTED (Ctrl-C, noticed at a pause every POLL_EVERY
   steps or by CUDD's termination callback), NOMEM (CUDD returned NULL, or a
   table would pass the budget) or TOO_DEEP (a recursion deeper than MAX_DEPTH on the
   caller's thread: deep.h runs the call again on a thread deep enough).  On every status but OK, every
   CUDD reference the call took has been released. */
#ifndef ZALG_CUDD_H
#define ZALG_CUDD_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef int64_t i64;
typedef uint64_t u64;

/* the compiler and flags an extension was built with (zalg doctor shows them) */
#if defined(__clang__)
#define ZALG_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define ZALG_COMPILER "gcc " __VERSION__
#else
#define ZALG_COMPILER "unknown"
#endif
#ifndef ZALG_CFLAGS
#define ZALG_CFLAGS "unknown"
#endif
/* the module's COMPILER and CFLAGS strings; -1 with Python's error set on failure */
int add_build_facts(PyObject *module);

/* ctx layout (zalg/cudd/nodes.py) */
enum { C_MGR, C_ZERO, C_ONE, C_GETNODE, C_REF, C_DEREF, C_NLEV, C_CHECKSIG, C_CLEARERR, C_SAVE,
       C_RESTORE, C_MEMUSE, C_BUDGET, C_GC, C_CUDD_CLEAR, C_CUDD_ERROR, C_LOOKUP, C_INSERT,
       C_TAG_UNION, C_TAG_INTER, C_TAG_DIFF, C_PLAINDEREF, C_ZDDNODES, C_CACHESLOTS,
       C_CACHERESIZE, C_SETMAXMEM, C_LOOKUP3, C_INSERT3, C_OP_TAGS, C_STATS, C_STATS_END = C_STATS + 2 };
enum { S_CACHE_HITS, S_CACHE_STORES };

enum { ZOK = 0, ZINTERRUPTED = 1, ZNOMEM = 2, ZUNKNOWN_OP = 4, ZTOO_DEEP = 7 };

#define POLL_EVERY 4096
#define CUDD_TERMINATION 5
/* resident bytes per byte CUDD counts, in tenths (nodes.CUDD_OVERHEAD_TENTHS) */
#define OVERHEAD_TENTHS 13
#define CACHE_ENTRY_BYTES 32
#define CACHE_MAX_SLOTS (1LL << 26)
/* on a caller's thread, deeper recursions answer ZTOO_DEEP (a native stack of ~1 MB at
   most); deep.h reruns them on a thread of their own */
#define MAX_DEPTH 10000
#define TMP_SIZE 64
#define MAX_KIDS 8

typedef i64 (*getnode_t)(i64 mgr, int index, i64 hi, i64 lo);
typedef void (*ref_t)(i64 node);
typedef void (*deref_t)(i64 mgr, i64 node);
typedef i64 (*lookup2_t)(i64 mgr, i64 tag, i64 f, i64 g);
typedef void (*insert2_t)(i64 mgr, i64 tag, i64 f, i64 g, i64 r);
typedef i64 (*lookup3_t)(i64 mgr, i64 tag, i64 f, i64 g, i64 h);
typedef void (*insert3_t)(i64 mgr, i64 tag, i64 f, i64 g, i64 h, i64 r);
typedef size_t (*memuse_t)(i64 mgr);
typedef long (*count_t)(i64 mgr);
typedef unsigned (*slots_t)(i64 mgr);
typedef void (*mgrfn_t)(i64 mgr);
typedef void (*setmax_t)(i64 mgr, size_t bytes);
typedef int (*gc_t)(i64 mgr, int flag);
typedef int (*readerr_t)(i64 mgr);

/* One kernel call's view of its manager, its temporaries and the kids it asks for. */
typedef struct {
    i64 *ctx;
    i64 mgr, zero, one, nlev, budget, op_tags;
    i64 tag_union, tag_inter, tag_diff;
    getnode_t getnode; ref_t ref, plainderef; deref_t deref;
    lookup2_t lookup2; insert2_t insert2; lookup3_t lookup3; insert3_t insert3;
    memuse_t memuse; count_t zddnodes; slots_t slots; mgrfn_t resize, clear;
    setmax_t setmax; gc_t gc; readerr_t readerr;
    i64 steps;                 /* steps of the native recursions (pauses every POLL_EVERY) */
    i64 max_depth;             /* deeper native recursions answer ZTOO_DEEP (deep.h) */
    int fail;                  /* why the last step failed (a status) */
    int ntmp;                  /* temporaries: referenced nodes a step holds */
    i64 tmp[TMP_SIZE];
    i64 kids[3 * MAX_KIDS];    /* (op, f, g) of the subproblems a step asks for */
    const i64 *aux;            /* the operation's level array */
    i64 naux;
} Env;

void env_init(Env *e, i64 *ctx, const i64 *aux, i64 naux);
/* the call's counters go back to the manager's ctx */
void env_done(Env *e);

/* ---- node access: a node's level is its variable index, terminals at nlev ---------- */
static inline i64 node_index(i64 p) { return *(const uint32_t *)p; }
static inline i64 node_hi(i64 p) { return *(const i64 *)(p + 16); }
static inline i64 node_lo(i64 p) { return *(const i64 *)(p + 24); }
static inline i64 level(const Env *e, i64 p) {
    return (p == e->zero || p == e->one) ? e->nlev : node_index(p);
}
/* (else, then) cofactors of p at level v */
static inline void cof(const Env *e, i64 p, i64 v, i64 *lo, i64 *hi) {
    if (level(e, p) == v) { *lo = node_lo(p); *hi = node_hi(p); }
    else { *lo = p; *hi = e->zero; }
}
static inline i64 imin(i64 a, i64 b) { return a < b ? a : b; }
static inline void ref(const Env *e, i64 p) { e->ref(p); }
static inline void deref(const Env *e, i64 p) { e->deref(e->mgr, p); }
/* whether the empty set is a member of p */
static inline int has_empty(const Env *e, i64 p) {
    while (p != e->zero && p != e->one) p = node_lo(p);
    return p == e->one;
}

/* ---- temporaries: nodes a step holds across CUDD calls ------------------------------ */
/* reference p and record it; p, or 0 with fail = NOMEM when the record is full */
i64 keep(Env *e, i64 p);
/* record p, which carries a reference already */
i64 adopt(Env *e, i64 p);
/* forget temporary p without releasing it */
void disown(Env *e, i64 p);
/* release temporary p */
void drop(Env *e, i64 p);
/* release every temporary (the error path) */
void drop_all(Env *e);
/* the reduced node (lev, hi, lo), unreferenced; 0 with fail = NOMEM when CUDD fails */
i64 getnode(Env *e, i64 lev, i64 hi, i64 lo);

/* ---- pauses and the budget -------------------------------------------------------- */
/* other threads run a moment; 1 when Ctrl-C arrived (Python's error then cleared) */
int poll_signals(Env *e);
/* count a step; every POLL_EVERY steps pause: 1 (fail = INTERRUPTED) on Ctrl-C */
int stopped(Env *e);
/* whether extra more bytes of kernel tables would pass the budget (CUDD's counted too) */
int over_budget(const Env *e, i64 extra);
/* CUDD's hard limit: its share of the budget minus bytes held by kernel tables */
void lend_to_tables(const Env *e, i64 bytes);
/* whether CUDD's last NULL came from its termination callback (Ctrl-C) */
int cudd_stopped_for_ctrl_c(const Env *e);
/* after CUDD returned NULL: collect dead nodes, clear its error code */
void cudd_recover(const Env *e);
/* CUDD's termination callback: 1 (stop) when Ctrl-C arrived */
int zalg_terminate(const void *arg);

/* ---- CUDD's computed table ---------------------------------------------------------- */
static inline i64 cache_lookup(const Env *e, i64 tag, i64 f, i64 g) {
    return e->lookup2(e->mgr, tag, f, g);
}
static inline void cache_insert(const Env *e, i64 tag, i64 f, i64 g, i64 r) {
    e->insert2(e->mgr, tag, f, g, r);
}
static inline i64 cache_lookup3(const Env *e, i64 tag, i64 f, i64 g, i64 h) {
    return e->lookup3(e->mgr, tag, f, g, h);
}
static inline void cache_insert3(const Env *e, i64 tag, i64 f, i64 g, i64 h, i64 r) {
    e->insert3(e->mgr, tag, f, g, h, r);
}

#endif
