/* nonsup_unions: non-supersets {a ∈ F : no b ∈ G with b ⊆ a}, recursing on unions of G's cofactors.

   At the common top level v: v·nonsup(F1, G0 ∪ G1) ∪ nonsup(F0, G0) (a set holding v
   is a superset of a member of G iff its rest holds a member of G0 or of G1), as
   SAPPORO's Restrict (Graphillion's supersets) recurses.  Levels of G above
   F's top are skipped in one step (nonsup(F, G) = nonsup(F, G0) there).  Subproblems
   are keyed by unions the call builds, so the memo table holds a reference on each
   key (F_HOLDS_KEYS).  When G is small its cofactors have few distinct unions and
   this solves far fewer subproblems than nonsup's pairs of existing nodes; when G
   is large the unions multiply (Family.nonsup chooses by G's size). */
#include "steps.h"

static i64 nonsup_u_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    if (b == e->zero) return a;
    if (a == e->zero || a == b || b == e->one) return e->zero;
    if (has_empty(e, b)) return e->zero;  /* ∅ ∈ G: every set is a superset of it */
    if (a == e->one) return a;
    return -1;
}

static int nonsup_u_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    if (skip_levels(e, OP_NONSUP_U, x, y)) return 1;
    i64 x0, x1, y0, y1;
    split(e, x, y, &x0, &x1, &y0, &y1);
    put_kid(e, 0, OP_NONSUP_U, x0, y0);
    return 1;
}

static i64 nonsup_u_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals,
                            int *more) {
    (void)k;
    *more = 0;
    if (level(e, y) < level(e, x)) return keep(e, vals[0]);
    i64 x0, x1, y0, y1, v = split(e, x, y, &x0, &x1, &y0, &y1);
    if (phase == 1) {  /* kid 0 (F0, G0); then 1 (F1, G0 ∪ G1), the union held in value 2 */
        i64 u = set_kept(e, OP_UNION, y0, y1);
        if (!u) return 0;
        put_kid(e, 0, OP_NONSUP_U, x1, u);
        *more = 1;
        return 0;
    }
    return top_node(e, v, vals[1], vals[0]);
}

const Op NONSUP_U = {"nonsup_unions", 2, F_CACHED | F_HOLDS_KEYS, nonsup_u_terminal,
                     nonsup_u_children, nonsup_u_combine, NULL};
