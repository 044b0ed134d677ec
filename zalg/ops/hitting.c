/* hitting: hitting sets {S ⊆ E : S ∩ a ≠ ∅ for every a ∈ F} (E: the levels marked in aux).

   hit(F0 ∪ v·F1): with v, S must hit F0; without v, it must hit F0 and F1, and
   hit(A ∪ B) = hit(A) ∩ hit(B), so subproblems stay single nodes.  Each node F is
   solved once, as its *core*: the hitting sets over the marked levels from F's own
   top level down.  A parent at level v puts don't-care nodes on top of a child's
   core for the marked levels between v and the child's top level (a cofactor skips
   those levels), and the root gets them from level 0 (finish).  Keying the
   recursion by the node alone, not by the level it was reached from, solves a node
   reached from parents at different levels once instead of once per level.

   Both operands of the intersection are up-closed over the marked levels below
   v: meet_upsets ends where one of them is every subset of its levels, where a
   plain intersection walks the other operand to its end (5x7 loop of the 2012
   program: 12.1 s against 17.2 s).

   The intersection of up-closed families (meet_upsets below):

   An up-closed family over the marked levels at and below its top (every superset
   of a member within those levels is a member) is written with a node at every
   marked level on every path: a cofactor of it is up-closed over the levels below
   and, unless empty, starts at the next marked level.  Such a family holds ∅ only
   when it is every subset of its levels (everything: a chain of don't-care nodes
   down to {∅}).  Then it meets a family G below its top level in G: the recursion
   ends there, where CUDD's intersection (setop.c, whose steps it follows otherwise,
   sharing its entries of CUDD's computed table) would walk G to its end.  (The same
   end for the difference in minimal(upclosed=True) was measured and gave nothing:
   docs/performance.md.) */
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
    cache_insert(e, op_tag(e, OP_INTERSECT), f, g, r);
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
    i64 hit = cache_lookup(e, op_tag(e, OP_INTERSECT), f, g);
    if (hit) return hit;
    if (stopped(e)) return 0;
    if (depth >= e->max_depth) { e->fail = ZTOO_DEEP; return 0; }
    i64 v = imin(vf, vg), f0 = f, f1 = f, g0 = g, g1 = g;
    if (vf == v) { f0 = node_lo(f); f1 = node_hi(f); kf = inherit(f, kf); }
    if (vg == v) { g0 = node_lo(g); g1 = node_hi(g); kg = inherit(g, kg); }
    int kids = (kf ? F_NOT_ALL : 0) | (kg ? G_NOT_ALL : 0);
    if (vf != vg) {  /* only one side holds v: it cannot be kept */
        i64 r = meet(e, f0, g0, depth + 1, kids);
        if (r) cache_insert(e, op_tag(e, OP_INTERSECT), f, g, r);
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

const Op HITTING = {"hitting", 1, 0, hitting_terminal, hitting_children, hitting_combine,
                    hitting_finish};
