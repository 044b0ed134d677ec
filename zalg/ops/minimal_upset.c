/* minimal_upset: minimal members of an up-closed family (every superset within the family's
   elements of a member is a member: hitting sets, for instance).

   For such H = H0 ∪ v·H1, H0 ⊆ H1 and both cofactors are up-closed, so
   min(H) = min(H0) ∪ v·(min(H1) ∖ H0): v·S is minimal iff S ∉ H0 (v is needed) and
   S is minimal in H1, and a set lies above a member of the up-closed H0 exactly
   when it lies in H0, so the plain difference replaces minimal's nonsup.  A
   family holding ∅ is the whole power set: its only minimal member is ∅. */
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
    i64 r1 = set_kept(e, OP_DIFF, vals[1], node_lo(x));
    return top_node_over(e, level(e, x), r1, vals[0], r1);
}

const Op MINIMAL_UPSET = {"minimal_upset", 1, F_CACHED, minup_terminal, minup_children,
                          minup_combine, NULL};
