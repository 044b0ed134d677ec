/* The quotients of one family by each of several elements in one mask pass (quotients.c
   states the method). */
#ifndef ZALG_QUOTIENTS_H
#define ZALG_QUOTIENTS_H
#include "ops.h"

/* the most elements of one call (one bit each in a node's mask) */
#define MAX_ELEMENTS 62

/* status of f / {{x}} for the k distinct elements x at ``levels`` (each in [0, nlev));
   on ZOK results[j] carries one reference owned by the caller, otherwise nothing is
   held (ZTOO_DEEP: f is more than MAX_DEPTH levels deep above the deepest element, or
   k > MAX_ELEMENTS; the caller divides one element at a time) */
int quotients(Env *e, i64 f, const i64 *levels, i64 k, i64 *results);
#endif
