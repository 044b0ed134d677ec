/* Steps shared by the registered operations (zalg/ops/_common.py). */
#include "steps.h"

int split_kids(Env *e, i64 code, i64 x, i64 y0, i64 y1) {
    i64 x0, x1;
    cof(e, x, level(e, x), &x0, &x1);
    put_kid(e, 0, code, x0, y0);
    put_kid(e, 1, code, x1, y1);
    return 2;
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
