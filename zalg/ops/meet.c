/* Meet F ⊓ G = {a ∩ b : a ∈ F, b ∈ G} on a lean recursion: small fixed frames, its own memo.

   At a common top level v, F ⊓ G = v·(F1⊓G1) ∪ (F0⊓G0 ∪ F0⊓G1 ∪ F1⊓G0); when only F
   holds v, F0⊓G ∪ F1⊓G (no member of the meet holds v).  This is SAPPORO's
   ZBDD_Meet (four cofactor pairs at a common top, two when one operand lacks the
   level, an unordered pair as the key), run on an explicit stack (ZDDs of any depth).
   What the generic driver (driver.c) spends per subproblem on phases, kid lists in
   the Env, dispatch and temporaries is gone: a frame is (F, G, the slot its result goes
   to, the first slot of its kids), the kids a frame can answer at once (a terminal case,
   the memo) get no frame, and the step's union of three runs in setop.c (CUDD's
   computed table).  The memo rows of a step's kids are prefetched together, so their
   cache misses overlap (the probe was a third of the time, docs/performance.md).

   The memo is the driver's table (zalg/cudd/memo.h), private to the call and lossless: it holds
   a reference on every result, and a slot borrows that reference.  Keys need none: every
   operand of a subproblem is a cofactor of the call's operands.  When the table cannot
   grow within the budget, or CUDD cannot create a node, the table is flushed (values
   still waiting in a slot are referenced first) and the call goes on, as in the driver.
   The root's result is also kept in CUDD's computed table (under op_tag's tag), so a
   repeated call is answered at once. */
#include "setop.h"
#include "../cudd/memo.h"

/* the memo table's op column (one operation a call) */
#define ROW_OP 1

typedef struct { i64 f, g, dest, base; } Frame;

typedef struct {
    Memo memo;
    Frame *frames; i64 nf, fcap;
    i64 *values; uint8_t *owned; i64 nv, vcap;
} Run;

static inline i64 terminal(const Env *e, i64 a, i64 b) {
    if (a == e->zero || b == e->zero) return e->zero;
    if (a == e->one || b == e->one) return e->one;
    return -1;
}

static inline void order(i64 *a, i64 *b) {
    if (*a > *b) { i64 t = *a; *a = *b; *b = t; }
}

static inline void fetch(const Memo *m, i64 a, i64 b) {
    order(&a, &b);
    __builtin_prefetch(m->rows + 4 * memo_home(m, ROW_OP, a, b));
}

/* room for 4 more frames and slots; 0 when the stacks cannot grow (they hold a few
   entries per level of the operands: the budget is the memo table's) */
static int room(Run *R) {
    if (R->nv + 4 > R->vcap) {
        i64 cap = 2 * R->vcap;
        i64 *v = realloc(R->values, cap * sizeof(i64));
        if (!v) return 0;
        R->values = v;
        uint8_t *o = realloc(R->owned, cap);
        if (!o) return 0;
        R->owned = o;
        R->vcap = cap;
    }
    if (R->nf + 4 > R->fcap) {
        i64 cap = 2 * R->fcap;
        Frame *f = realloc(R->frames, cap * sizeof(Frame));
        if (!f) return 0;
        R->frames = f;
        R->fcap = cap;
    }
    return 1;
}

/* reserve slots for the kids of frame (x, y) at nv, answer what can be answered at once,
   push frames for the others (kid 0 on top); returns how many kids.  Kids: 4 at a common
   top, (x0, y0), (x1, y1), (x0, y1), (x1, y0); 2 when one lacks it: (x0, y), (x1, y) or
   (x, y0), (x, y1). */
static int ask(Run *R, const Env *e, i64 x, i64 y) {
    i64 vx = level(e, x), vy = level(e, y), v = imin(vx, vy), x0, x1, y0, y1;
    cof(e, x, v, &x0, &x1);
    cof(e, y, v, &y0, &y1);
    i64 kx[4], ky[4];
    int n;
    if (vx == vy) {
        n = 4;
        kx[0] = x0; kx[1] = x1; kx[2] = x0; kx[3] = x1;
        ky[0] = y0; ky[1] = y1; ky[2] = y1; ky[3] = y0;
    } else if (vx < vy) {
        n = 2;
        kx[0] = x0; kx[1] = x1; ky[0] = ky[1] = y;
    } else {
        n = 2;
        kx[0] = kx[1] = x; ky[0] = y0; ky[1] = y1;
    }
    i64 known[4];
    for (int i = 0; i < n; i++) {
        known[i] = terminal(e, kx[i], ky[i]);
        if (known[i] == -1) fetch(&R->memo, kx[i], ky[i]);
    }
    i64 nv = R->nv;
    for (int i = n - 1; i >= 0; i--) {
        i64 r = known[i];
        if (r == -1) {
            i64 a = kx[i], b = ky[i];
            order(&a, &b);
            r = memo_get(&R->memo, ROW_OP, a, b);
        }
        R->owned[nv + i] = 0;
        if (r != -1) { R->values[nv + i] = r; continue; }
        R->values[nv + i] = 0;
        R->frames[R->nf++] = (Frame){kx[i], ky[i], nv + i, -1};
    }
    return n;
}

/* status of frame (x, y) from its n kids' values at vals; *out carries one reference */
static int step(Env *e, i64 x, i64 y, const i64 *vals, i64 n, i64 *out) {
    if (n == 2) return setop(e, OP_UNION, vals[0], vals[1], out);
    i64 lo;
    int status = union_of_three(e, vals[0], vals[2], vals[3], &lo);
    if (status != ZOK) return status;
    /* vals[1] is referenced by the memo table or its slot; lo by this step */
    i64 r = e->getnode(e->mgr, (int)imin(level(e, x), level(e, y)), vals[1], lo);
    if (r) ref(e, r);
    deref(e, lo);
    *out = r;
    return r ? ZOK : ZNOMEM;
}

/* the result of key (x, y), referenced, handed to the memo table; returns it borrowed */
static i64 store(Run *R, Env *e, i64 x, i64 y, i64 r) {
    order(&x, &y);
    return memo_store(&R->memo, e, ROW_OP, x, y, r, R->values, R->owned, R->nv);
}

/* one step; when CUDD runs out of room the memo table is flushed and the step retried */
static int combine(Run *R, Env *e, const Frame *fr, i64 *out) {
    const i64 *vals = R->values + fr->base;
    i64 n = R->nv - fr->base;
    int status = step(e, fr->f, fr->g, vals, n, out);
    if (status == ZNOMEM && cudd_stopped_for_ctrl_c(e)) {
        cudd_recover(e);
        return ZINTERRUPTED;
    }
    if (status == ZNOMEM && R->memo.count > 0) {
        memo_flush(&R->memo, e, R->values, R->owned, R->nv);
        cudd_recover(e);
        status = step(e, fr->f, fr->g, vals, n, out);
    }
    return status;
}

static int loop(Run *R, Env *e, i64 a, i64 b) {
    R->frames[0] = (Frame){a, b, 0, -1};
    R->nf = 1; R->nv = 1; R->values[0] = 0; R->owned[0] = 0;
    i64 steps = 0;
    while (R->nf > 0) {
        if (++steps % POLL_EVERY == 0 && poll_signals(e)) return ZINTERRUPTED;
        Frame *fr = &R->frames[R->nf - 1];
        if (fr->base < 0) {
            if (!room(R)) return ZNOMEM;
            fr = &R->frames[R->nf - 1];
            fr->base = R->nv;
            R->nv += ask(R, e, fr->f, fr->g);
            continue;
        }
        fetch(&R->memo, fr->f, fr->g);  /* where the result goes, loaded while the step runs */
        i64 r;
        int status = combine(R, e, fr, &r);
        if (status != ZOK) return status;
        r = store(R, e, fr->f, fr->g, r);
        for (i64 i = fr->base; i < R->nv; i++)
            if (R->owned[i]) deref(e, R->values[i]);
        R->nv = fr->base;
        R->values[fr->dest] = r;
        R->owned[fr->dest] = 0;
        R->nf--;
    }
    return ZOK;
}

/* (status, result) of the loop on fresh stacks, everything but the result released */
static int run(Env *e, i64 a, i64 b, i64 *out) {
    Run R = {{0}, malloc(256 * sizeof(Frame)), 0, 256, malloc(256 * sizeof(i64)),
             malloc(256), 0, 256};
    int status = ZNOMEM;
    if (memo_new(&R.memo) && R.frames && R.values && R.owned) {
        status = loop(&R, e, a, b);
        if (status == ZOK) { *out = R.values[0]; ref(e, *out); }
        for (i64 i = 0; i < R.nv; i++)
            if (R.owned[i]) deref(e, R.values[i]);
        memo_release(&R.memo, e);
    }
    memo_free(&R.memo);
    free(R.frames); free(R.values); free(R.owned);
    return status;
}

static int run_meet(i64 *ctx, int code, const Args *x, i64 *out) {
    i64 a = x->a, b = x->b;
    Env e;
    env_init(&e, ctx, NULL, 0);
    *out = 0;
    i64 r = terminal(&e, a, b);
    if (r != -1) { ref(&e, r); *out = r; return ZOK; }
    order(&a, &b);
    i64 tag = op_tag(&e, code);
    r = tag ? cache_lookup(&e, tag, a, b) : 0;
    if (r) {  /* alive (CUDD revives a dead hit) but unreferenced until now */
        ref(&e, r);
        ctx[C_STATS + S_CACHE_HITS]++;
        *out = r;
        return ZOK;
    }
    int status = run(&e, a, b, &r);
    if (status == ZOK && tag) {
        cache_insert(&e, tag, a, b, r);
        ctx[C_STATS + S_CACHE_STORES]++;
    }
    lend_to_tables(&e, 0);  /* the table goes: CUDD may use the whole budget again */
    if (status == ZOK) *out = r;
    return status;
}

const Op MEET = {"meet", 2, F_COMMUTATIVE | F_CACHED, .run = run_meet};
