/* Minimal members of an up-closed family read top down (minimal.py's kernels),
   compiled ahead of time.

   A state is [h, G sorted]: H's node reached by the prefix and the nodes reached by
   the prefix with one taken element left out.  min_level builds both children of every
   state of one level; before the last R elements the states become truth tables,
   min(T(h)) ∧ ¬⋁ T(g) (min_family_tables, min_to_tables).  The stores number their rows
   in first-occurrence order. */
#include "unique_exists.h"
#include "constructions.h"

#include <stdlib.h>
#include <string.h>

static const u64 LOW_MASKS[6] = {0xAAAAAAAAAAAAAAAAULL, 0xCCCCCCCCCCCCCCCCULL,
                                 0xF0F0F0F0F0F0F0F0ULL, 0xFF00FF00FF00FF00ULL,
                                 0xFFFF0000FFFF0000ULL, 0xFFFFFFFF00000000ULL};

typedef struct { const i64 *level, *hi, *lo; const uint8_t *empty; } Nodes;

/* the cofactor of node n at level x: its members without x (bit 0), or with x, x removed */
static inline i64 cofactor(const Nodes *d, i64 n, i64 x, int bit) {
    if (n >= 2 && d->level[n] == x) return bit == 1 ? d->hi[n] : d->lo[n];
    return bit == 1 ? 0 : n;
}

/* the state data[a:b] past level x with bit into out: its length, -1 when dead */
static i64 successor(const Nodes *d, const i64 *data, i64 a, i64 b, i64 x, int bit, i64 *out) {
    i64 h = cofactor(d, data[a], x, bit), m = 1;
    if (h == 0) return -1;
    out[0] = h;
    if (bit == 1) {
        i64 g = cofactor(d, data[a], x, 0);
        if (g != 0) out[m++] = g;
    }
    for (i64 i = a + 1; i < b; i++) {
        i64 g = cofactor(d, data[i], x, bit);
        if (g != 0) out[m++] = g;
    }
    for (i64 i = 1; i < m; i++)
        if (out[i] == h || d->empty[out[i]]) return -1;
    sort_i64(out + 1, m - 1);
    i64 k = 1;
    for (i64 i = 1; i < m; i++)
        if (k == 1 || out[i] != out[k - 1]) out[k++] = out[i];
    return k;
}

static int level_loop(const Nodes *d, TStore *st, const i64 *data, const i64 *off, i64 count,
                      i64 x, int last, i64 *out, i64 cap, int32_t *lo, int32_t *hi) {
    for (i64 i = 0; i < count; i++) {
        if (td_stop_now(i)) return TD_STOPPED;
        if (off[i + 1] - off[i] + 1 > cap) return TD_SCRATCH;
        for (int bit = 0; bit < 2; bit++) {
            i64 n = successor(d, data, off[i], off[i + 1], x, bit, out), code;
            if (n < 0) code = TD_DEAD;
            else if (last) code = TD_ALL;  /* past the last level h is {∅} and G empty */
            else if ((code = store_state(st, out, n)) < 0) return TD_NOMEM;
            put_code(lo, hi, i, bit, code);
        }
    }
    return TD_DONE;
}

const char min_level_doc[] =
"min_level(data, off, count, x, last, size, level, hi, lo, empty, ctx, held)\n"
"    -> (status, data, off, m, lo, hi)\n\n"
"minimal._level with an out list of size entries; data, off (int64) and the codes\n"
"(int32) come as bytearrays; status 3: no memory within the budget.";

PyObject *py_min_level(PyObject *self, PyObject *args) {
    PyObject *o[7];
    long long count, x, size, held;
    int last;
    if (!PyArg_ParseTuple(args, "OOLLpLOOOOOL", &o[0], &o[1], &count, &x, &last, &size, &o[2],
                          &o[3], &o[4], &o[5], &o[6], &held))
        return NULL;
    Py_buffer b[7];
    if (!td_views(o, b, "8888818")) return NULL;
    Nodes d = {b[2].buf, b[3].buf, b[4].buf, b[5].buf};
    Env env;
    env_init(&env, b[6].buf, NULL, 0);
    TStore st = {0};
    Grow lo = {0}, hi = {0};
    int status = TD_NOMEM;
    i64 *out = malloc((size_t)(size > 0 ? size : 1) * 8);
    if (out && store_init(&st, &env, held + 8 * size)) {
        if (codes_init(&lo, count) && codes_init(&hi, count))
            status = level_loop(&d, &st, b[0].buf, b[1].buf, count, x, last, out, size,
                                (int32_t *)lo.p, (int32_t *)hi.p);
        if (status != TD_DONE) store_free(&st);
    }
    free(out);
    td_release(b, 7);
    return td_level_result(status, &st, &lo, &hi);
}

const char min_holds_empty_doc[] =
"min_holds_empty(level, hi, lo) -> bytearray\n\n"
"minimal._holds_empty: per node (children first), whether ∅ is a member (numpy.bool_).";

PyObject *py_min_holds_empty(PyObject *self, PyObject *args) {
    PyObject *o[3];
    if (!PyArg_ParseTuple(args, "OOO", &o[0], &o[1], &o[2])) return NULL;
    Py_buffer b[3];
    if (!td_views(o, b, "888")) return NULL;
    const i64 *lo = b[2].buf;
    i64 n = b[0].shape[0];
    PyObject *out = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)n);
    if (out) {
        uint8_t *e = (uint8_t *)PyByteArray_AS_STRING(out);
        memset(e, 0, (size_t)n);
        if (n > 1) e[1] = 1;
        for (i64 v = 2; v < n; v++) e[v] = e[lo[v]];
    }
    td_release(b, 3);
    return out;
}

static i64 words_of(i64 r) { return r >= 6 ? ((i64)1 << r) / 64 : 1; }

/* the tables of the chosen nodes' families (children first) into T, rows into row */
static int family_loop(const Nodes *d, const i64 *chosen, i64 nc, const i64 *bit, i64 R,
                       u64 *T, i64 *row, i64 nrow, u64 *zero, u64 *unit) {
    i64 nw = words_of(R);
    for (i64 n = 0; n < nrow; n++) row[n] = -1;
    memset(zero, 0, (size_t)nw * 8);
    memset(unit, 0, (size_t)nw * 8);
    unit[0] = 1;  /* {∅}: the subset of index 0 */
    for (i64 k = 0; k < nc; k++) {
        if (td_stop_now(k)) return TD_STOPPED;
        i64 n = chosen[k], c0 = d->lo[n], c1 = d->hi[n], j = bit[d->level[n]];
        row[n] = k;
        const u64 *t0 = c0 == 0 ? zero : c0 == 1 ? unit : T + row[c0] * nw;
        const u64 *t1 = c1 == 0 ? zero : c1 == 1 ? unit : T + row[c1] * nw;
        u64 *out = T + k * nw;
        if (j >= 6) {
            i64 step = (i64)1 << (j - 6);
            for (i64 w = 0; w < nw; w++) out[w] = ((w >> (j - 6)) & 1) ? t1[w - step] : t0[w];
        } else {
            u64 mask = LOW_MASKS[j];
            int sh = 1 << j;
            for (i64 w = 0; w < nw; w++) out[w] = (t0[w] & ~mask) | ((t1[w] << sh) & mask);
        }
    }
    return TD_DONE;
}

const char min_family_tables_doc[] =
"min_family_tables(level, hi, lo, chosen, bit, R, ctx) -> (status, T, row)\n\n"
"minimal._family_tables; T (uint64, one row of words per chosen node) and row (int64)\n"
"come as bytearrays.";

PyObject *py_min_family_tables(PyObject *self, PyObject *args) {
    PyObject *o[6];
    long long R;
    if (!PyArg_ParseTuple(args, "OOOOOLO", &o[0], &o[1], &o[2], &o[3], &o[4], &R, &o[5]))
        return NULL;
    Py_buffer b[6];
    if (!td_views(o, b, "888888")) return NULL;
    Nodes d = {b[0].buf, b[1].buf, b[2].buf, NULL};
    Env env;
    env_init(&env, b[5].buf, NULL, 0);
    i64 nw = words_of(R), nc = b[3].shape[0], nrow = b[0].shape[0];
    int status = TD_NOMEM;
    PyObject *T = NULL, *row = NULL;
    u64 *zero = malloc((size_t)nw * 8), *unit = malloc((size_t)nw * 8);
    if (zero && unit && !over_budget(&env, 8 * (nc * nw + nrow))) {
        T = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)(8 * nc * nw));
        row = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)(8 * nrow));
        if (!T || !row) PyErr_Clear();
        else status = family_loop(&d, b[3].buf, nc, b[4].buf, R, (u64 *)PyByteArray_AS_STRING(T),
                                  (i64 *)PyByteArray_AS_STRING(row), nrow, zero, unit);
    }
    free(zero); free(unit);
    td_release(b, 6);
    if (status != TD_DONE) {
        Py_XDECREF(T); Py_XDECREF(row);
        return Py_BuildValue("iOO", status, Py_None, Py_None);
    }
    return Py_BuildValue("iNN", status, T, row);
}

/* min of the up-closed table t: the members S with no S ∖ {e_j} a member */
static void minimal_table(const u64 *t, i64 R, i64 nw, u64 *out) {
    for (i64 w = 0; w < nw; w++) {
        u64 below = 0;
        for (i64 j = 0; j < (R < 6 ? R : 6); j++) below |= (t[w] << (1 << j)) & LOW_MASKS[j];
        for (i64 j = 6; j < R; j++)
            if ((w >> (j - 6)) & 1) below |= t[w - ((i64)1 << (j - 6))];
        out[w] = t[w] & ~below;
    }
}

static int tables_loop(const i64 *data, const i64 *off, i64 count, const u64 *T,
                       const i64 *row, i64 R, u64 *acc, u64 *unit, i64 *codes, TStore *st) {
    i64 nw = words_of(R);
    memset(unit, 0, (size_t)nw * 8);
    unit[0] = 1;
    for (i64 i = 0; i < count; i++) {
        if (td_stop_now(i)) return TD_STOPPED;
        i64 h = data[off[i]];
        minimal_table(h == 1 ? unit : T + row[h] * nw, R, nw, acc);
        for (i64 a = off[i] + 1; a < off[i + 1]; a++) {
            const u64 *t = data[a] == 1 ? unit : T + row[data[a]] * nw;
            for (i64 w = 0; w < nw; w++) acc[w] &= ~t[w];
        }
        i64 w = 0;
        while (w < nw && acc[w] == 0) w++;
        if (w == nw) codes[i] = TD_DEAD;
        else if ((codes[i] = store_state(st, (const i64 *)acc, nw)) < 0) return TD_NOMEM;
    }
    return TD_DONE;
}

const char min_to_tables_doc[] =
"min_to_tables(data, off, count, T, row, R, ctx, held) -> (status, codes, rows, m)\n\n"
"minimal._to_tables; codes and rows come as bytearrays of int64.";

PyObject *py_min_to_tables(PyObject *self, PyObject *args) {
    PyObject *o[5];
    long long count, R, held;
    if (!PyArg_ParseTuple(args, "OOLOOLOL", &o[0], &o[1], &count, &o[2], &o[3], &R, &o[4],
                          &held))
        return NULL;
    Py_buffer b[5];
    if (!td_views(o, b, "88888")) return NULL;
    Env env;
    env_init(&env, b[4].buf, NULL, 0);
    i64 nw = words_of(R);
    TStore st = {0};
    Grow codes = {0};
    int status = TD_NOMEM;
    u64 *acc = malloc((size_t)nw * 8), *unit = malloc((size_t)nw * 8);
    if (acc && unit && store_init(&st, &env, held)) {
        if (grow_init(&codes, count))
            status = tables_loop(b[0].buf, b[1].buf, count, b[2].buf, b[3].buf, R, acc, unit,
                                 codes.p, &st);
        if (status != TD_DONE) store_free(&st);
    }
    free(acc); free(unit);
    td_release(b, 5);
    PyObject *rows, *noff;
    if (status == TD_DONE) {
        if (store_take(&st, &rows, &noff)) Py_DECREF(noff);
        else status = TD_NOMEM;
    }
    if (status != TD_DONE) {
        Py_XDECREF(codes.obj);
        return Py_BuildValue("iOOi", status, Py_None, Py_None, 0);
    }
    return Py_BuildValue("iNNL", status, codes.obj, rows, (long long)st.m);
}
