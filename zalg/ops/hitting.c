/* hitting: {S ⊆ E : S ∩ a ≠ ∅ for every a ∈ F} (E: the levels marked in aux), each node
   solved once as its core (zalg/ops/hitting.py), with the intersection of up-closed
   families of zalg/ops/_upsets.py. */
#include "steps.h"

/* whether the up-closed family p holds ∅, i.e. is every subset of its levels */
static int everything(const Env *e, i64 p) {
    while (p != e->one) {
        if (p == e->zero || node_lo(p) != node_hi(p)) return 0;
        p = node_lo(p);
    }
    return 1;
}

/* bits of meet's ``known``: F (first operand), G (second) is known not to hold ∅ */
enum { F_NOT_ALL = 1, G_NOT_ALL = 2 };

/* whether p's cofactors at its top are known not to hold ∅: p is known not to, and its top
   node is a don't-care node (then p holds ∅ iff its cofactor does) */
static inline int inherit(i64 p, int known_p) { return known_p && node_lo(p) == node_hi(p); }

/* the node (v, t, el) from two referenced results, stored for (f, g); or 0 */
static i64 node_of_results(Env *e, i64 f, i64 g, i64 v, i64 t, i64 el) {
    i64 r = e->getnode(e->mgr, (int)v, t, el);
    if (!r) { deref(e, t); deref(e, el); e->fail = ZNOMEM; return 0; }
    e->plainderef(t);
    e->plainderef(el);
    cache_insert(e, e->tag_inter, f, g, r);
    return r;
}

/* F ∩ G for up-closed F and G, unreferenced, or 0 (e->fail: why); ``known`` (F_NOT_ALL,
   G_NOT_ALL): an operand already known not to hold ∅, so ``everything`` need not walk it
   again.  It ends where one operand is every subset of its levels. */
static i64 meet(Env *e, i64 f, i64 g, int depth, int known) {
    i64 Z = e->zero;
    if (f == Z || g == Z) return Z;
    if (f == g) return f;
    int kf = (known & F_NOT_ALL) != 0, kg = (known & G_NOT_ALL) != 0;
    if (f > g) { i64 t = f; f = g; g = t; int s = kf; kf = kg; kg = s; }
    i64 vf = level(e, f), vg = level(e, g);
    if (vf <= vg && !kf) {
        if (everything(e, f)) return g;
        kf = 1;
    }
    if (vg <= vf && !kg) {
        if (everything(e, g)) return f;
        kg = 1;
    }
    if (f == e->one || g == e->one) return Z;  /* {∅} meets a family without ∅ in nothing */
    i64 hit = cache_lookup(e, e->tag_inter, f, g);
    if (hit) return hit;
    if (stopped(e)) return 0;
    if (depth >= e->max_depth) { e->fail = ZTOO_DEEP; return 0; }
    i64 v = imin(vf, vg), f0 = f, f1 = f, g0 = g, g1 = g;
    if (vf == v) { f0 = node_lo(f); f1 = node_hi(f); kf = inherit(f, kf); }
    if (vg == v) { g0 = node_lo(g); g1 = node_hi(g); kg = inherit(g, kg); }
    int kids = (kf ? F_NOT_ALL : 0) | (kg ? G_NOT_ALL : 0);
    if (vf != vg) {  /* only one side holds v: it cannot be kept */
        i64 r = meet(e, f0, g0, depth + 1, kids);
        if (r) cache_insert(e, e->tag_inter, f, g, r);
        return r;
    }
    i64 t = meet(e, f1, g1, depth + 1, kids);
    if (!t) return 0;
    ref(e, t);
    i64 el = meet(e, f0, g0, depth + 1, kids);
    if (!el) { deref(e, t); return 0; }
    ref(e, el);
    return node_of_results(e, f, g, v, t, el);
}

/* F ∩ G for up-closed F and G, kept as a temporary; 0 with e->fail set when it failed */
static i64 meet_upsets(Env *e, i64 f, i64 g) {
    i64 r = meet(e, f, g, 0, 0);
    if (!r) {
        if (e->fail == ZOK) e->fail = ZNOMEM;
        return 0;
    }
    ref(e, r);
    return adopt(e, r);
}

static i64 hitting_terminal(Env *e, i64 a, i64 b, i64 k) {
    (void)b; (void)k;
    if (a == e->one) return e->zero;  /* nothing hits the empty set */
    if (a == e->zero) return e->one;  /* no set to hit: ∅ (and, above, every subset of E) */
    return -1;
}

static int hitting_children(Env *e, i64 x, i64 y, i64 k) {
    (void)y; (void)k;
    return split_kids(e, OP_HIT, x, 0, 0);
}

static i64 hitting_combine(Env *e, i64 x, i64 y, i64 phase, i64 k, const i64 *vals,
                           int *more) {
    (void)y; (void)phase; (void)k;
    *more = 0;
    /* kids: 0 core(F0), 1 core(F1) */
    i64 v = level(e, x), x0 = node_lo(x), x1 = node_hi(x);
    i64 h0 = chain(e, v + 1, level(e, x0), vals[0]);
    if (!h0) return 0;
    i64 h1 = chain(e, v + 1, level(e, x1), vals[1]);
    if (!h1) return 0;
    i64 both = meet_upsets(e, h0, h1);
    if (!both) return 0;
    drop(e, h1);
    i64 r = both;
    if (quantified(e, v)) {
        r = top_node(e, v, h0, both);
        drop(e, both);
    }
    drop(e, h0);
    return r;
}

/* hit(F) from level 0: don't-care nodes above the root's core */
static i64 hitting_finish(Env *e, i64 a, i64 b, i64 r) {
    (void)b;
    i64 top = chain(e, 0, level(e, a), r);
    drop(e, r);
    return top;
}

const Op HITTING = {"hitting", 0, 0, 0, hitting_terminal, hitting_children, hitting_combine,
                    hitting_finish};
