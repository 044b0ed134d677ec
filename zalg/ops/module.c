/* zalg.ops._kernels: the compiled family operations as Python functions on a Manager's ctx. */
#include "../cudd/deep.h"
#include "driver.h"
#include "setop.h"
#include "meet.h"
#include "quotients.h"
#include "substitute.h"
#include "build.h"

/* the ctx array of a Manager: a writable, contiguous int64 buffer */
static i64 *ctx_of(Py_buffer *b) {
    if (b->len < (Py_ssize_t)(C_STATS_END * sizeof(i64)) || b->itemsize != 8) {
        PyErr_SetString(PyExc_ValueError, "ctx: an int64 array of a Manager");
        return NULL;
    }
    return b->buf;
}

/* one call of a binary set operation or of a registered operation */
typedef struct {
    int op, kind;
    i64 code, *ctx, a, b, k, naux, out;
    const i64 *aux;
} Call;

static int run_binary(void *p) {
    Call *c = p;
    Env e;
    env_init(&e, c->ctx, NULL, 0);
    int status = setop(&e, c->kind, c->a, c->b, &c->out);
    if (status == ZNOMEM) cudd_recover(&e);
    return status;
}

static int run_apply(void *p) {
    Call *c = p;
    return apply_op(c->op, c->code, c->ctx, c->a, c->b, c->k, c->aux, c->naux, &c->out);
}

/* the call's status; one deeper than the caller's stack runs on a thread of its own */
static int run(deep_call_t call, Call *c) {
    int status = call(c);
    if (status == ZTOO_DEEP) status = on_deep_stack(call, c, c->ctx[C_NLEV]);
    return status;
}

static PyObject *py_binary(PyObject *self, PyObject *args) {
    Py_buffer ctx;
    Call c = {0};
    long long f, g;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*iLL", &ctx, &c.kind, &f, &g)) return NULL;
    c.ctx = ctx_of(&ctx);
    c.a = f; c.b = g;
    int status = ZNOMEM;
    if (c.ctx && c.kind >= UNION && c.kind <= QUOT_SET && c.kind != UNION3)
        status = run(run_binary, &c);
    PyBuffer_Release(&ctx);
    if (!c.ctx) return NULL;
    return Py_BuildValue("iL", status, (long long)c.out);
}

static PyObject *py_apply(PyObject *self, PyObject *args) {
    Py_buffer ctx, aux;
    int op;
    long long code, a, b, k;
    (void)self;
    if (!PyArg_ParseTuple(args, "iLw*LLLy*", &op, &code, &ctx, &a, &b, &k, &aux)) return NULL;
    Call c = {op, 0, code, ctx_of(&ctx), a, b, k, aux.len / 8, 0, aux.buf};
    int status = ZUNKNOWN_OP;
    if (c.ctx && op > 0 && op < N_OPS) status = run(run_apply, &c);
    PyBuffer_Release(&ctx);
    PyBuffer_Release(&aux);
    if (!c.ctx) return NULL;
    return Py_BuildValue("iL", status, (long long)c.out);
}

/* an int64 array argument of n entries (n = -1: any), or NULL with ValueError */
static const i64 *int64s(Py_buffer *b, i64 n, const char *what) {
    if (b->itemsize != 8 || b->len % 8 || (n >= 0 && b->len / 8 != n)) {
        PyErr_Format(PyExc_ValueError, "%s: an int64 array of the expected length", what);
        return NULL;
    }
    return b->buf;
}

/* whether every one of the n levels lies in [0, nlev) (else ValueError) */
static int levels_in(const i64 *levels, i64 n, i64 nlev) {
    for (i64 i = 0; i < n; i++)
        if (levels[i] < 0 || levels[i] >= nlev) {
            PyErr_SetString(PyExc_ValueError, "a level outside the manager's variables");
            return 0;
        }
    return 1;
}

static int run_meet(void *p) {
    Call *c = p;
    return meet(c->ctx, c->a, c->b, &c->out);
}

static PyObject *py_meet(PyObject *self, PyObject *args) {
    Py_buffer ctx;
    Call c = {0};
    long long f, g;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*LL", &ctx, &f, &g)) return NULL;
    c.ctx = ctx_of(&ctx);
    c.a = f; c.b = g;
    int status = c.ctx ? run(run_meet, &c) : ZNOMEM;
    PyBuffer_Release(&ctx);
    if (!c.ctx) return NULL;
    return Py_BuildValue("iL", status, (long long)c.out);
}

/* one call of the mask pass: the quotients, or the substitution written on top */
typedef struct {
    i64 *ctx, f, k, out;
    const i64 *levels, *tops;
    i64 *results;
} Pass;

static int run_quotients(void *p) {
    Pass *q = p;
    Env e;
    env_init(&e, q->ctx, NULL, 0);
    return quotients(&e, q->f, q->levels, q->k, q->results);
}

static int run_substitute(void *p) {
    Pass *q = p;
    Env e;
    env_init(&e, q->ctx, NULL, 0);
    return substitute_on_top(&e, q->f, q->levels, q->tops, q->k, &q->out);
}

/* the pass's status; more elements than a mask holds answer ZTOO_DEEP at once (the
   caller divides one element at a time), a deeper family runs on a deep stack */
static int run_pass(deep_call_t call, Pass *q) {
    if (q->k > MAX_ELEMENTS) return ZTOO_DEEP;
    int status = call(q);
    if (status == ZTOO_DEEP) status = on_deep_stack(call, q, q->ctx[C_NLEV]);
    return status;
}

static PyObject *py_quotients(PyObject *self, PyObject *args) {
    Py_buffer ctx, lv, out;
    long long f;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*Ly*w*", &ctx, &f, &lv, &out)) return NULL;
    i64 *c = ctx_of(&ctx);
    const i64 *levels = c ? int64s(&lv, -1, "levels") : NULL;
    i64 k = lv.len / 8;
    i64 *results = levels ? (i64 *)int64s(&out, k, "results") : NULL;
    int status = ZNOMEM;
    if (results && levels_in(levels, k, c[C_NLEV])) {
        Pass q = {c, f, k, 0, levels, NULL, results};
        status = run_pass(run_quotients, &q);
    } else {
        results = NULL;
    }
    PyBuffer_Release(&ctx); PyBuffer_Release(&lv); PyBuffer_Release(&out);
    if (!results) return NULL;
    return PyLong_FromLong(status);
}

static PyObject *py_substitute_on_top(PyObject *self, PyObject *args) {
    Py_buffer ctx, lv, tp;
    long long f;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*Ly*y*", &ctx, &f, &lv, &tp)) return NULL;
    i64 *c = ctx_of(&ctx), r = 0, k = lv.len / 8;
    const i64 *levels = c ? int64s(&lv, -1, "levels") : NULL;
    const i64 *tops = levels ? int64s(&tp, k, "tops") : NULL;
    int ok = tops && levels_in(levels, k, c[C_NLEV]) && levels_in(tops, k, c[C_NLEV]), status = 0;
    if (ok) {
        Pass q = {c, f, k, 0, levels, tops, NULL};
        status = run_pass(run_substitute, &q);
        r = q.out;
    }
    PyBuffer_Release(&ctx); PyBuffer_Release(&lv); PyBuffer_Release(&tp);
    if (!ok) return NULL;
    return Py_BuildValue("iL", status, (long long)r);
}

static PyObject *py_build(PyObject *self, PyObject *args) {
    Py_buffer ctx, mk;
    int mode;
    long long k;
    (void)self;
    if (!PyArg_ParseTuple(args, "iw*y*L", &mode, &ctx, &mk, &k)) return NULL;
    i64 *c = ctx_of(&ctx), r = 0;
    int ok = c && mode >= EXACTLY && mode <= POWER && mk.itemsize == 1 && mk.len >= c[C_NLEV];
    if (c && !ok) PyErr_SetString(PyExc_ValueError, "build: a mode and a marked array of levels");
    int status = 0;
    if (ok) {
        Env e;
        env_init(&e, c, NULL, 0);
        status = build(&e, mode, mk.buf, k, &r);
    }
    PyBuffer_Release(&ctx); PyBuffer_Release(&mk);
    if (!ok) return NULL;
    return Py_BuildValue("iL", status, (long long)r);
}

static PyObject *py_rebuild(PyObject *self, PyObject *args) {
    Py_buffer ctx, lv, hi, lo;
    long long root;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*y*y*y*L", &ctx, &lv, &hi, &lo, &root)) return NULL;
    i64 *c = ctx_of(&ctx), r = 0, n = lv.len / 8;
    const i64 *L = c ? int64s(&lv, -1, "level") : NULL, *H = L ? int64s(&hi, n, "hi") : NULL;
    const i64 *O = H ? int64s(&lo, n, "lo") : NULL;
    int ok = O && checked_arrays(L, H, O, n, root, c[C_NLEV], 0) == -1, status = 0;
    if (O && !ok) PyErr_SetString(PyExc_ValueError, "rebuild: a node id or level out of range");
    if (ok) {
        Env e;
        env_init(&e, c, NULL, 0);
        status = rebuild(&e, L, H, O, n, root, &r);
    }
    PyBuffer_Release(&ctx); PyBuffer_Release(&lv); PyBuffer_Release(&hi); PyBuffer_Release(&lo);
    if (!ok) return NULL;
    return Py_BuildValue("iL", status, (long long)r);
}

static PyObject *py_checked_arrays(PyObject *self, PyObject *args) {
    Py_buffer lv, hi, lo;
    long long root, nlev;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*y*LL", &lv, &hi, &lo, &root, &nlev)) return NULL;
    i64 n = lv.len / 8, bad = 0;
    const i64 *L = int64s(&lv, -1, "level"), *H = L ? int64s(&hi, -1, "hi") : NULL;
    const i64 *O = H ? int64s(&lo, -1, "lo") : NULL;
    if (O && hi.len == lv.len && lo.len == lv.len) bad = checked_arrays(L, H, O, n, root, nlev, 1);
    PyBuffer_Release(&lv); PyBuffer_Release(&hi); PyBuffer_Release(&lo);
    if (!O) return NULL;
    return PyLong_FromLongLong(bad);
}

static PyObject *py_one_set(PyObject *self, PyObject *args) {
    Py_buffer ctx;
    long long g;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*L", &ctx, &g)) return NULL;
    i64 *c = ctx_of(&ctx);
    int yes = 0;
    if (c) {
        Env e;
        env_init(&e, c, NULL, 0);
        yes = one_set(&e, g);
    }
    PyBuffer_Release(&ctx);
    if (!c) return NULL;
    return PyBool_FromLong(yes);
}

static PyMethodDef methods[] = {
    {"binary", py_binary, METH_VARARGS,
     "binary(ctx, kind, f, g) -> (status, node): F ∪ G, F ∩ G, F ∖ G or F / {s}"},
    {"apply", py_apply, METH_VARARGS,
     "apply(op, code, ctx, a, b, k, aux) -> (status, node): compiled operation op"},
    {"meet", py_meet, METH_VARARGS, "meet(ctx, f, g) -> (status, node): F ⊓ G"},
    {"quotients", py_quotients, METH_VARARGS,
     "quotients(ctx, f, levels, results) -> status: results[j] = F / {{x_j}} in one pass"},
    {"substitute_on_top", py_substitute_on_top, METH_VARARGS,
     "substitute_on_top(ctx, f, levels, tops) -> (status, node): Σ F / {{x_i}} ⊔ {{y_i}}"},
    {"build", py_build, METH_VARARGS,
     "build(mode, ctx, marked, k) -> (status, node): a cardinality family or power set"},
    {"rebuild", py_rebuild, METH_VARARGS,
     "rebuild(ctx, level, hi, lo, root) -> (status, node): the family of node arrays"},
    {"checked_arrays", py_checked_arrays, METH_VARARGS,
     "checked_arrays(level, hi, lo, root, nlev) -> -1 for valid node arrays, else a bad id"},
    {"one_set", py_one_set, METH_VARARGS, "one_set(ctx, g) -> whether G has one member"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernels",
                                    "zalg's compiled family operations (zalg/ops)", -1, methods};

PyMODINIT_FUNC PyInit__kernels(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    PyObject *ops = PyDict_New();
    for (int i = 1; i < N_OPS; i++) {
        PyObject *v = PyLong_FromLong(i);
        PyDict_SetItemString(ops, OPS[i]->name, v);
        Py_DECREF(v);
    }
    PyModule_AddObject(m, "OPS", ops);
    PyModule_AddObject(m, "TERMINATE", PyLong_FromVoidPtr((void *)zalg_terminate));
    PyModule_AddIntConstant(m, "TOO_DEEP", ZTOO_DEEP);
    PyModule_AddIntConstant(m, "MAX_DEPTH", MAX_DEPTH);
    if (add_build_facts(m) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
