/* minimal: {a ∈ F : no b ∈ F with b ⊊ a}, as min(F0) ∪ v·nonsup(min(F1), min(F0))
   (zalg/ops/minimal.py). */
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

const Op MINIMAL = {"minimal", 0, 1, 0, unary_terminal, minimal_children, minimal_combine,
                    NULL};
