/* Families built from scratch and from node arrays; build.c. */
#ifndef ZALG_BUILD_H
#define ZALG_BUILD_H
#include "ops.h"

/* status of the family of subsets whose intersection with the marked levels (marked[l]
   nonzero, l < nlev) has size ==, <=, >= k, or of every subset of the marked elements
   (OP_POWER); on ZOK *out carries one reference owned by the caller */
int build(Env *e, int code, const i64 *marked, i64 k, i64 *out);
/* status of the family of checked node arrays (ids 0, 1 terminals, children first) */
int rebuild(Env *e, const i64 *lev, const i64 *hi, const i64 *lo, i64 n, i64 root, i64 *out);
/* -1 when the node arrays are valid for ``rebuild`` (build.checked_arrays), else the
   first bad id; without ``ordered`` only that every id and level is in range (what
   rebuild needs to read no memory outside the arrays) */
i64 checked_arrays(const i64 *lev, const i64 *hi, const i64 *lo, i64 n, i64 root, i64 nlev,
                   int ordered);
#endif
