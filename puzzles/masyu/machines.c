/* Masyu's frontier machine, compiled ahead of time: one level per edge of the cell grid
   (solve.board_graph's order).  The state (int16) holds
     * the mate of the loop for the cells on the frontier: FREE (no edge yet), SATURATED
       (two edges), else the slot of the other end of the cell's path;
     * one pattern code per pearl between its first and its last nearby edge
       (model.local_edges: its sides and the edges one cell beyond them): 1 followed by
       the bits of its nearby edges decided so far, in level order (0 when unused);
     * the flag "the loop is closed".
   A pearl's code is checked at each of its edges against the codes some allowed pattern
   (model.admits) begins with, a bit table of 512 bits a pearl; at its last edge the whole
   pattern is allowed.  So every pearl's rule is met inside the sweep, and every state
   that reaches the end with the loop closed is a solution.  solve.py's machine_layout
   writes the info rows and constants; the frontier driver (zalg.topdown) calls step and
   final through its machine function pointer types; ``machines()`` gives their
   addresses by name. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef int64_t i64;
typedef int16_t st;

enum { DEAD = 0, GOING = 2 };
/* info columns (solve.py: I_...): the two cells' slots, whether each leaves the frontier
   after this edge, the edge's pearl entries (offset in the constants, count), whether the
   loop may close at this edge (every pearl has an allowed pattern without later edges) */
enum { I_A, I_B, I_LEAVE_A, I_LEAVE_B, I_AT, I_N, I_CLOSE, I_WIDTH };
/* constants (solve.py: K_...): vertex slots, the flag's slot, the state's width; then the
   entries and the tables */
enum { K_NV, K_CLOSED, K_WIDTH, K_TABLE };
/* an entry: the pearl's slot, the offset of its table in the constants, whether this is
   its first edge, whether its last */
enum { E_SLOT, E_TABLE, E_FIRST, E_LAST, E_SIZE };
#define FREE (-1)
#define SATURATED (-2)

/* the mate after the edge (a, b) is taken; DEAD when it branches or closes too early */
static i64 join(st *t, i64 a, i64 b, i64 may_close, const i64 *consts) {
    st ma = t[a], mb = t[b];
    if (t[consts[K_CLOSED]] || ma == SATURATED || mb == SATURATED) return DEAD;
    if (ma == FREE && mb == FREE) { t[a] = (st)b; t[b] = (st)a; return GOING; }
    if (ma == FREE) { t[a] = mb; t[mb] = (st)a; t[b] = SATURATED; return GOING; }
    if (mb == FREE) { t[b] = ma; t[ma] = (st)b; t[a] = SATURATED; return GOING; }
    t[a] = t[b] = SATURATED;
    if (ma == b) {  /* the loop closes: no other path may be open, no pearl left behind */
        if (!may_close) return DEAD;
        for (i64 k = 0; k < consts[K_NV]; k++)
            if (t[k] >= 0) return DEAD;
        t[consts[K_CLOSED]] = 1;
        return GOING;
    }
    t[ma] = mb; t[mb] = ma;
    return GOING;
}

static i64 masyu_step(st *s, st *t, i64 bit, const i64 *row, const i64 *consts, i64 *work) {
    i64 width = consts[K_WIDTH], a = row[I_A], b = row[I_B];
    (void)work;
    for (i64 k = 0; k < width; k++) t[k] = s[k];
    if (bit && join(t, a, b, row[I_CLOSE], consts) == DEAD) return DEAD;
    const i64 *e = consts + row[I_AT];
    for (i64 k = 0; k < row[I_N]; k++, e += E_SIZE) {
        i64 code = (e[E_FIRST] ? 1 : t[e[E_SLOT]]) * 2 + bit;
        const i64 *table = consts + e[E_TABLE];
        if (!((table[code >> 6] >> (code & 63)) & 1)) return DEAD;
        t[e[E_SLOT]] = e[E_LAST] ? 0 : (st)code;
    }
    if (row[I_LEAVE_A]) { if (t[a] >= 0) return DEAD; t[a] = FREE; }  /* a dead end */
    if (row[I_LEAVE_B]) { if (t[b] >= 0) return DEAD; t[b] = FREE; }
    return GOING;
}

static i64 masyu_final(st *t, const i64 *consts, i64 *work) {
    (void)work;
    return t[consts[K_CLOSED]] == 1;
}

/* ---- the module: machines() -> {name: address} ---------------------------------------- */
typedef struct { const char *name; void *address; } MachineEntry;
static const MachineEntry MACHINES[] = {
    {"solve.step", (void *)masyu_step}, {"solve.final", (void *)masyu_final}, {NULL, NULL}};

PyDoc_STRVAR(machines_doc,
"machines() -> {name: address}: Masyu's machine functions (int16 states), for\n"
"zalg.topdown.c_function.");

static PyObject *py_machines(PyObject *self, PyObject *unused) {
    (void)self; (void)unused;
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    for (const MachineEntry *e = MACHINES; e->name; e++) {
        PyObject *a = PyLong_FromVoidPtr(e->address);
        if (!a || PyDict_SetItemString(d, e->name, a) != 0) { Py_XDECREF(a); Py_DECREF(d); return NULL; }
        Py_DECREF(a);
    }
    return d;
}

static PyMethodDef methods[] = {
    {"machines", py_machines, METH_NOARGS, machines_doc},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_machines",
    "Masyu's frontier machine (solve.py's), compiled ahead of time.", -1, methods};

PyMODINIT_FUNC PyInit__machines(void) { return PyModule_Create(&module); }
