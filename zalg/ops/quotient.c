/* quotient: quotient F / G = {a : a ∪ b ∈ F and a ∩ b = ∅ for every b ∈ G}.

   Above G's top level v: v·(F1 / G) ∪ (F0 / G).  At it: (F1 / G1) ∩ (F0 / G0)
   (the second term only when G0 is not empty). */
#include "steps.h"

static i64 quot_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    if (b == e->one) return a;
    if (a == e->zero || a == e->one) return e->zero;
    if (a == b) return e->one;
    return -1;
}
static int quot_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    i64 v = level(e, x), vy = level(e, y), x0, x1;
    if (v < vy) {
        cof(e, x, v, &x0, &x1);
        put_kid(e, 0, OP_QUOT, x1, y);
        put_kid(e, 1, OP_QUOT, x0, y);
        return 2;
    }
    cof(e, x, vy, &x0, &x1);
    put_kid(e, 0, OP_QUOT, x1, node_hi(y));
    if (node_lo(y) == e->zero) return 1;
    put_kid(e, 1, OP_QUOT, x0, node_lo(y));
    return 2;
}
static i64 quot_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    i64 v = level(e, x);
    if (v < level(e, y)) return top_node(e, v, vals[0], vals[1]);
    if (node_lo(y) == e->zero) return keep(e, vals[0]);
    return set_kept(e, OP_INTERSECT, vals[0], vals[1]);  /* kids: 0 F1 / G1, 1 F0 / G0 */
}
const Op QUOT = {"quotient", 2, F_CACHED, quot_terminal, quot_children, quot_combine};
