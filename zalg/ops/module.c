/* zalg.ops._kernels: the node-making kernels as Python functions on a Manager's ctx: one
   entry, apply, for every kernel of the table (TABLE), and the node-array builder. */
#include "setop.h"
#include "build.h"

/* the ctx array of a Manager: a writable, contiguous int64 buffer */
static i64 *ctx_of(Py_buffer *b) {
    if (b->len < (Py_ssize_t)(C_STATS_END * sizeof(i64)) || b->itemsize != 8) {
        PyErr_SetString(PyExc_ValueError, "ctx: an int64 array of a Manager");
        return NULL;
    }
    return b->buf;
}

/* an int64 array argument of n entries (n = -1: any), or NULL with ValueError */
static const i64 *int64s(Py_buffer *b, i64 n, const char *what) {
    static i64 none[1];  /* where an empty array's entries start */
    if (b->itemsize != 8 || b->len % 8 || (n >= 0 && b->len / 8 != n)) {
        PyErr_Format(PyExc_ValueError, "%s: an int64 array of the expected length", what);
        return NULL;
    }
    return b->buf ? b->buf : none;
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

/* whether x suits kernel code: the mask pass's levels within the manager's and one result
   slot a level, a builder's marks for every level (else ValueError) */
static int args_fit(int code, const Args *x, i64 nlev, i64 nresults) {
    if (code == OP_QUOTIENTS || code == OP_SUBSTITUTE) {
        i64 words = code == OP_QUOTIENTS ? x->k : 2 * x->k;
        if (x->naux != words || (code == OP_QUOTIENTS && nresults != x->k)) {
            PyErr_SetString(PyExc_ValueError, "apply: the levels and the results of a mask pass");
            return 0;
        }
        return levels_in(x->aux, x->naux, nlev);
    }
    if (code >= OP_EXACTLY && code <= OP_POWER && x->naux < nlev) {
        PyErr_SetString(PyExc_ValueError, "apply: a builder marks every level");
        return 0;
    }
    return 1;
}

static PyObject *py_apply(PyObject *self, PyObject *args) {
    Py_buffer ctx, aux, res = {0};
    int code;
    long long a, b, k;
    (void)self;
    if (!PyArg_ParseTuple(args, "iw*LLLy*|w*", &code, &ctx, &a, &b, &k, &aux, &res)) return NULL;
    i64 *c = ctx_of(&ctx), r = 0;
    const i64 *av = c ? int64s(&aux, -1, "aux") : NULL;
    i64 *rv = av && res.obj ? (i64 *)int64s(&res, -1, "results") : NULL;
    int ok = av && (rv || !res.obj), status = ZUNKNOWN_OP;
    Args x = {a, b, k, av, aux.len / 8, rv};
    if (code == OP_QUOTIENTS) x.k = x.naux;
    if (ok && op_known(code)) ok = args_fit(code, &x, c[C_NLEV], res.len / 8);
    if (ok) status = run_op(code, c, &x, &r);
    PyBuffer_Release(&ctx);
    PyBuffer_Release(&aux);
    if (res.obj) PyBuffer_Release(&res);
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

static PyObject *py_no_more_nodes(PyObject *self, PyObject *args) {
    Py_buffer ctx;
    long long g, f;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*LL", &ctx, &g, &f)) return NULL;
    i64 *c = ctx_of(&ctx);
    int answer = 0;
    if (c) {
        Env e;
        env_init(&e, c, NULL, 0);
        answer = no_more_nodes(&e, g, f);
    }
    PyBuffer_Release(&ctx);
    if (!c) return NULL;
    if (answer < 0) return PyErr_NoMemory();
    return PyBool_FromLong(answer);
}

static PyMethodDef methods[] = {
    {"apply", py_apply, METH_VARARGS,
     "apply(code, ctx, a, b, k, aux[, results]) -> (status, node): kernel code of TABLE"},
    {"rebuild", py_rebuild, METH_VARARGS,
     "rebuild(ctx, level, hi, lo, root) -> (status, node): the family of node arrays"},
    {"checked_arrays", py_checked_arrays, METH_VARARGS,
     "checked_arrays(level, hi, lo, root, nlev) -> -1 for valid node arrays, else a bad id"},
    {"one_set", py_one_set, METH_VARARGS, "one_set(ctx, g) -> whether G has one member"},
    {"no_more_nodes", py_no_more_nodes, METH_VARARGS,
     "no_more_nodes(ctx, g, f) -> whether G has no more nodes than F (time of the smaller)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernels",
                                    "zalg's compiled family operations (zalg/ops)", -1, methods};

/* TABLE: (name, code, arity, flags) of every kernel Python calls, in code order */
static PyObject *table(void) {
    PyObject *t = PyList_New(0);
    for (int i = 1; t && i < N_OPS; i++) {
        if (OPS[i]->flags & F_INTERNAL) continue;
        PyObject *row = Py_BuildValue("(siii)", OPS[i]->name, i, OPS[i]->arity, OPS[i]->flags);
        if (!row || PyList_Append(t, row) < 0) { Py_XDECREF(row); Py_DECREF(t); return NULL; }
        Py_DECREF(row);
    }
    return t;
}

PyMODINIT_FUNC PyInit__kernels(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    PyObject *t = table();
    if (!t || PyModule_AddObject(m, "TABLE", t) < 0) { Py_XDECREF(t); Py_DECREF(m); return NULL; }
    PyModule_AddObject(m, "TERMINATE", PyLong_FromVoidPtr((void *)zalg_terminate));
    PyModule_AddIntConstant(m, "COMMUTATIVE", F_COMMUTATIVE);
    PyModule_AddIntConstant(m, "CACHED", F_CACHED);
    PyModule_AddIntConstant(m, "HOLDS_KEYS", F_HOLDS_KEYS);
    PyModule_AddIntConstant(m, "OK", ZOK);
    PyModule_AddIntConstant(m, "INTERRUPTED", ZINTERRUPTED);
    PyModule_AddIntConstant(m, "NOMEM", ZNOMEM);
    PyModule_AddIntConstant(m, "UNKNOWN_OP", ZUNKNOWN_OP);
    PyModule_AddIntConstant(m, "TOO_DEEP", ZTOO_DEEP);
    PyModule_AddIntConstant(m, "MAX_DEPTH", MAX_DEPTH);
    if (add_build_facts(m) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
