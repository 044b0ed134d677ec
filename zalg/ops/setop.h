/* Union, intersection, difference, three-way union and the quotient by one set
   (zalg/ops/setop.c states the recursions), each named by its code in the table. */
#ifndef ZALG_SETOP_H
#define ZALG_SETOP_H
#include "ops.h"

/* status of (code, f, g), code one of OP_UNION, OP_INTERSECT, OP_DIFF, OP_QUOT_SET; on ZOK
   *out carries one reference owned by the caller */
int setop(Env *e, int code, i64 f, i64 g, i64 *out);
/* F ∪ G ∪ H in one recursion, as setop */
int union_of_three(Env *e, i64 f, i64 g, i64 h, i64 *out);
/* the same, kept as a temporary; 0 with e->fail set when it failed */
i64 set_kept(Env *e, int code, i64 f, i64 g);
i64 union3_kept(Env *e, i64 f, i64 g, i64 h);
/* whether the family g has exactly one member (the divisors OP_QUOT_SET takes) */
int one_set(const Env *e, i64 g);
/* whether G has no more nodes than F (node_count.c): 1 or 0, -1 when memory ran out */
int no_more_nodes(const Env *e, i64 g, i64 f);
#endif
