/* minimal: minimal members {a ∈ F : no b ∈ F with b ⊊ a}.

   min(F0 ∪ v·F1) = min(F0) ∪ v·nonsup(min(F1), min(F0)): a set contains a member
   of F0 iff it contains a minimal one, and min(F0) is the smaller filter (much
   smaller when F0 is up-closed, e.g. hitting sets). */
#include "steps.h"

static int minimal_children(Env *e, i64 x, i64 y, i64 k) {
    (void)y; (void)k;
    return split_kids(e, OP_MINIMAL, x, 0, 0);
}

static i64 minimal_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals,
                           int *more) {
    (void)y; (void)k;
    /* kids: 0 min(F0), 1 min(F1); then 2 = nonsup(1, 0) */
    return one_more_then_node(e, x, phase, OP_NONSUP, vals, 1, 0, 2, 0, more);
}

const Op MINIMAL = {"minimal", 1, F_CACHED, unary_terminal, minimal_children, minimal_combine,
                    NULL};
