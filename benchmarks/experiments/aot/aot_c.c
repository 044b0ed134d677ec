/* Prototype: join and the grid-paths frontier sweep in plain C (a CPython extension).

   CUDD's routines are called through the addresses zalg already holds in a
   Manager's ctx array (zalg/kernels/nodes.py C_* indices, filled from
   zalg/kernels/native.py ADDR): no header of CUDD's and no link against dd.
   Node fields are read at the offsets native.py checks at import (index @0,
   then @16, else @24). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int64_t i64;
typedef uint64_t u64;

enum { C_MGR, C_ZERO, C_ONE, C_GETNODE, C_REF, C_DEREF, C_NLEV, C_CHECKSIG, C_CLEARERR, C_SAVE,
       C_RESTORE, C_MEMUSE, C_BUDGET, C_GC, C_CUDD_CLEAR, C_CUDD_ERROR, C_LOOKUP, C_INSERT,
       C_TAG_UNION, C_TAG_INTER, C_TAG_DIFF, C_PLAINDEREF, C_ZDDNODES, C_CACHESLOTS,
       C_CACHERESIZE, C_SETMAXMEM, C_LOOKUP3, C_INSERT3, C_OP_TAGS, C_STATS };
enum { OK = 0, INTERRUPTED = 1, NOMEM = 2 };
#define POLL_EVERY 4096
#define CUDD_TERMINATION 5
#define CACHE_MAX_SLOTS (1LL << 26)
#define OVERHEAD_TENTHS 13

typedef i64 (*getnode_t)(i64 mgr, int index, i64 hi, i64 lo);
typedef void (*ref_t)(i64 node);
typedef void (*deref_t)(i64 mgr, i64 node);
typedef i64 (*lookup2_t)(i64 mgr, i64 tag, i64 f, i64 g);
typedef void (*insert2_t)(i64 mgr, i64 tag, i64 f, i64 g, i64 r);
typedef i64 (*lookup3_t)(i64 mgr, i64 tag, i64 f, i64 g, i64 h);
typedef void (*insert3_t)(i64 mgr, i64 tag, i64 f, i64 g, i64 h, i64 r);
typedef size_t (*memuse_t)(i64 mgr);
typedef long (*count_t)(i64 mgr);
typedef unsigned (*slots_t)(i64 mgr);
typedef void (*mgrfn_t)(i64 mgr);
typedef void (*setmax_t)(i64 mgr, size_t bytes);
typedef int (*gc_t)(i64 mgr, int flag);
typedef int (*readerr_t)(i64 mgr);

typedef struct {
    i64 mgr, zero, one, nlev, budget, tag_union, op_tags;
    getnode_t getnode; ref_t ref, plainderef; deref_t deref;
    lookup2_t lookup2; insert2_t insert2; lookup3_t lookup3; insert3_t insert3;
    memuse_t memuse; count_t zddnodes; slots_t slots; mgrfn_t resize, clear;
    setmax_t setmax; gc_t gc; readerr_t readerr;
    i64 steps; int fail;
} Env;

static void env_of(Env *e, const i64 *ctx) {
    e->mgr = ctx[C_MGR]; e->zero = ctx[C_ZERO]; e->one = ctx[C_ONE]; e->nlev = ctx[C_NLEV];
    e->budget = ctx[C_BUDGET]; e->tag_union = ctx[C_TAG_UNION]; e->op_tags = ctx[C_OP_TAGS];
    e->getnode = (getnode_t)ctx[C_GETNODE]; e->ref = (ref_t)ctx[C_REF];
    e->plainderef = (ref_t)ctx[C_PLAINDEREF]; e->deref = (deref_t)ctx[C_DEREF];
    e->lookup2 = (lookup2_t)ctx[C_LOOKUP]; e->insert2 = (insert2_t)ctx[C_INSERT];
    e->lookup3 = (lookup3_t)ctx[C_LOOKUP3]; e->insert3 = (insert3_t)ctx[C_INSERT3];
    e->memuse = (memuse_t)ctx[C_MEMUSE]; e->zddnodes = (count_t)ctx[C_ZDDNODES];
    e->slots = (slots_t)ctx[C_CACHESLOTS]; e->resize = (mgrfn_t)ctx[C_CACHERESIZE];
    e->clear = (mgrfn_t)ctx[C_CUDD_CLEAR]; e->setmax = (setmax_t)ctx[C_SETMAXMEM];
    e->gc = (gc_t)ctx[C_GC]; e->readerr = (readerr_t)ctx[C_CUDD_ERROR];
    e->steps = 0; e->fail = OK;
}

/* ---- node access ---------------------------------------------------------------- */
static inline i64 node_index(i64 p) { return *(const uint32_t *)p; }
static inline i64 node_hi(i64 p) { return *(const i64 *)(p + 16); }
static inline i64 node_lo(i64 p) { return *(const i64 *)(p + 24); }
static inline i64 level(const Env *e, i64 p) {
    return (p == e->zero || p == e->one) ? e->nlev : node_index(p);
}
static inline void cof(const Env *e, i64 p, i64 v, i64 *lo, i64 *hi) {
    if (level(e, p) == v) { *lo = node_lo(p); *hi = node_hi(p); }
    else { *lo = p; *hi = e->zero; }
}
static inline i64 imin(i64 a, i64 b) { return a < b ? a : b; }

/* ---- pauses and budget ------------------------------------------------------------- */
static void grow_cache(Env *e) {
    if (!e->resize) return;
    i64 slots = e->slots(e->mgr);
    if (slots >= CACHE_MAX_SLOTS || e->zddnodes(e->mgr) <= slots) return;
    if (e->budget > 0 && ((i64)e->memuse(e->mgr) + slots * 32) * 8 > e->budget) return;
    e->resize(e->mgr);
}

/* Other threads run a moment; 1 when Ctrl-C arrived (Python's error cleared). */
static int poll(Env *e) {
    grow_cache(e);
    Py_BEGIN_ALLOW_THREADS
    Py_END_ALLOW_THREADS
    if (PyErr_CheckSignals() != 0) { PyErr_Clear(); return 1; }
    return 0;
}

static int over_budget(const Env *e, i64 extra) {
    if (e->budget <= 0) return 0;
    return (i64)e->memuse(e->mgr) * OVERHEAD_TENTHS / 10 + extra > e->budget;
}

static void lend_to_tables(const Env *e, i64 bytes) {
    if (e->budget > 0) {
        i64 share = (e->budget - bytes) * 10 / OVERHEAD_TENTHS;
        e->setmax(e->mgr, (size_t)(share > 1 ? share : 1));
    }
}

/* ---- union of two and of three (CUDD's recursion, memoised in its computed table) -- */
#define TAG_UNION3 0xC2
enum { UNION = 0, UNION3 = 3 };

static i64 union_rec(Env *e, int kind, i64 f, i64 g, i64 h) {
    if (kind == UNION3) {  /* sort, drop duplicates and empties */
        i64 t;
        if (f > g) { t = f; f = g; g = t; }
        if (g > h) { t = g; g = h; h = t; }
        if (f > g) { t = f; f = g; g = t; }
        if (f == g || f == e->zero) { kind = UNION; f = g; g = h; h = 0; }
        else if (g == h || g == e->zero) { kind = UNION; g = h; h = 0; }
        else if (h == e->zero) { kind = UNION; h = 0; }
    } else if (f > g) { i64 t = f; f = g; g = t; }
    if (kind == UNION) {
        if (f == e->zero) return g;
        if (g == e->zero || f == g) return f;
    }
    i64 hit = kind == UNION3 ? e->lookup3(e->mgr, TAG_UNION3, f, g, h)
                             : e->lookup2(e->mgr, e->tag_union, f, g);
    if (hit) return hit;
    if (++e->steps % POLL_EVERY == 0 && poll(e)) { e->fail = INTERRUPTED; return 0; }
    i64 v = imin(level(e, f), level(e, g));
    if (kind == UNION3) v = imin(v, level(e, h));
    i64 f0, f1, g0, g1, h0 = h, h1 = h;
    cof(e, f, v, &f0, &f1);
    cof(e, g, v, &g0, &g1);
    if (kind == UNION3) cof(e, h, v, &h0, &h1);
    i64 t = union_rec(e, kind, f1, g1, h1);
    if (!t) return 0;
    e->ref(t);
    i64 el = union_rec(e, kind, f0, g0, h0);
    if (!el) { e->deref(e->mgr, t); return 0; }
    e->ref(el);
    i64 r = e->getnode(e->mgr, (int)v, t, el);
    if (!r) { e->deref(e->mgr, t); e->deref(e->mgr, el); e->fail = NOMEM; return 0; }
    e->plainderef(t);
    e->plainderef(el);
    if (kind == UNION3) e->insert3(e->mgr, TAG_UNION3, f, g, h, r);
    else e->insert2(e->mgr, e->tag_union, f, g, r);
    return r;
}

/* (status) with *out referenced on OK */
static int union3(Env *e, i64 f, i64 g, i64 h, i64 *out) {
    i64 r = union_rec(e, UNION3, f, g, h);
    if (r) { e->ref(r); *out = r; return OK; }
    int status = e->fail;
    e->fail = OK;
    if (status != INTERRUPTED && e->readerr(e->mgr) == CUDD_TERMINATION) status = INTERRUPTED;
    return status == OK ? NOMEM : status;
}

/* ---- the memo table: rows [op, a, b, result], op 0 free ------------------------------ */
typedef struct { i64 *rows; i64 size, count; } Memo;
#define MAX_ROWS (1LL << 27)

static inline i64 home(const Memo *m, i64 op, i64 a, i64 b) {
    u64 h = ((u64)a * 0x9E3779B97F4A7C15ULL) ^ ((u64)b * 0xC2B2AE3D27D4EB4FULL);
    h ^= (u64)op * 0x165667B19E3779F9ULL;
    return (i64)((h >> 20) & (u64)(m->size - 1));
}
static inline i64 probe(const Memo *m, i64 op, i64 a, i64 b) {
    i64 i = home(m, op, a, b), mask = m->size - 1;
    const i64 *r = m->rows;
    while (r[4 * i] != 0 && !(r[4 * i] == op && r[4 * i + 1] == a && r[4 * i + 2] == b))
        i = (i + 1) & mask;
    return i;
}
static void memo_release(Memo *m, Env *e) {
    for (i64 j = 0; j < m->size; j++)
        if (m->rows[4 * j]) { e->deref(e->mgr, m->rows[4 * j + 3]); m->rows[4 * j] = 0; }
    m->count = 0;
}
/* 1 when the table doubled (or had room), 0 when it may not grow */
static int memo_grow(Memo *m, Env *e) {
    i64 size = 2 * m->size;
    if (size > MAX_ROWS || over_budget(e, (size + m->size) * 32)) return 0;
    i64 *bigger = calloc((size_t)size * 4, sizeof(i64));
    if (!bigger) return 0;
    Memo n = {bigger, size, 0};
    for (i64 j = 0; j < m->size; j++) {
        const i64 *r = m->rows + 4 * j;
        if (r[0]) { i64 t = probe(&n, r[0], r[1], r[2]); memcpy(bigger + 4 * t, r, 32); }
    }
    free(m->rows);
    m->rows = bigger;
    m->size = size;
    lend_to_tables(e, size * 32);
    return 1;
}

/* ---- join's driver: frames on an explicit stack -------------------------------------- */
typedef struct { i64 f, g, phase, base, dest; } Frame;
typedef struct {
    Frame *frames; i64 nf, fcap;
    i64 *values; uint8_t *owned; i64 nv, vcap;
} Stacks;

static void flush(Memo *m, Stacks *s, Env *e) {
    for (i64 i = 0; i < s->nv; i++)
        if (!s->owned[i] && s->values[i]) { e->ref(s->values[i]); s->owned[i] = 1; }
    memo_release(m, e);
}

/* the memo's value for (op, a, b) after storing r (referenced; the table takes it over) */
static i64 store(Memo *m, Stacks *s, Env *e, i64 op, i64 a, i64 b, i64 r) {
    i64 i = probe(m, op, a, b);
    if (m->rows[4 * i]) { e->deref(e->mgr, r); return m->rows[4 * i + 3]; }
    if (4 * (m->count + 1) > 3 * m->size) {
        if (!memo_grow(m, e)) flush(m, s, e);
        i = probe(m, op, a, b);
    }
    i64 *row = m->rows + 4 * i;
    row[0] = op; row[1] = a; row[2] = b; row[3] = r;
    m->count++;
    return r;
}

static int room(Stacks *s, i64 n) {
    if (s->nv + n > s->vcap) {
        i64 cap = 2 * s->vcap + n;
        i64 *v = realloc(s->values, cap * sizeof(i64));
        if (!v) return 0;
        s->values = v;
        uint8_t *o = realloc(s->owned, cap);
        if (!o) return 0;
        s->owned = o;
        s->vcap = cap;
    }
    if (s->nf + n > s->fcap) {
        i64 cap = 2 * s->fcap + n;
        Frame *f = realloc(s->frames, cap * sizeof(Frame));
        if (!f) return 0;
        s->frames = f;
        s->fcap = cap;
    }
    return 1;
}

#define JOIN_CODE 1
static inline i64 join_terminal(const Env *e, i64 a, i64 b) {
    if (a == e->zero || b == e->zero) return e->zero;
    if (a == e->one) return b;
    if (b == e->one) return a;
    return -1;
}
static inline i64 recalled(const Memo *m, i64 a, i64 b) {
    if (a > b) { i64 t = a; a = b; b = t; }
    i64 i = probe(m, JOIN_CODE, a, b);
    return m->rows[4 * i] ? m->rows[4 * i + 3] : -1;
}

/* The combine step of frame fr: the node, referenced, or 0 (status in *status). */
static i64 join_combine(Env *e, Stacks *s, Memo *m, i64 x, i64 y, i64 base, int *status) {
    for (int attempt = 0; attempt < 2; attempt++) {
        i64 w;
        int st = union3(e, s->values[base + 1], s->values[base + 2], s->values[base + 3], &w);
        if (st == OK) {
            i64 r = e->getnode(e->mgr, (int)imin(level(e, x), level(e, y)), w, s->values[base]);
            if (r) { e->ref(r); e->deref(e->mgr, w); *status = OK; return r; }
            e->deref(e->mgr, w);
            if (e->readerr(e->mgr) == CUDD_TERMINATION) st = INTERRUPTED;
            else st = NOMEM;
        }
        if (st == INTERRUPTED) { e->gc(e->mgr, 1); e->clear(e->mgr); *status = INTERRUPTED; return 0; }
        if (attempt == 1 || m->count == 0) break;
        flush(m, s, e);
        e->gc(e->mgr, 1);
        e->clear(e->mgr);
    }
    *status = NOMEM;
    return 0;
}

static int join_drive(Env *e, Stacks *s, Memo *m, i64 a, i64 b) {
    s->frames[0] = (Frame){a, b, 0, 0, 0};
    s->nf = 1; s->nv = 1; s->values[0] = 0; s->owned[0] = 0;
    i64 steps = 0, tag = e->op_tags ? e->op_tags + 8 * JOIN_CODE : 0;
    while (s->nf > 0) {
        if (++steps % POLL_EVERY == 0 && poll(e)) return INTERRUPTED;
        Frame *fr = &s->frames[s->nf - 1];
        i64 x = fr->f, y = fr->g, ka = x < y ? x : y, kb = x < y ? y : x;
        if (fr->phase == 0) {
            i64 r = join_terminal(e, x, y);
            if (r == -1) r = recalled(m, x, y);
            if (r == -1 && s->nf == 1 && tag) {
                i64 hit = e->lookup2(e->mgr, tag, ka, kb);
                if (hit) { e->ref(hit); r = store(m, s, e, JOIN_CODE, ka, kb, hit); }
            }
            if (r != -1) {
                s->values[fr->dest] = r; s->owned[fr->dest] = 0; s->nf--;
                continue;
            }
            fr->phase = 1;
            fr->base = s->nv;
            if (!room(s, 4)) return NOMEM;
            fr = &s->frames[s->nf - 1];
            i64 v = imin(level(e, x), level(e, y)), x0, x1, y0, y1;
            cof(e, x, v, &x0, &x1);
            cof(e, y, v, &y0, &y1);
            i64 kf[4] = {x0, x1, x0, x1}, kg[4] = {y0, y1, y1, y0};
            i64 first = s->nv;
            for (int i = 0; i < 4; i++) {
                i64 t = join_terminal(e, kf[i], kg[i]);
                s->values[first + i] = t == -1 ? 0 : t;
                s->owned[first + i] = 0;
                if (t == -1) {
                    i64 p = kf[i] < kg[i] ? kf[i] : kg[i], q = kf[i] < kg[i] ? kg[i] : kf[i];
                    __builtin_prefetch(m->rows + 4 * home(m, JOIN_CODE, p, q));
                }
            }
            for (int i = 3; i >= 0; i--) {
                if (s->values[first + i]) continue;
                i64 r2 = recalled(m, kf[i], kg[i]);
                if (r2 != -1) { s->values[first + i] = r2; continue; }
                s->frames[s->nf++] = (Frame){kf[i], kg[i], 0, 0, first + i};
            }
            s->nv += 4;
            continue;
        }
        int status;
        i64 r = join_combine(e, s, m, x, y, fr->base, &status);
        if (!r) return status;
        r = store(m, s, e, JOIN_CODE, ka, kb, r);
        if (s->nf == 1 && tag) e->insert2(e->mgr, tag, ka, kb, r);
        for (i64 i = fr->base; i < s->nv; i++)
            if (s->owned[i]) e->deref(e->mgr, s->values[i]);
        s->nv = fr->base;
        s->values[fr->dest] = r; s->owned[fr->dest] = 0;
        s->nf--;
    }
    return OK;
}

static PyObject *py_join(PyObject *self, PyObject *args) {
    Py_buffer ctxbuf;
    long long a, b;
    if (!PyArg_ParseTuple(args, "w*LL", &ctxbuf, &a, &b)) return NULL;
    i64 *ctx = ctxbuf.buf;
    Env e;
    env_of(&e, ctx);
    Memo m = {calloc(1024 * 4, sizeof(i64)), 1024, 0};
    Stacks s = {malloc(256 * sizeof(Frame)), 0, 256, malloc(256 * sizeof(i64)), malloc(256), 0, 256};
    int status = NOMEM;
    i64 result = 0;
    if (m.rows && s.frames && s.values && s.owned) {
        status = join_drive(&e, &s, &m, a, b);
        if (status == OK) { result = s.values[0]; e.ref(result); }
        for (i64 i = 0; i < s.nv; i++)
            if (s.owned[i]) e.deref(e.mgr, s.values[i]);
        memo_release(&m, &e);
        lend_to_tables(&e, 0);
    }
    free(m.rows); free(s.frames); free(s.values); free(s.owned);
    PyBuffer_Release(&ctxbuf);
    return Py_BuildValue("iL", status, (long long)result);
}

/* ==== the frontier: one driver, a machine's functions called through pointers ======== */
typedef int16_t st_t;
typedef i64 (*step_fn)(const st_t *s, st_t *t, i64 bit, const i64 *row, const i64 *consts, i64 *work);
typedef i64 (*final_fn)(const st_t *t, const i64 *consts, i64 *work);
typedef i64 (*takes_fn)(const st_t *s, const i64 *row, const i64 *consts, i64 *work);
enum { DEAD = 0, ACCEPT = 1, GOING = 2, SKIP = 2 };
#define REJECT_CODE (-1)
#define ACCEPT_CODE (-2)
#define WAITING (-3)

/* ---- the mate machine (zalg/frontier/mate.py), modes and columns as there ---- */
enum { EMPTY = -3, SELF = -1, DONE = -2 };
enum { CYCLE, CYCLES, PAIRS, FREE };
enum { I_CU, I_CV, I_ENTER_U, I_ENTER_V, I_LEAVE_U, I_LEAVE_V, I_ALLOWED, I_GA, I_GB, I_NEED_A,
       I_NEED_B, I_OPEN_A, I_OPEN_B, I_CLOSE_A, I_CLOSE_B, I_LATER_A, I_LATER_B, I_KIND,
       I_LOOPBIT, LABELS };
enum { K_W, K_MODE, K_COVER, K_ORDER, K_LABELS, K_WIDTH, K_AHEAD };
#define F_CLOSED 0
#define F_SAME 1
#define OUTPUT_LEVEL 1

static inline int leave(st_t *t, i64 c, i64 label, i64 W, i64 mode, i64 cover) {
    i64 m = t[c];
    int ok = 1;
    if (label >= 0) {
        if (m == SELF || m >= W) ok = 0;
        else if (m >= 0) t[m] = (st_t)(W + label);
    } else if (m == SELF) ok = !cover;
    else if (m != DONE) {
        if (mode == FREE) { if (m < W) t[m] = (st_t)W; }
        else ok = 0;
    }
    t[c] = EMPTY;
    return ok;
}

static inline int count_group(st_t *t, i64 slot, i64 need, i64 opening, i64 closing, i64 later,
                              i64 bit) {
    if (slot < 0) return 1;
    if (opening) t[slot] = 0;
    t[slot] += (st_t)bit;
    if (need < 0) return 1;
    if (t[slot] > need || t[slot] + later < need) return 0;
    if (closing) t[slot] = EMPTY;
    return 1;
}

static i64 mate_step(const st_t *s, st_t *t, i64 bit, const i64 *info, const i64 *consts,
                     i64 *work) {
    i64 W = consts[K_W], mode = consts[K_MODE], cover = consts[K_COVER];
    (void)work;
    memcpy(t, s, consts[K_WIDTH] * sizeof(st_t));
    if (info[I_KIND] == OUTPUT_LEVEL) {
        i64 g = info[I_GA];
        if (bit != (t[g] != info[I_NEED_A] ? 1 : 0)) return DEAD;
        t[g] = EMPTY;
        return GOING;
    }
    if (((info[I_ALLOWED] >> bit) & 1) == 0) return DEAD;
    if (info[I_LOOPBIT] >= 0 && bit != info[I_LOOPBIT]) t[W + F_SAME] = 0;
    i64 cu = info[I_CU], cv = info[I_CV];
    if (info[I_ENTER_U]) t[cu] = SELF;
    if (info[I_ENTER_V]) t[cv] = SELF;
    if (bit == 1) {
        if (t[W + F_CLOSED] == 1) return DEAD;
        i64 mu = t[cu], mv = t[cv];
        if (mu == DONE || mv == DONE) return DEAD;
        if ((info[LABELS + cu] >= 0 && mu != SELF) || (info[LABELS + cv] >= 0 && mv != SELF))
            return DEAD;
        if (mu == cv) {
            if (mode == CYCLE) {
                for (i64 k = 0; k < W; k++)
                    if (k != cu && k != cv && t[k] >= 0) return DEAD;
                t[W + F_CLOSED] = 1;
            } else if (mode != CYCLES) return DEAD;
            t[cu] = DONE;
            t[cv] = DONE;
        } else {
            i64 a = mu == SELF ? cu : mu, b = mv == SELF ? cv : mv;
            if (mu != SELF) t[cu] = DONE;
            if (mv != SELF) t[cv] = DONE;
            i64 la = -1, lb = -1;
            if (mode == PAIRS) {
                la = a >= W ? a - W : info[LABELS + a];
                lb = b >= W ? b - W : info[LABELS + b];
            }
            if (la >= 0 && lb >= 0) {
                if (la != lb) return DEAD;
                if (a < W) t[a] = DONE;
                if (b < W) t[b] = DONE;
            } else if (!(mode == FREE && a >= W && b >= W)) {
                if (a < W) t[a] = (st_t)b;
                if (b < W) t[b] = (st_t)a;
            }
        }
    }
    if (!count_group(t, info[I_GA], info[I_NEED_A], info[I_OPEN_A], info[I_CLOSE_A],
                     info[I_LATER_A], bit)) return DEAD;
    if (!count_group(t, info[I_GB], info[I_NEED_B], info[I_OPEN_B], info[I_CLOSE_B],
                     info[I_LATER_B], bit)) return DEAD;
    if (info[I_LEAVE_U] && !leave(t, cu, info[LABELS + cu], W, mode, cover)) return DEAD;
    if (info[I_LEAVE_V] && !leave(t, cv, info[LABELS + cv], W, mode, cover)) return DEAD;
    return GOING;
}

static inline int group_full(const st_t *s, i64 slot, i64 need, i64 opening) {
    if (slot < 0 || need < 0) return 0;
    return (opening ? 0 : s[slot]) + 1 > need;
}

static i64 mate_takes(const st_t *s, const i64 *row, const i64 *consts, i64 *work) {
    i64 W = consts[K_W];
    (void)work;
    if (row[I_KIND] == OUTPUT_LEVEL) return s[row[I_GA]] != row[I_NEED_A] ? 1 : 0;
    if (((row[I_ALLOWED] >> 1) & 1) == 0 || s[W + F_CLOSED] == 1) return 0;
    i64 cu = row[I_CU], cv = row[I_CV];
    i64 mu = row[I_ENTER_U] ? SELF : s[cu], mv = row[I_ENTER_V] ? SELF : s[cv];
    if (mu == DONE || mv == DONE) return 0;
    if ((row[LABELS + cu] >= 0 && mu != SELF) || (row[LABELS + cv] >= 0 && mv != SELF)) return 0;
    i64 mode = consts[K_MODE];
    if (mu == cv && mode != CYCLE && mode != CYCLES) return 0;
    if (mode != FREE && mu != cv) {
        if (row[I_LEAVE_U] && mu == SELF && row[LABELS + cu] < 0) return 0;
        if (row[I_LEAVE_V] && mv == SELF && row[LABELS + cv] < 0) return 0;
    }
    if (group_full(s, row[I_GA], row[I_NEED_A], row[I_OPEN_A])
        || group_full(s, row[I_GB], row[I_NEED_B], row[I_OPEN_B])) return 0;
    return 1;
}

static i64 mate_final(const st_t *t, const i64 *consts, i64 *work) {
    i64 W = consts[K_W];
    (void)work;
    if ((consts[K_MODE] == CYCLE && t[W + F_CLOSED] != 1) || t[W + F_SAME] == 1) return 0;
    return 1;
}

/* ---- the driver ------------------------------------------------------------------- */
typedef struct { st_t *rows; i64 *src; i64 n, cap; } Pending;

static int pend(Pending *p, i64 w, const st_t *t, i64 branch) {
    if (p->n == p->cap) {
        i64 cap = p->cap ? 2 * p->cap : 64;
        st_t *r = realloc(p->rows, cap * w * sizeof(st_t));
        if (!r) return 0;
        p->rows = r;
        i64 *s = realloc(p->src, cap * sizeof(i64));
        if (!s) return 0;
        p->src = s;
        p->cap = cap;
    }
    memcpy(p->rows + p->n * w, t, w * sizeof(st_t));
    p->src[p->n++] = branch;
    return 1;
}

static const u64 MULT[8] = {0x9E3779B97F4A7C15ULL, 0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL,
                            0xD6E8FEB86659FD93ULL, 0xFF51AFD7ED558CCDULL, 0xC4CEB9FE1A85EC53ULL,
                            0x94D049BB133111EBULL, 0xBF58476D1CE4E5B9ULL};

static inline u64 row_hash(const st_t *t, i64 w, i64 full, i64 tail) {
    u64 h = (u64)w, x;
    for (i64 k = 0; k < full; k++) {
        memcpy(&x, (const char *)t + 8 * k, 8);
        h += (x + (u64)k) * MULT[k & 7];
    }
    for (i64 k = tail; k < w; k++) h += ((u64)(i64)t[k] + (u64)k) * 0xD1B54A32D192ED03ULL;
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ULL;
    h ^= h >> 29;
    return h;
}

typedef struct {
    step_fn step; final_fn final; takes_fn takes;
    const i64 *info; i64 width; const i64 *consts; i64 *work; i64 m, w;
} Mach;

/* where state t (for level j) leads: a terminal code, or WAITING at *lev in *out */
static i64 onward(const Mach *M, st_t *t, st_t *u, i64 j, i64 *lev, st_t **out) {
    for (;;) {
        if (j == M->m) return M->final(t, M->consts, M->work) == 1 ? ACCEPT_CODE : REJECT_CODE;
        const i64 *row = M->info + j * M->width;
        i64 answer = M->takes(t, row, M->consts, M->work);
        if (answer == SKIP) { j++; continue; }
        if (answer != 0) { *lev = j; *out = t; return WAITING; }
        i64 st = M->step(t, u, 0, row, M->consts, M->work);
        if (st == DEAD) return REJECT_CODE;
        if (st == ACCEPT) return ACCEPT_CODE;
        st_t *x = t; t = u; u = x;
        j++;
    }
}

typedef struct { int32_t *codes; i64 ncodes; i64 *start; } Diagram;

static int sweep(const Mach *M, const st_t *root, Diagram *D) {
    i64 m = M->m, w = M->w, node = 1;
    int status = NOMEM;
    Pending *pend_at = calloc(m + 1, sizeof(Pending));
    st_t *tb = malloc(w * sizeof(st_t)), *ub = malloc(w * sizeof(st_t));
    i64 *table = NULL, *rep = NULL, tcap = 0;
    i64 full = w * (i64)sizeof(st_t) / 8, tail = full * 8 / (i64)sizeof(st_t);
    D->ncodes = 1024;
    D->codes = malloc(D->ncodes * sizeof(int32_t));
    D->start = calloc(m + 1, sizeof(i64));
    if (!pend_at || !tb || !ub || !D->codes || !D->start || !pend(&pend_at[0], w, root, 0))
        goto out;
    D->codes[0] = D->codes[1] = REJECT_CODE;
    i64 steps = 0;
    for (i64 j = 0; j < m; j++) {
        Pending *P = &pend_at[j];
        i64 n = P->n;
        if (D->ncodes < 2 * (node + n)) {
            i64 grown = 2 * (node + n) + D->ncodes / 4 + 1024;
            int32_t *c = realloc(D->codes, grown * sizeof(int32_t));
            if (!c) goto out;
            D->codes = c;
            D->ncodes = grown;
        }
        i64 cap = 16;
        while (cap < 2 * n) cap *= 2;
        if (cap > tcap) {
            free(table); free(rep);
            table = malloc(cap * sizeof(i64));
            rep = malloc(cap / 2 * sizeof(i64));
            tcap = cap;
            if (!table || !rep) goto out;
        }
        for (i64 k = 0; k < cap; k++) table[k] = -1;
        i64 mask = cap - 1, d = 0, first = node;
        for (i64 r = 0; r < n; r++) {
            const st_t *row = P->rows + r * w;
            u64 h = row_hash(row, w, full, tail);
            i64 tag = (i64)(h >> 33), pos = (i64)(h & (u64)mask), idx;
            for (;;) {
                i64 x = table[pos];
                if (x == -1) { table[pos] = (tag << 32) | d; rep[d] = r; idx = d++; break; }
                if ((x >> 32) == tag) {
                    i64 i = x & 0xFFFFFFFF;
                    if (memcmp(P->rows + rep[i] * w, row, w * sizeof(st_t)) == 0) { idx = i; break; }
                }
                pos = (pos + 1) & mask;
            }
            D->codes[P->src[r]] = (int32_t)(first + idx);
        }
        D->start[j] = first;
        const i64 *irow = M->info + j * M->width;
        for (i64 q = 0; q < d; q++) {
            if (++steps % POLL_EVERY == 0) {
                Py_BEGIN_ALLOW_THREADS
                Py_END_ALLOW_THREADS
                if (PyErr_CheckSignals() != 0) { PyErr_Clear(); status = INTERRUPTED; goto out; }
            }
            const st_t *s = P->rows + rep[q] * w;
            i64 g = first + q;
            for (i64 bit = 0; bit < 2; bit++) {
                i64 code = M->step(s, tb, bit, irow, M->consts, M->work);
                if (code == DEAD) D->codes[2 * g + bit] = REJECT_CODE;
                else if (code == ACCEPT) D->codes[2 * g + bit] = ACCEPT_CODE;
                else {
                    i64 lev;
                    st_t *state;
                    code = onward(M, tb, ub, j + 1, &lev, &state);
                    if (code == WAITING) {
                        if (!pend(&pend_at[lev], w, state, 2 * g + bit)) goto out;
                    } else D->codes[2 * g + bit] = (int32_t)code;
                }
            }
        }
        free(P->rows); free(P->src);
        P->rows = NULL; P->src = NULL; P->n = P->cap = 0;
        node = first + d;
    }
    D->start[m] = node;
    status = OK;
out:
    if (pend_at) {
        for (i64 j = 0; j <= m; j++) { free(pend_at[j].rows); free(pend_at[j].src); }
        free(pend_at);
    }
    free(tb); free(ub); free(table); free(rep);
    return status;
}

/* reduce: (level, hi, lo) children first, root last, as driver.reduce; returns r or -1 */
static i64 reduce(Diagram *D, const i64 *levels, i64 m, i64 nvars, i64 **rl, i64 **rh, i64 **rlo,
                  i64 *root) {
    i64 widest = 1, *start = D->start;
    int32_t *codes = D->codes;
    for (i64 j = 0; j < m; j++) if (start[j + 1] - start[j] > widest) widest = start[j + 1] - start[j];
    i64 tcap = 16;
    while (tcap < 2 * widest) tcap *= 2;
    int32_t *table = malloc(tcap * sizeof(int32_t));
    i64 out = start[m] + 2;
    i64 *lv = malloc(out * sizeof(i64)), *hi = malloc(out * sizeof(i64)), *lo = malloc(out * sizeof(i64));
    if (!table || !lv || !hi || !lo) { free(table); free(lv); free(hi); free(lo); return -1; }
    lv[0] = lv[1] = nvars; hi[0] = hi[1] = lo[0] = lo[1] = 0;
    i64 r = 2;
    for (i64 j = m - 1; j >= 0; j--) {
        i64 a = start[j], b = start[j + 1], cap = 16, bits = 4;
        while (cap < 2 * (b - a)) { cap *= 2; bits++; }
        i64 mask = cap - 1;
        int shift = 64 - (int)bits;
        for (i64 k = 0; k < cap; k++) table[k] = -1;
        for (i64 g = a; g < b; g++) {
            i64 c = codes[2 * g + 1];
            i64 h = c == REJECT_CODE ? 0 : (c == ACCEPT_CODE ? 1 : codes[2 * c]);
            c = codes[2 * g];
            i64 l = c == REJECT_CODE ? 0 : (c == ACCEPT_CODE ? 1 : codes[2 * c]);
            if (h == 0) { codes[2 * g] = (int32_t)l; continue; }
            u64 key = ((u64)l << 32) | (u64)h;
            i64 pos = (i64)((key * 0x9E3779B97F4A7C15ULL) >> shift);
            for (;;) {
                i64 k = table[pos];
                if (k == -1) {
                    lv[r] = levels[j]; hi[r] = h; lo[r] = l;
                    table[pos] = (int32_t)r; codes[2 * g] = (int32_t)r; r++;
                    break;
                }
                if (hi[k] == h && lo[k] == l) { codes[2 * g] = (int32_t)k; break; }
                pos = (pos + 1) & mask;
            }
        }
    }
    free(table);
    i64 c = codes[0];
    *root = c == REJECT_CODE ? 0 : (c == ACCEPT_CODE ? 1 : codes[2 * c]);
    *rl = lv; *rh = hi; *rlo = lo;
    return r;
}

static PyObject *bytes_of(const i64 *a, i64 n) {
    return PyBytes_FromStringAndSize((const char *)a, n * (Py_ssize_t)sizeof(i64));
}

/* mate_sweep(info, consts, root, work, levels, nvars) -> (status, level, hi, lo, root) */
static PyObject *py_mate_sweep(PyObject *self, PyObject *args) {
    Py_buffer info, consts, root, work, levels;
    long long nvars;
    if (!PyArg_ParseTuple(args, "y*y*y*w*y*L", &info, &consts, &root, &work, &levels, &nvars))
        return NULL;
    i64 m = levels.len / 8;
    Mach M = {mate_step, mate_final, mate_takes, info.buf, info.len / 8 / m, consts.buf,
              work.buf, m, root.len / (Py_ssize_t)sizeof(st_t)};
    Diagram D = {NULL, 0, NULL};
    int status = sweep(&M, root.buf, &D);
    PyObject *res = NULL;
    if (status == OK) {
        i64 *lv, *hi, *lo, rt;
        i64 r = reduce(&D, levels.buf, m, nvars, &lv, &hi, &lo, &rt);
        if (r < 0) status = NOMEM;
        else {
            res = Py_BuildValue("iNNNL", OK, bytes_of(lv, r), bytes_of(hi, r), bytes_of(lo, r),
                                (long long)rt);
            free(lv); free(hi); free(lo);
        }
    }
    free(D.codes); free(D.start);
    PyBuffer_Release(&info); PyBuffer_Release(&consts); PyBuffer_Release(&root);
    PyBuffer_Release(&work); PyBuffer_Release(&levels);
    if (!res) res = Py_BuildValue("iOOOi", status, Py_None, Py_None, Py_None, 0);
    return res;
}

static PyMethodDef methods[] = {
    {"join", py_join, METH_VARARGS, "(status, node): F join G on a Manager's ctx"},
    {"mate_sweep", py_mate_sweep, METH_VARARGS, "the mate machine's reduced diagram"},
    {NULL, NULL, 0, NULL}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "aot_c", NULL, -1, methods};
PyMODINIT_FUNC PyInit_aot_c(void) { return PyModule_Create(&module); }
