/* The compiled family operations (zalg/ops/<name>.py states each one's
   set-theoretic meaning and recursion) and their table. */
#include "steps.h"

/* ---- join: F ⊔ G = {a ∪ b : a ∈ F, b ∈ G} ---- */
static i64 join_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    if (a == e->zero || b == e->zero) return e->zero;
    if (a == e->one) return b;
    if (b == e->one) return a;
    return -1;
}
static int join_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    i64 v = imin(level(e, x), level(e, y)), x0, x1, y0, y1;
    cof(e, x, v, &x0, &x1);
    cof(e, y, v, &y0, &y1);
    put_kid(e, 0, OP_JOIN, x0, y0);
    put_kid(e, 1, OP_JOIN, x1, y1);
    put_kid(e, 2, OP_JOIN, x0, y1);
    put_kid(e, 3, OP_JOIN, x1, y0);
    return 4;
}
static i64 join_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    /* kids: 0 F0⊔G0, 1 F1⊔G1, 2 F0⊔G1, 3 F1⊔G0 */
    i64 w = union3_kept(e, vals[1], vals[2], vals[3]);
    if (!w) return 0;
    i64 r = getnode(e, imin(level(e, x), level(e, y)), w, vals[0]);
    r = guarded(e, r);
    drop(e, w);
    return r;
}
static const Op JOIN = {"join", 1, 1, 0, join_terminal, join_children, join_combine};

/* ---- onset: {a ∈ F : x ∈ a} (x at level y, kept) ---- */
static i64 onset_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    return (a == e->zero || level(e, a) > b) ? e->zero : -1;
}
static int onset_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    return level(e, x) >= y ? 0 : split_kids(e, OP_ONSET, x, y, y);
}
static i64 onset_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    i64 v = level(e, x);
    if (v == y) return top_node(e, y, node_hi(x), e->zero);
    return top_node(e, v, vals[1], vals[0]);
}
static const Op ONSET = {"onset", 0, 0, 0, onset_terminal, onset_children, onset_combine};

/* ---- offset: {a ∈ F : x ∉ a} (x at level y) ---- */
static i64 offset_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    i64 lv = level(e, a);
    if (a == e->zero || lv > b) return a;
    if (lv == b) return node_lo(a);
    return -1;
}
static int offset_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    return split_kids(e, OP_OFFSET, x, y, y);
}
static i64 offset_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)y; (void)phase; (void)k;
    *more = 0;
    return top_node(e, level(e, x), vals[1], vals[0]);
}
static const Op OFFSET = {"offset", 0, 0, 0, offset_terminal, offset_children, offset_combine};

/* ---- change: {a △ {x} : a ∈ F} (x at level y) ---- */
static i64 change_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)b; (void)k;
    return a == e->zero ? a : -1;
}
static int change_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    return level(e, x) >= y ? 0 : split_kids(e, OP_CHANGE, x, y, y);
}
static i64 change_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    i64 v = level(e, x);
    if (v > y) return top_node(e, y, x, e->zero);         /* no member holds it: add it */
    if (v == y) return top_node(e, y, node_lo(x), node_hi(x));  /* swap the cofactors */
    return top_node(e, v, vals[1], vals[0]);
}
static const Op CHANGE = {"change", 0, 0, 0, change_terminal, change_children, change_combine};

/* ---- exists: ∃X F (X: the levels marked in aux) ---- */
static int exists_children(Env *e, i64 x, i64 y, i64 k) {
    (void)y; (void)k;
    return split_kids(e, OP_EXISTS, x, 0, 0);
}
static i64 exists_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)y; (void)phase; (void)k;
    *more = 0;
    i64 v = level(e, x);
    if (!quantified(e, v)) return top_node(e, v, vals[1], vals[0]);
    return set_kept(e, UNION, vals[0], vals[1]);  /* kids: 0 ∃F0, 1 ∃F1 */
}
static const Op EXISTS = {"exists", 0, 0, 0, unary_terminal, exists_children, exists_combine};

/* ---- size: the members of F with between y - k and y elements ---- */
static i64 size_terminal(Env *e, i64 a, i64 b, i64 k) {
    i64 hi = b, lo = b - k;
    if (a == e->zero || hi < 0) return e->zero;
    i64 room = e->nlev - level(e, a);  /* no member below a is larger */
    if (lo > room) return e->zero;
    if (lo <= 0 && hi >= room) return a;
    return -1;
}
static int size_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    return split_kids(e, OP_SIZE, x, y, y - 1);
}
static i64 size_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)y; (void)phase; (void)k;
    *more = 0;
    return top_node(e, level(e, x), vals[1], vals[0]);
}
static const Op SIZE = {"size", 0, 0, 0, size_terminal, size_children, size_combine};

/* ---- quotient: F / G = {a : a ∪ b ∈ F and a ∩ b = ∅ for every b ∈ G} ---- */
static i64 quot_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)k;
    if (b == e->one) return a;
    if (a == e->zero || a == e->one) return e->zero;
    if (a == b) return e->one;
    return -1;
}
static int quot_children(Env *e, i64 x, i64 y, i64 k) {
    (void)k;
    i64 v = level(e, x), vy = level(e, y), x0, x1;
    if (v < vy) {
        cof(e, x, v, &x0, &x1);
        put_kid(e, 0, OP_QUOT, x1, y);
        put_kid(e, 1, OP_QUOT, x0, y);
        return 2;
    }
    cof(e, x, vy, &x0, &x1);
    put_kid(e, 0, OP_QUOT, x1, node_hi(y));
    if (node_lo(y) == e->zero) return 1;
    put_kid(e, 1, OP_QUOT, x0, node_lo(y));
    return 2;
}
static i64 quot_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals, int *more) {
    (void)phase; (void)k;
    *more = 0;
    i64 v = level(e, x);
    if (v < level(e, y)) return top_node(e, v, vals[0], vals[1]);
    if (node_lo(y) == e->zero) return keep(e, vals[0]);
    return set_kept(e, INTER, vals[0], vals[1]);  /* kids: 0 F1 / G1, 1 F0 / G0 */
}
static const Op QUOT = {"quotient", 0, 1, 0, quot_terminal, quot_children, quot_combine};

const Op *const OPS[] = {
    [OP_JOIN] = &JOIN, [OP_ONSET] = &ONSET, [OP_OFFSET] = &OFFSET, [OP_CHANGE] = &CHANGE,
    [OP_EXISTS] = &EXISTS, [OP_SIZE] = &SIZE, [OP_QUOT] = &QUOT, [OP_NONSUP] = &NONSUP,
    [OP_NONSUP_U] = &NONSUP_U, [OP_NONSUB] = &NONSUB, [OP_MINIMAL] = &MINIMAL,
    [OP_MAXIMAL] = &MAXIMAL, [OP_FORALL] = &FORALL, [OP_HIT] = &HITTING,
    [OP_MINEX] = &EXISTS_MINIMAL, [OP_UNIQ] = &UNIQUE_EXISTS, [OP_EXWITHIN] = &EXISTS_WITHIN,
    [OP_MINUP] = &MINIMAL_UPSET, [OP_IMAGE] = &IMAGE};
const int N_OPS = N_COMPILED;
