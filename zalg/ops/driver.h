/* The one driver of the registered family operations: iterative, memoised, bounded
   (zalg/ops/driver.py describes the frames, slots, memo and flushes). */
#ifndef ZALG_DRIVER_H
#define ZALG_DRIVER_H
#include "../cudd/zcudd.h"

/* An operation's steps (zalg/ops/__init__.py states their contract):
   terminal: the result without work, or -1;
   children: writes its subproblems with put_kid, returns how many;
   combine: the result kept as a temporary (*more = 0), or *more kids asked for first
   (combine runs again with phase + 1); 0 with e->fail set when a CUDD call failed;
   finish (or NULL): a last step on the root's result r (a temporary it may release),
   returning the result kept, or 0 with e->fail set. */
typedef struct {
    const char *name;
    int commutative, cached, holds_keys;
    i64 (*terminal)(Env *e, i64 a, i64 b, i64 k);
    int (*children)(Env *e, i64 x, i64 y, i64 k);
    i64 (*combine)(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more);
    i64 (*finish)(Env *e, i64 a, i64 b, i64 r);
} Op;

/* the compiled operations, by their index in this table */
extern const Op *const OPS[];
extern const int N_OPS;

static inline void put_kid(Env *e, int i, i64 op, i64 a, i64 b) {
    e->kids[3 * i] = op; e->kids[3 * i + 1] = a; e->kids[3 * i + 2] = b;
}

/* status of op(a, b) with parameter k; *out referenced on ZOK.  ``tag_code``: the
   operation's code in zalg's registry (its tag in CUDD's computed table). */
int apply_op(int op, i64 tag_code, i64 *ctx, i64 a, i64 b, i64 k, const i64 *aux, i64 naux,
             i64 *out);
#endif
