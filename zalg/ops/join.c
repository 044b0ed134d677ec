/* join: join F ⊔ G = {a ∪ b : a ∈ F, b ∈ G}.

   At the top level v: (F0 ∪ v·F1) ⊔ (G0 ∪ v·G1) = F0⊔G0 ∪ v·(F1⊔G1 ∪ F1⊔G0 ∪ F0⊔G1). */
#include "steps.h"

static i64 join_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    if (a == e->zero || b == e->zero) return e->zero;
    if (a == e->one) return b;
    if (b == e->one) return a;
    return -1;
}
static int join_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    i64 v = imin(level(e, x), level(e, y)), x0, x1, y0, y1;
    cof(e, x, v, &x0, &x1);
    cof(e, y, v, &y0, &y1);
    put_kid(e, 0, OP_JOIN, x0, y0);
    put_kid(e, 1, OP_JOIN, x1, y1);
    put_kid(e, 2, OP_JOIN, x0, y1);
    put_kid(e, 3, OP_JOIN, x1, y0);
    return 4;
}
static i64 join_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    /* kids: 0 F0⊔G0, 1 F1⊔G1, 2 F0⊔G1, 3 F1⊔G0 */
    i64 w = union3_kept(e, vals[1], vals[2], vals[3]);
    if (!w) return 0;
    i64 r = getnode(e, imin(level(e, x), level(e, y)), w, vals[0]);
    r = guarded(e, r);
    drop(e, w);
    return r;
}
const Op JOIN = {"join", 2, F_COMMUTATIVE | F_CACHED, join_terminal, join_children, join_combine};
