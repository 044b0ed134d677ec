/* zalg.ops._kernels: the compiled family operations as Python functions on a Manager's ctx. */
#include "driver.h"
#include "setop.h"

/* the ctx array of a Manager: a writable, contiguous int64 buffer */
static i64 *ctx_of(Py_buffer *b) {
    if (b->len < (Py_ssize_t)(C_STATS_END * sizeof(i64)) || b->itemsize != 8) {
        PyErr_SetString(PyExc_ValueError, "ctx: an int64 array of a Manager");
        return NULL;
    }
    return b->buf;
}

static PyObject *py_binary(PyObject *self, PyObject *args) {
    Py_buffer ctx;
    int kind;
    long long f, g;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*iLL", &ctx, &kind, &f, &g)) return NULL;
    i64 *c = ctx_of(&ctx), r = 0;
    int status = ZNOMEM;
    if (c && kind >= UNION && kind <= QUOT_SET && kind != UNION3) {
        Env e;
        env_init(&e, c, NULL, 0);
        status = setop(&e, kind, f, g, &r);
        if (status == ZNOMEM) cudd_recover(&e);
    }
    PyBuffer_Release(&ctx);
    if (!c) return NULL;
    return Py_BuildValue("iL", status, (long long)r);
}

static PyObject *py_apply(PyObject *self, PyObject *args) {
    Py_buffer ctx, aux;
    int op;
    long long code, a, b, k;
    (void)self;
    if (!PyArg_ParseTuple(args, "iLw*LLLy*", &op, &code, &ctx, &a, &b, &k, &aux)) return NULL;
    i64 *c = ctx_of(&ctx), r = 0;
    int status = ZUNKNOWN_OP;
    if (c && op > 0 && op < N_OPS)
        status = apply_op(op, code, c, a, b, k, aux.buf, aux.len / 8, &r);
    PyBuffer_Release(&ctx);
    PyBuffer_Release(&aux);
    if (!c) return NULL;
    return Py_BuildValue("iL", status, (long long)r);
}

static PyMethodDef methods[] = {
    {"binary", py_binary, METH_VARARGS,
     "binary(ctx, kind, f, g) -> (status, node): F ∪ G, F ∩ G, F ∖ G or F / {s}"},
    {"apply", py_apply, METH_VARARGS,
     "apply(op, code, ctx, a, b, k, aux) -> (status, node): compiled operation op"},
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
    PyModule_AddStringConstant(m, "CFLAGS", ZALG_CFLAGS);
    return m;
}
