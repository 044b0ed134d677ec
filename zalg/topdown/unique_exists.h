/* The top-down constructions' shared pieces (unique_exists.c; hitting.c, minimal.c and
   hitting_tables.c use them): a store of one level's states, hashed rows numbered in
   first-occurrence order, growable arrays the caller
   receives as bytearrays, the statuses, Ctrl-C and the budget. */
#ifndef ZALG_TOPDOWN_STATES_H
#define ZALG_TOPDOWN_STATES_H

#include "../cudd/zcudd.h"

/* a hot loop compiled for AVX2 and for the baseline, chosen when the extension loads
   (GCC's function clones on x86-64 with glibc; elsewhere the baseline alone) */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__)
#define TD_VECTOR __attribute__((target_clones("avx2", "default")))
#else
#define TD_VECTOR
#endif

/* a level kernel's statuses (unique_exists.py: DONE, SCRATCH, STOPPED; NOMEM: a table
   would pass the budget or malloc failed) */
enum { TD_DONE = 0, TD_SCRATCH = 1, TD_STOPPED = 2, TD_NOMEM = 3 };
/* Ctrl-C is looked for once per this many states */
#define POLL_STATES 256
/* codes of a child: none, accept (an index of the next level's states otherwise) */
#define TD_DEAD (-1)
#define TD_ALL (-2)

/* an array of int64 held by a bytearray (the caller wraps it with numpy.frombuffer) */
typedef struct { PyObject *obj; i64 *p; i64 cap; } Grow;

/* One level's states: rows data[off[j]:off[j+1]], a hash table of their indices + 1
   (open addressing), their hashes.  ``held``: bytes the caller holds beside it, counted
   with the store's against the budget before a table grows. */
typedef struct {
    i64 *table, tcap, *hashes, hcap, m, held;
    Grow data, off;
    const Env *env;
} TStore;

/* whether Ctrl-C came (looked for at every POLL_STATES-th step i) */
int td_stop_now(i64 i);
/* whether extra more bytes beside CUDD's and the store's would pass the budget */
int td_over(const TStore *s, i64 extra);
/* a bytearray of n int64 (or of n bytes with ``bytes``); 0 with no error set on failure */
int grow_init(Grow *g, i64 n);
/* room for need items, doubling; 0 when the budget or malloc refuses */
int grow_reserve(Grow *g, i64 need, const TStore *s);
/* the empty store; 0 when malloc failed */
int store_init(TStore *s, const Env *env, i64 held);
/* the index of row S[:n] among the store's states, added when new; -1: no memory */
i64 store_state(TStore *s, const i64 *S, i64 n);
/* release what the store holds (its bytearrays too) */
void store_free(TStore *s);
/* the store's (data, off) as bytearrays trimmed to their use (data None when the rows
   are the caller's array: data.obj NULL), the store's tables freed; 0 with the store
   released when the trimming failed */
int store_take(TStore *s, PyObject **data, PyObject **off);
/* sort a[:n] increasing */
void sort_i64(i64 *a, i64 n);
/* C-contiguous views of the n = strlen(spec) arrays o[k], spec[k] giving each one's
   items: '8' int64, '1' bytes, upper case ('W', 'B') the same writable; 0 with a Python
   error and nothing held */
int td_views(PyObject *const *o, Py_buffer *b, const char *spec);
void td_release(Py_buffer *b, int n);
/* (status, None, None, 0, None, None): a level kernel's answer without a level */
PyObject *td_failed(int status);
/* a level kernel's answer: (DONE, data, off, m, lo, hi) from the store (its tables
   freed) and the codes, else td_failed(status) with the codes released (the store
   already is) */
PyObject *td_level_result(int status, TStore *s, Grow *lo, Grow *hi);
/* an int32 code array of n entries in a bytearray */
int codes_init(Grow *g, i64 n);
static inline void put_code(int32_t *lo, int32_t *hi, i64 i, int bit, i64 code) {
    if (bit == 1) hi[i] = (int32_t)code; else lo[i] = (int32_t)code;
}

#endif
