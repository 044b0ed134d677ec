/* Substitution of elements written at the top (substitute.c). */
#ifndef ZALG_SUBSTITUTE_H
#define ZALG_SUBSTITUTE_H
#include "ops.h"

/* status of Σ_i f / {{x_i}} ⊔ {{y_i}} for the k distinct x_i at ``levels`` and the
   distinct y_i at levels ``tops``, each above f's top; on ZOK *out carries one reference
   owned by the caller, otherwise nothing is held (ZTOO_DEEP: as ``quotients``) */
int substitute_on_top(Env *e, i64 f, const i64 *levels, const i64 *tops, i64 k, i64 *out);
#endif
