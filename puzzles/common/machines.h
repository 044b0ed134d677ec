/* The module every genre's C machines end with: puzzles.<genre>._machines, whose
   machines() gives {name: address} of the genre's machine functions for
   zalg.topdown.c_function.  A genre's machines.c includes this header after Python.h,
   defines MACHINES (a MachineEntry table ending with {NULL, NULL}) and then writes
   GENRE_MACHINES_MODULE(doc of machines(), doc of the module). */
#ifndef PUZZLES_COMMON_MACHINES_H
#define PUZZLES_COMMON_MACHINES_H

typedef struct { const char *name; void *address; } MachineEntry;

/* {name: address} of the entries up to the one without a name */
static PyObject *machine_addresses(const MachineEntry *entries) {
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    for (const MachineEntry *e = entries; e->name; e++) {
        PyObject *a = PyLong_FromVoidPtr(e->address);
        if (!a || PyDict_SetItemString(d, e->name, a) != 0) { Py_XDECREF(a); Py_DECREF(d); return NULL; }
        Py_DECREF(a);
    }
    return d;
}

#define GENRE_MACHINES_MODULE(MACHINES_DOC, MODULE_DOC)                                    \
    static PyObject *py_machines(PyObject *self, PyObject *unused) {                       \
        (void)self; (void)unused;                                                          \
        return machine_addresses(MACHINES);                                                \
    }                                                                                      \
    static PyMethodDef methods[] = {                                                       \
        {"machines", py_machines, METH_NOARGS, MACHINES_DOC}, {NULL, NULL, 0, NULL}};      \
    static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_machines", MODULE_DOC,    \
                                        -1, methods};                                      \
    PyMODINIT_FUNC PyInit__machines(void) { return PyModule_Create(&module); }

#endif
