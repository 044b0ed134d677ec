/* offset: members without the element at level y: {a ∈ F : x ∉ a}. */
#include "steps.h"

static i64 offset_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    i64 lv = level(e, a);
    if (a == e->zero || lv > b) return a;
    if (lv == b) return node_lo(a);
    return -1;
}
static int offset_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    return split_kids(e, OP_OFFSET, x, y, y);
}
static i64 offset_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)y; (void)phase; (void)k;
    *more = 0;
    return top_node(e, level(e, x), vals[1], vals[0]);
}
const Op OFFSET = {"offset", 1, 0, offset_terminal, offset_children, offset_combine};
