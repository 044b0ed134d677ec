/* onset: members holding the element at level y: {a ∈ F : x ∈ a} (x kept). */
#include "steps.h"

static i64 onset_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    return (a == e->zero || level(e, a) > b) ? e->zero : -1;
}
static int onset_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    return level(e, x) >= y ? 0 : split_kids(e, OP_ONSET, x, y, y);
}
static i64 onset_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    i64 v = level(e, x);
    if (v == y) return top_node(e, y, node_hi(x), e->zero);
    return top_node(e, v, vals[1], vals[0]);
}
const Op ONSET = {"onset", 1, 0, onset_terminal, onset_children, onset_combine};
