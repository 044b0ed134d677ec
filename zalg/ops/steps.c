/* Steps shared by the operations on the driver (steps.h). */
#include "steps.h"

int split_kids(Env *e, i64 code, i64 x, i64 y0, i64 y1) {
    i64 x0, x1;
    cof(e, x, level(e, x), &x0, &x1);
    put_kid(e, 0, code, x0, y0);
    put_kid(e, 1, code, x1, y1);
    return 2;
}

int three_pairs(Env *e, i64 code, i64 x, i64 y, int c, int d) {
    i64 xs[2], ys[2];
    split(e, x, y, &xs[0], &xs[1], &ys[0], &ys[1]);
    put_kid(e, 0, code, xs[0], ys[0]);
    put_kid(e, 1, code, xs[1], ys[1]);
    put_kid(e, 2, code, xs[c], ys[d]);
    return 3;
}

i64 one_more_then_node(Env *e, i64 x, i64 phase, i64 code, const i64 *vals, int a, int b,
                       int hi, int lo, int *more) {
    *more = 0;
    if (phase > 1) return top_node(e, level(e, x), vals[hi], vals[lo]);
    put_kid(e, 0, code, vals[a], vals[b]);
    *more = 1;
    return 0;
}

i64 chain(Env *e, i64 start, i64 stop, i64 base) {
    i64 r = keep(e, base);
    for (i64 lev = stop - 1; r && lev >= start; lev--) {
        if (!quantified(e, lev)) continue;
        i64 t = top_node(e, lev, r, r);
        drop(e, r);
        r = t;
    }
    return r;
}
