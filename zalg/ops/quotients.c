/* The quotients of one family by each of several elements, in one pass: [F / x : x ∈ xs].

   F / x = {S ∖ {x} : S ∈ F, x ∈ S}.  Each quotient on its own (OP_QUOT_SET)
   walks every node of F above x's level, also the many from which no member holding
   x can be reached; the mate-ZDD's edge step divides one family by every mate element
   of a vertex (each member holds at most one), so those walks cross the same top of
   F again and again for results that are mostly empty there.  Here one pass first
   marks, for every node above the deepest x, which of the xs occur below it (a bit
   mask), and each quotient then walks only the nodes whose mask has its bit: the
   work of a quotient is the size of its result, not of the region above its element.

   Each quotient memoises its results in the mask table's own slots (a result and the
   number of the quotient it belongs to, per node), found by the same probe that reads
   the node's mask: CUDD's computed table would cost two more random accesses per node
   for a low hit rate (mostly the call's own shared nodes), and its entries would crowd
   out the unions'.
   The pass recurses natively; a family more than MAX_DEPTH levels deep above the
   deepest x, or more than MAX_ELEMENTS elements, is left to the caller (status
   TOO_DEEP), which divides one element at a time. */
#include "quotients.h"

#define EMPTY (-1)  /* a free slot (no node pointer is negative) */
#define FIRST_SLOTS 1024
#define SLOT_BYTES 32  /* key, mask, memoised result, its quotient's number */
#define RETRY (-1)     /* the table is over half full: a bigger one is needed */
#define STOP (-2)      /* Ctrl-C */

typedef struct {
    i64 *keys, *masks, *memo, *stamp, size, fill, deepest;
    const i64 *bit;    /* bit[level]: the element's bit, 0 for the other levels */
} Table;

static inline i64 slot(const Table *t, i64 p) {
    u64 mask = (u64)t->size - 1, i = ((u64)p >> 4) * 0x5851F42D4C957F2DULL & mask;
    while (t->keys[i] != EMPTY && t->keys[i] != p) i = (i + 1) & mask;
    return (i64)i;
}

/* the bits of the elements some member below node p holds; RETRY or STOP */
static i64 mask(Env *e, Table *t, i64 p) {
    i64 v = level(e, p);
    if (v > t->deepest) return 0;
    i64 i = slot(t, p);
    if (t->keys[i] == p) return t->masks[i];
    if (2 * (t->fill + 1) > t->size) return RETRY;
    if (stopped(e)) return STOP;
    i64 hi = mask(e, t, node_hi(p));
    if (hi < 0) return hi;
    i64 lo = mask(e, t, node_lo(p));
    if (lo < 0) return lo;
    if (2 * (t->fill + 1) > t->size) return RETRY;  /* the recursion filled the table */
    i64 m = hi | lo | t->bit[v];
    i = slot(t, p);
    t->keys[i] = p;
    t->masks[i] = m;
    t->fill++;
    return m;
}

/* the slot of node p when some member below p holds the element of bit b, else -1 */
static inline i64 child(const Env *e, const Table *t, i64 p, i64 b) {
    if (level(e, p) > t->deepest) return -1;
    i64 i = slot(t, p);
    return (t->masks[i] >> b) & 1 ? i : -1;
}

/* p / {{x}} (x at level v, of bit b, quotient number j) for a node p below which x occurs
   (slot i), unreferenced, or 0 (e->fail: why).  Every memoised result stays referenced as
   a descendant of the quotient being built until its root is returned and referenced. */
static i64 quot(Env *e, Table *t, i64 p, i64 i, i64 v, i64 b, i64 j) {
    i64 w = level(e, p);
    if (w == v) return node_hi(p);
    if (t->stamp[i] == j) return t->memo[i];
    if (stopped(e)) return 0;
    i64 hi = node_hi(p), k = child(e, t, hi, b);
    i64 th = k >= 0 ? quot(e, t, hi, k, v, b, j) : e->zero;
    if (!th) return 0;
    ref(e, th);
    i64 lo = node_lo(p);
    k = child(e, t, lo, b);
    i64 el = k >= 0 ? quot(e, t, lo, k, v, b, j) : e->zero;
    if (!el) { deref(e, th); return 0; }
    ref(e, el);
    i64 r = e->getnode(e->mgr, (int)w, th, el);
    if (!r) { deref(e, th); deref(e, el); e->fail = ZNOMEM; return 0; }
    e->plainderef(th);
    e->plainderef(el);
    t->memo[i] = r;
    t->stamp[i] = j;
    return r;
}

static void table_free(Table *t) {
    free(t->keys); free(t->masks); free(t->memo); free(t->stamp);
    t->keys = t->masks = t->memo = t->stamp = NULL;
}

/* f's mask, the table grown (fourfold) until the pass fits; STOP, or RETRY when the
   table cannot grow within the budget or memory */
static i64 mask_pass(Env *e, Table *t, i64 f) {
    for (i64 size = FIRST_SLOTS;; size *= 4) {
        table_free(t);
        /* the first table is small; a bigger one must fit in the budget */
        if (size > FIRST_SLOTS && over_budget(e, size * SLOT_BYTES)) return RETRY;
        lend_to_tables(e, size * SLOT_BYTES);
        t->size = size;
        t->fill = 0;
        t->keys = malloc(size * sizeof(i64));
        t->masks = malloc(size * sizeof(i64));
        t->memo = malloc(size * sizeof(i64));
        t->stamp = malloc(size * sizeof(i64));
        if (!t->keys || !t->masks || !t->memo || !t->stamp) return RETRY;
        memset(t->keys, 0xff, size * sizeof(i64));  /* EMPTY */
        memset(t->stamp, 0xff, size * sizeof(i64)); /* no quotient's */
        i64 m = mask(e, t, f);
        if (m != RETRY) return m;
    }
}

/* every quotient in turn; on failure the earlier ones are released */
static int divide(Env *e, Table *t, i64 f, i64 m, const i64 *levels, i64 k, i64 *results) {
    for (i64 j = 0; j < k; j++) {
        i64 r = e->zero;
        if ((m >> j) & 1) r = quot(e, t, f, child(e, t, f, j), levels[j], j, j);
        if (!r) {
            for (i64 i = 0; i < j; i++) deref(e, results[i]);
            if (e->fail == ZINTERRUPTED || cudd_stopped_for_ctrl_c(e)) return ZINTERRUPTED;
            return ZNOMEM;
        }
        ref(e, r);
        results[j] = r;
    }
    return ZOK;
}

int quotients(Env *e, i64 f, const i64 *levels, i64 k, i64 *results) {
    i64 deepest = -1;
    for (i64 j = 0; j < k; j++) deepest = levels[j] > deepest ? levels[j] : deepest;
    if (k > MAX_ELEMENTS || deepest - level(e, f) >= e->max_depth) return ZTOO_DEEP;
    i64 *bit = calloc(e->nlev + 1, sizeof(i64));
    if (!bit) return ZNOMEM;
    for (i64 j = 0; j < k; j++) bit[levels[j]] = 1LL << j;
    Table t = {NULL, NULL, NULL, NULL, 0, 0, deepest, bit};
    i64 m = mask_pass(e, &t, f);
    int status = m == STOP ? ZINTERRUPTED : m == RETRY ? ZNOMEM
                                                       : divide(e, &t, f, m, levels, k, results);
    table_free(&t);
    free(bit);
    lend_to_tables(e, 0);  /* the table goes: CUDD may use the whole budget again */
    return status;
}

/* the table's run: aux holds the k levels, results[j] gets F / {{x_j}} */
static int run_quotients(i64 *ctx, int code, const Args *x, i64 *out) {
    (void)code; (void)out;
    Env e;
    env_init(&e, ctx, NULL, 0);
    return quotients(&e, x->a, x->aux, x->k, x->results);
}

const Op QUOTIENTS = {"quotients", 1, 0, .run = run_quotients};
