/* Hitting sets read top down (hitting.py's kernels), compiled ahead of time.

   A state is a set of F's nodes (numbered by level) reached by the paths that avoid
   the prefix of S; hit_level builds both children of every state of one level by a walk
   in a min-heap (the nodes pop in increasing order, so each next state comes sorted)
   and numbers the next level's states in first-occurrence order. */
#include "unique_exists.h"
#include "constructions.h"

#include <stdlib.h>
#include <string.h>

/* F's arrays (ids numbered by level, terminals 0 and 1) and the walk's lists */
typedef struct {
    const i64 *level, *hi, *lo;
    const uint8_t *escapes;
    uint8_t *seen;
    i64 *heap, hcap, *out, *out1;
} Walk;

static inline i64 push(i64 *heap, i64 size, i64 n) {
    heap[size] = n;
    i64 i = size;
    while (i > 0) {
        i64 p = (i - 1) >> 1;
        if (heap[p] <= heap[i]) break;
        i64 t = heap[p]; heap[p] = heap[i]; heap[i] = t;
        i = p;
    }
    return size + 1;
}

static inline i64 pop(i64 *heap, i64 *size) {
    i64 top = heap[0], s = --*size, i = 0;
    heap[0] = heap[s];
    for (;;) {
        i64 a = 2 * i + 1;
        if (a >= s) break;
        i64 b = a + 1, c = b < s && heap[b] < heap[a] ? b : a;
        if (heap[i] <= heap[c]) break;
        i64 t = heap[i]; heap[i] = heap[c]; heap[c] = t;
        i = c;
    }
    return top;
}

/* the state A[:k] (increasing) past level x (take 0: lo children only there, 2: both;
   x < 0: no decision) and every level below limit: its nodes at or below limit into
   w->out (increasing), their number; -1 when dead; -2 when the heap is too small */
static i64 successor(Walk *w, const i64 *A, i64 k, i64 x, int take, i64 limit) {
    if (k > w->hcap) return -2;
    i64 size = 0, m = 0, *heap = w->heap;
    for (i64 i = 0; i < k; i++) {
        size = push(heap, size, A[i]);
        w->seen[A[i]] = 1;
    }
    int dead = 0;
    while (size > 0) {
        i64 n = pop(heap, &size);
        w->seen[n] = 0;
        if (dead) continue;
        if (n == 1 || w->escapes[n]) { dead = 1; continue; }
        i64 lv = w->level[n];
        if (lv >= limit) { w->out[m++] = n; continue; }
        for (int side = 0; side < 2; side++) {
            i64 c = side == 0 ? w->lo[n] : w->hi[n];
            if (side == 1 && lv == x && take == 0) continue;
            if (c == 0 || w->seen[c]) continue;
            if (size == w->hcap) {
                while (size > 0) w->seen[pop(heap, &size)] = 0;
                return -2;
            }
            w->seen[c] = 1;
            size = push(heap, size, c);
        }
    }
    return dead ? -1 : m;
}

/* both successors of the state A[:k] at level x at once: the walk taking both children at x
   (w->out, *m0 nodes; -1 when dead) and, flagged within it, the nodes the walk taking the
   lo children only at x reaches (w->out1, *m1; -1 when dead), each increasing.  A node's
   parents come before it (numbered by level), so its flag is final when it pops.
   0, or -2 when the heap is too small. */
static int successors(Walk *w, const i64 *A, i64 k, i64 x, i64 limit, i64 *m0, i64 *m1) {
    if (k > w->hcap) return -2;
    i64 size = 0, *heap = w->heap, n0 = 0, n1 = 0;
    uint8_t *seen = w->seen;
    for (i64 i = 0; i < k; i++) {
        size = push(heap, size, A[i]);
        seen[A[i]] = 3;  /* 1: in the heap, 2: reached by the walk without x's hi */
    }
    int dead0 = 0, dead1 = 0;
    while (size > 0) {
        i64 n = pop(heap, &size);
        int f = seen[n] & 2;
        seen[n] = 0;
        if (dead1 || (dead0 && !f)) continue;
        if (n == 1 || w->escapes[n]) { dead0 = 1; dead1 = f != 0; continue; }
        i64 lv = w->level[n];
        if (lv >= limit) {
            if (!dead0) w->out[n0++] = n;
            if (f) w->out1[n1++] = n;
            continue;
        }
        for (int side = 0; side < 2; side++) {
            i64 c = side == 0 ? w->lo[n] : w->hi[n];
            if (c == 0) continue;
            uint8_t cf = f && !(side == 1 && lv == x) ? 2 : 0;
            if (seen[c]) { seen[c] |= cf; continue; }
            if (dead0 && !cf) continue;
            if (size == w->hcap) {
                while (size > 0) seen[pop(heap, &size)] = 0;
                return -2;
            }
            seen[c] = 1 | cf;
            size = push(heap, size, c);
        }
    }
    *m0 = dead0 ? -1 : n0;
    *m1 = dead1 ? -1 : n1;
    return 0;
}

static int level_loop(Walk *w, TStore *st, const i64 *data, const i64 *off, i64 count, i64 x,
                      i64 limit, int last, int32_t *lo, int32_t *hi) {
    for (i64 i = 0; i < count; i++) {
        if (td_stop_now(i)) return TD_STOPPED;
        i64 m[2];
        if (successors(w, data + off[i], off[i + 1] - off[i], x, limit, &m[0], &m[1]) != 0)
            return TD_SCRATCH;
        for (int bit = 0; bit < 2; bit++) {
            i64 n = m[bit], code;
            if (n == -1 || (n > 0 && last)) code = TD_DEAD;  /* a node past the last element
                                                                lies on a path to 1 */
            else if (n == 0 && last) code = TD_ALL;
            else if ((code = store_state(st, bit ? w->out1 : w->out, n)) < 0) return TD_NOMEM;
            put_code(lo, hi, i, bit, code);
        }
    }
    return TD_DONE;
}

/* the walk over the views of seen, out, level, hi, lo, escapes (b[0..5]) */
static Walk walk_of(Py_buffer *b, i64 size) {
    Walk w = {b[2].buf, b[3].buf, b[4].buf, b[5].buf, b[0].buf, NULL, size, b[1].buf, NULL};
    w.heap = malloc((size_t)(size > 0 ? size : 1) * 8);
    return w;
}

const char hit_level_doc[] =
"hit_level(data, off, count, x, limit, last, size, seen, out, level, hi, lo, escapes, ctx,\n"
"          held) -> (status, data, off, m, lo, hi)\n\n"
"hitting._level with a heap of size entries; data, off (int64) and the codes (int32)\n"
"come as bytearrays; status 3: no memory within the budget.";

PyObject *py_hit_level(PyObject *self, PyObject *args) {
    PyObject *o[9];  /* seen, out, level, hi, lo, escapes, data, off, ctx */
    long long count, x, limit, size, held;
    int last;
    if (!PyArg_ParseTuple(args, "OOLLLpLOOOOOOOL", &o[6], &o[7], &count, &x, &limit, &last, &size,
                          &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[8], &held))
        return NULL;
    Py_buffer b[9];
    if (!td_views(o, b, "BW8881" "888")) return NULL;
    Env env;
    env_init(&env, b[8].buf, NULL, 0);
    TStore st = {0};
    Grow lo = {0}, hi = {0};
    int status = TD_NOMEM;
    Walk w = walk_of(b, size);
    w.out1 = malloc((size_t)(b[2].shape[0] > 0 ? b[2].shape[0] : 1) * 8);
    if (w.heap && w.out1 && store_init(&st, &env, held + 8 * size + 8 * b[2].shape[0])) {
        if (codes_init(&lo, count) && codes_init(&hi, count))
            status = level_loop(&w, &st, b[6].buf, b[7].buf, count, x, limit, last,
                                (int32_t *)lo.p, (int32_t *)hi.p);
        if (status != TD_DONE) store_free(&st);
    }
    free(w.heap);
    free(w.out1);
    td_release(b, 9);
    return td_level_result(status, &st, &lo, &hi);
}

const char hit_successor_doc[] =
"hit_successor(A, k, x, take, limit, size, seen, out, level, hi, lo, escapes) -> n\n\n"
"hitting._successor with a heap of size entries: the next state's length in out, -1\n"
"dead, -2 the heap too small.";

PyObject *py_hit_successor(PyObject *self, PyObject *args) {
    PyObject *o[7];  /* seen, out, level, hi, lo, escapes, A */
    long long k, x, take, limit, size;
    if (!PyArg_ParseTuple(args, "OLLLLLOOOOOO", &o[6], &k, &x, &take, &limit, &size, &o[0], &o[1],
                          &o[2], &o[3], &o[4], &o[5]))
        return NULL;
    Py_buffer b[7];
    if (!td_views(o, b, "BW8881" "8")) return NULL;
    Walk w = walk_of(b, size);
    i64 n = w.heap ? successor(&w, b[6].buf, k, x, (int)take, limit) : -3;
    free(w.heap);
    td_release(b, 7);
    if (n == -3) return PyErr_NoMemory();
    return PyLong_FromLongLong(n);
}

const char hit_escapes_doc[] =
"hit_escapes(level, hi, lo, marked) -> bytearray\n\n"
"hitting._escapes: per node (children first), whether it has a path to the 1 terminal\n"
"through no marked level (one byte each, numpy.bool_).";

PyObject *py_hit_escapes(PyObject *self, PyObject *args) {
    PyObject *o[4];
    if (!PyArg_ParseTuple(args, "OOOO", &o[0], &o[1], &o[2], &o[3])) return NULL;
    Py_buffer b[4];
    if (!td_views(o, b, "8881")) return NULL;
    const i64 *level = b[0].buf, *hi = b[1].buf, *lo = b[2].buf;
    const uint8_t *marked = b[3].buf;
    i64 n = b[0].shape[0];
    PyObject *out = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)n);
    if (out) {
        uint8_t *e = (uint8_t *)PyByteArray_AS_STRING(out);
        memset(e, 0, (size_t)n);
        if (n > 1) e[1] = 1;
        for (i64 v = 2; v < n; v++) e[v] = e[lo[v]] || (!marked[level[v]] && e[hi[v]]);
    }
    td_release(b, 4);
    return out;
}
