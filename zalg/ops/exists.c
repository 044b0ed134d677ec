/* exists: ∃X F = {S ⊆ U∖X : S ∪ T ∈ F for some T ⊆ X} (X: the levels marked in aux).

   At a quantified level v the two cofactors merge, ∃F0 ∪ ∃F1; elsewhere v·∃F1 ∪ ∃F0. */
#include "steps.h"

static int exists_children(Env *e, i64 x, i64 y, i64 k) {
    (void)y; (void)k;
    return split_kids(e, OP_EXISTS, x, 0, 0);
}
static i64 exists_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)y; (void)phase; (void)k;
    *more = 0;
    i64 v = level(e, x);
    if (!quantified(e, v)) return top_node(e, v, vals[1], vals[0]);
    return set_kept(e, OP_UNION, vals[0], vals[1]);  /* kids: 0 ∃F0, 1 ∃F1 */
}
const Op EXISTS = {"exists", 1, 0, unary_terminal, exists_children, exists_combine};
