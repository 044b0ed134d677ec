/* The table of the node-making kernels (zalg/ops/ops.h) and the one call path to them. */
#include "ops.h"
#include "driver.h"
#include "quotients.h"
#include "../cudd/deep.h"

const Op *const OPS[N_OPS] = {
    [OP_JOIN] = &JOIN, [OP_ONSET] = &ONSET, [OP_OFFSET] = &OFFSET, [OP_CHANGE] = &CHANGE,
    [OP_EXISTS] = &EXISTS, [OP_SIZE] = &SIZE, [OP_QUOT] = &QUOT, [OP_NONSUP] = &NONSUP,
    [OP_NONSUP_U] = &NONSUP_U, [OP_NONSUB] = &NONSUB, [OP_MINIMAL] = &MINIMAL,
    [OP_MAXIMAL] = &MAXIMAL, [OP_FORALL] = &FORALL, [OP_HIT] = &HITTING,
    [OP_MINEX] = &EXISTS_MINIMAL, [OP_UNIQ] = &UNIQUE_EXISTS, [OP_EXWITHIN] = &EXISTS_WITHIN,
    [OP_MINUP] = &MINIMAL_UPSET, [OP_IMAGE] = &IMAGE,
    [OP_UNION] = &UNION, [OP_INTERSECT] = &INTERSECT, [OP_DIFF] = &DIFF, [OP_UNION3] = &UNION3,
    [OP_QUOT_SET] = &QUOT_SET, [OP_MEET] = &MEET, [OP_QUOTIENTS] = &QUOTIENTS,
    [OP_SUBSTITUTE] = &SUBSTITUTE, [OP_EXACTLY] = &EXACTLY, [OP_AT_MOST] = &AT_MOST,
    [OP_AT_LEAST] = &AT_LEAST, [OP_POWER] = &POWER};

typedef struct { int code; i64 *ctx; const Args *x; i64 *out; } Call;

static int call(void *p) {
    Call *c = p;
    const Op *o = OPS[c->code];
    if (o->run) return o->run(c->ctx, c->code, c->x, c->out);
    return apply_op(c->code, c->ctx, c->x, c->out);
}

int run_op(int code, i64 *ctx, const Args *x, i64 *out) {
    *out = 0;
    if (!op_known(code) || (OPS[code]->flags & F_INTERNAL)) return ZUNKNOWN_OP;
    /* more elements than a mask holds: the caller divides one element at a time */
    if ((code == OP_QUOTIENTS || code == OP_SUBSTITUTE) && x->k > MAX_ELEMENTS) return ZTOO_DEEP;
    Call c = {code, ctx, x, out};
    int status = call(&c);
    if (status == ZTOO_DEEP) status = on_deep_stack(call, &c, ctx[C_NLEV]);
    return status;
}
