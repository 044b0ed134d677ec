/* Meet F ⊓ G = {a ∩ b : a ∈ F, b ∈ G} on its own explicit stack (zalg/ops/meet.py). */
#ifndef ZALG_MEET_H
#define ZALG_MEET_H
#include "../cudd/zcudd.h"

/* meet's code among the operations' tags in CUDD's computed table (meet.TAG_CODE) */
#define MEET_TAG_CODE 255

/* status of F ⊓ G; on ZOK *out carries one reference owned by the caller */
int meet(i64 *ctx, i64 a, i64 b, i64 *out);
#endif
