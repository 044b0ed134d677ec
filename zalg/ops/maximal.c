/* maximal: maximal members {a ∈ F : no b ∈ F with a ⊊ b}.

   max(F0 ∪ v·F1) = nonsub(max(F0), max(F1)) ∪ v·max(F1). */
#include "steps.h"

static int maximal_children(Env *e, i64 x, i64 y, i64 k) {
    (void)y; (void)k;
    return split_kids(e, OP_MAXIMAL, x, 0, 0);
}

static i64 maximal_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals,
                           int *more) {
    (void)y; (void)k;
    /* kids: 0 max(F0), 1 max(F1); then 2 = nonsub(0, 1) */
    return one_more_then_node(e, x, phase, OP_NONSUB, vals, 0, 1, 1, 2, more);
}

const Op MAXIMAL = {"maximal", 1, F_CACHED, unary_terminal, maximal_children, maximal_combine,
                    NULL};
