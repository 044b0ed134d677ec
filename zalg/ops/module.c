/* zalg.ops._kernels: the compiled family operations as Python functions on a Manager's ctx. */
#include "../cudd/deep.h"
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
    if (add_build_facts(m) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
