/* The frontier driver, compiled ahead of time: sweep and reduce.

   The design is driver.py's and store.py's (see their docstrings): pending child states
   in an arena of chunks, a level's rows hashed once and numbered in first-occurrence
   order, lookahead, the level loop with the budget checked before each level, and the
   bottom-up reduction.  The node numbering depends only on that order, so the
   plain-Python driver (driver.sweep) gives the same diagram.

   A machine's functions arrive as addresses of C functions (numba cfuncs, or machines
   compiled into this package), called through the pointer types below; the arrays
   arrive as Python buffers (numpy arrays, C-contiguous, writable) and stay the
   caller's: the driver never resizes them, it asks the caller to (NEED_CODES,
   NEED_ARENA).  Ctrl-C is polled every POLL_EVERY states and before returning, the
   manager's memory read before each level, both through the manager's ctx array. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../cudd/zcudd.h"  /* the ctx indices, POLL_EVERY, the budget's overhead */

typedef int32_t code_t;

/* ---- the driver's statuses (zalg/topdown/driver.py) ------------------------------ */
enum { OK = 0, INTERRUPTED = 1, NOMEM = 2, WIDE = 3, NEED_CODES = 5, NEED_ARENA = 6 };
typedef int (*checksig_t)(void);
typedef void (*clearerr_t)(void);
typedef void *(*save_t)(void);
typedef void (*restore_t)(void *state);

/* ---- machine functions (functions.py's signatures) ----------------------------- */
enum { DEAD = 0, ACCEPT = 1, SKIP = 2 };
enum { NO_LOOKAHEAD = 0, EXACT_LOOKAHEAD = 1, TAKES_LOOKAHEAD = 2 };
typedef i64 (*step_t)(void *s, void *t, i64 bit, const i64 *row, const i64 *consts, i64 *work);
typedef i64 (*final_t)(void *t, const i64 *consts, i64 *work);
typedef i64 (*takes_t)(void *s, const i64 *row, const i64 *consts, i64 *work);

/* ---- the store (store.py) -------------------------------------------------------- */
#define CHUNK 64
enum { HEAD, TAIL, FILL, COUNT };
enum { M_FREE, M_BUMP, M_LEVEL, M_NODE, M_BYTES, M_WIDTH };
#define REJECT_CODE (-1)
#define ACCEPT_CODE (-2)
#define WAITING (-3)
#define MAX_NODES ((1LL << 31) - 3)
#define BATCH 16

/* whether extra more bytes beside CUDD's own would pass the budget (0: none) */
static int over_budget_ctx(const i64 *ctx, i64 extra) {
    i64 budget = ctx[C_BUDGET];
    if (budget <= 0) return 0;
    i64 used = (i64)((memuse_t)ctx[C_MEMUSE])(ctx[C_MGR]) * OVERHEAD_TENTHS / 10;
    return used + extra > budget;
}

/* other threads run a moment; whether Ctrl-C arrived (Python's error then cleared).
   Python's routines are the ones ctx holds (PyEval_SaveThread, PyEval_RestoreThread,
   PyErr_CheckSignals, PyErr_Clear), as for every kernel. */
static int interrupted(const i64 *ctx) {
    ((restore_t)ctx[C_RESTORE])(((save_t)ctx[C_SAVE])());
    if (((checksig_t)ctx[C_CHECKSIG])() != 0) {
        ((clearerr_t)ctx[C_CLEARERR])();
        return 1;
    }
    return 0;
}

/* One run's arrays: the arena (rows of rb bytes, their branches, chunk links, the free
   stack), the per-level chains, the counters, the codes and the machine. */
typedef struct {
    char *rows; i64 *src, *nxt, *free, *levels, *meta, *start; code_t *codes;
    i64 rb, chunks, ncodes, m, width;
    step_t step; final_t final; takes_t takes;
    const i64 *info, *consts, *ctx; i64 *work;
    int lookahead;
} Run;

static i64 chunk_from(Run *r) {
    i64 *meta = r->meta, c;
    if (meta[M_FREE] > 0) c = r->free[--meta[M_FREE]];
    else c = meta[M_BUMP]++;
    r->nxt[c] = -1;
    return c;
}

/* append the state at t as pending at level j, filling branch */
static void push(Run *r, i64 j, const void *t, i64 branch) {
    i64 *lv = r->levels + 4 * j;
    i64 tail = lv[TAIL], fill = lv[FILL];
    if (tail < 0 || fill == CHUNK) {
        i64 c = chunk_from(r);
        if (tail < 0) lv[HEAD] = c; else r->nxt[tail] = c;
        lv[TAIL] = tail = c;
        fill = 0;
    }
    i64 row = tail * CHUNK + fill;
    memcpy(r->rows + row * r->rb, t, (size_t)r->rb);
    r->src[row] = branch;
    lv[FILL] = fill + 1;
    lv[COUNT] += 1;
}

/* level j's pending rows in arrival order into ids */
static void members(const Run *r, i64 j, i64 *ids) {
    i64 n = r->levels[4 * j + COUNT], c = r->levels[4 * j + HEAD], k = 0;
    while (k < n) {
        i64 take = n - k < CHUNK ? n - k : CHUNK;
        for (i64 i = 0; i < take; i++) ids[k + i] = c * CHUNK + i;
        k += take;
        c = r->nxt[c];
    }
}

/* give level j's chunks back to the free stack */
static void release(Run *r, i64 j) {
    i64 *lv = r->levels + 4 * j;
    for (i64 c = lv[HEAD]; c >= 0; c = r->nxt[c]) r->free[r->meta[M_FREE]++] = c;
    lv[HEAD] = lv[TAIL] = -1;
    lv[FILL] = lv[COUNT] = 0;
}

/* ---- per-level hashing ------------------------------------------------------------ */
static const u64 MULT[8] = {0x9E3779B97F4A7C15ULL, 0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL,
                            0xD6E8FEB86659FD93ULL, 0xFF51AFD7ED558CCDULL, 0xC4CEB9FE1A85EC53ULL,
                            0x94D049BB133111EBULL, 0xBF58476D1CE4E5B9ULL};

/* a 64-bit hash of the rb bytes at p: its 64-bit words, then the bytes after them */
static inline u64 row_hash(const char *p, i64 rb) {
    u64 h = (u64)rb, x;
    i64 full = rb / 8, k;
    for (k = 0; k < full; k++) {
        memcpy(&x, p + 8 * k, 8);
        h += (x + (u64)k) * MULT[k & 7];
    }
    for (k = 8 * full; k < rb; k++) h += ((u64)(unsigned char)p[k] + (u64)k) * 0xD1B54A32D192ED03ULL;
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ULL;
    h ^= h >> 29;
    return h;
}

static i64 table_size(i64 n) {
    i64 cap = 16;
    while (cap < 2 * n) cap *= 2;
    return cap;
}

/* number the distinct rows among rows[ids[:n]] (first occurrence order): rep[d] is the
   row of distinct state d, branch src[ids[k]] gets first + d; returns the count */
static i64 distinct(Run *r, const i64 *ids, i64 n, i64 *rep, i64 first, i64 *table) {
    i64 cap = table_size(n), mask = cap - 1, d = 0, rb = r->rb;
    u64 hashes[BATCH];
    for (i64 k = 0; k < cap; k++) table[k] = -1;
    for (i64 b = 0; b < n; b += BATCH) {
        i64 e = b + BATCH < n ? b + BATCH : n;
        for (i64 k = b; k < e; k++) {
            u64 h = row_hash(r->rows + ids[k] * rb, rb);
            hashes[k - b] = h;
            __builtin_prefetch(table + (h & (u64)mask));
        }
        for (i64 k = b; k < e; k++) {
            i64 row = ids[k], idx;
            const char *p = r->rows + row * rb;
            u64 h = hashes[k - b];
            i64 tag = (i64)(h >> 33), pos = (i64)(h & (u64)mask);
            for (;;) {
                i64 x = table[pos];
                if (x == -1) {
                    table[pos] = (tag << 32) | d;
                    rep[d] = row;
                    idx = d++;
                    break;
                }
                if ((x >> 32) == tag) {
                    i64 i = x & 0xFFFFFFFF;
                    if (memcmp(r->rows + rep[i] * rb, p, (size_t)rb) == 0) { idx = i; break; }
                }
                pos = (pos + 1) & mask;
            }
            r->codes[r->src[row]] = (code_t)(first + idx);
        }
    }
    return d;
}

/* where state *t, just made for level *j, leads: a terminal code, or WAITING with the
   child pending at *j in *t (lookahead may pass levels, swapping *t and *u) */
static i64 onward(Run *r, void **t, void **u, i64 *j) {
    for (;;) {
        if (*j == r->m)
            return r->final(*t, r->consts, r->work) == 1 ? ACCEPT_CODE : REJECT_CODE;
        if (r->lookahead == NO_LOOKAHEAD) return WAITING;
        const i64 *row = r->info + *j * r->width;
        if (r->lookahead == EXACT_LOOKAHEAD) {
            if (r->step(*t, *u, 1, row, r->consts, r->work) != DEAD) return WAITING;
        } else {
            i64 answer = r->takes(*t, row, r->consts, r->work);
            if (answer == SKIP) { (*j)++; continue; }
            if (answer != 0) return WAITING;
        }
        i64 status = r->step(*t, *u, 0, row, r->consts, r->work);
        if (status == DEAD) return REJECT_CODE;
        if (status == ACCEPT) return ACCEPT_CODE;
        void *x = *t; *t = *u; *u = x;
        (*j)++;
    }
}

/* expand the d distinct states of level j (rows rep, nodes first, first + 1, ...) */
static int expand(Run *r, const i64 *rep, i64 d, i64 first, i64 j, char *tbuf, char *ubuf) {
    const i64 *row = r->info + j * r->width;
    for (i64 q = 0; q < d; q++) {
        if (q % POLL_EVERY == POLL_EVERY - 1 && interrupted(r->ctx)) return INTERRUPTED;
        char *s = r->rows + rep[q] * r->rb;
        i64 g = first + q;
        for (i64 bit = 0; bit < 2; bit++) {
            i64 code = r->step(s, tbuf, bit, row, r->consts, r->work);
            if (code == DEAD) r->codes[2 * g + bit] = REJECT_CODE;
            else if (code == ACCEPT) r->codes[2 * g + bit] = ACCEPT_CODE;
            else {
                void *t = tbuf, *u = ubuf;
                i64 level = j + 1;
                code = onward(r, &t, &u, &level);
                if (code == WAITING) push(r, level, t, 2 * g + bit);
                else r->codes[2 * g + bit] = (code_t)code;
            }
        }
    }
    return OK;
}

static i64 codes_room(i64 have, i64 need) {
    i64 more = have + have / 4 + 1024;
    return need > more ? need : more;
}

/* chunks free before the d states of level j are expanded (driver.arena_room) */
static i64 arena_room(i64 d, i64 j, i64 m) {
    i64 spread = m - j < 2 * d ? m - j : 2 * d;
    return (2 * d + CHUNK - 1) / CHUNK + spread + 2;
}

/* The per-level tables of one sweep call (hash table, ids, representatives). */
typedef struct { i64 *table, *ids, *rep; i64 cap; } Tables;

static int tables_fit(Tables *tb, i64 cap) {
    if (tb->cap >= cap) return 1;
    free(tb->table); free(tb->ids); free(tb->rep);
    tb->table = malloc(sizeof(i64) * cap);
    tb->ids = malloc(sizeof(i64) * (cap / 2));
    tb->rep = malloc(sizeof(i64) * (cap / 2));
    tb->cap = cap;
    return tb->table && tb->ids && tb->rep;
}

/* run levels from meta[M_LEVEL] until the last is done or budget states were expanded;
   a status (see driver.py) */
static int levels_loop(Run *r, const i64 *ctx, i64 budget, i64 max_width, Tables *tb,
                       char *tbuf, char *ubuf) {
    i64 *meta = r->meta, m = r->m, done = 0, row_bytes = r->rb + 8;
    while (meta[M_LEVEL] < m && done < budget) {
        i64 j = meta[M_LEVEL], n = r->levels[4 * j + COUNT];
        i64 need = 2 * (meta[M_NODE] + n);
        i64 grow_to = r->ncodes < need ? codes_room(r->ncodes, need) : r->ncodes;
        i64 more = (i64)sizeof(code_t) * (grow_to - r->ncodes);
        i64 cap = table_size(n) > tb->cap ? table_size(n) : tb->cap;
        if (meta[M_NODE] + n > MAX_NODES || over_budget_ctx(ctx, meta[M_BYTES] + 16 * cap + more))
            return NOMEM;
        if (more) { meta[M_WIDTH] = grow_to; return NEED_CODES; }
        if (!tables_fit(tb, cap)) return NOMEM;
        i64 first = meta[M_NODE];
        members(r, j, tb->ids);
        i64 d = distinct(r, tb->ids, n, tb->rep, first, tb->table);
        meta[M_WIDTH] = d;
        if (max_width >= 0 && d > max_width) return WIDE;
        i64 missing = arena_room(d, j, m) - (meta[M_FREE] + r->chunks - meta[M_BUMP]);
        if (missing > 0) {  /* the caller grows the arena in place; the level is hashed again */
            i64 extra = missing > r->chunks / 4 ? missing : r->chunks / 4;
            if (over_budget_ctx(ctx, meta[M_BYTES] + 16 * cap + extra * (CHUNK * row_bytes + 16)))
                return NOMEM;
            meta[M_WIDTH] = r->chunks + extra;
            return NEED_ARENA;
        }
        r->start[j] = first;
        int status = expand(r, tb->rep, d, first, j, tbuf, ubuf);
        if (status != OK) return status;
        release(r, j);
        meta[M_NODE] = first + d;
        meta[M_LEVEL] = j + 1;
        done += d;
    }
    if (meta[M_LEVEL] == m) r->start[m] = meta[M_NODE];
    return OK;
}

/* ---- Python's side: buffers in, a status out ------------------------------------ */
/* the arrays sweep takes, in its argument order, with their item sizes (0: 2 or 4) */
enum { B_INFO, B_CONSTS, B_WORK, B_ROWS, B_SRC, B_NEXT, B_FREE, B_LEVELS, B_META, B_CODES,
       B_START, B_CTX, NBUF };
static const Py_ssize_t ITEM[NBUF] = {8, 8, 8, 0, 8, 8, 8, 8, 8, 4, 8, 8};

/* a C-contiguous view of obj with items of the given size; 0 with a Python error */
static int view(PyObject *obj, Py_buffer *b, Py_ssize_t item, int writable) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, b, flags) != 0) return 0;
    int ok = item ? b->itemsize == item : (b->itemsize == 2 || b->itemsize == 4);
    if (!ok || b->ndim < 1) {
        PyBuffer_Release(b);
        PyErr_SetString(PyExc_TypeError, "frontier driver: an array of the wrong type");
        return 0;
    }
    return 1;
}

static void release_views(Py_buffer *bufs, int n) {
    for (int k = 0; k < n; k++) PyBuffer_Release(&bufs[k]);
}

/* the run's fields over the views b */
static void run_of(Run *r, Py_buffer *b) {
    r->info = b[B_INFO].buf; r->consts = b[B_CONSTS].buf; r->work = b[B_WORK].buf;
    r->m = b[B_INFO].shape[0];
    r->width = b[B_INFO].ndim == 2 ? b[B_INFO].shape[1] : 1;
    r->rows = b[B_ROWS].buf;
    r->rb = (b[B_ROWS].ndim == 2 ? b[B_ROWS].shape[1] : 1) * b[B_ROWS].itemsize;
    r->src = b[B_SRC].buf; r->nxt = b[B_NEXT].buf; r->chunks = b[B_NEXT].shape[0];
    r->free = b[B_FREE].buf; r->levels = b[B_LEVELS].buf; r->meta = b[B_META].buf;
    r->codes = b[B_CODES].buf; r->ncodes = b[B_CODES].shape[0]; r->start = b[B_START].buf;
    r->ctx = b[B_CTX].buf;
}

PyDoc_STRVAR(sweep_doc,
"sweep(step, final, takes, info, consts, work, lookahead, rows, src, next, free, levels,\n"
"      meta, codes, start, ctx, budget, max_width) -> status\n\n"
"driver.sweep with the machine's functions given by address; the arrays stay the\n"
"caller's (grown by the caller on NEED_CODES and NEED_ARENA).");

static PyObject *py_sweep(PyObject *self, PyObject *args) {
    unsigned long long step, final, takes;
    int lookahead;
    long long budget, max_width;
    PyObject *o[NBUF];
    Py_buffer b[NBUF];
    if (!PyArg_ParseTuple(args, "KKKOOOiOOOOOOOOOLL", &step, &final, &takes, &o[B_INFO],
                          &o[B_CONSTS], &o[B_WORK], &lookahead, &o[B_ROWS], &o[B_SRC],
                          &o[B_NEXT], &o[B_FREE], &o[B_LEVELS], &o[B_META], &o[B_CODES],
                          &o[B_START], &o[B_CTX], &budget, &max_width))
        return NULL;
    for (int k = 0; k < NBUF; k++)
        if (!view(o[k], &b[k], ITEM[k], k != B_INFO && k != B_CONSTS && k != B_CTX)) {
            release_views(b, k);
            return NULL;
        }
    Run r;
    run_of(&r, b);
    r.step = (step_t)(uintptr_t)step; r.final = (final_t)(uintptr_t)final;
    r.takes = (takes_t)(uintptr_t)takes; r.lookahead = lookahead;
    Tables tb = {NULL, NULL, NULL, 0};
    char *tbuf = malloc((size_t)r.rb), *ubuf = malloc((size_t)r.rb);
    int status = NOMEM;
    if (tbuf && ubuf)
        status = levels_loop(&r, b[B_CTX].buf, budget, max_width, &tb, tbuf, ubuf);
    free(tb.table); free(tb.ids); free(tb.rep); free(tbuf); free(ubuf);
    release_views(b, NBUF);
    if (status != INTERRUPTED && interrupted(b[B_CTX].buf)) status = INTERRUPTED;
    return PyLong_FromLong(status);
}

/* ---- the reduction (driver.reduce) ------------------------------------------------ */
/* The reduced arrays (level, hi, lo) as they grow, and the id table of one level. */
typedef struct { i64 *level, *hi, *lo; i64 cap; } Out;

static int out_fit(Out *o, i64 need) {
    if (need <= o->cap) return 1;
    i64 *a = realloc(o->level, sizeof(i64) * need); if (!a) return 0; o->level = a;
    a = realloc(o->hi, sizeof(i64) * need); if (!a) return 0; o->hi = a;
    a = realloc(o->lo, sizeof(i64) * need); if (!a) return 0; o->lo = a;
    o->cap = need;
    return 1;
}

static inline i64 reduced(const code_t *codes, code_t c) {
    return c == REJECT_CODE ? 0 : (c == ACCEPT_CODE ? 1 : codes[2 * (i64)c]);
}

/* one level's nodes [a, b) reduced into o from *r on; a status */
static int reduce_level(code_t *codes, i64 a, i64 b, i64 lev, Out *o, i64 *r, int32_t *table,
                        const i64 *ctx) {
    i64 cap = 16, bits = 4;
    while (cap < 2 * (b - a)) { cap *= 2; bits++; }
    i64 mask = cap - 1;
    for (i64 k = 0; k < cap; k++) table[k] = -1;
    for (i64 g = a; g < b; g++) {
        if (g % POLL_EVERY == POLL_EVERY - 1 && interrupted(ctx)) return INTERRUPTED;
        i64 h = reduced(codes, codes[2 * g + 1]), lo = reduced(codes, codes[2 * g]);
        if (h == 0) { codes[2 * g] = (code_t)lo; continue; }
        u64 key = ((u64)lo << 32) | (u64)h;
        i64 pos = (i64)((key * 0x9E3779B97F4A7C15ULL) >> (64 - bits));
        for (;;) {
            i64 k = table[pos];
            if (k == -1) {
                o->level[*r] = lev; o->hi[*r] = h; o->lo[*r] = lo;
                table[pos] = (int32_t)*r;
                codes[2 * g] = (code_t)*r;
                (*r)++;
                break;
            }
            if (o->hi[k] == h && o->lo[k] == lo) { codes[2 * g] = (code_t)k; break; }
            pos = (pos + 1) & mask;
        }
    }
    return OK;
}

/* the reduction over views; status, with *r reduced nodes in o and the root in *root */
static int reduce_all(code_t *codes, const i64 *start, const i64 *levels, i64 m, i64 nvars,
                      const i64 *ctx, i64 held, i64 first_output, Out *o, i64 *r, i64 *root) {
    i64 widest = 1, tcap = 16;
    for (i64 j = 0; j < m; j++) if (start[j + 1] - start[j] > widest) widest = start[j + 1] - start[j];
    while (tcap < 2 * widest) tcap *= 2;
    i64 total = start[m] + 2, first = first_output < total ? first_output : total;
    int32_t *table = malloc(sizeof(int32_t) * tcap);
    if (!table || !out_fit(o, first > 2 ? first : 2)) { free(table); return NOMEM; }
    for (int k = 0; k < 2; k++) { o->level[k] = nvars; o->hi[k] = 0; o->lo[k] = 0; }
    *r = 2;
    int status = OK;
    for (i64 j = m - 1; j >= 0 && status == OK; j--) {
        i64 a = start[j], b = start[j + 1];
        if (*r + (b - a) > o->cap) {  /* the outputs double (realloc may move them) */
            i64 grown = *r + (b - a) > 2 * o->cap ? *r + (b - a) : 2 * o->cap;
            grown = grown < total ? grown : total;
            if (over_budget_ctx(ctx, held + tcap * 4 + 24 * (o->cap + grown)) || !out_fit(o, grown)) {
                status = NOMEM;
                break;
            }
        }
        status = reduce_level(codes, a, b, levels[j], o, r, table, ctx);
    }
    free(table);
    if (status == OK && interrupted(ctx)) status = INTERRUPTED;
    if (status == OK) *root = reduced(codes, codes[0]);
    return status;
}

/* a writable bytearray holding n int64 from p (numpy.frombuffer reads it) */
static PyObject *bytes_of(const i64 *p, i64 n) {
    return PyByteArray_FromStringAndSize((const char *)p, (Py_ssize_t)(sizeof(i64) * n));
}

PyDoc_STRVAR(reduce_doc,
"reduce(codes, start, levels, nvars, ctx, held, first_output) -> (status, level, hi, lo, root)\n\n"
"driver.reduce; the three arrays come as bytearrays of int64 (numpy.frombuffer).");

static PyObject *py_reduce(PyObject *self, PyObject *args) {
    PyObject *oc, *os, *ol, *ox;
    long long nvars, held, first_output;
    if (!PyArg_ParseTuple(args, "OOOLOLL", &oc, &os, &ol, &nvars, &ox, &held, &first_output))
        return NULL;
    Py_buffer bc, bs, bl, bx;
    if (!view(oc, &bc, 4, 1)) return NULL;
    if (!view(os, &bs, 8, 0)) { PyBuffer_Release(&bc); return NULL; }
    if (!view(ol, &bl, 8, 0)) { PyBuffer_Release(&bc); PyBuffer_Release(&bs); return NULL; }
    if (!view(ox, &bx, 8, 0)) {
        PyBuffer_Release(&bc); PyBuffer_Release(&bs); PyBuffer_Release(&bl);
        return NULL;
    }
    Out o = {NULL, NULL, NULL, 0};
    i64 r = 0, root = 0;
    int status = reduce_all(bc.buf, bs.buf, bl.buf, bl.shape[0], nvars, bx.buf, held,
                            first_output, &o, &r, &root);
    PyBuffer_Release(&bc); PyBuffer_Release(&bs); PyBuffer_Release(&bl); PyBuffer_Release(&bx);
    i64 n = status == OK ? r : 0;
    /* each array freed once copied: the peak holds four arrays, not six */
    PyObject *lv = bytes_of(o.level, n);
    free(o.level);
    PyObject *hi = lv ? bytes_of(o.hi, n) : NULL;
    free(o.hi);
    PyObject *lo = hi ? bytes_of(o.lo, n) : NULL;
    free(o.lo);
    if (!lv || !hi || !lo) { Py_XDECREF(lv); Py_XDECREF(hi); Py_XDECREF(lo); return NULL; }
    return Py_BuildValue("iNNNL", status, lv, hi, lo, (long long)root);
}

/* ---- machine functions compiled into the extension ------------------------------ */
typedef struct { const char *name; void *address; } MachineEntry;
extern const MachineEntry zalg_machines[];  /* zalg/graphs/machines.c */

/* functions.MAY_TAKE's: bit 1 may always be taken */
static i64 may_take(void *s, const i64 *row, const i64 *consts, i64 *work) {
    (void)s; (void)row; (void)consts; (void)work;
    return 1;
}

PyDoc_STRVAR(machines_doc,
"machines() -> {name: address}: the machine functions compiled into the extension.");

static PyObject *py_machines(PyObject *self, PyObject *unused) {
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    PyObject *a = PyLong_FromVoidPtr((void *)may_take);
    if (!a || PyDict_SetItemString(d, "may_take", a) != 0) { Py_XDECREF(a); Py_DECREF(d); return NULL; }
    Py_DECREF(a);
    for (const MachineEntry *e = zalg_machines; e->name; e++) {
        a = PyLong_FromVoidPtr(e->address);
        if (!a || PyDict_SetItemString(d, e->name, a) != 0) { Py_XDECREF(a); Py_DECREF(d); return NULL; }
        Py_DECREF(a);
    }
    return d;
}

#include "constructions.h"  /* the top-down constructions' functions */
static PyMethodDef methods[] = {
    TD_METHOD(ue_level),
    TD_METHOD(ue_root),
    TD_METHOD(ht_node_tables),
    TD_METHOD(ht_to_tables),
    TD_METHOD(ht_table_level),
    TD_METHOD(hit_level),
    TD_METHOD(hit_successor),
    TD_METHOD(hit_escapes),
    TD_METHOD(min_level),
    TD_METHOD(min_holds_empty),
    TD_METHOD(min_family_tables),
    TD_METHOD(min_to_tables),
    {"machines", py_machines, METH_NOARGS, machines_doc},
    {"sweep", py_sweep, METH_VARARGS, sweep_doc},
    {"reduce", py_reduce, METH_VARARGS, reduce_doc},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_frontier",
    "The frontier driver (sweep and reduce) and the top-down constructions' level kernels, "
    "compiled ahead of time.", -1, methods};

PyMODINIT_FUNC PyInit__frontier(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && add_build_facts(m) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
