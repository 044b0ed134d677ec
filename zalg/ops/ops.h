/* The one table of zalg's node-making kernels (zalg/ops/ops.c), read by Python through
   zalg.ops._kernels.TABLE (zalg/ops/registry.py is its view).

   Every kernel that makes nodes on a family has one entry, at its code: the registered
   operations run by the driver (their three steps: terminal, children, combine), and the
   kernels with recursions of their own (the set operations, meet, the quotients' mask
   pass, the substitution on top, the builders: ``run``).  One call path reaches them
   all (``run_op``: module.c's ``apply``), and one allocator gives every kernel its tag in
   CUDD's computed table (``op_tag``).  An operation asks for another one, or for itself,
   as a subproblem by its code. */
#ifndef ZALG_OPS_H
#define ZALG_OPS_H
#include "../cudd/zcudd.h"

enum { OP_NONE,
       /* on the driver */
       OP_JOIN, OP_ONSET, OP_OFFSET, OP_CHANGE, OP_EXISTS, OP_SIZE, OP_QUOT, OP_NONSUP,
       OP_NONSUP_U, OP_NONSUB, OP_MINIMAL, OP_MAXIMAL, OP_FORALL, OP_HIT, OP_MINEX, OP_UNIQ,
       OP_EXWITHIN, OP_MINUP, OP_IMAGE,
       /* recursions of their own; the set operations in setop.c's order */
       OP_UNION, OP_INTERSECT, OP_DIFF, OP_UNION3, OP_QUOT_SET, OP_MEET, OP_QUOTIENTS,
       OP_SUBSTITUTE, OP_EXACTLY, OP_AT_MOST, OP_AT_LEAST, OP_POWER,
       N_OPS };

/* an entry's flags: (F, G) and (G, F) share one memo entry; the root's result is kept in
   CUDD's computed table across calls; the memo table references the second key of its
   subproblems (it asks for subproblems on nodes it built); a step of other kernels that
   Python does not call */
enum { F_COMMUTATIVE = 1, F_CACHED = 2, F_HOLDS_KEYS = 4, F_INTERNAL = 8 };

/* One call's arguments: the operands a, b (nodes, or a level or a relation's root as the
   entry says), the parameter k, the level array aux (naux words) and, for a kernel with
   several results, the array they go to (one per aux word). */
typedef struct {
    i64 a, b, k;
    const i64 *aux;
    i64 naux;
    i64 *results;
} Args;

/* An entry.  Steps of a driver operation:
   terminal: the result without work, or -1;
   children: writes its subproblems with put_kid, returns how many;
   combine: the result kept as a temporary (*more = 0), or *more kids asked for first
   (combine runs again with phase + 1); 0 with e->fail set when a CUDD call failed;
   finish (or NULL): a last step on the root's result r (a temporary it may release),
   returning the result kept, or 0 with e->fail set.
   run (instead of the steps): the status of the call; on ZOK *out (or every result)
   carries one reference owned by the caller, otherwise nothing is held. */
typedef struct {
    const char *name;
    int arity;  /* operands that are families: 0 (a builder), 1 (a) or 2 (a and b) */
    int flags;
    i64 (*terminal)(Env *e, i64 a, i64 b, i64 k);
    int (*children)(Env *e, i64 x, i64 y, i64 k);
    i64 (*combine)(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more);
    i64 (*finish)(Env *e, i64 a, i64 b, i64 r);
    int (*run)(i64 *ctx, int code, const Args *x, i64 *out);
} Op;

/* the table, by code (OPS[OP_NONE] is NULL) */
extern const Op *const OPS[N_OPS];

static inline int op_known(i64 code) { return code > OP_NONE && code < N_OPS && OPS[code]; }

/* The one allocator of tags in CUDD's computed table: the tag of kernel ``code``, or 0
   when its results are not kept there now.  Union, intersection and difference share
   CUDD's own (their results serve CUDD's routines and back); the three-key entries take
   tags CUDD leaves free among its DD_*_TAG values (bits 1-3 go into the first key, 4-7
   into the second); every other F_CACHED kernel gets the address of its word in the
   Manager's tag array (ctx[C_OP_TAGS], 0 while the Manager keeps no results). */
static inline i64 op_tag(const Env *e, int code) {
    switch (code) {
    case OP_UNION: return e->tag_union;
    case OP_INTERSECT: return e->tag_inter;
    case OP_DIFF: return e->tag_diff;
    case OP_UNION3: return 0xC2;
    case OP_QUOT_SET: return 0xE2;
    default:
        return e->op_tags && (OPS[code]->flags & F_CACHED) ? e->op_tags + 8 * code : 0;
    }
}

/* the status of kernel ``code`` on x; a call deeper than the caller's stack runs again on
   a deep one (zalg/cudd/deep.h) */
int run_op(int code, i64 *ctx, const Args *x, i64 *out);

/* each defined in zalg/ops/<name>.c */
extern const Op JOIN, ONSET, OFFSET, CHANGE, EXISTS, SIZE, QUOT, NONSUP, NONSUP_U, NONSUB,
    MINIMAL, MAXIMAL, FORALL, HITTING, EXISTS_MINIMAL, UNIQUE_EXISTS, EXISTS_WITHIN,
    MINIMAL_UPSET, IMAGE, UNION, INTERSECT, DIFF, UNION3, QUOT_SET, MEET, QUOTIENTS,
    SUBSTITUTE, EXACTLY, AT_MOST, AT_LEAST, POWER;
#endif
