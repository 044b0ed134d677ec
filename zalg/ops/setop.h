/* Union, intersection, difference, three-way union and the quotient by one set, the way
   CUDD's cuddZddSetop.c computes them, memoised in CUDD's computed table
   (zalg/ops/setop.py states the recursions). */
#ifndef ZALG_SETOP_H
#define ZALG_SETOP_H
#include "../cudd/zcudd.h"

enum { UNION = 0, INTER = 1, DIFF = 2, UNION3 = 3, QUOT_SET = 4 };

/* status; on ZOK *out carries one reference owned by the caller */
int setop(Env *e, int kind, i64 f, i64 g, i64 *out);
/* F ∪ G ∪ H in one recursion, as setop */
int union_of_three(Env *e, i64 f, i64 g, i64 h, i64 *out);
/* the same, kept as a temporary; 0 with e->fail set when it failed */
i64 set_kept(Env *e, int kind, i64 f, i64 g);
i64 union3_kept(Env *e, i64 f, i64 g, i64 h);
/* whether the family g has exactly one member (the divisors QUOT_SET takes) */
int one_set(const Env *e, i64 g);
#endif
