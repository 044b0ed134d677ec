/* exists_within: (∃X F) ∩ H, computed only along H: the projection itself is never built.

   Operands (x, y) = (F, H).  At a kept level v: v·((∃F1) ∩ H1) ∪ ((∃F0) ∩ H0).  At a
   quantified level (absent from H): ((∃F0) ∩ H) ∪ ((∃F1) ∩ H), and the second part
   is skipped once the first has found all of H. */
#include "steps.h"

static i64 exwithin_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    if (a == e->zero || b == e->zero) return e->zero;
    if (a == e->one) return has_empty(e, b) ? e->one : e->zero;
    return -1;
}

static int exwithin_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    i64 x0, x1, y0, y1, v = split(e, x, y, &x0, &x1, &y0, &y1);
    put_kid(e, 0, OP_EXWITHIN, x0, y0);
    if (quantified(e, v)) return 1;  /* x1 is tried in phase 1 if x0 has not found all of y0 */
    put_kid(e, 1, OP_EXWITHIN, x1, y1);
    return 2;
}

static i64 exwithin_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals,
                            int *more) {
    (void)k;
    *more = 0;
    i64 x0, x1, y0, y1, v = split(e, x, y, &x0, &x1, &y0, &y1);
    if (!quantified(e, v)) return top_node(e, v, vals[1], vals[0]);
    /* kids: 0 (F0, H); then 1 (F1, H) if 0 has not found all of H */
    if (phase == 1) {
        if (vals[0] == y0) return keep(e, vals[0]);
        put_kid(e, 0, OP_EXWITHIN, x1, y0);
        *more = 1;
        return 0;
    }
    return set_kept(e, OP_UNION, vals[0], vals[1]);
}

const Op EXISTS_WITHIN = {"exists_within", 2, 0, exwithin_terminal, exwithin_children,
                          exwithin_combine, NULL};
