/* The table of the compiled family operations: each one's place (zalg/ops/ops.h) and its
   Op (zalg/ops/<name>.c beside zalg/ops/<name>.py, which states its set-theoretic meaning
   and recursion). */
#include "ops.h"

const Op *const OPS[] = {
    [OP_JOIN] = &JOIN, [OP_ONSET] = &ONSET, [OP_OFFSET] = &OFFSET, [OP_CHANGE] = &CHANGE,
    [OP_EXISTS] = &EXISTS, [OP_SIZE] = &SIZE, [OP_QUOT] = &QUOT, [OP_NONSUP] = &NONSUP,
    [OP_NONSUP_U] = &NONSUP_U, [OP_NONSUB] = &NONSUB, [OP_MINIMAL] = &MINIMAL,
    [OP_MAXIMAL] = &MAXIMAL, [OP_FORALL] = &FORALL, [OP_HIT] = &HITTING,
    [OP_MINEX] = &EXISTS_MINIMAL, [OP_UNIQ] = &UNIQUE_EXISTS, [OP_EXWITHIN] = &EXISTS_WITHIN,
    [OP_MINUP] = &MINIMAL_UPSET, [OP_IMAGE] = &IMAGE};
const int N_OPS = N_COMPILED;
