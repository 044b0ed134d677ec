/* nonsup: non-supersets {a ∈ F : no b ∈ G with b ⊆ a}.

   At the top level v: v·(nonsup(F1, G0) ∩ nonsup(F1, G1)) ∪ nonsup(F0, G0): a set
   avoids every member of G0 ∪ G1 iff it avoids those of G0 and those of G1, so the
   union G0 ∪ G1 is never built.  Levels of G above F's top are skipped in one step
   (nonsup(F, G) = nonsup(F, G0) there), as Graphillion's non_supersets does.
   minimal asks for this form; Family.nonsup runs nonsup_unions (fewer
   subproblems).  Testing ∅ ∈ G at every subproblem (nonsup_unions' terminal) made
   minimal of the random workload 15 % slower here: G = min(F0) rarely holds ∅, and the
   test walks G's else-chain. */
#include "steps.h"

/* G without its members that hold an element above F's top (none is a subset of a
   member of F): y's else-chain followed down to F's top level */
static i64 below(const Env *e, i64 x, i64 y) {
    i64 v = level(e, x);
    while (level(e, y) < v) y = node_lo(y);
    return y;
}

int skip_levels(Env *e, i64 code, i64 x, i64 y) {
    if (level(e, y) >= level(e, x)) return 0;
    put_kid(e, 0, code, x, below(e, x, y));
    return 1;
}

static i64 nonsup_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    if (b == e->zero) return a;
    if (a == e->zero || a == b || b == e->one) return e->zero;
    if (a == e->one) return has_empty(e, b) ? e->zero : e->one;
    return -1;
}

static int nonsup_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    if (skip_levels(e, OP_NONSUP, x, y)) return 1;
    return three_pairs(e, OP_NONSUP, x, y, 1, 0);  /* (F0, G0), (F1, G1), (F1, G0) */
}

static i64 nonsup_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    i64 vx = level(e, x), vy = level(e, y);
    if (vy < vx) return keep(e, vals[0]);
    /* kids: 0 (F0, G0), 1 (F1, G1), 2 (F1, G0) */
    if (vy > vx) return top_node(e, vx, vals[2], vals[0]);  /* G1 = ∅: kid 2 is within kid 1 */
    i64 r1 = set_kept(e, OP_INTERSECT, vals[2], vals[1]);
    return top_node_over(e, vx, r1, vals[0], r1);
}

const Op NONSUP = {"nonsup", 2, F_CACHED, nonsup_terminal, nonsup_children, nonsup_combine, NULL};
