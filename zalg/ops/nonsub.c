/* nonsub: non-subsets {a ∈ F : no b ∈ G with a ⊆ b}.

   At the top level v: v·nonsub(F1, G1) ∪ (nonsub(F0, G0) ∩ nonsub(F0, G1)). */
#include "steps.h"

static i64 nonsub_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    if (b == e->zero) return a;
    if (a == e->zero || a == b || a == e->one) return e->zero;
    return -1;
}

static int nonsub_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    return three_pairs(e, OP_NONSUB, x, y, 0, 1);  /* (F0, G0), (F1, G1), (F0, G1) */
}

static i64 nonsub_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    /* kids: 0 (F0, G0), 1 (F1, G1), 2 (F0, G1) */
    i64 v = imin(level(e, x), level(e, y));
    if (level(e, y) > v) return top_node(e, v, vals[1], vals[0]);  /* G1 = ∅: kid 2 holds 0 */
    i64 r0 = set_kept(e, OP_INTERSECT, vals[0], vals[2]);
    return top_node_over(e, v, vals[1], r0, r0);
}

const Op NONSUB = {"nonsub", 2, F_CACHED, nonsub_terminal, nonsub_children, nonsub_combine, NULL};
