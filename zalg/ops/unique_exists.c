/* unique_exists: ∃!X F with witnesses in W:
   {S ⊆ U∖X : exactly one T ⊆ X with S ∪ T ∈ F, and it is in W}.

   Operands (x, y) = (F, F ∩ W).  At a quantified level v the one witness either
   lacks v (exactly one in F0, none in F1) or holds it (the reverse):
   ∃!F = (∃!F0 ∖ ∃F1) ∪ (∃!F1 ∖ ∃F0), with the ∃ results of every node shared with
   the exists operation (same call, same cache tag); the recursion stops where
   F ∩ W is empty. */
#include "steps.h"

static i64 uniq_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    if (b == e->zero) return e->zero;
    if (a == e->one) return e->one;
    return -1;
}

static int uniq_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    i64 x0, x1, y0, y1, v = split(e, x, y, &x0, &x1, &y0, &y1);
    put_kid(e, 0, OP_UNIQ, x0, y0);
    put_kid(e, 1, OP_UNIQ, x1, y1);
    if (!quantified(e, v)) return 2;
    put_kid(e, 2, OP_EXISTS, x0, 0);
    put_kid(e, 3, OP_EXISTS, x1, 0);
    return 4;
}

static i64 uniq_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    i64 v = imin(level(e, x), level(e, y));
    if (!quantified(e, v)) return top_node(e, v, vals[1], vals[0]);
    /* kids: 0 ∃!F0, 1 ∃!F1, 2 ∃F0, 3 ∃F1 */
    i64 a0 = set_kept(e, OP_DIFF, vals[0], vals[3]);
    if (!a0) return 0;
    i64 a1 = set_kept(e, OP_DIFF, vals[1], vals[2]);
    if (!a1) return 0;
    i64 r = set_kept(e, OP_UNION, a0, a1);
    drop(e, a0);
    drop(e, a1);
    return r;
}

const Op UNIQUE_EXISTS = {"unique_exists", 2, 0, uniq_terminal, uniq_children,
                          uniq_combine, NULL};
