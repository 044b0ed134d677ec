/* Cost-bounded subfamilies and the probability of a family over exported node arrays
   (cost.py).  cost_le computes {S in F : w(S) <= b} with interval memoisation: the
   answer at node v is the same family for every budget in an interval [L, H), so each
   node keeps the intervals it has met with their results, and a new budget inside one
   is answered at once.  Recurrence (absent elements weigh nothing):
   R(v, b) = v.R(hi, b - w_v) | R(lo, b), with interval
   [max(L_hi + w_v, L_lo), min(H_hi + w_v, H_lo)). */
#include <math.h>

#include "eval.h"

/* budgets beyond these stand for -inf and +inf (weights and bounds are far smaller) */
#define NEG (-(1LL << 62))
#define POS (1LL << 62)

/* x + w, where -inf and +inf stay */
static inline i64 shifted(i64 x, i64 w) { return (x == NEG || x == POS) ? x : x + w; }

typedef struct { i64 lo, hi, res, next; } Interval;
typedef struct { i64 node, budget, phase; } Frame;
typedef struct { i64 res, lo, hi; } Result;

typedef struct {
    i64 *head;
    Interval *iv; i64 niv, ivcap;
    Frame *f; i64 nf, fcap;
    Result *r; i64 nr, rcap;
} Cost;

static inline i64 cost_bytes(const Cost *C, const Nodes *o, i64 n) {
    return n * 8 + C->ivcap * (i64)sizeof(Interval) + C->fcap * (i64)sizeof(Frame) +
           C->rcap * (i64)sizeof(Result) + o->cap * 24;
}

/* the known result of (v, b): a terminal's or a stored interval's; 0 when unknown */
static int known(const Cost *C, i64 v, i64 b, Result *out) {
    if (v == 0) { *out = (Result){0, NEG, POS}; return 1; }
    if (v == 1) {
        *out = b >= 0 ? (Result){1, 0, POS} : (Result){0, NEG, 0};
        return 1;
    }
    for (i64 j = C->head[v]; j != -1; j = C->iv[j].next)
        if (C->iv[j].lo <= b && b < C->iv[j].hi) {
            *out = (Result){C->iv[j].res, C->iv[j].lo, C->iv[j].hi};
            return 1;
        }
    return 0;
}

/* frame (v, b) done: its children's results (hi's pushed first, lo's last) combined */
static int combine(Env *e, Cost *C, Nodes *o, i64 n, i64 v, i64 lev, i64 wv) {
    C->nr -= 2;
    Result r1 = C->r[C->nr], r0 = C->r[C->nr + 1];
    i64 L = shifted(r1.lo, wv) > r0.lo ? shifted(r1.lo, wv) : r0.lo;
    i64 H = shifted(r1.hi, wv) < r0.hi ? shifted(r1.hi, wv) : r0.hi;
    i64 res = r0.res;
    if (r1.res != 0) {  /* a node whose hi child is empty is never made */
        if (!nodes_room(e, o, cost_bytes(C, o, n))) return ZNOMEM;
        o->level[o->n] = lev;
        o->hi[o->n] = r1.res;
        o->lo[o->n] = r0.res;
        res = o->n++;
    }
    if (!ensure(e, (void **)&C->iv, &C->ivcap, C->niv + 1, sizeof(Interval), cost_bytes(C, o, n)))
        return ZNOMEM;
    C->iv[C->niv] = (Interval){L, H, res, C->head[v]};
    C->head[v] = C->niv++;
    C->r[C->nr++] = (Result){res, L, H};
    return ZOK;
}

static int run(Env *e, Cost *C, Nodes *o, const i64 *level, const i64 *hi, const i64 *lo, i64 n,
               const i64 *w, i64 root, i64 bound) {
    C->f[0] = (Frame){root, bound, 0};
    C->nf = 1;
    while (C->nf > 0) {
        if (stopped(e)) return ZINTERRUPTED;
        Frame fr = C->f[--C->nf];
        i64 v = fr.node, b = fr.budget;
        if (fr.phase == 1) {
            int status = combine(e, C, o, n, v, level[v], w[level[v]]);
            if (status != ZOK) return status;
            continue;
        }
        Result got;
        if (known(C, v, b, &got)) {
            i64 held = cost_bytes(C, o, n);
            if (!ensure(e, (void **)&C->r, &C->rcap, C->nr + 1, sizeof(Result), held))
                return ZNOMEM;
            C->r[C->nr++] = got;
            continue;
        }
        if (!ensure(e, (void **)&C->f, &C->fcap, C->nf + 3, sizeof(Frame), cost_bytes(C, o, n)))
            return ZNOMEM;
        C->f[C->nf++] = (Frame){v, b, 1};
        C->f[C->nf++] = (Frame){lo[v], b, 0};
        C->f[C->nf++] = (Frame){hi[v], b - w[level[v]], 0};
    }
    return ZOK;
}

int cost_le(Env *e, const i64 *level, const i64 *hi, const i64 *lo, i64 n, i64 root,
            const i64 *w, i64 nw, i64 bound, Nodes *out) {
    (void)nw;
    *out = (Nodes){0};
    if (over_budget(e, n * 8)) return ZNOMEM;
    Cost C = {malloc((size_t)n * sizeof(i64)), malloc(1024 * sizeof(Interval)), 0, 1024,
              malloc(256 * sizeof(Frame)), 0, 256, malloc(256 * sizeof(Result)), 0, 256};
    int status = ZNOMEM;
    if (C.head && C.iv && C.f && C.r && nodes_room(e, out, 0)) {
        for (i64 i = 0; i < n; i++) C.head[i] = -1;
        out->level[0] = out->level[1] = level[0];
        out->hi[0] = out->hi[1] = out->lo[0] = out->lo[1] = 0;
        out->n = 2;
        status = run(e, &C, out, level, hi, lo, n, w, root, bound);
        if (status == ZOK) out->root = C.r[0].res;
    }
    free(C.head); free(C.iv); free(C.f); free(C.r);
    if (status != ZOK) nodes_free(out);
    return status;
}

int probability(Env *e, const i64 *level, const i64 *hi, const i64 *lo, i64 n, i64 root,
                const double *p, i64 nlev, double *out) {
    /* skip(a, b) = prod over a <= l < b of (1 - p[l]), from prefix sums of logs and zeros */
    double *logs = calloc((size_t)nlev + 1, sizeof(double));
    double *val = calloc((size_t)n, sizeof(double));
    i64 *zeros = calloc((size_t)nlev + 1, sizeof(i64));
    int status = ZNOMEM;
    if (logs && val && zeros && n > 1) {
        status = ZOK;
        for (i64 l = 0; l < nlev; l++) {
            double q = 1.0 - p[l];
            zeros[l + 1] = zeros[l] + (q <= 0.0);
            logs[l + 1] = logs[l] + (q > 0.0 ? log(q) : 0.0);
        }
        val[1] = 1.0;
        for (i64 i = 2; i < n && status == ZOK; i++) {
            if (stopped(e)) { status = ZINTERRUPTED; break; }
            i64 lv = level[i], a = lv + 1, bh = level[hi[i]], bl = level[lo[i]];
            double sh = zeros[bh] > zeros[a] ? 0.0 : exp(logs[bh] - logs[a]);
            double sl = zeros[bl] > zeros[lv] ? 0.0 : exp(logs[bl] - logs[lv]);
            /* lo: v is absent (its 1 - p[lv] is inside sl); hi: v is present */
            val[i] = p[lv] * sh * val[hi[i]] + sl * val[lo[i]];
        }
        i64 top = level[root];
        *out = (zeros[top] > 0 ? 0.0 : exp(logs[top])) * val[root];
    }
    free(logs); free(val); free(zeros);
    return status;
}
