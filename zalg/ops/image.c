/* image: relational image img(F, R) = {T : S ∈ F, (S, T) ∈ R}.

   R is a *transition diagram* held in the level array aux (zalg.algebra.relation
   compiles it): node r occupies aux[5r : 5r + 5] = (level v, R00, R01, R10, R11),
   where Rab is the part of R whose pairs go from v ∈ S = a to v ∈ T = b.
   Node 0 is the empty relation, node 1 the identity; a level R skips is left as
   it is (R00 = R11, R01 = R10 = ∅), which is why the identity needs no levels.

   Above R's top level v: v·img(F1, R) ∪ img(F0, R).  At it:
   img(F0, R00) ∪ img(F1, R10) ∪ v·(img(F0, R01) ∪ img(F1, R11)). */
#include "steps.h"

enum { EMPTY, IDENTITY };

static i64 image_terminal(Env *e, i64 a, i64 r, i64 k) {
    (void)k;
    if (a == e->zero || r == EMPTY) return e->zero;
    if (r == IDENTITY) return a;
    return -1;
}

static int image_children(Env *e, i64 x, i64 r, i64 k) {
    (void)k;
    const i64 *t = e->aux + 5 * r;
    i64 v = imin(level(e, x), t[0]), x0, x1;
    cof(e, x, v, &x0, &x1);
    if (t[0] > v) {
        put_kid(e, 0, OP_IMAGE, x1, r);
        put_kid(e, 1, OP_IMAGE, x0, r);
        return 2;
    }
    put_kid(e, 0, OP_IMAGE, x0, t[1]);  /* stays out */
    put_kid(e, 1, OP_IMAGE, x1, t[3]);  /* leaves */
    put_kid(e, 2, OP_IMAGE, x0, t[2]);  /* enters */
    put_kid(e, 3, OP_IMAGE, x1, t[4]);  /* stays in */
    return 4;
}

static i64 image_combine(Env *e, i64 x, i64 r, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    const i64 *t = e->aux + 5 * r;
    i64 v = imin(level(e, x), t[0]);
    if (t[0] > v) return top_node(e, v, vals[0], vals[1]);
    i64 lo = set_kept(e, OP_UNION, vals[0], vals[1]);
    if (!lo) return 0;
    i64 hi = set_kept(e, OP_UNION, vals[2], vals[3]);
    if (!hi) return 0;
    i64 out = top_node(e, v, hi, lo);
    drop(e, lo);
    drop(e, hi);
    return out;
}

const Op IMAGE = {"image", 1, 0, image_terminal, image_children, image_combine, NULL};
