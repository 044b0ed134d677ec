/* The last elements of a top-down construction decided by truth tables
   (hitting_tables.py's kernels), compiled ahead of time.

   A table over r elements holds one bit per subset S of them (e_j as index bit j), in
   max(1, 2^r / 64) words.  ht_node_tables builds every node's table bottom up (in
   blocks of words), ht_to_tables conjoins each state's nodes' tables (a chunk of states
   at a time, one block at a time) and stores the results, ht_table_level fixes the
   first element both ways; the stores number their rows in first-occurrence order. */
#include "unique_exists.h"
#include "constructions.h"

#include <stdlib.h>
#include <string.h>

static const u64 LOW_MASKS[6] = {0xAAAAAAAAAAAAAAAAULL, 0xCCCCCCCCCCCCCCCCULL,
                                 0xF0F0F0F0F0F0F0F0ULL, 0xFF00FF00FF00FF00ULL,
                                 0xFFFF0000FFFF0000ULL, 0xFFFFFFFF00000000ULL};

static i64 words_of(i64 r) { return r >= 6 ? ((i64)1 << r) / 64 : 1; }

/* all subsets: every valid bit set */
static void ones_of(i64 R, u64 *out, i64 nw) {
    if (R >= 6) for (i64 w = 0; w < nw; w++) out[w] = ~0ULL;
    else out[0] = ((u64)1 << ((u64)1 << R)) - 1;
}

/* the table of the subsets holding e_j */
static void member_mask(i64 j, i64 R, u64 *out, i64 nw) {
    for (i64 w = 0; w < nw; w++)
        out[w] = j >= 6 ? (((w >> (j - 6)) & 1) ? ~0ULL : 0) : LOW_MASKS[j];
    if (R < 6) {
        u64 ones;
        ones_of(R, &ones, 1);
        out[0] &= ones;
    }
}

/* the tables of nodes first .. n - 1 into T (nb blocks of n - first rows of bw words) */
static int node_loop(const i64 *level, const i64 *hi, const i64 *lo, i64 n, i64 first,
                     const i64 *bit, i64 R, i64 bw, u64 *T, u64 *ones, u64 *zeros, u64 *masks) {
    i64 nw = words_of(R), nb = nw / bw, rows = n - first;
    ones_of(R, ones, nw);
    memset(zeros, 0, (size_t)nw * 8);
    for (i64 j = 0; j < R; j++) member_mask(j, R, masks + j * nw, nw);
    for (i64 v = n - 1; v >= first; v--) {
        if (td_stop_now(v)) return TD_STOPPED;
        i64 c0 = lo[v], c1 = hi[v], j = bit[level[v]];
        for (i64 k = 0; k < nb; k++) {
            u64 *blk = T + k * rows * bw;
            const u64 *t0 = c0 == 0 ? ones + k * bw : c0 == 1 ? zeros + k * bw
                            : blk + (c0 - first) * bw;
            const u64 *t1 = c1 == 0 ? ones + k * bw : c1 == 1 ? zeros + k * bw
                            : blk + (c1 - first) * bw;
            u64 *row = blk + (v - first) * bw;
            if (j < 0) for (i64 t = 0; t < bw; t++) row[t] = t0[t] & t1[t];
            else {
                const u64 *mj = masks + j * nw + k * bw;
                for (i64 t = 0; t < bw; t++) row[t] = t0[t] & (mj[t] | t1[t]);
            }
        }
    }
    return TD_DONE;
}

const char ht_node_tables_doc[] =
"ht_node_tables(level, hi, lo, first, bit, R, bw, ctx) -> (status, T)\n\n"
"hitting_tables.node_tables; T comes as a bytearray of uint64 (nb, nodes, bw).";

PyObject *py_ht_node_tables(PyObject *self, PyObject *args) {
    PyObject *o[5];
    long long first, R, bw;
    if (!PyArg_ParseTuple(args, "OOOLOLLO", &o[0], &o[1], &o[2], &first, &o[3], &R, &bw, &o[4]))
        return NULL;
    Py_buffer b[5];
    if (!td_views(o, b, "88888")) return NULL;
    Env env;
    env_init(&env, b[4].buf, NULL, 0);
    i64 n = b[0].shape[0], nw = words_of(R), rows = n - first > 0 ? n - first : 0;
    int status = TD_NOMEM;
    PyObject *T = NULL;
    u64 *ones = malloc((size_t)nw * 8), *zeros = malloc((size_t)nw * 8);
    u64 *masks = malloc((size_t)(R > 0 ? R : 1) * nw * 8);
    if (ones && zeros && masks && !over_budget(&env, 8 * rows * nw)) {
        T = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)(8 * rows * nw));
        if (!T) PyErr_Clear();
        else status = node_loop(b[0].buf, b[1].buf, b[2].buf, n, first, b[3].buf, R, bw,
                                (u64 *)PyByteArray_AS_STRING(T), ones, zeros, masks);
    }
    free(ones); free(zeros); free(masks);
    td_release(b, 5);
    if (status != TD_DONE) { Py_XDECREF(T); return Py_BuildValue("iO", status, Py_None); }
    return Py_BuildValue("iN", status, T);
}

/* acc[t] &= row[t] over the n rows of one block (bw words) listed in rows[]: the conjunction's
   inner loop, compiled twice where the compiler can (AVX2 and the baseline, chosen at load) */
TD_VECTOR static void and_rows(u64 *restrict acc, const u64 *restrict Tk, const i64 *rows,
                               i64 n, i64 bw) {
    for (i64 a = 0; a < n; a++) {
        const u64 *restrict row = Tk + rows[a] * bw;
        for (i64 t = 0; t < bw; t++) acc[t] &= row[t];
    }
}

/* the rows of state i's nodes not in state b (both increasing) into out, their number */
static i64 difference(const i64 *data, const i64 *off, i64 i, i64 b, i64 first, i64 *out) {
    i64 n = 0, p = off[b], q = off[b + 1];
    for (i64 a = off[i]; a < off[i + 1]; a++) {
        while (p < q && data[p] < data[a]) p++;
        if (p < q && data[p] == data[a]) continue;
        out[n++] = data[a] - first;
    }
    return n;
}

/* The states order[c0 .. c1 - 1] (order: increasing size) conjoined block by block into buf,
   then stored.  A state whose base (a state of its nodes' subset, base[i] >= 0) was stored
   by an earlier chunk starts from the base's row and conjoins only its other nodes. */
typedef struct {
    const i64 *data, *off, *order, *base;
    const u64 *T, *ones;
    i64 nb, rows, bw, first;
    u64 *buf;
    i64 *codes, *list, *from, *start;  /* list: the chunk's rows; from: a base's code or -1 */
} Conj;

static int conjoin(Conj *c, i64 c0, i64 c1, TStore *st) {
    i64 nw = c->nb * c->bw, used = 0;
    for (i64 j = c0; j < c1; j++) {
        i64 i = c->order[j], b = c->base[i], k = j - c0;
        c->start[k] = used;
        c->from[k] = b >= 0 && c->codes[b] >= 0 ? c->codes[b] : -1;
        if (c->from[k] >= 0) used += difference(c->data, c->off, i, b, c->first, c->list + used);
        else
            for (i64 a = c->off[i]; a < c->off[i + 1]; a++) c->list[used++] = c->data[a] - c->first;
    }
    c->start[c1 - c0] = used;
    for (i64 k = 0; k < c->nb; k++) {
        const u64 *Tk = c->T + k * c->rows * c->bw;
        for (i64 j = c0; j < c1; j++) {
            if (td_stop_now(j)) return TD_STOPPED;
            i64 q = j - c0;
            u64 *acc = c->buf + q * nw + k * c->bw;
            const u64 *init = c->from[q] >= 0
                ? (const u64 *)(st->data.p + st->off.p[c->from[q]]) + k * c->bw
                : c->ones + k * c->bw;
            memcpy(acc, init, (size_t)c->bw * 8);
            and_rows(acc, Tk, c->list + c->start[q], c->start[q + 1] - c->start[q], c->bw);
        }
    }
    for (i64 j = c0; j < c1; j++) {
        i64 code = store_state(st, (const i64 *)(c->buf + (j - c0) * nw), nw);
        if (code < 0) return TD_NOMEM;
        c->codes[c->order[j]] = code;
    }
    return TD_DONE;
}

/* the chunks of states in order, one after the other */
static int conjoin_all(Conj *c, i64 count, i64 chunk, TStore *st) {
    for (i64 i = 0; i < count; i++) c->codes[i] = -1;
    i64 most = 0;
    for (i64 c0 = 0; c0 < count; c0 += chunk) {
        i64 c1 = c0 + chunk < count ? c0 + chunk : count, n = 0;
        for (i64 j = c0; j < c1; j++) n += c->off[c->order[j] + 1] - c->off[c->order[j]];
        if (n > most) {
            free(c->list);
            c->list = malloc((size_t)n * 8);
            if (!c->list) return TD_NOMEM;
            most = n;
        }
        int status = conjoin(c, c0, c1, st);
        if (status != TD_DONE) return status;
    }
    return TD_DONE;
}

const char ht_to_tables_doc[] =
"ht_to_tables(data, off, count, T, first, R, order, base, chunk, ctx, held)\n"
"    -> (status, codes, rows, off, m)\n\n"
"hitting_tables.to_tables (order: the states by increasing size; base: per state a state\n"
"whose nodes it holds, or -1; chunk: states conjoined together); codes, rows and offsets\n"
"come as bytearrays of int64.";

PyObject *py_ht_to_tables(PyObject *self, PyObject *args) {
    PyObject *o[6];  /* data, off, T, ctx, order, base */
    long long count, first, R, chunk, held;
    if (!PyArg_ParseTuple(args, "OOLOLLOOLOL", &o[0], &o[1], &count, &o[2], &first, &R, &o[4],
                          &o[5], &chunk, &o[3], &held))
        return NULL;
    Py_buffer b[6];
    if (!td_views(o, b, "888888")) return NULL;
    int status = TD_NOMEM;
    if (b[2].ndim != 3 || b[4].shape[0] < count || b[5].shape[0] < count) {
        td_release(b, 6);
        PyErr_SetString(PyExc_TypeError, "ht_to_tables: T has three dimensions, order and "
                        "base one entry a state");
        return NULL;
    }
    i64 nb = b[2].shape[0], rows = b[2].shape[1], bw = b[2].shape[2], nw = nb * bw;
    chunk = chunk < count ? chunk : count;
    chunk = chunk > 1 ? chunk : 1;
    Env env;
    env_init(&env, b[3].buf, NULL, 0);
    TStore st = {0};
    Grow codes = {0};
    Conj c = {b[0].buf, b[1].buf, b[4].buf, b[5].buf, b[2].buf, NULL, nb, rows, bw, first};
    u64 *ones = malloc((size_t)nw * 8);
    c.ones = ones;
    c.buf = malloc((size_t)(chunk * nw) * 8);
    c.from = malloc((size_t)chunk * 8);
    c.start = malloc((size_t)(chunk + 1) * 8);
    if (ones && c.buf && c.from && c.start
            && store_init(&st, &env, held + 8 * nw * (chunk + 1))) {
        if (grow_init(&codes, count)) {
            ones_of(R, ones, nw);
            c.codes = codes.p;
            status = conjoin_all(&c, count, chunk, &st);
        }
        if (status != TD_DONE) store_free(&st);
    }
    free(ones); free(c.buf); free(c.from); free(c.start); free(c.list);
    td_release(b, 6);
    PyObject *data, *noff;
    if (status == TD_DONE && !store_take(&st, &data, &noff)) status = TD_NOMEM;
    if (status != TD_DONE) {
        Py_XDECREF(codes.obj);
        return Py_BuildValue("iOOOi", status, Py_None, Py_None, Py_None, 0);
    }
    return Py_BuildValue("iNNNL", status, codes.obj, data, noff, (long long)st.m);
}

/* the 32 bits of word w at the positions whose lowest index bit is b, packed */
static inline u64 half(u64 w, int b) {
    u64 x = (w >> b) & 0x5555555555555555ULL;
    x = (x | (x >> 1)) & 0x3333333333333333ULL;
    x = (x | (x >> 2)) & 0x0F0F0F0F0F0F0F0FULL;
    x = (x | (x >> 4)) & 0x00FF00FF00FF00FFULL;
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFFULL;
    return (x | (x >> 16)) & 0x00000000FFFFFFFFULL;
}

/* the table src (nw words) with its first element fixed to b, over the others */
static void fix(const u64 *src, i64 nw, int b, u64 *out) {
    if (nw == 1) out[0] = half(src[0], b);
    else
        for (i64 k = 0; k < nw / 2; k++)
            out[k] = half(src[2 * k], b) | (half(src[2 * k + 1], b) << 32);
}

static int all_zero(const u64 *row, i64 n) {
    for (i64 w = 0; w < n; w++) if (row[w] != 0) return 0;
    return 1;
}

/* table_level's loop: both halves of every table (read before either is stored) */
static int halves_loop(const u64 *src, i64 count, i64 nw, i64 nout, int last, u64 *halves,
                       TStore *st, int32_t *lo, int32_t *hi) {
    for (i64 i = 0; i < count; i++) {
        if (td_stop_now(i)) return TD_STOPPED;
        for (int b = 0; b < 2; b++) fix(src + i * nw, nw, b, halves + b * nout);
        for (int b = 0; b < 2; b++) {
            i64 code;
            if (all_zero(halves + b * nout, nout)) code = TD_DEAD;
            else if (last) code = TD_ALL;
            else if ((code = store_state(st, (const i64 *)(halves + b * nout), nout)) < 0)
                return TD_NOMEM;
            put_code(lo, hi, i, b, code);
        }
    }
    return TD_DONE;
}

const char ht_table_level_doc[] =
"ht_table_level(data, count, r, last, ctx, held) -> (status, rows, off, m, lo, hi)\n\n"
"hitting_tables.table_level; rows None: written over data (r > 6), else a bytearray.";

PyObject *py_ht_table_level(PyObject *self, PyObject *args) {
    PyObject *o[2];  /* data, ctx */
    long long count, r, held;
    int last;
    if (!PyArg_ParseTuple(args, "OLLpOL", &o[0], &count, &r, &last, &o[1], &held)) return NULL;
    Py_buffer b[2];
    if (!td_views(o, b, "W8")) return NULL;
    i64 nw = words_of(r), nout = words_of(r - 1);
    Env env;
    env_init(&env, b[1].buf, NULL, 0);
    TStore st = {0};
    Grow lo = {0}, hi = {0};
    int status = TD_NOMEM;
    u64 halves[2 * 512];  /* 2^16 bits at most a table: halves of 512 words */
    if (nout <= 512 && store_init(&st, &env, held)) {
        if (nw == 2 * nout) {  /* in place: new row k ends where old row k/2 ends */
            Py_CLEAR(st.data.obj);
            st.data.p = b[0].buf;
            st.data.cap = b[0].len / 8;
        }
        if (codes_init(&lo, count) && codes_init(&hi, count))
            status = halves_loop(b[0].buf, count, nw, nout, last, halves, &st, (int32_t *)lo.p,
                                 (int32_t *)hi.p);
        if (status != TD_DONE) store_free(&st);
    }
    td_release(b, 2);
    return td_level_result(status, &st, &lo, &hi);
}
