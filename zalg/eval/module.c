/* zalg.eval._kernels: the evaluation layer's kernels as Python functions.  Arrays come
   in as buffers (C-contiguous numpy arrays: int64 node arrays, float64 values) and go
   out as Blocks, the kernels' own memory as writable buffers the caller wraps with
   np.frombuffer (no copy).  Kernels
   that take a Manager's ctx return their status for Manager.check; the others raise
   KeyboardInterrupt or MemoryError themselves. */
#include "eval.h"

/* the ctx array of a Manager: a writable, contiguous int64 buffer */
static i64 *ctx_of(Py_buffer *b) {
    if (b->len < (Py_ssize_t)(C_STATS_END * sizeof(i64)) || b->itemsize != 8) {
        PyErr_SetString(PyExc_ValueError, "ctx: an int64 array of a Manager");
        return NULL;
    }
    return b->buf;
}

/* A block of memory a kernel allocated, handed to Python without a copy: a writable
   buffer (np.frombuffer wraps it) that frees the memory when the last view goes. */
typedef struct { PyObject_HEAD void *p; Py_ssize_t len; } Block;

static int block_getbuffer(PyObject *self, Py_buffer *view, int flags) {
    Block *b = (Block *)self;
    return PyBuffer_FillInfo(view, self, b->p, b->len, 0, flags);
}

static void block_dealloc(PyObject *self) {
    free(((Block *)self)->p);
    Py_TYPE(self)->tp_free(self);
}

static PyBufferProcs block_buffer = {block_getbuffer, NULL};

static PyTypeObject BlockType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "zalg.eval._kernels.Block",
    .tp_basicsize = sizeof(Block), .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = block_dealloc, .tp_as_buffer = &block_buffer,
    .tp_doc = "memory a kernel allocated, as a writable buffer"};

/* a Block owning p (malloc'd, bytes long; trimmed to it); NULL p: a zeroed new one.  p is
   freed when the Block cannot be made. */
static PyObject *block_of(void *p, i64 bytes) {
    size_t size = bytes > 0 ? (size_t)bytes : 1;
    void *q = p ? realloc(p, size) : calloc(size, 1);
    if (!q) { free(p); return PyErr_NoMemory(); }
    Block *b = PyObject_New(Block, &BlockType);
    if (!b) { free(q); return NULL; }
    b->p = q;
    b->len = (Py_ssize_t)bytes;
    return (PyObject *)b;
}

static inline void *block_data(PyObject *b) { return ((Block *)b)->p; }

/* (status, level, hi, lo, root) of node arrays; the arrays freed */
static PyObject *nodes_result(int status, Nodes *o) {
    PyObject *r = NULL;
    if (status != ZOK) r = Py_BuildValue("(iOOOi)", status, Py_None, Py_None, Py_None, 0);
    else {
        PyObject *a = block_of(o->level, o->n * 8), *b = block_of(o->hi, o->n * 8),
                 *c = block_of(o->lo, o->n * 8);
        o->level = o->hi = o->lo = NULL;  /* the blocks own them */
        if (a && b && c) r = Py_BuildValue("(iOOOL)", status, a, b, c, (long long)o->root);
        Py_XDECREF(a); Py_XDECREF(b); Py_XDECREF(c);
    }
    nodes_free(o);
    return r;
}

/* a kernel's status as Python's exception, for kernels given no manager; 1 when ZOK */
static int ok(int status) {
    if (status == ZINTERRUPTED) PyErr_SetNone(PyExc_KeyboardInterrupt);
    else if (status != ZOK) PyErr_NoMemory();
    return status == ZOK;
}

/* whether hi and lo are node arrays of one length, root (when >= 0) among them */
static int node_arrays(Py_buffer *hi, Py_buffer *lo, i64 root) {
    if (hi->len != lo->len || hi->itemsize != 8 || lo->itemsize != 8 ||
        (root >= 0 && root >= (i64)(hi->len / 8))) {
        PyErr_SetString(PyExc_ValueError, "node arrays: int64 hi and lo of one length, "
                                          "the root among them");
        return 0;
    }
    return 1;
}

static void release(Py_buffer *b, int n) {
    for (int i = 0; i < n; i++) PyBuffer_Release(&b[i]);
}

static PyObject *py_export(PyObject *self, PyObject *args) {
    Py_buffer ctx;
    long long root;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*L", &ctx, &root)) return NULL;
    i64 *c = ctx_of(&ctx);
    PyObject *r = NULL;
    if (c) {
        Env e;
        env_init(&e, c, NULL, 0);
        Nodes o;
        int status = export_nodes(&e, root, &o);
        r = nodes_result(status, &o);
    }
    PyBuffer_Release(&ctx);
    return r;
}

static PyObject *py_member(PyObject *self, PyObject *args) {
    Py_buffer ctx, lv;
    long long p;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*Ly*", &ctx, &p, &lv)) return NULL;
    i64 *c = ctx_of(&ctx);
    int in = 0;
    if (c) {
        Env e;
        env_init(&e, c, NULL, 0);
        in = is_member(&e, p, lv.buf, lv.len / 8);
    }
    PyBuffer_Release(&ctx);
    PyBuffer_Release(&lv);
    if (!c) return NULL;
    return PyBool_FromLong(in);
}

static PyObject *py_count_exact(PyObject *self, PyObject *args) {
    Py_buffer b[2];
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*", &b[0], &b[1])) return NULL;
    PyObject *r = NULL, *counts = NULL, *big = NULL;
    if (node_arrays(&b[0], &b[1], -1) && (counts = block_of(NULL, b[0].len))) {
        Env e = {0};
        u64 *limbs;
        i64 nbig;
        int status = count_exact(&e, b[0].buf, b[1].buf, b[0].len / 8,
                                 block_data(counts), &limbs, &nbig);
        if (!ok(status)) free(limbs);
        else if ((big = block_of(limbs, nbig * 8))) r = PyTuple_Pack(2, counts, big);
    }
    Py_XDECREF(counts); Py_XDECREF(big);
    release(b, 2);
    return r;
}

static PyObject *py_count_root(PyObject *self, PyObject *args) {
    Py_buffer b[2];
    long long root;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*L", &b[0], &b[1], &root)) return NULL;
    PyObject *r = NULL;
    if (node_arrays(&b[0], &b[1], root) && root >= 0) {
        Env e = {0};
        u64 narrow, *limbs;
        i64 nlimbs;
        if (ok(count_root(&e, b[0].buf, b[1].buf, b[0].len / 8, root, &narrow, &limbs, &nlimbs)))
            r = Py_BuildValue("(KN)", (unsigned long long)narrow,
                              PyBytes_FromStringAndSize((const char *)limbs, nlimbs * 8));
        free(limbs);
    }
    release(b, 2);
    return r;
}

static PyObject *py_count_by_size(PyObject *self, PyObject *args) {
    Py_buffer b[4];
    long long root;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*Ly*w*", &b[0], &b[1], &root, &b[2], &b[3])) return NULL;
    PyObject *r = NULL;
    i64 *c = ctx_of(&b[3]);
    if (c && node_arrays(&b[0], &b[1], root) && root >= 0) {
        Env e;
        env_init(&e, c, NULL, 0);
        i64 smallest, *res, rows, np = b[2].len / 8;
        int status = count_by_size(&e, b[0].buf, b[1].buf, b[0].len / 8, root, b[2].buf, np,
                                   &smallest, &res, &rows);
        r = Py_BuildValue("(iLNL)", status, (long long)smallest, block_of(res, rows * np * 8),
                          (long long)rows);
    }
    release(b, 4);
    return r;
}

static PyObject *py_best_weight(PyObject *self, PyObject *args) {
    Py_buffer b[4];
    double sign;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*y*y*d", &b[0], &b[1], &b[2], &b[3], &sign)) return NULL;
    PyObject *best = NULL;
    if (node_arrays(&b[1], &b[2], -1) && b[0].len == b[1].len &&
        (best = block_of(NULL, b[1].len))) {
        Env e = {0};
        if (!ok(best_weight(&e, b[0].buf, b[1].buf, b[2].buf, b[1].len / 8, b[3].buf, sign,
                            block_data(best))))
            Py_CLEAR(best);
    }
    release(b, 4);
    return best;
}

static PyObject *py_tilt(PyObject *self, PyObject *args) {
    Py_buffer b[2];
    double log_lambda;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*d", &b[0], &b[1], &log_lambda)) return NULL;
    PyObject *r = NULL, *logw = NULL, *mean = NULL;
    if (node_arrays(&b[0], &b[1], -1) && (logw = block_of(NULL, b[0].len)) &&
        (mean = block_of(NULL, b[0].len))) {
        Env e = {0};
        if (ok(tilt(&e, b[0].buf, b[1].buf, b[0].len / 8, log_lambda,
                    block_data(logw), block_data(mean))))
            r = PyTuple_Pack(2, logw, mean);
    }
    Py_XDECREF(logw); Py_XDECREF(mean);
    release(b, 2);
    return r;
}

static PyObject *py_tilted_walk(PyObject *self, PyObject *args) {
    Py_buffer b[6];
    long long root;
    double log_lambda;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*y*Ly*dy*w*", &b[0], &b[1], &b[2], &root, &b[3], &log_lambda,
                          &b[4], &b[5]))
        return NULL;
    PyObject *r = NULL;
    if (node_arrays(&b[1], &b[2], root) && b[3].len == b[1].len && root >= 0)
        r = PyLong_FromLongLong(tilted_walk(b[0].buf, b[1].buf, b[2].buf, root, b[3].buf,
                                            log_lambda, b[4].buf, b[4].len / 8, b[5].buf,
                                            b[5].len / 8));
    release(b, 6);
    return r;
}

static PyObject *py_cost_le(PyObject *self, PyObject *args) {
    Py_buffer b[5];
    long long root, bound;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*y*y*y*Ly*L", &b[0], &b[1], &b[2], &b[3], &root, &b[4], &bound))
        return NULL;
    PyObject *r = NULL;
    i64 *c = ctx_of(&b[0]);
    if (c && node_arrays(&b[2], &b[3], root) && b[1].len == b[2].len && root >= 0) {
        Env e;
        env_init(&e, c, NULL, 0);
        Nodes o;
        int status = cost_le(&e, b[1].buf, b[2].buf, b[3].buf, b[2].len / 8, root, b[4].buf,
                             b[4].len / 8, bound, &o);
        r = nodes_result(status, &o);
    }
    release(b, 5);
    return r;
}

static PyObject *py_within_members(PyObject *self, PyObject *args) {
    Py_buffer b[7];
    long long root, groot, nlev;
    int kept;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*y*y*y*Ly*y*y*LLp", &b[0], &b[1], &b[2], &b[3], &root, &b[4],
                          &b[5], &b[6], &groot, &nlev, &kept))
        return NULL;
    PyObject *r = NULL;
    i64 *c = ctx_of(&b[0]);
    if (c && node_arrays(&b[2], &b[3], root) && b[1].len == b[2].len && root >= 0 &&
        node_arrays(&b[5], &b[6], groot) && b[4].len == b[5].len && groot >= 0) {
        Env e;
        env_init(&e, c, NULL, 0);
        Nodes o;
        int status = within_members(&e, b[1].buf, b[2].buf, b[3].buf, b[2].len / 8, root,
                                    b[4].buf, b[5].buf, b[6].buf, b[5].len / 8, groot, nlev,
                                    kept, &o);
        r = nodes_result(status, &o);
    }
    release(b, 7);
    return r;
}

static PyObject *py_probability(PyObject *self, PyObject *args) {
    Py_buffer b[4];
    long long root;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*y*Ly*", &b[0], &b[1], &b[2], &root, &b[3])) return NULL;
    PyObject *r = NULL;
    if (node_arrays(&b[1], &b[2], root) && b[0].len == b[1].len && root >= 0) {
        Env e = {0};
        double p = 0.0;
        if (ok(probability(&e, b[0].buf, b[1].buf, b[2].buf, b[1].len / 8, root, b[3].buf,
                           b[3].len / 8, &p)))
            r = PyFloat_FromDouble(p);
    }
    release(b, 4);
    return r;
}

static PyMethodDef methods[] = {
    {"export", py_export, METH_VARARGS,
     "export(ctx, root) -> (status, level, hi, lo, root_id): the nodes below root"},
    {"member", py_member, METH_VARARGS,
     "member(ctx, node, levels) -> whether the set of the increasing levels is in F"},
    {"count_exact", py_count_exact, METH_VARARGS,
     "count_exact(hi, lo) -> (counts, big): every node's exact count (uint64, limbs)"},
    {"count_root", py_count_root, METH_VARARGS,
     "count_root(hi, lo, root) -> (narrow, limbs): |F| at root"},
    {"count_by_size", py_count_by_size, METH_VARARGS,
     "count_by_size(hi, lo, root, primes, ctx) -> (status, smallest, residues, rows)"},
    {"best_weight", py_best_weight, METH_VARARGS,
     "best_weight(level, hi, lo, w, sign) -> least (sign 1) or greatest weight per node"},
    {"tilt", py_tilt, METH_VARARGS, "tilt(hi, lo, log_lambda) -> (logw, mean) per node"},
    {"tilted_walk", py_tilted_walk, METH_VARARGS,
     "tilted_walk(level, hi, lo, root, logw, log_lambda, u, out) -> size of one drawn member"},
    {"cost_le", py_cost_le, METH_VARARGS,
     "cost_le(ctx, level, hi, lo, root, w, bound) -> (status, level, hi, lo, root)"},
    {"within_members", py_within_members, METH_VARARGS,
     "within_members(ctx, level, hi, lo, root, glevel, ghi, glo, groot, nlev, kept) -> "
     "(status, level, hi, lo, root): F's members containing (kept) or not containing a member of G"},
    {"probability", py_probability, METH_VARARGS,
     "probability(level, hi, lo, root, p) -> Pr[X in F]"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernels",
                                    "zalg's compiled evaluation kernels (zalg/eval)", -1, methods};

PyMODINIT_FUNC PyInit__kernels(void) {
    if (PyType_Ready(&BlockType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (add_build_facts(m) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
