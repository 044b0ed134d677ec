/* Union, intersection, difference, three-way union and the quotient by one set, the way
   CUDD's cuddZddSetop.c computes them.

   CUDD's own routines notice Ctrl-C only when they allocate a new block of nodes: a long
   intersection of two huge families (hitting sets of a few thousand triples) once ran on
   for minutes after Ctrl-C.  Here the same recursion pauses every POLL_EVERY steps,
   memoises in CUDD's computed table under the tags of op_tag (CUDD's own for union,
   intersection and difference, so results are shared with CUDD's routines and cleared by
   its garbage collector), and keeps every intermediate result referenced while it waits
   for its parent.

   * F ∪ G: at the top level v, v·(F1 ∪ G1) ∪ (F0 ∪ G0);
   * F ∩ G: when only F has v at its top, F0 ∩ G; at a common top, v·(F1 ∩ G1) ∪ (F0 ∩ G0);
   * F ∖ G: when only F has v, v·F1 ∪ (F0 ∖ G); when only G has it, F ∖ G0; else
     v·(F1 ∖ G1) ∪ (F0 ∖ G0);
   * F ∪ G ∪ H (OP_UNION3, the step of join and meet): v·(F1 ∪ G1 ∪ H1) ∪ (F0 ∪ G0 ∪ H0),
     one recursion on the sorted triple of distinct non-empty operands (two or fewer: the
     union of two), memoised in CUDD's three-key entries.  Two binary unions would build
     F ∪ G first, a family whose nodes die at once.
   * F / {s} (OP_QUOT_SET, the quotient by a family of one set s = {x1, ..., xk}):
     {S ∖ s : S ∈ F, s ⊆ S}.  Above s's top level v: v·(F1 / {s}) ∪ (F0 / {s}); at v:
     F1 / {s ∖ {v}}; below it (or F a terminal): empty; s = ∅ gives F.  One walk for all
     of s, memoised in CUDD's three-key entries, so the results outlive the call; the
     driver's general quotient keeps a table per call and stores only its root. */
#include "setop.h"

static i64 terminal(const Env *e, int kind, i64 f, i64 g) {
    i64 Z = e->zero;
    switch (kind) {
    case OP_QUOT_SET:
        if (g == e->one) return f;
        if (f == Z || level(e, f) > level(e, g)) return Z;
        return -1;
    case OP_UNION:
        if (f == Z) return g;
        if (g == Z || f == g) return f;
        return -1;
    case OP_INTERSECT:
        if (f == Z || g == Z) return Z;
        if (f == g) return f;
        if (f == e->one) return has_empty(e, g) ? f : Z;
        if (g == e->one) return has_empty(e, f) ? g : Z;
        return -1;
    default:  /* OP_DIFF */
        if (f == Z || f == g) return Z;
        if (g == Z) return f;
        if (f == e->one) return has_empty(e, g) ? Z : f;
        return -1;
    }
}

static i64 recall(const Env *e, int kind, i64 f, i64 g, i64 h) {
    if (kind == OP_UNION3) return cache_lookup3(e, op_tag(e, kind), f, g, h);
    if (kind == OP_QUOT_SET) return cache_lookup3(e, op_tag(e, kind), f, g, e->one);
    return cache_lookup(e, op_tag(e, kind), f, g);
}

static void remember(const Env *e, int kind, i64 f, i64 g, i64 h, i64 r) {
    if (kind == OP_UNION3) cache_insert3(e, op_tag(e, kind), f, g, h, r);
    else if (kind == OP_QUOT_SET) cache_insert3(e, op_tag(e, kind), f, g, e->one, r);
    else cache_insert(e, op_tag(e, kind), f, g, r);
}

/* f ∪ g ∪ h as OP_UNION3 of its distinct non-empty operands in increasing order, or as the
   OP_UNION of two (h = 0) when there are fewer */
static int norm3(const Env *e, i64 *f, i64 *g, i64 *h) {
    i64 a = *f, b = *g, c = *h, t;
    if (a > b) { t = a; a = b; b = t; }
    if (b > c) { t = b; b = c; c = t; }
    if (a > b) { t = a; a = b; b = t; }
    int kind = OP_UNION3;
    if (a == b || a == e->zero) { a = b; b = c; c = 0; kind = OP_UNION; }
    else if (b == c || b == e->zero) { b = c; c = 0; kind = OP_UNION; }
    else if (c == e->zero) { c = 0; kind = OP_UNION; }
    *f = a; *g = b; *h = c;
    return kind;
}

/* the result of (kind, f, g[, h]), unreferenced, or 0 (e->fail: why) */
static i64 rec(Env *e, int kind, i64 f, i64 g, i64 h, int depth) {
    if (kind == OP_UNION3) kind = norm3(e, &f, &g, &h);
    else if (kind < OP_DIFF && f > g) { i64 t = f; f = g; g = t; }
    if (kind != OP_UNION3) {
        i64 r = terminal(e, kind, f, g);
        if (r != -1) return r;
    }
    i64 hit = recall(e, kind, f, g, h);
    if (hit) return hit;
    if (stopped(e)) return 0;
    if (depth >= e->max_depth) { e->fail = ZTOO_DEEP; return 0; }
    i64 vf = level(e, f), vg = level(e, g);
    i64 v = imin(vf, vg), f0, f1, g0, g1, h0 = h, h1 = h, r;
    if (kind == OP_UNION3) v = imin(v, level(e, h));
    cof(e, f, v, &f0, &f1);
    cof(e, g, v, &g0, &g1);
    if (kind == OP_UNION3) cof(e, h, v, &h0, &h1);
    if (kind == OP_QUOT_SET) {  /* v is F's top (the terminal case left none below G's) */
        if (vf == vg) {
            r = rec(e, kind, f1, g1, h, depth + 1);
            if (r) remember(e, kind, f, g, h, r);
            return r;
        }
        g0 = g1 = g;
    }
    if ((kind == OP_INTERSECT && vf != vg) || (kind == OP_DIFF && vg < vf)) {
        /* one side holds v alone: it cannot be kept (F ∩ G), or G's v-part is irrelevant */
        r = kind == OP_INTERSECT ? rec(e, kind, f0, g0, h0, depth + 1)
                                 : rec(e, kind, f, g0, h0, depth + 1);
        if (r) remember(e, kind, f, g, h, r);
        return r;
    }
    i64 t;
    if (kind == OP_DIFF && vf < vg) t = f1;
    else if (!(t = rec(e, kind, f1, g1, h1, depth + 1))) return 0;
    ref(e, t);
    i64 el = rec(e, kind, f0, g0, h0, depth + 1);
    if (!el) { deref(e, t); return 0; }
    ref(e, el);
    r = e->getnode(e->mgr, (int)v, t, el);
    if (!r) { deref(e, t); deref(e, el); e->fail = ZNOMEM; return 0; }
    e->plainderef(t);
    e->plainderef(el);
    remember(e, kind, f, g, h, r);
    return r;
}

static int run(Env *e, int kind, i64 f, i64 g, i64 h, i64 *out) {
    i64 r = rec(e, kind, f, g, h, 0);
    if (r) { ref(e, r); *out = r; return ZOK; }
    int status = e->fail;
    e->fail = ZOK;
    if (status != ZINTERRUPTED && status != ZTOO_DEEP && cudd_stopped_for_ctrl_c(e))
        status = ZINTERRUPTED;
    *out = 0;
    return status == ZOK ? ZNOMEM : status;
}

int setop(Env *e, int kind, i64 f, i64 g, i64 *out) { return run(e, kind, f, g, 0, out); }

int union_of_three(Env *e, i64 f, i64 g, i64 h, i64 *out) {
    return run(e, OP_UNION3, f, g, h, out);
}

static i64 kept(Env *e, int status, i64 r) {
    if (status != ZOK) { e->fail = status; return 0; }
    return adopt(e, r);
}

i64 set_kept(Env *e, int kind, i64 f, i64 g) {
    i64 r;
    int status = setop(e, kind, f, g, &r);
    return kept(e, status, r);
}

i64 union3_kept(Env *e, i64 f, i64 g, i64 h) {
    i64 r;
    int status = union_of_three(e, f, g, h, &r);
    return kept(e, status, r);
}

int one_set(const Env *e, i64 g) {
    if (g == e->zero) return 0;
    for (; g != e->one; g = node_hi(g))  /* a chain of then-edges down to the 1-terminal */
        if (node_lo(g) != e->zero) return 0;
    return 1;
}

/* the table's run of a set operation: ∪, ∩, ∖, or the quotient by one set */
static int run_setop(i64 *ctx, int code, const Args *x, i64 *out) {
    Env e;
    env_init(&e, ctx, NULL, 0);
    int status = setop(&e, code, x->a, x->b, out);
    if (status == ZNOMEM) cudd_recover(&e);
    return status;
}

const Op UNION = {"union", 2, F_COMMUTATIVE, .run = run_setop};
const Op INTERSECT = {"intersect", 2, F_COMMUTATIVE, .run = run_setop};
const Op DIFF = {"diff", 2, 0, .run = run_setop};
const Op UNION3 = {"union3", 3, F_COMMUTATIVE | F_INTERNAL};
const Op QUOT_SET = {"quotient_by_set", 2, 0, .run = run_setop};
