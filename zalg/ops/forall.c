/* forall: ∀X F = {S ⊆ U∖X : S ∪ T ∈ F for every T ⊆ X}.

   At a quantified level v: ∀F0 ∩ ∀F1; elsewhere v·∀F1 ∪ ∀F0.  A cofactor that skips
   a quantified level lacks that element in every member, so its ∀ is empty. */
#include "steps.h"

/* whether a marked level lies strictly between v and the cofactor xc's level */
static int skips(const Env *e, i64 xc, i64 v) { return e->aux[level(e, xc)] - e->aux[v + 1] != 0; }

static int forall_children(Env *e, i64 x, i64 y, i64 k) {
    (void)y; (void)k;
    i64 v = level(e, x), x0, x1;
    cof(e, x, v, &x0, &x1);
    put_kid(e, 0, OP_FORALL, skips(e, x0, v) ? e->zero : x0, 0);
    put_kid(e, 1, OP_FORALL, skips(e, x1, v) ? e->zero : x1, 0);
    return 2;
}

static i64 forall_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)y; (void)phase; (void)k;
    *more = 0;
    i64 v = level(e, x);
    if (!quantified(e, v)) return top_node(e, v, vals[1], vals[0]);
    return set_kept(e, OP_INTERSECT, vals[0], vals[1]);  /* kids: 0 ∀F0, 1 ∀F1 */
}

/* a marked level above the root: no member holds it, so nothing survives */
static i64 forall_finish(Env *e, i64 a, i64 b, i64 r) {
    (void)b;
    if (e->aux[level(e, a)] == 0) return r;
    drop(e, r);
    return keep(e, e->zero);
}

const Op FORALL = {"forall", 1, 0, unary_terminal, forall_children, forall_combine,
                   forall_finish};
