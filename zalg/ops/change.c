/* change: toggle the element at level y in every member: {a △ {x} : a ∈ F}. */
#include "steps.h"

static i64 change_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)b; (void)k;
    return a == e->zero ? a : -1;
}
static int change_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    return level(e, x) >= y ? 0 : split_kids(e, OP_CHANGE, x, y, y);
}
static i64 change_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    i64 v = level(e, x);
    if (v > y) return top_node(e, y, x, e->zero);         /* no member holds it: add it */
    if (v == y) return top_node(e, y, node_lo(x), node_hi(x));  /* swap the cofactors */
    return top_node(e, v, vals[1], vals[0]);
}
const Op CHANGE = {"change", 1, 0, change_terminal, change_children, change_combine};
