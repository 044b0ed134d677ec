/* minimal_upset: the minimal members of an up-closed family H, as
   min(H0) ∪ v·(min(H1) ∖ H0) (zalg/ops/minimal_upset.py). */
#include "steps.h"

static i64 minup_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)b; (void)k;
    if (a == e->zero) return a;
    if (has_empty(e, a)) return e->one;
    return -1;
}

static int minup_children(Env *e, i64 x, i64 y, i64 k) {
    (void)y; (void)k;
    return split_kids(e, OP_MINUP, x, 0, 0);
}

static i64 minup_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)y; (void)phase; (void)k;
    *more = 0;
    /* kids: 0 min(H0), 1 min(H1); x's top level is its own, so H0 is its else-child */
    i64 r1 = set_kept(e, DIFF, vals[1], node_lo(x));
    return top_node_over(e, level(e, x), r1, vals[0], r1);
}

const Op MINIMAL_UPSET = {"minimal_upset", 0, 1, 0, minup_terminal, minup_children,
                          minup_combine, NULL};
