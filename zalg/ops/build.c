/* Families built from scratch: cardinality families and power sets, and the bulk
   node builder that turns exported node arrays into CUDD nodes.

   On a status but OK every node they referenced is released. */
#include "build.h"

/* the status after CUDD returned NULL */
static int failed(const Env *e) {
    return e->fail == ZINTERRUPTED || cudd_stopped_for_ctrl_c(e) ? ZINTERRUPTED : ZNOMEM;
}

static void release(const Env *e, const i64 *nodes, i64 n) {
    for (i64 i = 0; i < n; i++)
        if (nodes[i]) deref(e, nodes[i]);
}

/* the node for count c at a level from the counts below (cur); 0 on failure */
static i64 count_node(Env *e, int mode, int marked, i64 lev, const i64 *cur, i64 c, i64 k) {
    if (!marked) return mode == OP_POWER ? cur[c] : getnode(e, lev, cur[c], cur[c]);
    i64 hi;
    if (mode == OP_POWER) hi = cur[c];
    else if (c + 1 <= k) hi = cur[c + 1];
    else if (mode == OP_AT_LEAST) hi = cur[c];
    else hi = e->zero;
    return getnode(e, lev, hi, cur[c]);
}

/* cur[c]: the family of the levels below lev for c marked members counted above them.
   Only the counts c that the root reaches and that can still end well are built (c ≤
   marked levels above; for == and ≥, c ≥ k − marked levels from here down, the others
   stay ZERO): min(k, n − k) + 1 nodes a level, so exactly(n) is linear in n */
static int cardinality(Env *e, int mode, const i64 *marked, i64 k, i64 *cur, i64 *nxt) {
    for (i64 c = 0; c <= k; c++) {
        cur[c] = (mode == OP_EXACTLY || mode == OP_AT_LEAST) && c != k ? e->zero : e->one;
        ref(e, cur[c]);
    }
    i64 total = 0, below = 0;
    for (i64 lev = 0; lev < e->nlev; lev++) total += marked[lev] != 0;
    for (i64 lev = e->nlev - 1; lev >= 0; lev--) {
        below += marked[lev] != 0;
        i64 first = mode == OP_EXACTLY || mode == OP_AT_LEAST ? (k - below > 0 ? k - below : 0) : 0;
        i64 last = imin(k, total - below);
        for (i64 c = first; c <= last; c++) {
            if (stopped(e)) return ZINTERRUPTED;
            i64 node = count_node(e, mode, marked[lev] != 0, lev, cur, c, k);
            if (!node) return failed(e);
            ref(e, node);
            nxt[c] = node;
        }
        for (i64 c = first; c <= last; c++) {
            deref(e, cur[c]);
            cur[c] = nxt[c];
            nxt[c] = 0;
        }
    }
    return ZOK;
}

int build(Env *e, int mode, const i64 *marked, i64 k, i64 *out) {
    *out = 0;
    if (k < 0) return ZNOMEM;
    i64 *cur = calloc(k + 1, sizeof(i64)), *nxt = calloc(k + 1, sizeof(i64));
    int status = cur && nxt ? cardinality(e, mode, marked, k, cur, nxt) : ZNOMEM;
    if (nxt) release(e, nxt, k + 1);
    if (cur && status == ZOK) {
        release(e, cur + 1, k);
        *out = cur[0];
    } else if (cur) {
        release(e, cur, k + 1);
    }
    free(cur);
    free(nxt);
    return status;
}

int rebuild(Env *e, const i64 *lev, const i64 *hi, const i64 *lo, i64 n, i64 root, i64 *out) {
    *out = 0;
    /* the caller counted the pointer array with its own (Manager.lending) */
    if (n < 2 || root < 0 || root >= n) return ZNOMEM;
    i64 *ptr = malloc(n * sizeof(i64));
    if (!ptr) return ZNOMEM;
    /* making nodes reads no computed table: its pauses leave the table's size alone (the
       operations that use it grow it) */
    e->resize = NULL;
    ptr[0] = e->zero;
    ptr[1] = e->one;
    int status = ZOK;
    i64 made = 2;  /* nodes 2 .. made - 1 hold a reference */
    for (; made < n; made++) {
        if (made % POLL_EVERY == 0 && poll_signals(e)) { status = ZINTERRUPTED; break; }
        i64 p = e->getnode(e->mgr, (int)lev[made], ptr[hi[made]], ptr[lo[made]]);
        if (!p) { status = failed(e); break; }
        ref(e, p);
        ptr[made] = p;
    }
    if (status == ZOK) { *out = ptr[root]; ref(e, *out); }
    release(e, ptr + 2, made - 2);
    free(ptr);
    return status;
}

i64 checked_arrays(const i64 *lev, const i64 *hi, const i64 *lo, i64 n, i64 root, i64 nlev,
                   int ordered) {
    if (n < 2 || root < 0 || root >= n) return 0;
    for (i64 i = 2; i < n; i++) {
        i64 v = lev[i];
        if (v < 0 || v >= nlev || hi[i] < 0 || hi[i] >= i || lo[i] < 0 || lo[i] >= i) return i;
        if (!ordered) continue;
        if (hi[i] >= 2 && lev[hi[i]] <= v) return i;
        if (lo[i] >= 2 && lev[lo[i]] <= v) return i;
    }
    return -1;
}

/* the table's run of a builder: aux marks the levels (nonzero: marked), one word each */
static int run_build(i64 *ctx, int code, const Args *x, i64 *out) {
    Env e;
    env_init(&e, ctx, NULL, 0);
    return build(&e, code, x->aux, x->k, out);
}

const Op EXACTLY = {"exactly", 0, 0, .run = run_build};
const Op AT_MOST = {"at_most", 0, 0, .run = run_build};
const Op AT_LEAST = {"at_least", 0, 0, .run = run_build};
const Op POWER = {"power_set", 0, 0, .run = run_build};
