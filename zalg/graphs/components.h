/* The components machine (components.py): edge sets by the connected components they
   make.  A state row (int32 or int16, below) holds, per frontier slot, EMPTY or the vertex's component
   label (labels numbered by first occurrence along the slots) with three bits and a
   degree: the vertex has a chosen edge (TOUCHED), its component holds a marked vertex
   (MARKED: a root or a terminal), its colour in the 2-colouring of its component
   (PARITY, with BIPARTITE: the first slot of a label has colour 0), and (with MAXDEG)
   its degree so far.  With SEPARATE, one bit mask per label follows: the components
   that an unchosen edge keeps apart for good; with WEIGHTED (from slot K_WOFF), one
   weight sum per label.  The last entry counts finished components, or is FREE once
   every terminal's component has finished without a further constraint (every later edge
   free).  With INDUCED (one component, every edge between two of its vertices chosen) no
   masks follow: a vertex without edges beside the component across an unchosen edge is
   OUT, and a vertex taking its first edge puts its earlier neighbours OUT.

   This body is compiled twice, for rows of int32 (components.c) and of int16
   (components16.c, frontiers of at most 15 slots, sums and counts below 2^15): the file
   that includes it defines `st` and FN(name), the exported name of each function. */

enum { DEAD, ACCEPT, GOING };
/* C_OUT: a vertex that may never have an edge (one component only, kept apart from it) */
enum { C_EMPTY = -1, C_OUT = -2, TOUCHED = 1, MARKED = 2, PARITY = 4, DEGREE = 24, DEGREE_ONE = 8,
       BITS = 31 };
/* info columns */
enum { C_CU, C_CV, C_ENTER_U, C_ENTER_V, C_LEAVE_U, C_LEAVE_V, C_MARK_U, C_MARK_V,
       C_MUST_U, C_MUST_V, C_TERMS_AHEAD, C_WEIGHT_U, C_WEIGHT_V, C_VERTS_AHEAD, C_MUST_AHEAD,
       C_NBR_U, C_NBR_V };
/* consts */
enum { K_W, K_ACYCLIC, K_SEPARATE, K_MARKS, K_SINGLE, K_TRIVIAL, K_REQUIRE, K_LO, K_HI,
       K_WIDTH, K_FORGET, K_BIPARTITE, K_WOFF, K_WLO, K_WHI, K_CAP, K_MAXDEG, K_INDUCED };
/* finish's answers besides 0 (DEAD) and 1: every terminal's component has finished */
enum { CLOSED = 2 };
/* the count entry of a state whose later edges are all free */
#define FREE (-1)
/* K_FORGET: which TOUCHED bits no later check reads (so that they merge): none, those of
   marked components, all */
enum { KEEP, FORGET_MARKED, FORGET_ALL };
/* K_MARKS: no marks, marked components never meet (roots), or all marks in one (terminals) */
enum { NO_MARKS, ROOTS, TERMINALS };

#define LABEL(x) ((x) >> 5)
#define WITH_LABEL(label, bits) ((st)(((label) << 5) | (bits)))
#define DEGREE_OF(x) (((x) & DEGREE) >> 3)

/* (the loops below run without branches on the data, which mispredict) */
static inline i64 has_label(const st *t, i64 W, i64 label) {
    i64 found = 0;
    for (i64 k = 0; k < W; k++) found |= (t[k] >= 0) & (LABEL(t[k]) == label);
    return found;
}

/* the smallest label no slot holds */
static inline i64 fresh_label(const st *t, i64 W) {
    if (W >= 64)
        for (i64 label = 0;; label++) if (!has_label(t, W, label)) return label;
    uint64_t used = 0;  /* labels are below W */
    for (i64 k = 0; k < W; k++) used |= (uint64_t)(t[k] >= 0) << (LABEL(t[k]) & 63);
    return __builtin_ctzll(~used);
}

static inline int separated(const st *t, i64 W, i64 a, i64 b) {
    return (t[W + a] >> b) & 1;
}

/* component b joins component a (with BIPARTITE, b's colours flipped by `flip`); 0 when
   the joined weight passes the upper bound */
static int merge(st *t, i64 W, const i64 *consts, i64 a, i64 b, st flip, st mark) {
    for (i64 k = 0; k < W; k++) {
        st x = t[k], in_b = (x >= 0) & (LABEL(x) == b), in_a = (x >= 0) & (LABEL(x) == a);
        st y = in_b ? WITH_LABEL(a, (x & (TOUCHED | PARITY | DEGREE)) ^ flip) : x;
        t[k] = y | ((in_a | in_b) ? mark : 0);
    }
    i64 woff = consts[K_WOFF];
    if (woff) {
        t[woff + a] += t[woff + b];
        t[woff + b] = 0;
        if (t[woff + a] > consts[K_WHI]) return 0;
    }
    if (!consts[K_SEPARATE]) return 1;
    t[W + a] |= t[W + b];
    t[W + b] = 0;
    for (i64 x = 0; x < W; x++)
        if ((t[W + x] >> b) & 1) t[W + x] = (st)((t[W + x] & ~(1u << b)) | (1u << a));
    return 1;
}

/* component `label` has left the frontier (its last vertex `x` was just cleared): 0 when
   it may not, CLOSED when it was every terminal's component, else 1 */
static int finish(st *t, i64 W, i64 x, const i64 *row, const i64 *consts) {
    i64 label = LABEL(x), nontrivial = x & TOUCHED, marked = x & MARKED;
    i64 count = consts[K_WIDTH] - 1;
    int closed = 0;
    if (consts[K_REQUIRE] && nontrivial && !marked) return 0;
    if (consts[K_MARKS] == TERMINALS && marked) {  /* the one component of every terminal */
        if (row[C_TERMS_AHEAD] > 0) return 0;
        for (i64 k = 0; k < W; k++) if (t[k] >= 0 && (t[k] & MARKED)) return 0;
        closed = 1;
    }
    /* with no upper bound, counts beyond the lower bound are all alike: saturate there */
    if ((consts[K_TRIVIAL] || nontrivial) && t[count] < consts[K_CAP]) {
        t[count] += 1;
        if (t[count] > consts[K_HI]) return 0;
    }
    if (consts[K_SINGLE] && nontrivial)
        for (i64 k = 0; k < W; k++) if (t[k] >= 0 && (t[k] & TOUCHED)) return 0;
    if (consts[K_WOFF]) {
        i64 weight = t[consts[K_WOFF] + label];
        if (weight < consts[K_WLO] || weight > consts[K_WHI]) return 0;
        t[consts[K_WOFF] + label] = 0;
    }
    if (consts[K_SEPARATE]) {
        t[W + label] = 0;
        for (i64 y = 0; y < W; y++) t[W + y] &= ~(1u << label);
    }
    return closed ? CLOSED : 1;
}

/* the renumbering of up to SMALL slots, its map held in registers (a nibble per label):
   map[label] the new label, -1 for a label no slot holds */
#define SMALL 16
static void renumber_small(st *t, i64 W, st keep_all, st keep_unmarked, i64 *map) {
    uint64_t to_of = 0;
    uint32_t seen = 0, flips = 0;
    i64 next = 0;
    for (i64 k = 0; k < W; k++) {
        st x = t[k];
        i64 empty = -(i64)(x < 0);  /* all ones for an empty slot */
        i64 label = LABEL(x) & (SMALL - 1);
        st bits = x & BITS;
        st forgets = !keep_all & !(keep_unmarked & !(bits & MARKED));
        bits &= ~(forgets * TOUCHED);
        i64 fresh = ~(seen >> label) & ~empty & 1;
        i64 to = fresh ? next : (i64)((to_of >> (4 * label)) & 15);
        to_of |= (uint64_t)(next & -fresh) << (4 * label);
        seen |= (uint32_t)fresh << label;
        flips |= (uint32_t)(fresh & (bits >> 2)) << label;  /* PARITY is bit 2 */
        next += fresh;
        st y = WITH_LABEL(to, bits ^ (st)(((flips >> label) & 1) * PARITY));
        t[k] = (st)((y & ~empty) | (x & empty));
    }
    for (i64 x = 0; x < W; x++) map[x] = (seen >> x) & 1 ? (i64)((to_of >> (4 * x)) & 15) : -1;
}

/* renumber the labels by first occurrence along the slots (equal futures, equal rows);
   with BIPARTITE, a label whose first slot has colour 1 has its colours flipped.  `map`
   has room for 4W + 4 entries. */
static void canonical(st *t, i64 W, const i64 *consts, i64 *map) {
    i64 next = 0, forget = consts[K_FORGET], *flip = map + W + 1, *moved = map + 2 * W + 2;
    /* TOUCHED cleared always (FORGET_ALL) or on MARKED slots (FORGET_MARKED) */
    st keep_all = forget == KEEP, keep_unmarked = forget != FORGET_ALL;
    if (W <= SMALL) {
        renumber_small(t, W, keep_all, keep_unmarked, map);
    } else {
        for (i64 x = 0; x <= W; x++) map[x] = -1;
        /* without branches on the data (they mispredict): an empty slot goes through the
           renumbering as label W (no slot's label) and keeps its value */
        for (i64 k = 0; k < W; k++) {
            st x = t[k];
            i64 empty = -(i64)(x < 0);  /* all ones for an empty slot */
            i64 label = (LABEL(x) & ~empty) | (W & empty);
            st bits = x & BITS;
            st forgets = !keep_all & !(keep_unmarked & !(bits & MARKED));
            bits &= ~(forgets * TOUCHED);
            i64 have = map[label], fresh = (have < 0) & ~empty & 1;
            i64 to = have + ((next - have) & -fresh);
            map[label] = to;
            i64 f = flip[label] + (((bits & PARITY) - flip[label]) & -fresh);
            flip[label] = f;
            next += fresh;
            st y = WITH_LABEL(to, bits ^ (st)f);
            t[k] = (st)((y & ~empty) | (x & empty));
        }
    }
    if (consts[K_WOFF]) {
        i64 woff = consts[K_WOFF];
        for (i64 x = 0; x < W; x++) moved[x] = 0;
        for (i64 x = 0; x < W; x++) if (map[x] >= 0) moved[map[x]] = t[woff + x];
        for (i64 x = 0; x < W; x++) t[woff + x] = (st)moved[x];
    }
    if (!consts[K_SEPARATE]) return;
    for (i64 x = 0; x < W; x++) moved[x] = 0;
    for (i64 x = 0; x < W; x++) {
        if (map[x] < 0) continue;
        i64 mask = 0;
        for (uint32_t bits = (uint32_t)t[W + x]; bits; bits &= bits - 1) {
            i64 y = map[__builtin_ctz(bits)];
            mask |= (i64)(y >= 0) << (y & 63);
        }
        moved[map[x]] = mask;
    }
    for (i64 x = 0; x < W; x++) t[W + x] = (st)moved[x];
}

static inline int enter(st *t, i64 W, i64 c, i64 mark, i64 weight, const i64 *consts) {
    i64 label = fresh_label(t, W);
    t[c] = WITH_LABEL(label, mark ? MARKED : 0);
    if (consts[K_SEPARATE]) t[W + label] = 0;
    if (consts[K_WOFF]) {
        t[consts[K_WOFF] + label] = (st)weight;
        if (weight > consts[K_WHI]) return 0;
    }
    return 1;
}

/* the edge's decision: taken (join the two components) or not (keep them apart) */
static int decide(st *t, i64 W, i64 bit, i64 cu, i64 cv, const i64 *consts) {
    if (t[cu] == C_OUT || t[cv] == C_OUT) return bit == 0;
    i64 a = LABEL(t[cu]), b = LABEL(t[cv]), separate = consts[K_SEPARATE];
    if (bit == 0) {
        if (!separate) return 1;
        if (a == b) return 0;  /* an unchosen edge inside a component */
        t[W + a] |= 1 << b;
        t[W + b] |= 1 << a;
        return 1;
    }
    if (consts[K_SINGLE] && t[consts[K_WIDTH] - 1] > 0) return 0;
    if (consts[K_MAXDEG]) {
        if (DEGREE_OF(t[cu]) >= consts[K_MAXDEG] || DEGREE_OF(t[cv]) >= consts[K_MAXDEG]) return 0;
        t[cu] += DEGREE_ONE;
        t[cv] += DEGREE_ONE;
    }
    t[cu] |= TOUCHED;
    t[cv] |= TOUCHED;
    st same = (st)(~(t[cu] ^ t[cv]) & PARITY);  /* an odd cycle, or a flip of b's colours */
    if (a == b) return !consts[K_ACYCLIC] && !(consts[K_BIPARTITE] && same);
    if (separate && separated(t, W, a, b)) return 0;
    if (consts[K_MARKS] == ROOTS && (t[cu] & MARKED) && (t[cv] & MARKED)) return 0;
    /* every slot of a component carries its MARKED bit */
    return merge(t, W, consts, a, b, consts[K_BIPARTITE] ? same : 0, (t[cu] | t[cv]) & MARKED);
}

/* the vertex in slot c leaves: 0 if it may not, else clears it (and finishes its
   component when no other slot holds it) */
static int depart(st *t, i64 W, i64 c, i64 must, const i64 *row, const i64 *consts) {
    i64 x = t[c];
    t[c] = C_EMPTY;
    if (x == C_OUT) return 1;
    if (must && !(x & TOUCHED)) return 0;
    if (has_label(t, W, LABEL(x))) return 1;
    return finish(t, W, x, row, consts);
}

/* a vertex at the degree bound can take no more edges: it leaves its component at once
   (as C_OUT), which finishes when no other slot holds it */
static int saturate(st *t, i64 W, i64 c, const i64 *row, const i64 *consts) {
    st x = t[c];
    if (x < 0 || DEGREE_OF(x) < consts[K_MAXDEG]) return 1;
    t[c] = C_OUT;
    if (has_label(t, W, LABEL(x))) return 1;
    return finish(t, W, x, row, consts);
}

/* INDUCED, before the edge (u in slot cu) is taken: a vertex taking its first edge joins
   the one component, so its earlier neighbours (slots in `nbrs`, their edges to it all
   unchosen) stay out of it: OUT, or DEAD if one of them is in it */
static int exclude(st *t, i64 cu, i64 nbrs) {
    if (t[cu] < 0 || (t[cu] & TOUCHED)) return 1;
    for (; nbrs; nbrs &= nbrs - 1) {
        i64 k = __builtin_ctzll((uint64_t)nbrs);
        if (t[k] < 0) continue;
        if (t[k] & TOUCHED) return 0;
        t[k] = C_OUT;
    }
    return 1;
}

/* INDUCED, after the edge was left out: both ends in the component is DEAD, one end in it
   puts the other OUT */
static int apart(st *t, i64 cu, i64 cv) {
    if (t[cu] < 0 || t[cv] < 0) return 1;
    i64 in_u = t[cu] & TOUCHED, in_v = t[cv] & TOUCHED;
    if (in_u && in_v) return 0;
    if (in_u) t[cv] = C_OUT;
    if (in_v) t[cu] = C_OUT;
    return 1;
}

/* at least how many parts the frontier's components will make (at least one): with
   SEPARATE, a set of its components kept apart pairwise (chosen greedily) */
static i64 apart_parts(const st *t, i64 W, const i64 *consts) {
    if (!consts[K_SEPARATE]) return 1;
    uint64_t present = 0, chosen = 0;
    i64 parts = 0;
    for (i64 k = 0; k < W; k++) present |= (uint64_t)(t[k] >= 0) << (LABEL(t[k]) & 63);
    for (; present; present &= present - 1) {
        i64 label = __builtin_ctzll(present);
        if (((uint64_t)(uint32_t)t[W + label] & chosen) == chosen) {
            chosen |= 1ULL << label;
            parts++;
        }
    }
    return parts > 1 ? parts : 1;
}

/* two components whose weights together pass the upper bound can never join: kept apart
   (as an unchosen edge would), so that rows differing only there merge.  Only the
   components in `changed` (a label mask) have new weights: every other pair was kept
   apart by an earlier step. */
static void too_heavy_apart(st *t, i64 W, const i64 *consts, uint64_t changed) {
    uint64_t present = 0;
    for (i64 k = 0; k < W; k++) present |= (uint64_t)(t[k] >= 0) << (LABEL(t[k]) & 63);
    const st *w = t + consts[K_WOFF];
    for (uint64_t p = present & changed; p; p &= p - 1) {
        i64 a = __builtin_ctzll(p);
        for (uint64_t q = present & ~(1ULL << a); q; q &= q - 1) {
            i64 b = __builtin_ctzll(q);
            st over = (i64)w[a] + w[b] > consts[K_WHI];
            t[W + a] |= over << b;
            t[W + b] |= over << a;
        }
    }
}

/* whether the state after the step is settled already: DEAD, ACCEPT (every later edge
   unchosen), FREE written into t (every later edge free), or GOING */
static i64 settled(st *t, i64 W, int closed, const i64 *row, const i64 *consts) {
    i64 count = consts[K_WIDTH] - 1, c = t[count];
    if (closed && !consts[K_REQUIRE]) {  /* every terminal joined: the rest is free */
        for (i64 k = 0; k < count; k++) t[k] = k < W ? C_EMPTY : 0;
        t[count] = FREE;
        return GOING;
    }
    if (closed || (consts[K_SINGLE] && c > 0)) {  /* no edge may follow */
        for (i64 k = 0; k < W; k++) if (t[k] >= 0 && (t[k] & TOUCHED)) return DEAD;
        if (row[C_MUST_AHEAD] > 0) return GOING;  /* their departures check them */
        return c >= consts[K_LO] && c <= consts[K_HI] ? ACCEPT : DEAD;
    }
    if (consts[K_TRIVIAL]) {  /* every vertex still ahead lies in a part not counted yet */
        i64 ahead = row[C_VERTS_AHEAD];
        if (c + ahead < consts[K_LO]) return DEAD;
        if (ahead > 0 && c + W > consts[K_HI] && c + apart_parts(t, W, consts) > consts[K_HI])
            return DEAD;
    }
    return GOING;
}

i64 FN(step)(const st *s, st *t, i64 bit, const i64 *row, const i64 *consts, i64 *work) {
    i64 W = consts[K_W], width = consts[K_WIDTH], induced = consts[K_INDUCED];
    for (i64 k = 0; k < width; k++) t[k] = s[k];
    if (s[width - 1] == FREE) return GOING;
    i64 cu = row[C_CU], cv = row[C_CV];
    if (row[C_ENTER_U] && !enter(t, W, cu, row[C_MARK_U], row[C_WEIGHT_U], consts)) return DEAD;
    if (row[C_ENTER_V] && !enter(t, W, cv, row[C_MARK_V], row[C_WEIGHT_V], consts)) return DEAD;
    if (induced && bit && !(exclude(t, cu, row[C_NBR_U]) && exclude(t, cv, row[C_NBR_V])))
        return DEAD;
    if (!decide(t, W, bit, cu, cv, consts)) return DEAD;
    /* the components whose weights this step may change */
    uint64_t changed = (t[cu] >= 0 ? 1ULL << (LABEL(t[cu]) & 63) : 0)
                     | (t[cv] >= 0 ? 1ULL << (LABEL(t[cv]) & 63) : 0);
    if (induced && !bit && !apart(t, cu, cv)) return DEAD;
    int r, closed = 0;
    if (consts[K_MAXDEG] && bit) {
        if (!(r = saturate(t, W, cu, row, consts))) return DEAD;
        closed |= r == CLOSED;
        if (!(r = saturate(t, W, cv, row, consts))) return DEAD;
        closed |= r == CLOSED;
    }
    if (row[C_LEAVE_U]) {
        if (!(r = depart(t, W, cu, row[C_MUST_U], row, consts))) return DEAD;
        closed |= r == CLOSED;
    }
    if (row[C_LEAVE_V]) {
        if (!(r = depart(t, W, cv, row[C_MUST_V], row, consts))) return DEAD;
        closed |= r == CLOSED;
    }
    if (consts[K_WOFF] && consts[K_SEPARATE]) too_heavy_apart(t, W, consts, changed);
    i64 status = settled(t, W, closed, row, consts);
    if (status == GOING && t[width - 1] != FREE) canonical(t, W, consts, work);
    return status;
}

/* 0 where taking the edge is surely DEAD: a finished component for a single one, a
   cycle in a forest, an odd cycle in a bipartite graph, two separated components, two
   roots */
i64 FN(takes)(const st *s, const i64 *row, const i64 *consts, i64 *work) {
    (void)work;
    i64 W = consts[K_W];
    if (s[consts[K_WIDTH] - 1] == FREE) return 1;
    if (consts[K_SINGLE] && s[consts[K_WIDTH] - 1] > 0) return 0;
    i64 x = row[C_ENTER_U] ? 0 : s[row[C_CU]], y = row[C_ENTER_V] ? 0 : s[row[C_CV]];
    if (x == C_OUT || y == C_OUT) return 0;
    if (consts[K_MAXDEG] && (DEGREE_OF(x) >= consts[K_MAXDEG] || DEGREE_OF(y) >= consts[K_MAXDEG]))
        return 0;
    if (row[C_ENTER_U] || row[C_ENTER_V]) return 1;
    i64 a = LABEL(x), b = LABEL(y);
    if (a == b) return !consts[K_ACYCLIC] && !(consts[K_BIPARTITE] && !((x ^ y) & PARITY));
    if (consts[K_SEPARATE] && separated(s, W, a, b)) return 0;
    if (consts[K_MARKS] == ROOTS && (x & MARKED) && (y & MARKED)) return 0;
    return 1;
}

/* after the last edge every vertex has left: the count of components within bounds */
i64 FN(final)(const st *t, const i64 *consts, i64 *work) {
    (void)work;
    i64 count = t[consts[K_WIDTH] - 1];
    if (count == FREE) return 1;
    return count >= consts[K_LO] && count <= consts[K_HI] ? 1 : 0;
}
