/* The registered operations' places in OPS (zalg/ops/ops.c holds the table;
   zalg.ops._kernels.OPS maps their names to these numbers).  An operation asks for
   another one, or for itself, as a subproblem by its place. */
#ifndef ZALG_OPS_H
#define ZALG_OPS_H
#include "driver.h"

enum { OP_NONE, OP_JOIN, OP_ONSET, OP_OFFSET, OP_CHANGE, OP_EXISTS, OP_SIZE, OP_QUOT,
       OP_NONSUP, OP_NONSUP_U, OP_NONSUB, OP_MINIMAL, OP_MAXIMAL, OP_FORALL, OP_HIT,
       OP_MINEX, OP_UNIQ, OP_EXWITHIN, OP_MINUP, OP_IMAGE, N_COMPILED };

/* each defined in zalg/ops/<name>.c */
extern const Op JOIN, ONSET, OFFSET, CHANGE, EXISTS, SIZE, QUOT, NONSUP, NONSUP_U, NONSUB,
    MINIMAL, MAXIMAL, FORALL, HITTING, EXISTS_MINIMAL, UNIQUE_EXISTS, EXISTS_WITHIN,
    MINIMAL_UPSET, IMAGE;
#endif
