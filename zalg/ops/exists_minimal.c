/* exists_minimal: minimal(∃X F) in one pass: every intermediate result is an antichain.

   At a kept level v: the minimal step, m0 ∪ v·nonsup(m1, m0).  At a quantified
   level: minimal(A ∪ B) = (A ∩ B) ∪ nonsup(A, B) ∪ nonsup(B, A) for antichains A, B. */
#include "steps.h"

static int minex_children(Env *e, i64 x, i64 y, i64 k) {
    (void)y; (void)k;
    return split_kids(e, OP_MINEX, x, 0, 0);
}

static i64 minex_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)y; (void)k;
    *more = 0;
    /* kids: 0 m0, 1 m1, then 2 nonsup(m1, m0) and, at a marked level, 3 nonsup(m0, m1) */
    i64 v = level(e, x);
    int q = quantified(e, v);
    if (phase == 1) {
        put_kid(e, 0, OP_NONSUP, vals[1], vals[0]);
        if (q) put_kid(e, 1, OP_NONSUP, vals[0], vals[1]);
        *more = q ? 2 : 1;
        return 0;
    }
    if (!q) return top_node(e, v, vals[2], vals[0]);
    i64 both = set_kept(e, OP_INTERSECT, vals[0], vals[1]);
    if (!both) return 0;
    i64 r = union3_kept(e, both, vals[2], vals[3]);
    drop(e, both);
    return r;
}

const Op EXISTS_MINIMAL = {"exists_minimal", 1, 0, unary_terminal, minex_children,
                           minex_combine, NULL};
