/* The one driver of the operations given by steps: iterative, memoised, bounded. */
#ifndef ZALG_DRIVER_H
#define ZALG_DRIVER_H
#include "ops.h"

static inline void put_kid(Env *e, int i, i64 op, i64 a, i64 b) {
    e->kids[3 * i] = op; e->kids[3 * i + 1] = a; e->kids[3 * i + 2] = b;
}

/* status of operation ``code`` on x (a, b, k and the level array aux); *out referenced
   on ZOK */
int apply_op(int code, i64 *ctx, const Args *x, i64 *out);
#endif
