/* size: members whose size lies in [y - k, y]: {a ∈ F : y - k ≤ |a| ≤ y}. */
#include "steps.h"

static i64 size_terminal(Env *e, i64 a, i64 b, i64 k) {
    i64 hi = b, lo = b - k;
    if (a == e->zero || hi < 0) return e->zero;
    i64 room = e->nlev - level(e, a);  /* no member below a is larger */
    if (lo > room) return e->zero;
    if (lo <= 0 && hi >= room) return a;
    return -1;
}
static int size_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    return split_kids(e, OP_SIZE, x, y, y - 1);
}
static i64 size_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)y; (void)phase; (void)k;
    *more = 0;
    return top_node(e, level(e, x), vals[1], vals[0]);
}
const Op SIZE = {"size", 1, 0, size_terminal, size_children, size_combine};
