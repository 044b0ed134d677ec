/* The top-down constructions' functions for the extension's method table (frontier.c):
   TD_METHOD(name) is the entry of py_<name>, documented by <name>_doc. */
#ifndef ZALG_TOPDOWN_CONSTRUCTIONS_H
#define ZALG_TOPDOWN_CONSTRUCTIONS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define TD_METHOD(name) {#name, py_##name, METH_VARARGS, name##_doc}
#define TD_DECLARE(name) PyObject *py_##name(PyObject *self, PyObject *args); \
    extern const char name##_doc[]

TD_DECLARE(ue_level);   /* unique_exists.c */
TD_DECLARE(ue_root);
TD_DECLARE(ht_node_tables);  /* hitting_tables.c */
TD_DECLARE(ht_to_tables);
TD_DECLARE(ht_table_level);
TD_DECLARE(hit_level);       /* hitting.c */
TD_DECLARE(hit_successor);
TD_DECLARE(hit_escapes);
TD_DECLARE(min_level);       /* minimal.c */
TD_DECLARE(min_holds_empty);
TD_DECLARE(min_family_tables);
TD_DECLARE(min_to_tables);

#endif
