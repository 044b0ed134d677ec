/* The one driver of the operations given by steps (zalg/ops/ops.h): their recursion on an
   explicit stack, so ZDDs of any depth need no native recursion.

   A frame is one subproblem (op, f, g), its phase, and the slot of the value stack where
   its result goes; a step that needs subproblems reserves one slot for each, fills the
   slots of those it can answer at once (a terminal case, or the memo table) and pushes
   frames for the others.  Its combine step reads the slots, and they are released when
   it is done.  A combine step that asks for more subproblems may keep temporaries for
   them (a union it built as a kid's operand): they go to the frame's slots after that
   phase's kids, owned, and are released with the frame's other values.

   Results are memoised in the call's table (zalg/cudd/memo.h), which holds a reference
   on each (and on its second key, for an operation that builds its keys: F_HOLDS_KEYS);
   values in slots borrow that reference (or an operand's), so a subproblem costs one
   reference, taken when its result is stored.  The table is flushed when doubling it
   would pass the Universe's budget, and when CUDD cannot create a node (then the step
   is retried once with the table empty and the dead nodes collected); a flush first
   references every value still waiting in a slot.  So a call that fits runs at full
   speed, and one that does not trades time for room before it gives up.  The result of
   a call of a F_CACHED operation also goes to CUDD's computed table under its tag
   (op_tag), so that a later call on the same operands finds it at once; CUDD drops an
   entry when one of its nodes dies.  Only the root's: storing every subproblem's result
   there as well spared 2.6 % of the mate-ZDD's subproblems and cost 25 % more time
   (docs/performance.md).

   A subproblem of a code that is no operation on steps ends the call with ZUNKNOWN_OP.
   Every call ends with every reference it took released except the result's. */
#include "driver.h"
#include "../cudd/memo.h"

typedef struct { i64 op, f, g, phase, base, dest; } Frame;

typedef struct {
    const Op *const *ops;
    Memo memo;
    Frame *frames; i64 nf, fcap;
    i64 *values; uint8_t *owned; i64 nv, vcap;
} Run;

static inline void memo_key(const Op *o, i64 *a, i64 *b) {
    if ((o->flags & F_COMMUTATIVE) && *a > *b) { i64 t = *a; *a = *b; *b = t; }
}
static inline i64 memo_op(const Op *o, i64 code) {
    return (o->flags & F_HOLDS_KEYS) ? code | KEY_HELD : code;
}

/* empty the memo table mid-call: every value waiting in a slot is referenced first */
static void flush(Run *R, Env *e) {
    for (i64 i = 0; i < R->nv; i++)
        if (!R->owned[i] && R->values[i]) { ref(e, R->values[i]); R->owned[i] = 1; }
    memo_release(&R->memo, e);
}

/* the result of subproblem (code, x, y), referenced, handed to the memo table; returns it
   borrowed from the table (an equal key stored meanwhile wins) */
static i64 finish_frame(Run *R, Env *e, i64 code, i64 x, i64 y, i64 r) {
    const Op *o = R->ops[code];
    memo_key(o, &x, &y);
    i64 mo = memo_op(o, code);
    Memo *m = &R->memo;
    i64 i = memo_probe(m, mo, x, y);
    if (m->rows[4 * i]) { deref(e, r); return m->rows[4 * i + 3]; }
    if (!memo_has_room(m)) {
        if (!memo_grow(m, e)) flush(R, e);
        i = memo_probe(m, mo, x, y);
    }
    memo_fill(m, i, mo, x, y, r);
    if (mo != code) ref(e, y);  /* the row's key, released with the row */
    return r;
}

static int room(Run *R, i64 n) {
    if (R->nv + n > R->vcap) {
        i64 cap = 2 * R->vcap + n;
        i64 *v = realloc(R->values, cap * sizeof(i64));
        if (!v) return 0;
        R->values = v;
        uint8_t *o = realloc(R->owned, cap);
        if (!o) return 0;
        R->owned = o;
        R->vcap = cap;
    }
    if (R->nf + n > R->fcap) {
        i64 cap = 2 * R->fcap + n;
        Frame *f = realloc(R->frames, cap * sizeof(Frame));
        if (!f) return 0;
        R->frames = f;
        R->fcap = cap;
    }
    return 1;
}

static inline int known(i64 code) { return op_known(code) && OPS[code]->combine; }

/* the result of (code, x, y) without work (terminal case, memo table), or -1 */
static inline i64 lookup(Run *R, Env *e, i64 code, i64 x, i64 y, i64 k) {
    const Op *o = R->ops[code];
    i64 r = o->terminal(e, x, y, k);
    if (r != -1) return r;
    memo_key(o, &x, &y);
    return memo_get(&R->memo, memo_op(o, code), x, y);
}

/* reserve a slot for each of the n kids in e->kids, answer what can be answered, push a
   frame for the others (kid 0 runs first); 0 when a kid names an unknown operation */
static int ask(Run *R, Env *e, int n, i64 k) {
    i64 first = R->nv;
    for (int i = 0; i < n; i++) {
        i64 code = e->kids[3 * i], x = e->kids[3 * i + 1], y = e->kids[3 * i + 2];
        if (!known(code)) return 0;
        R->owned[first + i] = 0;
        i64 r = R->ops[code]->terminal(e, x, y, k);
        R->values[first + i] = r == -1 ? 0 : r;
        if (r == -1) {
            const Op *o = R->ops[code];
            memo_key(o, &x, &y);
            __builtin_prefetch(R->memo.rows + 4 * memo_home(&R->memo, memo_op(o, code), x, y));
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        if (R->values[first + i]) continue;
        i64 code = e->kids[3 * i], x = e->kids[3 * i + 1], y = e->kids[3 * i + 2];
        i64 r = lookup(R, e, code, x, y, k);
        if (r != -1) { R->values[first + i] = r; continue; }
        R->frames[R->nf++] = (Frame){code, x, y, 0, 0, first + i};
    }
    return 1;
}

/* one combine step; when CUDD runs out of room the memo table is flushed and the step
   retried once */
static int combine(Run *R, Env *e, const Frame *fr, i64 k, i64 *out, int *more) {
    const Op *o = R->ops[fr->op];
    for (int attempt = 0; attempt < 2; attempt++) {
        i64 r = o->combine(e, fr->f, fr->g, fr->phase, k, R->values + fr->base, more);
        if (r || *more) { *out = r; return ZOK; }
        drop_all(e);
        int failed = e->fail;
        e->fail = ZOK;
        if (failed == ZTOO_DEEP) return ZTOO_DEEP;
        if (failed == ZINTERRUPTED || cudd_stopped_for_ctrl_c(e)) {
            cudd_recover(e);
            return ZINTERRUPTED;
        }
        if (attempt == 1 || R->memo.count == 0) break;
        flush(R, e);
        cudd_recover(e);
    }
    return ZNOMEM;
}

static int drive(Run *R, Env *e, i64 root, i64 tag, i64 a, i64 b, i64 k) {
    R->frames[0] = (Frame){root, a, b, 0, 0, 0};
    R->nf = 1; R->nv = 1; R->values[0] = 0; R->owned[0] = 0;
    const Op *ro = R->ops[root];
    i64 ka = a, kb = b, steps = 0;
    memo_key(ro, &ka, &kb);
    if (kb == 0) kb = e->one;  /* CUDD's collector reads both keys as nodes */
    while (R->nf > 0) {
        if (++steps % POLL_EVERY == 0 && poll_signals(e)) return ZINTERRUPTED;
        Frame *fr = &R->frames[R->nf - 1];
        i64 code = fr->op, x = fr->f, y = fr->g;
        int n;
        if (fr->phase == 0) {
            i64 r = lookup(R, e, code, x, y, k);
            if (r == -1 && R->nf == 1 && tag) {
                i64 hit = cache_lookup(e, tag, ka, kb);
                if (hit) {  /* alive but unreferenced until now; the memo table takes it */
                    ref(e, hit);
                    e->ctx[C_STATS + S_CACHE_HITS]++;
                    r = finish_frame(R, e, code, x, y, hit);
                }
            }
            if (r != -1) {
                R->values[fr->dest] = r; R->owned[fr->dest] = 0; R->nf--;
                continue;
            }
            n = R->ops[code]->children(e, x, y, k);
            fr->base = R->nv;
        } else {
            i64 r;
            int status = combine(R, e, fr, k, &r, &n);
            if (status != ZOK) return status;
            if (n == 0) {
                disown(e, r);
                r = finish_frame(R, e, code, x, y, r);
                if (R->nf == 1 && tag) {
                    cache_insert(e, tag, ka, kb, r);
                    e->ctx[C_STATS + S_CACHE_STORES]++;
                }
                for (i64 i = fr->base; i < R->nv; i++)
                    if (R->owned[i]) deref(e, R->values[i]);
                R->nv = fr->base;
                R->values[fr->dest] = r; R->owned[fr->dest] = 0;
                R->nf--;
                continue;
            }
        }
        fr->phase++;
        /* temporaries a combine step keeps while its kids run: the frame's own values */
        int held = fr->phase > 1 ? e->ntmp : 0;
        if (!room(R, n + held)) return ZNOMEM;
        if (!ask(R, e, n, k)) return ZUNKNOWN_OP;
        R->nv += n;
        for (int i = 0; i < held; i++) {
            R->values[R->nv + i] = e->tmp[i];
            R->owned[R->nv + i] = 1;
        }
        e->ntmp = 0;
        R->nv += held;
    }
    return ZOK;
}

/* the root's result r after the operation's finish step, referenced in *out */
static int finish(const Op *o, Env *e, i64 a, i64 b, i64 r, i64 *out) {
    if (!o->finish) { ref(e, r); *out = r; return ZOK; }
    r = keep(e, r);
    if (r) r = o->finish(e, a, b, r);
    if (!r) {
        int failed = e->fail;
        e->fail = ZOK;
        return failed == ZOK ? ZNOMEM : failed;
    }
    disown(e, r);
    *out = r;
    return ZOK;
}

int apply_op(int code, i64 *ctx, const Args *x, i64 *out) {
    Env e;
    env_init(&e, ctx, x->aux, x->naux);
    Run R = {OPS, {0}, malloc(256 * sizeof(Frame)), 0, 256, malloc(256 * sizeof(i64)),
             malloc(256), 0, 256};
    int status = ZNOMEM;
    *out = 0;
    if (memo_new(&R.memo) && R.frames && R.values && R.owned) {
        status = drive(&R, &e, code, op_tag(&e, code), x->a, x->b, x->k);
        if (status == ZOK) status = finish(OPS[code], &e, x->a, x->b, R.values[0], out);
        for (i64 i = 0; i < R.nv; i++)
            if (R.owned[i]) deref(&e, R.values[i]);
        memo_release(&R.memo, &e);
        lend_to_tables(&e, 0);  /* the table goes: CUDD may use the whole budget again */
    }
    drop_all(&e);
    memo_free(&R.memo);
    free(R.frames); free(R.values); free(R.owned);
    return status;
}
