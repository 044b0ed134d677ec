/* The degrees machine (degrees.py): edge sets in which every vertex has an allowed
   degree.  A state row (int16) holds, per frontier slot, EMPTY or the number of chosen
   edges at the vertex so far (0 for a vertex whose degree is free). */
#include <stdint.h>

typedef int64_t i64;
typedef int16_t st;

enum { DEAD, ACCEPT, GOING };
enum { D_EMPTY = -1 };
/* info columns: slots, entering, leaving, allowed degrees (bit d: degree d; -1: any),
   the vertex's edges after this one */
enum { D_CU, D_CV, D_ENTER_U, D_ENTER_V, D_LEAVE_U, D_LEAVE_V, D_ALLOW_U, D_ALLOW_V,
       D_LATER_U, D_LATER_V };
enum { K_W };

/* whether a vertex of degree d with `later` undecided edges can still end allowed */
static inline int reachable(i64 allow, i64 d, i64 later) {
    if (allow == -1) return 1;
    if (d > 62) return 0;
    i64 window = later >= 62 ? -1 : (i64)((1ULL << (later + 1)) - 1);
    return ((allow >> d) & window) != 0;
}

static inline int visit(st *t, i64 c, i64 bit, i64 allow, i64 later, i64 leave) {
    if (allow != -1) {
        t[c] = (st)(t[c] + bit);
        if (!reachable(allow, t[c], later)) return 0;
    }
    if (leave) t[c] = D_EMPTY;
    return 1;
}

i64 degrees_step(const st *s, st *t, i64 bit, const i64 *row, const i64 *consts, i64 *work) {
    (void)work;
    i64 W = consts[K_W];
    for (i64 k = 0; k < W; k++) t[k] = s[k];
    i64 cu = row[D_CU], cv = row[D_CV];
    if (row[D_ENTER_U]) t[cu] = 0;
    if (row[D_ENTER_V]) t[cv] = 0;
    if (!visit(t, cu, bit, row[D_ALLOW_U], row[D_LATER_U], row[D_LEAVE_U])) return DEAD;
    if (!visit(t, cv, bit, row[D_ALLOW_V], row[D_LATER_V], row[D_LEAVE_V])) return DEAD;
    return GOING;
}

/* 0 where taking the edge surely leaves an end with a degree it can never fix */
i64 degrees_takes(const st *s, const i64 *row, const i64 *consts, i64 *work) {
    (void)consts;
    (void)work;
    i64 du = row[D_ENTER_U] ? 0 : s[row[D_CU]], dv = row[D_ENTER_V] ? 0 : s[row[D_CV]];
    return reachable(row[D_ALLOW_U], du + 1, row[D_LATER_U])
           && reachable(row[D_ALLOW_V], dv + 1, row[D_LATER_V]);
}

/* every vertex was checked when it left */
i64 degrees_final(const st *t, const i64 *consts, i64 *work) {
    (void)t;
    (void)consts;
    (void)work;
    return 1;
}
