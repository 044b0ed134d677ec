/* ∃! over a relation read top down (unique_exists.py's kernels), compiled ahead of time.

   The subset construction of unique_exists.py's docstring: a state is R's nodes with their path counts capped at 2 plus the witnesses (W node
   << 32 | R node); ue_level builds both children of every state of one level and
   numbers the next level's states in first-occurrence order (the store below, shared
   with hitting.c, minimal.c and hitting_tables.c). */
#include "unique_exists.h"
#include "constructions.h"

#include <stdlib.h>
#include <string.h>

/* ---- the shared store ----------------------------------------------------------- */
int td_stop_now(i64 i) {
    if (i % POLL_STATES != POLL_STATES - 1) return 0;
    Py_BEGIN_ALLOW_THREADS
    Py_END_ALLOW_THREADS
    if (PyErr_CheckSignals() != 0) { PyErr_Clear(); return 1; }
    return 0;
}

static i64 store_bytes(const TStore *s) {
    return 8 * (s->tcap + s->hcap + s->data.cap + s->off.cap);
}

int td_over(const TStore *s, i64 extra) {
    return s->env != NULL && over_budget(s->env, s->held + store_bytes(s) + extra);
}

int grow_init(Grow *g, i64 n) {
    g->obj = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)(8 * (n > 0 ? n : 1)));
    if (!g->obj) { PyErr_Clear(); g->p = NULL; g->cap = 0; return 0; }
    g->p = (i64 *)PyByteArray_AS_STRING(g->obj);
    g->cap = n > 0 ? n : 1;
    return 1;
}

int codes_init(Grow *g, i64 n) {
    g->obj = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)(4 * n));
    if (!g->obj) { PyErr_Clear(); g->p = NULL; g->cap = 0; return 0; }
    g->p = (i64 *)PyByteArray_AS_STRING(g->obj);
    g->cap = n;
    return 1;
}

int grow_reserve(Grow *g, i64 need, const TStore *s) {
    if (need <= g->cap) return 1;
    if (!g->obj) return 0;  /* the caller's array: never grown */
    i64 size = g->cap;
    while (size < need) size *= 2;
    if (s && td_over(s, 8 * (size - g->cap))) return 0;
    if (PyByteArray_Resize(g->obj, (Py_ssize_t)(8 * size)) != 0) { PyErr_Clear(); return 0; }
    g->p = (i64 *)PyByteArray_AS_STRING(g->obj);
    g->cap = size;
    return 1;
}

int store_init(TStore *s, const Env *env, i64 held) {
    memset(s, 0, sizeof(*s));
    s->env = env; s->held = held;
    s->tcap = 1024; s->hcap = 1024;
    s->table = calloc((size_t)s->tcap, 8);
    s->hashes = malloc((size_t)s->hcap * 8);
    int ok = s->table && s->hashes && grow_init(&s->data, 4096) && grow_init(&s->off, 1025);
    if (!ok) { store_free(s); return 0; }
    s->off.p[0] = 0;
    return 1;
}

void store_free(TStore *s) {
    free(s->table); free(s->hashes);
    Py_XDECREF(s->data.obj); Py_XDECREF(s->off.obj);
    s->table = s->hashes = NULL; s->data.obj = s->off.obj = NULL;
}

int store_take(TStore *s, PyObject **data, PyObject **off) {
    free(s->table); free(s->hashes);
    s->table = s->hashes = NULL;
    i64 used = s->off.p[s->m];
    if ((s->data.obj && PyByteArray_Resize(s->data.obj, (Py_ssize_t)(8 * used)) != 0)
            || PyByteArray_Resize(s->off.obj, (Py_ssize_t)(8 * (s->m + 1))) != 0) {
        PyErr_Clear();
        store_free(s);
        return 0;
    }
    if (!s->data.obj) { s->data.obj = Py_None; Py_INCREF(Py_None); }  /* the caller's rows */
    *data = s->data.obj; *off = s->off.obj;
    s->data.obj = s->off.obj = NULL;
    return 1;
}

static i64 row_hash(const i64 *S, i64 n) {
    u64 h = 1469598103934665603ULL;
    for (i64 i = 0; i < n; i++) {
        h = (h ^ (u64)S[i]) * 1099511628211ULL;
        h ^= h >> 29;
    }
    return (i64)(h & 0x7FFFFFFFFFFFFFFFULL);
}

/* the hash table twice as large, the states' indices placed again */
static int rehash(TStore *s) {
    i64 cap = 2 * s->tcap;
    if (td_over(s, 8 * cap)) return 0;
    i64 *t = calloc((size_t)cap, 8);
    if (!t) return 0;
    i64 mask = cap - 1;
    for (i64 j = 0; j < s->m; j++) {
        i64 slot = s->hashes[j] & mask;
        while (t[slot] != 0) slot = (slot + 1) & mask;
        t[slot] = j + 1;
    }
    free(s->table);
    s->table = t; s->tcap = cap;
    return 1;
}

i64 store_state(TStore *s, const i64 *S, i64 n) {
    if (2 * (s->m + 1) > s->tcap && !rehash(s)) return -1;
    i64 mask = s->tcap - 1, h = row_hash(S, n), slot = h & mask, m = s->m;
    const i64 *off = s->off.p;
    while (s->table[slot] != 0) {
        i64 j = s->table[slot] - 1;
        if (s->hashes[j] == h && off[j + 1] - off[j] == n
                && memcmp(s->data.p + off[j], S, (size_t)n * 8) == 0)
            return j;
        slot = (slot + 1) & mask;
    }
    if (m + 1 > s->hcap) {
        i64 cap = 2 * s->hcap;
        if (td_over(s, 8 * (cap - s->hcap))) return -1;
        i64 *h2 = realloc(s->hashes, (size_t)cap * 8);
        if (!h2) return -1;
        s->hashes = h2; s->hcap = cap;
    }
    if (!grow_reserve(&s->off, m + 2, s) || !grow_reserve(&s->data, s->off.p[m] + n, s))
        return -1;
    i64 a = s->off.p[m];
    memcpy(s->data.p + a, S, (size_t)n * 8);
    s->off.p[m + 1] = a + n;
    s->hashes[m] = h;
    s->table[slot] = m + 1;
    s->m = m + 1;
    return m;
}

/* quicksort, median of three, the smaller side first (depth at most log2 n), insertion
   sort below 16 */
void sort_i64(i64 *a, i64 n) {
    while (n > 16) {
        i64 x = a[0], y = a[n / 2], z = a[n - 1];
        i64 p = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
        i64 i = 0, j = n - 1;
        while (i <= j) {
            while (a[i] < p) i++;
            while (a[j] > p) j--;
            if (i <= j) { i64 t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
        }
        if (j + 1 < n - i) { sort_i64(a, j + 1); a += i; n -= i; }
        else { sort_i64(a + i, n - i); n = j + 1; }
    }
    for (i64 i = 1; i < n; i++) {
        i64 v = a[i], j = i;
        while (j > 0 && a[j - 1] > v) { a[j] = a[j - 1]; j--; }
        a[j] = v;
    }
}

void td_release(Py_buffer *b, int n) {
    for (int k = 0; k < n; k++) PyBuffer_Release(&b[k]);
}

int td_views(PyObject *const *o, Py_buffer *b, const char *spec) {
    for (int k = 0; spec[k]; k++) {
        char c = spec[k];
        int writable = c == 'W' || c == 'B';
        Py_ssize_t item = c == '8' || c == 'W' ? 8 : 1;
        int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
        if (PyObject_GetBuffer(o[k], &b[k], flags) != 0) { td_release(b, k); return 0; }
        if (b[k].itemsize != item) {
            td_release(b, k + 1);
            PyErr_SetString(PyExc_TypeError, "top-down kernel: an array of the wrong type");
            return 0;
        }
    }
    return 1;
}

PyObject *td_failed(int status) {
    return Py_BuildValue("iOOiOO", status, Py_None, Py_None, 0, Py_None, Py_None);
}

PyObject *td_level_result(int status, TStore *s, Grow *lo, Grow *hi) {
    PyObject *data, *off;
    i64 m = s->m;
    if (status != TD_DONE || !store_take(s, &data, &off)) {
        Py_XDECREF(lo->obj); Py_XDECREF(hi->obj);
        return td_failed(status != TD_DONE ? status : TD_NOMEM);
    }
    return Py_BuildValue("iNNLNN", TD_DONE, data, off, (long long)m, lo->obj, hi->obj);
}

/* ---- ∃!: the states ------------------------------------------------------------- */
#define SHIFT 32
#define LOW ((1LL << SHIFT) - 1)

/* one call's nodes (rows of level, hi, lo, key), counts and scratch lists */
typedef struct {
    const i64 *rn, *wn;
    int8_t *cnt;
    i64 mask, cap;
    int use_keys;
    i64 *A, *B, *E, *EC, *WA, *WB, *S, *wanted;
} UE;

#define RN(u, n, f) ((u)->rn[4 * (n) + (f)])
#define WN(u, n, f) ((u)->wn[4 * (n) + (f)])

/* R's node list A[:k] past level L into B (mode 0 lo, 1 hi, 2 both): the new length */
static i64 close_r(UE *u, i64 L, int mode, const i64 *A, i64 k, i64 *B) {
    i64 ne = 0, nk = 0;
    int8_t *cnt = u->cnt;
    for (i64 i = 0; i < k; i++) {
        i64 n = A[i];
        if (RN(u, n, 0) == L) {
            u->E[ne] = n; u->EC[ne] = cnt[n]; ne++;
            cnt[n] = 0;
        } else if (mode != 1) {
            B[nk++] = n;
        } else {
            cnt[n] = 0;
        }
    }
    for (i64 i = 0; i < ne; i++) {
        i64 n = u->E[i], c = u->EC[i];
        for (int side = 0; side < 2; side++) {
            if ((side == 0 && mode == 1) || (side == 1 && mode == 0)) continue;
            i64 m = side == 1 ? RN(u, n, 1) : RN(u, n, 2);
            if (m == 0) continue;
            if (cnt[m] == 0) B[nk++] = m;
            i64 t = cnt[m] + c;
            cnt[m] = (int8_t)(t < 2 ? t : 2);
        }
    }
    return nk;
}

/* the witnesses WA[:w] past level L into WB, sorted without repeats: the new length */
static i64 close_w(UE *u, i64 L, int mode, const i64 *WA, i64 w, i64 *WB) {
    i64 nw = 0;
    for (i64 i = 0; i < w; i++) {
        i64 c = WA[i] >> SHIFT, n = WA[i] & LOW;
        int c_at = WN(u, c, 0) == L, n_at = RN(u, n, 0) == L;
        if (mode != 0 && c_at) {
            i64 c2 = WN(u, c, 1), n2 = n_at ? RN(u, n, 1) : 0;
            if (c2 != 0 && n2 != 0) WB[nw++] = (c2 << SHIFT) | n2;
        }
        if (mode != 1) {
            i64 c2 = c_at ? WN(u, c, 2) : c, n2 = n_at ? RN(u, n, 2) : n;
            if (c2 != 0 && n2 != 0) WB[nw++] = (c2 << SHIFT) | n2;
        }
    }
    sort_i64(WB, nw);
    i64 out = 0;
    for (i64 i = 0; i < nw; i++)
        if (out == 0 || WB[i] != WB[out - 1]) WB[out++] = WB[i];
    return out;
}

/* the smallest of best and the levels of the witnesses codes[a:b] */
static i64 witness_low(const UE *u, const i64 *codes, i64 a, i64 b, i64 best) {
    for (i64 i = a; i < b; i++) {
        i64 c = codes[i] >> SHIFT, n = codes[i] & LOW;
        i64 lc = WN(u, c, 0), ln = RN(u, n, 0);
        if (lc < best) best = lc;
        if (ln < best) best = ln;
    }
    return best;
}

static i64 next_level(const UE *u, const i64 *A, i64 k, const i64 *WA, i64 w, i64 limit) {
    i64 best = limit;
    for (i64 i = 0; i < k; i++)
        if (RN(u, A[i], 0) < best) best = RN(u, A[i], 0);
    return witness_low(u, WA, 0, w, best);
}

static void clear_counts(UE *u, const i64 *A, i64 k) {
    for (i64 i = 0; i < k; i++) u->cnt[A[i]] = 0;
}

/* the first index of key in the sorted a[:n], or n */
static i64 search(const i64 *a, i64 n, i64 key) {
    i64 lo = 0, hi = n;
    while (lo < hi) {
        i64 mid = (lo + hi) / 2;
        if (a[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

/* R's nodes A[:k] whose key under the mask some witness's W node has (the others
   cleared from the counts): the new length */
static i64 keep_keyed(UE *u, i64 *A, i64 k, const i64 *WA, i64 w) {
    for (i64 i = 0; i < w; i++) u->wanted[i] = WN(u, WA[i] >> SHIFT, 3) & u->mask;
    sort_i64(u->wanted, w);
    i64 kept = 0;
    for (i64 i = 0; i < k; i++) {
        i64 key = RN(u, A[i], 3) & u->mask, j = search(u->wanted, w, key);
        if (j < w && u->wanted[j] == key) A[kept++] = A[i];
        else u->cnt[A[i]] = 0;
    }
    return kept;
}

/* The state (u->A[:k] with the counts, u->WA[:w]) past level x (mode as close_r; x < 0:
   no decision), then every level below limit as free moves, pruned: the witnesses'
   number (-1: a list would not fit), the R nodes' in *kout, the lists in *RA, *RW. */
static i64 successor(UE *u, i64 x, int mode, i64 limit, i64 k, i64 w, i64 *kout, i64 **RA,
                     i64 **RW) {
    i64 *A = u->A, *B = u->B, *WA = u->WA, *WB = u->WB, cap = u->cap, L = x;
    *RA = A; *RW = WA; *kout = k;
    if (L < 0) { L = next_level(u, A, k, WA, w, limit); mode = 2; }
    while (L < limit) {
        if (2 * k > cap || 2 * w > cap) { clear_counts(u, A, k); *RA = A; *RW = WA; return -1; }
        k = close_r(u, L, mode, A, k, B);
        w = close_w(u, L, mode, WA, w, WB);
        i64 *t = A; A = B; B = t;
        t = WA; WA = WB; WB = t;
        mode = 2;
        L = next_level(u, A, k, WA, w, limit);
    }
    *RA = A; *RW = WA;
    i64 kept = 0;
    for (i64 i = 0; i < w; i++)  /* a witness whose R node is reached twice has a second T */
        if (u->cnt[WA[i] & LOW] < 2) WA[kept++] = WA[i];
    w = kept;
    if (u->use_keys && w > 0) k = keep_keyed(u, A, k, WA, w);
    *kout = k;
    if (1 + k + w > cap) { clear_counts(u, A, k); return -1; }
    return w;
}

/* the smallest level a node of the packed state data[a:b] lies at */
static i64 lowest(const UE *u, const i64 *data, i64 a, i64 b) {
    i64 k = data[a], best = RN(u, 1, 0);
    for (i64 i = 0; i < k; i++) {
        i64 n = data[a + 1 + i] >> 1;
        if (n != 1) { best = RN(u, n, 0); break; }
    }
    return witness_low(u, data, a + 1 + k, b, best);
}

/* the state data[a:b] into u->A (counts) and u->WA: k, *w */
static i64 load(UE *u, const i64 *data, i64 a, i64 b, i64 *w) {
    i64 k = data[a];
    for (i64 i = 0; i < k; i++) {
        i64 code = data[a + 1 + i];
        u->A[i] = code >> 1;
        u->cnt[code >> 1] = (int8_t)((code & 1) + 1);
    }
    *w = b - a - 1 - k;
    memcpy(u->WA, data + a + 1 + k, (size_t)*w * 8);
    return k;
}

/* the state's canonical row into u->S (counts cleared): its length */
static i64 pack(UE *u, i64 *A, i64 k, const i64 *WA, i64 w) {
    i64 *S = u->S;
    sort_i64(A, k);
    S[0] = k;
    for (i64 i = 0; i < k; i++) {
        S[1 + i] = (A[i] << 1) | (u->cnt[A[i]] - 1);
        u->cnt[A[i]] = 0;
    }
    memcpy(S + 1 + k, WA, (size_t)w * 8);
    return 1 + k + w;
}

static int scratch_init(UE *u, i64 size) {
    u->cap = size;
    i64 *all = malloc((size_t)(8 * size) * 8);
    if (!all) return 0;
    i64 **lists[8] = {&u->A, &u->B, &u->E, &u->EC, &u->WA, &u->WB, &u->S, &u->wanted};
    for (int j = 0; j < 8; j++) *lists[j] = all + j * size;
    return 1;
}

/* one child of state i (bit) into the store or a terminal code; SCRATCH, NOMEM or DONE */
static int child(UE *u, TStore *st, const i64 *data, const i64 *off, i64 i, i64 x, int bit,
                 i64 limit, int last, i64 *code) {
    if (off[i + 1] - off[i] > u->cap) return TD_SCRATCH;
    i64 w, k = load(u, data, off[i], off[i + 1], &w), *RA, *RW;
    w = successor(u, x, bit, limit, k, w, &k, &RA, &RW);
    if (w < 0) return TD_SCRATCH;
    if (w == 0 || last) {
        clear_counts(u, RA, k);
        *code = w > 0 ? TD_ALL : TD_DEAD;
        return TD_DONE;
    }
    *code = store_state(st, u->S, pack(u, RA, k, RW, w));
    return *code < 0 ? TD_NOMEM : TD_DONE;
}

/* ue_level's loop over the count states */
static int level_loop(UE *u, TStore *st, const i64 *data, const i64 *off, i64 count, i64 x,
                      i64 limit, int last, i64 kept_mask, int32_t *lo, int32_t *hi) {
    for (i64 i = 0; i < count; i++) {
        if (td_stop_now(i)) return TD_STOPPED;
        i64 low = lowest(u, data, off[i], off[i + 1]);
        if (low > x) {  /* no node at x: bit 1 ends every path, bit 0 changes nothing */
            hi[i] = TD_DEAD;
            if (low >= limit && u->mask == kept_mask) {
                if (last) lo[i] = TD_ALL;
                else {
                    i64 c = store_state(st, data + off[i], off[i + 1] - off[i]);
                    if (c < 0) return TD_NOMEM;
                    lo[i] = (int32_t)c;
                }
                continue;
            }
        }
        for (int bit = 0; bit < 2; bit++) {
            if (bit == 1 && low > x) continue;
            i64 code;
            int status = child(u, st, data, off, i, x, bit, limit, last, &code);
            if (status != TD_DONE) return status;
            put_code(lo, hi, i, bit, code);
        }
    }
    return TD_DONE;
}

const char ue_level_doc[] =
"ue_level(data, off, count, x, limit, last, size, cnt, rn, wn, mask, kept_mask, use_keys,\n"
"         ctx, held) -> (status, data, off, m, lo, hi)\n\n"
"unique_exists._level with scratch lists of size entries; the arrays come as bytearrays\n"
"(int64 data and off, int32 codes); status 3: no memory within the budget.";

PyObject *py_ue_level(PyObject *self, PyObject *args) {
    PyObject *o[6];  /* data, off, cnt, rn, wn, ctx */
    long long count, x, limit, size, mask, kept_mask, held;
    int last, use_keys;
    if (!PyArg_ParseTuple(args, "OOLLLpLOOOLLpOL", &o[0], &o[1], &count, &x, &limit, &last,
                          &size, &o[2], &o[3], &o[4], &mask, &kept_mask, &use_keys, &o[5], &held))
        return NULL;
    Py_buffer b[6];
    if (!td_views(o, b, "88B888")) return NULL;
    UE u = {.cnt = b[2].buf, .rn = b[3].buf, .wn = b[4].buf, .mask = mask, .use_keys = use_keys};
    Env env;
    env_init(&env, b[5].buf, NULL, 0);
    TStore st = {0};
    Grow lo = {0}, hi = {0};
    int status = TD_NOMEM;
    if (scratch_init(&u, size)) {
        if (store_init(&st, &env, held + 8 * 8 * size)) {
            if (codes_init(&lo, count) && codes_init(&hi, count))
                status = level_loop(&u, &st, b[0].buf, b[1].buf, count, x, limit, last,
                                    kept_mask, (int32_t *)lo.p, (int32_t *)hi.p);
            if (status != TD_DONE) store_free(&st);
        }
        free(u.A);
    }
    td_release(b, 6);
    return td_level_result(status, &st, &lo, &hi);
}

const char ue_root_doc[] =
"ue_root(r_root, w_root, limit, size, cnt, rn, wn, mask, use_keys) -> (status, row)\n\n"
"unique_exists._root: the first state as one packed row (a bytearray of int64; empty:\n"
"no member), status DONE, SCRATCH or NOMEM.";

PyObject *py_ue_root(PyObject *self, PyObject *args) {
    PyObject *o[3];  /* cnt, rn, wn */
    long long r_root, w_root, limit, size, mask;
    int use_keys;
    if (!PyArg_ParseTuple(args, "LLLLOOOLp", &r_root, &w_root, &limit, &size, &o[0], &o[1],
                          &o[2], &mask, &use_keys))
        return NULL;
    Py_buffer b[3];
    if (!td_views(o, b, "B88")) return NULL;
    UE u = {.cnt = b[0].buf, .rn = b[1].buf, .wn = b[2].buf, .mask = mask, .use_keys = use_keys};
    int status = TD_NOMEM;
    i64 n = 0;
    if (scratch_init(&u, size)) {
        u.A[0] = r_root;
        u.cnt[r_root] = 1;
        u.WA[0] = (w_root << SHIFT) | r_root;
        i64 k, *RA, *RW, w = successor(&u, -1, 2, limit, 1, 1, &k, &RA, &RW);
        status = w < 0 ? TD_SCRATCH : TD_DONE;
        if (w == 0) clear_counts(&u, RA, k);
        else if (w > 0) n = pack(&u, RA, k, RW, w);
    }
    td_release(b, 3);
    PyObject *row = PyByteArray_FromStringAndSize(u.S ? (const char *)u.S : "",
                                                  (Py_ssize_t)(8 * n));
    free(u.A);
    if (!row) return NULL;
    return Py_BuildValue("iN", status, row);
}
