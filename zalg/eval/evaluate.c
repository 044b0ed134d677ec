/* Passes over exported node arrays (read by reading.py): exact counts (64-bit until a count
   overflows, then as many base-2^64 limbs as it needs), counts by size modulo primes,
   least and greatest weights, and the tilted sampler's tables.  No CUDD node is
   touched; long loops pause for other threads and Ctrl-C. */
#include <math.h>

#include "eval.h"

/* ---- exact counts ---------------------------------------------------------------- */

/* The limbs store: a wide count at offset k is big[k] (its width) then its limbs,
   little-endian. */
typedef struct { u64 *big; i64 used, cap; } Limbs;

/* a count's limbs: a narrow x is one limb (itself), a wide one points into the store */
static inline const u64 *limbs_of(const Limbs *L, const u64 *x, i64 *width) {
    if (*x < WIDE_COUNT) { *width = 1; return x; }
    const u64 *at = L->big + (*x & ~WIDE_COUNT);
    *width = (i64)at[0];
    return at + 1;
}

/* x + y written as a wide count at the store's end: its counts[] value, or 0 when
   memory or the budget runs out */
static u64 add_wide(Env *e, Limbs *L, u64 x, u64 y, i64 held) {
    i64 la, lb;
    limbs_of(L, &x, &la);
    limbs_of(L, &y, &lb);
    i64 width = (la > lb ? la : lb) + 1;
    if (!ensure(e, (void **)&L->big, &L->cap, L->used + width + 1, sizeof(u64), held)) return 0;
    const u64 *a = limbs_of(L, &x, &la), *b = limbs_of(L, &y, &lb);  /* the store may move */
    u64 *to = L->big + L->used + 1, carry = 0;
    i64 top = 1;
    for (i64 k = 0; k < width; k++) {
        u64 p = k < la ? a[k] : 0, q = k < lb ? b[k] : 0, t;
        u64 c1 = __builtin_add_overflow(p, q, &t);
        u64 c2 = __builtin_add_overflow(t, carry, &to[k]);
        carry = c1 | c2;
        if (to[k]) top = k + 1;
    }
    to[-1] = (u64)top;
    u64 at = (u64)L->used;
    L->used += 1 + top;
    return WIDE_COUNT | at;
}

/* *out: the count of a node from its children's, narrow while it fits; 0 when memory
   or the budget runs out */
static inline int sum(Env *e, Limbs *L, u64 x, u64 y, i64 held, u64 *out) {
    if ((x | y) < WIDE_COUNT && x + y < WIDE_COUNT) { *out = x + y; return 1; }
    return (*out = add_wide(e, L, x, y, held)) != 0;
}

int count_exact(Env *e, const i64 *hi, const i64 *lo, i64 n, u64 *counts, u64 **big, i64 *nbig) {
    Limbs L = {malloc(64 * sizeof(u64)), 0, 64};
    *big = NULL;
    *nbig = 0;
    if (!L.big) return ZNOMEM;
    if (n > 0) counts[0] = 0;
    if (n > 1) counts[1] = 1;
    for (i64 i = 2; i < n; i++) {
        if (stopped(e)) { free(L.big); return ZINTERRUPTED; }
        if (!sum(e, &L, counts[hi[i]], counts[lo[i]], n * 8 + L.cap * 8, &counts[i])) {
            free(L.big);
            return ZNOMEM;
        }
    }
    *big = L.big;
    *nbig = L.used;
    return ZOK;
}

/* Counting for one root, keeping a node's limbs only until its last parent is counted:
   the store is packed down when half of it is dead, so memory follows the widest live
   counts, not their sum over all nodes. */
typedef struct { Limbs L; u64 *counts; i64 *last, *owners; i64 nowners, cap, dead; } Stream;

/* the live wide counts moved down over the dead ones (in the order of their offsets) */
static void pack(Stream *S) {
    i64 packed = 0, kept = 0;
    for (i64 t = 0; t < S->nowners; t++) {
        i64 j = S->owners[t];
        u64 c = S->counts[j];
        if (c < WIDE_COUNT) continue;
        i64 at = (i64)(c & ~WIDE_COUNT), w = 1 + (i64)S->L.big[at];
        memmove(S->L.big + packed, S->L.big + at, (size_t)w * sizeof(u64));
        S->counts[j] = WIDE_COUNT | (u64)packed;
        S->owners[kept++] = j;
        packed += w;
    }
    S->nowners = kept;
    S->L.used = packed;
    S->dead = 0;
}

static int stream(Env *e, Stream *S, const i64 *hi, const i64 *lo, i64 n, i64 root) {
    for (i64 i = 2; i < n; i++) S->last[hi[i]] = S->last[lo[i]] = i;
    S->last[root] = n;
    S->counts[1] = 1;
    for (i64 i = 2; i <= root; i++) {
        if (stopped(e)) return ZINTERRUPTED;
        i64 held = n * 16 + S->L.cap * 8 + S->cap * 8;
        u64 c;
        if (!sum(e, &S->L, S->counts[hi[i]], S->counts[lo[i]], held, &c)) return ZNOMEM;
        S->counts[i] = c;
        if (c >= WIDE_COUNT) {
            if (!ensure(e, (void **)&S->owners, &S->cap, S->nowners + 1, sizeof(i64), held))
                return ZNOMEM;
            S->owners[S->nowners++] = i;
        }
        i64 kids[2] = {hi[i], lo[i]};
        for (int k = 0; k < 2; k++) {
            u64 x = S->counts[kids[k]];
            if (x >= WIDE_COUNT && S->last[kids[k]] == i) {
                S->dead += 1 + (i64)S->L.big[x & ~WIDE_COUNT];
                S->counts[kids[k]] = 0;  /* gone (a child met twice is dropped once) */
            }
        }
        if (S->dead > 4096 && 2 * S->dead > S->L.used) pack(S);
    }
    return ZOK;
}

typedef unsigned __int128 u128;

/* Counting for one root in two words per node, a pass without a limbs store: a status;
   *fits 1 with the root's count in *root_count when every count fits in 128 bits, else 0 */
static int count_two_words(Env *e, const i64 *hi, const i64 *lo, i64 n, i64 root, int *fits,
                           u128 *root_count) {
    *fits = 0;
    if (over_budget(e, n * 16)) return ZNOMEM;
    u128 *c = malloc((size_t)(root + 1) * sizeof(u128));
    if (!c) return ZNOMEM;
    c[0] = 0;
    c[1] = 1;
    int status = ZOK;
    i64 i = 2;
    for (; i <= root; i++) {
        if ((i & (POLL_EVERY - 1)) == 0 && poll_signals(e)) { status = ZINTERRUPTED; break; }
        if (__builtin_add_overflow(c[hi[i]], c[lo[i]], &c[i])) break;
    }
    if (status == ZOK && i > root) { *fits = 1; *root_count = c[root]; }
    free(c);
    return status;
}

int count_root(Env *e, const i64 *hi, const i64 *lo, i64 n, i64 root, u64 *narrow, u64 **limbs,
               i64 *nlimbs) {
    *limbs = NULL;
    *nlimbs = 0;
    *narrow = (u64)root;
    if (root < 2) return ZOK;
    u128 two;
    int fits, status = count_two_words(e, hi, lo, n, root, &fits, &two);
    if (status != ZOK) return status;
    if (fits) {  /* the common case: one pass, no limbs store */
        if (two < WIDE_COUNT) { *narrow = (u64)two; return ZOK; }
        *narrow = WIDE_COUNT;
        if (!(*limbs = malloc(2 * sizeof(u64)))) return ZNOMEM;
        (*limbs)[0] = (u64)two;
        (*limbs)[1] = (u64)(two >> 64);
        *nlimbs = (*limbs)[1] ? 2 : 1;
        return ZOK;
    }
    if (over_budget(e, n * 16)) return ZNOMEM;
    Stream S = {{malloc(64 * sizeof(u64)), 0, 64}, calloc((size_t)n, sizeof(u64)),
                calloc((size_t)n, sizeof(i64)), malloc(64 * sizeof(i64)), 0, 64, 0};
    status = ZNOMEM;
    if (S.L.big && S.counts && S.last && S.owners) status = stream(e, &S, hi, lo, n, root);
    if (status == ZOK) {
        u64 c = S.counts[root];
        *narrow = c;
        if (c >= WIDE_COUNT) {
            i64 width;
            const u64 *a = limbs_of(&S.L, &c, &width);
            *narrow = WIDE_COUNT;
            *limbs = malloc((size_t)width * sizeof(u64));
            if (*limbs) { memcpy(*limbs, a, (size_t)width * sizeof(u64)); *nlimbs = width; }
            else status = ZNOMEM;
        }
    }
    free(S.L.big); free(S.counts); free(S.last); free(S.owners);
    return status;
}

/* ---- counts by size, modulo primes ---------------------------------------------- */

#define BIG_SIZE (1LL << 60)

/* (smallest, largest) member size below every node; (BIG_SIZE, -1) for the empty family */
static void size_range(const i64 *hi, const i64 *lo, i64 n, i64 *mn, i64 *mx) {
    if (n > 0) { mn[0] = BIG_SIZE; mx[0] = -1; }
    if (n > 1) { mn[1] = 0; mx[1] = 0; }
    for (i64 i = 2; i < n; i++) {
        i64 a = hi[i], b = lo[i];
        i64 with = mn[a] < BIG_SIZE ? mn[a] + 1 : BIG_SIZE;
        mn[i] = with < mn[b] ? with : mn[b];
        i64 top = mx[a] >= 0 ? mx[a] + 1 : -1;
        mx[i] = top > mx[b] ? top : mx[b];
    }
}

/* dst (rows from size dst_min) += src (rows from size src_min + shift), mod each prime */
static void add_shifted(i64 *dst, i64 dst_min, const i64 *src, i64 rows, i64 src_min, i64 shift,
                        const i64 *primes, i64 np) {
    i64 *d = dst + (src_min + shift - dst_min) * np;
    for (i64 s = 0; s < rows * np; s += np)
        for (i64 q = 0; q < np; q++) {
            i64 x = d[s + q] + src[s + q];
            d[s + q] = x >= primes[q] ? x - primes[q] : x;
        }
}

/* Each node keeps counts only for the sizes its members have (vec[i], rows mn..mx),
   freed once its last parent is done. */
typedef struct { i64 *mn, *mx, *parents; i64 **vec; i64 live; } BySize;

static inline i64 rows_of(const BySize *B, i64 i) {
    return B->mx[i] >= 0 ? B->mx[i] - B->mn[i] + 1 : 0;
}

static int by_size(Env *e, BySize *B, const i64 *hi, const i64 *lo, i64 n, i64 root,
                   const i64 *primes, i64 np) {
    size_range(hi, lo, n, B->mn, B->mx);
    for (i64 i = 2; i < n; i++) { B->parents[hi[i]]++; B->parents[lo[i]]++; }
    if (!(B->vec[1] = malloc((size_t)np * sizeof(i64)))) return ZNOMEM;
    for (i64 q = 0; q < np; q++) B->vec[1][q] = 1;
    for (i64 i = 2; i < n; i++) {
        if (stopped(e)) return ZINTERRUPTED;
        i64 rows = rows_of(B, i), bytes = rows * np * 8;
        if (over_budget(e, B->live + bytes + n * 32)) return ZNOMEM;
        if (rows && !(B->vec[i] = calloc((size_t)(rows * np), sizeof(i64)))) return ZNOMEM;
        B->live += bytes;
        i64 a = hi[i], b = lo[i];
        if (B->mx[b] >= 0)
            add_shifted(B->vec[i], B->mn[i], B->vec[b], rows_of(B, b), B->mn[b], 0, primes, np);
        if (B->mx[a] >= 0)
            add_shifted(B->vec[i], B->mn[i], B->vec[a], rows_of(B, a), B->mn[a], 1, primes, np);
        i64 kids[2] = {a, b};
        for (int k = 0; k < 2; k++) {
            i64 c = kids[k];
            if (--B->parents[c] == 0 && c != root && c > 1 && B->vec[c]) {
                B->live -= rows_of(B, c) * np * 8;
                free(B->vec[c]);
                B->vec[c] = NULL;
            }
        }
    }
    return ZOK;
}

int count_by_size(Env *e, const i64 *hi, const i64 *lo, i64 n, i64 root, const i64 *primes,
                  i64 np, i64 *smallest, i64 **residues, i64 *rows) {
    *smallest = 0;
    *residues = NULL;
    *rows = 0;
    if (n < 2 || root < 1) return ZOK;
    if (over_budget(e, n * 32)) return ZNOMEM;
    BySize B = {malloc((size_t)n * sizeof(i64)), malloc((size_t)n * sizeof(i64)),
                calloc((size_t)n, sizeof(i64)), calloc((size_t)n, sizeof(i64 *)), 0};
    int status = ZNOMEM;
    if (B.mn && B.mx && B.parents && B.vec) status = by_size(e, &B, hi, lo, n, root, primes, np);
    if (status == ZOK && B.mx[root] >= 0) {
        *smallest = B.mn[root];
        *rows = rows_of(&B, root);
        *residues = B.vec[root];
        B.vec[root] = NULL;
    }
    if (B.vec)
        for (i64 i = 0; i < n; i++) free(B.vec[i]);
    free(B.mn); free(B.mx); free(B.parents); free(B.vec);
    return status;
}

/* ---- weights and the tilted sampler ------------------------------------------- */

int best_weight(Env *e, const i64 *level, const i64 *hi, const i64 *lo, i64 n, const double *w,
                double sign, double *best) {
    if (n > 0) best[0] = INFINITY;
    if (n > 1) best[1] = 0.0;
    for (i64 i = 2; i < n; i++) {
        if (stopped(e)) return ZINTERRUPTED;
        double with = best[hi[i]] + sign * w[level[i]], without = best[lo[i]];
        best[i] = with < without ? with : without;
    }
    return ZOK;
}

int tilt(Env *e, const i64 *hi, const i64 *lo, i64 n, double log_lambda, double *logw,
         double *mean) {
    if (n > 0) { logw[0] = -INFINITY; mean[0] = 0.0; }
    if (n > 1) { logw[1] = 0.0; mean[1] = 0.0; }
    for (i64 i = 2; i < n; i++) {
        if (stopped(e)) return ZINTERRUPTED;
        double a = logw[lo[i]], b = log_lambda + logw[hi[i]], top = a > b ? a : b;
        logw[i] = top > -INFINITY ? top + log(exp(a - top) + exp(b - top)) : -INFINITY;
        mean[i] = 0.0;
        if (logw[i] > -INFINITY) {
            double p = exp(b - logw[i]);
            mean[i] = p * (1.0 + mean[hi[i]]) + (1.0 - p) * mean[lo[i]];
        }
    }
    return ZOK;
}

i64 tilted_walk(const i64 *level, const i64 *hi, const i64 *lo, i64 root, const double *logw,
                double log_lambda, const double *u, i64 nu, i64 *out, i64 nout) {
    i64 v = root, k = 0;
    for (i64 j = 0; v > 1 && j < nu; j++) {
        if (u[j] < exp(log_lambda + logw[hi[v]] - logw[v])) {
            if (k < nout) out[k] = level[v];
            k++;
            v = hi[v];
        } else {
            v = lo[v];
        }
    }
    return k;
}
