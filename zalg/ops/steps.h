/* Steps shared by the operations on the driver: nodes kept as temporaries, cofactor
   pairs, subproblems, marked levels. */
#ifndef ZALG_STEPS_H
#define ZALG_STEPS_H
#include "driver.h"
#include "setop.h"

/* p kept as a temporary; 0 (e->fail set by getnode) stays 0 */
static inline i64 guarded(Env *e, i64 p) { return p ? keep(e, p) : 0; }
/* the node (v, hi, lo), kept */
static inline i64 top_node(Env *e, i64 v, i64 hi, i64 lo) {
    return guarded(e, getnode(e, v, hi, lo));
}
/* the node (v, hi, lo), kept, where t (hi or lo) is a temporary it releases; 0 when t is */
static inline i64 top_node_over(Env *e, i64 v, i64 hi, i64 lo, i64 t) {
    if (!t) return 0;
    i64 r = top_node(e, v, hi, lo);
    drop(e, t);
    return r;
}
/* whether level v is marked in the prefix count aux */
static inline int quantified(const Env *e, i64 v) { return e->aux[v + 1] - e->aux[v] > 0; }
/* the common top level of x and y, with both cofactor pairs */
static inline i64 split(const Env *e, i64 x, i64 y, i64 *x0, i64 *x1, i64 *y0, i64 *y1) {
    i64 v = imin(level(e, x), level(e, y));
    cof(e, x, v, x0, x1);
    cof(e, y, v, y0, y1);
    return v;
}
/* the terminal case of a unary operation that keeps ∅ and {∅} as they are */
static inline i64 unary_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)b; (void)k;
    return (a == e->zero || a == e->one) ? a : -1;
}

/* ask for (code, x0, y0) and (code, x1, y1): x's cofactors at its own top level */
int split_kids(Env *e, i64 code, i64 x, i64 y0, i64 y1);
/* ask for (code, x0, y0), (code, x1, y1) and (code, xc, yd): cofactor pairs at the common
   top level, the third one chosen by (c, d) */
int three_pairs(Env *e, i64 code, i64 x, i64 y, int c, int d);
/* a unary operation's combine that asks for one more kid, (code, vals[a], vals[b]), in
   phase 1 (its result lands in vals[2]) and then makes the node (x's level, vals[hi],
   vals[lo]), kept */
i64 one_more_then_node(Env *e, i64 x, i64 phase, i64 code, const i64 *vals, int a, int b,
                       int hi, int lo, int *more);
/* don't-care nodes for every marked level in [start, stop) above base; kept (0: failed) */
i64 chain(Env *e, i64 start, i64 stop, i64 base);
/* where G's top lies above F's: asks for the one kid (code, F, G without the levels
   above F) and answers 1 (zalg/ops/nonsup.c) */
int skip_levels(Env *e, i64 code, i64 x, i64 y);
#endif
