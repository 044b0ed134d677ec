/* The built-in graph machines, compiled ahead of time: the step, takes and final of the
   paths/cycles machine (mate.py), the pairing machine (pairs.py) and the oriented cycles
   machine (oriented.py); those modules describe the state layouts, modes and info
   columns.  The driver (zalg/topdown/frontier.c) calls them through its machine function
   pointer types (functions.KINDS); ``zalg_machines`` names their addresses. */
#include <stdint.h>
#include <stddef.h>

typedef int64_t i64;
typedef int16_t st;  /* mate.STATE */

enum { EMPTY = -3, SELF = -1, DONE = -2 };
enum { CYCLE, CYCLES, PAIRS, FREE };
enum { DEAD, ACCEPT, GOING };
enum { I_CU, I_CV, I_ENTER_U, I_ENTER_V, I_LEAVE_U, I_LEAVE_V, I_ALLOWED,
       I_GA, I_GB, I_NEED_A, I_NEED_B, I_OPEN_A, I_OPEN_B, I_CLOSE_A, I_CLOSE_B,
       I_LATER_A, I_LATER_B, I_KIND, I_LOOPBIT, I_RECHECK, I_GAP, I_TIGHT, INFO_WIDTH };
enum { EDGE_LEVEL, OUTPUT_LEVEL };
enum { F_CLOSED, F_SAME };
enum { K_W, K_MODE, K_COVER, K_ORDER, K_LABELS, K_WIDTH, K_AHEAD, K_LINES };
#define LABELS INFO_WIDTH
#define BRIDGE (-2)

/* take the edge between slots cu and cv (ends of two fragments); their far ends */
static inline void far_ends(st *t, i64 cu, i64 cv, i64 *a, i64 *b) {
    i64 mu = t[cu], mv = t[cv];
    *a = mu == SELF ? cu : mu;
    *b = mv == SELF ? cv : mv;
    if (mu != SELF) t[cu] = DONE;
    if (mv != SELF) t[cv] = DONE;
}

/* check and clear slot c of a vertex whose last edge was just decided */
static inline int leave(st *t, i64 c, i64 label, i64 W, i64 mode, i64 cover) {
    i64 m = t[c];
    int ok = 1;
    if (label >= 0) {  /* terminal: exactly one edge */
        if (m == SELF || m >= W) ok = 0;
        else if (m >= 0) t[m] = (st)(W + label);
    } else if (m == SELF) {
        ok = !cover;
    } else if (m != DONE) {  /* a fragment ends here */
        if (mode == FREE) { if (m < W) t[m] = (st)W; }
        else ok = 0;
    }
    t[c] = EMPTY;
    return ok;
}

/* update one counted group; 0 when its requirement can no longer be met */
static inline int count(st *t, i64 slot, i64 need, i64 opening, i64 closing, i64 later, i64 bit) {
    if (slot < 0) return 1;
    if (opening) t[slot] = 0;
    t[slot] += (st)bit;
    if (need < 0) return 1;  /* a recorded group: counted only */
    if (t[slot] > need || t[slot] + later < need) return 0;
    if (closing) t[slot] = EMPTY;
    return 1;
}

/* a cycle closes on the edge (u, v) of slots cu, cv: its status so far (GOING or DEAD) */
static inline i64 close_cycle(st *t, i64 cu, i64 cv, i64 W, i64 mode) {
    if (mode == CYCLE) {
        for (i64 k = 0; k < W; k++)
            if (k != cu && k != cv && t[k] >= 0) return DEAD;  /* another could never close */
        t[W + F_CLOSED] = 1;
    } else if (mode != CYCLES) {
        return DEAD;
    }
    t[cu] = DONE;
    t[cv] = DONE;
    return GOING;
}

/* the edge of slots cu, cv taken: the fragments join; GOING or DEAD */
static inline i64 take(st *t, i64 cu, i64 cv, i64 W, const i64 *info, i64 mode) {
    i64 mu = t[cu], mv = t[cv], a, b;
    if (mu == DONE || mv == DONE) return DEAD;
    if ((info[LABELS + cu] >= 0 && mu != SELF) || (info[LABELS + cv] >= 0 && mv != SELF))
        return DEAD;
    if (mu == cv) return close_cycle(t, cu, cv, W, mode);
    far_ends(t, cu, cv, &a, &b);
    i64 la = -1, lb = -1;
    if (mode == PAIRS) {
        la = a >= W ? a - W : info[LABELS + a];
        lb = b >= W ? b - W : info[LABELS + b];
    }
    if (la >= 0 && lb >= 0) {  /* both ends are terminals: the path is complete */
        if (la != lb) return DEAD;
        if (a < W) t[a] = DONE;
        if (b < W) t[b] = DONE;
    } else if (!(mode == FREE && a >= W && b >= W)) {
        if (a < W) t[a] = (st)b;
        if (b < W) t[b] = (st)a;
    }
    return GOING;
}

/* mate._step: the child of s for the edge taken (bit 1) or not, written into t */
static i64 mate_step_core(const st *s, st *t, i64 bit, i64 W, i64 width, const i64 *info,
                          i64 mode, i64 cover) {
    for (i64 k = 0; k < width; k++) t[k] = s[k];
    if (info[I_KIND] == OUTPUT_LEVEL) {  /* the element is present iff the count is off */
        i64 g = info[I_GA];
        if (bit != (t[g] != info[I_NEED_A] ? 1 : 0)) return DEAD;
        t[g] = EMPTY;
        return GOING;
    }
    if (((info[I_ALLOWED] >> bit) & 1) == 0) return DEAD;
    if (info[I_LOOPBIT] >= 0 && bit != info[I_LOOPBIT]) t[W + F_SAME] = 0;
    i64 cu = info[I_CU], cv = info[I_CV];
    if (info[I_ENTER_U]) t[cu] = SELF;
    if (info[I_ENTER_V]) t[cv] = SELF;
    if (bit == 1) {
        if (t[W + F_CLOSED] == 1) return DEAD;  /* the single cycle is already closed */
        if (take(t, cu, cv, W, info, mode) == DEAD) return DEAD;
    }
    if (!count(t, info[I_GA], info[I_NEED_A], info[I_OPEN_A], info[I_CLOSE_A], info[I_LATER_A], bit))
        return DEAD;
    if (!count(t, info[I_GB], info[I_NEED_B], info[I_OPEN_B], info[I_CLOSE_B], info[I_LATER_B], bit))
        return DEAD;
    if (info[I_LEAVE_U] && !leave(t, cu, info[LABELS + cu], W, mode, cover)) return DEAD;
    if (info[I_LEAVE_V] && !leave(t, cv, info[LABELS + cv], W, mode, cover)) return DEAD;
    return GOING;
}

/* mate._point: slot s on the undecided part's boundary: a label, BRIDGE or -1 */
static inline i64 point(const st *t, i64 W, const i64 *info, i64 s) {
    i64 m = t[s], own = info[LABELS + s];
    if (m >= W) return m - W;
    if (m >= 0) {
        if (own >= 0) return -1;
        i64 other = info[LABELS + m];
        return other >= 0 ? other : BRIDGE;
    }
    if (m == SELF && own >= 0) return own;
    return -1;
}

static inline int on_stack(const i64 *work, i64 stack, i64 top, i64 label) {
    for (i64 k = 0; k < top; k++) if (work[stack + k] == label) return 1;
    return 0;
}

/* the boundary points in order into work[points...]; their number */
static i64 boundary(const st *t, i64 W, const i64 *info, i64 *work, i64 ahead, i64 opened,
                    i64 points) {
    i64 n = 0, order = LABELS + W;
    for (i64 i = 0; i < W; i++) {
        i64 s = info[order + i];
        if (s < 0) break;
        i64 p = point(t, W, info, s);
        if (p == BRIDGE) { work[opened + s] = 0; p = -3 - s; }
        if (p != -1) work[points + n++] = p;
    }
    for (i64 i = 0; i < ahead; i++) {
        i64 label = info[order + W + i];
        if (label < 0) break;
        work[points + n++] = label;
    }
    return n;
}

/* mate.crosses: whether the paths still to be drawn would have to cross */
static int crosses(const st *t, i64 W, const i64 *info, i64 *work, i64 labels, i64 ahead) {
    i64 first = 0, seen = labels, opened = 2 * labels, stack = 2 * labels + W;
    i64 points = 3 * labels + 2 * W;
    i64 n = boundary(t, W, info, work, ahead, opened, points), top = 0;
    for (i64 label = 0; label < labels; label++) { work[first + label] = -1; work[seen + label] = 0; }
    for (i64 i = 0; i < n; i++) {
        i64 p = work[points + i];
        if (p <= -3) {
            i64 s = -3 - p;
            if (work[opened + t[s]] == 0) { work[opened + s] = 1; work[stack + top++] = s; }
            else {
                if (top == 0 || work[stack + top - 1] != t[s]) return 0;  /* not nested */
                top--;
            }
            continue;
        }
        i64 where = top > 0 ? work[stack + top - 1] : W;
        work[seen + p] += 1;
        if (work[first + p] == -1) work[first + p] = where;
        else if (work[first + p] != where) work[first + p] = -2;
    }
    top = 0;
    for (i64 i = 0; i < n; i++) {
        i64 p = work[points + i];
        if (p <= -3) {
            i64 s = -3 - p;
            if (top > 0 && work[stack + top - 1] == -1 - t[s]) top--;
            else work[stack + top++] = -1 - s;
            continue;
        }
        if (work[seen + p] != 2 || work[first + p] < 0) continue;
        if (top > 0 && work[stack + top - 1] == p) top--;
        else if (on_stack(work, stack, top, p)) return 1;
        else work[stack + top++] = p;
    }
    return 0;
}

/* mate.over_capacity: whether more labels must cross some line between two keys of the
   cut order than the undecided edges across it (the level's capacity) and the bands
   spanning it can carry: a label's two open ends (fragment ends and terminals on the
   frontier from the state, terminals not reached from the row) on the two sides of a
   line need an edge or a band of their own across it */
static int over_capacity(const st *t, i64 W, const i64 *info, i64 *work, i64 labels, i64 ahead,
                         i64 lines) {
    const i64 *key = info + LABELS + 2 * W + ahead, *cap = key + W, *ends = cap + lines;
    i64 *lo = work, *hi = work + labels, *need = work + 2 * labels;
    for (i64 k = 0; k < labels; k++) { lo[k] = ends[2 * k]; hi[k] = ends[2 * k + 1]; }
    for (i64 c = 0; c <= lines; c++) need[c] = 0;
    for (i64 s = 0; s < W; s++) {
        i64 p = point(t, W, info, s);
        if (p == -1) continue;
        if (p == BRIDGE) {  /* a band: one more crossing, counted from its lower slot */
            i64 m = t[s];
            if (s < m) {
                i64 a = key[s] < key[m] ? key[s] : key[m], b = key[s] ^ key[m] ^ a;
                need[a] -= 1;
                need[b] += 1;
            }
            continue;
        }
        if (lo[p] < 0) lo[p] = key[s]; else hi[p] = key[s];
    }
    for (i64 k = 0; k < labels; k++) {
        if (lo[k] < 0 || hi[k] < 0) continue;
        i64 a = lo[k] < hi[k] ? lo[k] : hi[k], b = lo[k] ^ hi[k] ^ a;
        need[a] += 1;
        need[b] -= 1;
    }
    i64 run = 0;
    for (i64 c = 0; c < lines; c++) {
        run += need[c];
        if (run > cap[c]) return 1;
    }
    return 0;
}

/* whether the child of s that takes the edge has its parent's boundary points: the
   edge's ends sit together in one gap of the cut line before and after it (I_GAP), and
   at least one end had no edge, not a terminal unless both had none; so the edge
   starts a fragment there, or moves a fragment's end (label or band) within the gap */
static inline int keeps_points(const st *s, const i64 *row) {
    if (!row[I_GAP]) return 0;
    i64 cu = row[I_CU], cv = row[I_CV];
    i64 mu = row[I_ENTER_U] ? SELF : s[cu], mv = row[I_ENTER_V] ? SELF : s[cv];
    if (mu == SELF && mv == SELF) return 1;
    if (mu == SELF) return row[LABELS + cu] < 0;
    if (mv == SELF) return row[LABELS + cv] < 0;
    return 0;
}

/* mate.step: the crossing test runs on a child only where its boundary points may not
   be its parent's or some of them (its parent passed, and dropping points never makes
   two labels alternate): every child where the level asks (I_RECHECK), elsewhere the
   children that take the edge unless keeps_points */
static i64 mate_step(const st *s, st *t, i64 bit, const i64 *row, const i64 *consts, i64 *work) {
    i64 W = consts[K_W];
    i64 status = mate_step_core(s, t, bit, W, consts[K_WIDTH], row, consts[K_MODE], consts[K_COVER]);
    if (status != GOING || consts[K_ORDER] != 1) return status;
    int moved = row[I_RECHECK] || (bit == 1 && !keeps_points(s, row));
    if (moved && crosses(t, W, row, work, consts[K_LABELS], consts[K_AHEAD])) return DEAD;
    if ((row[I_TIGHT] == 1 || (row[I_TIGHT] == 2 && moved))
            && over_capacity(t, W, row, work, consts[K_LABELS], consts[K_AHEAD], consts[K_LINES]))
        return DEAD;
    return status;
}

static inline int group_full(const st *s, i64 slot, i64 need, i64 opening) {
    if (slot < 0 || need < 0) return 0;
    return (opening ? 0 : s[slot]) + 1 > need;
}

/* mate.takes: 0 where the step surely rejects the edge */
static i64 mate_takes(const st *s, const i64 *row, const i64 *consts, i64 *work) {
    (void)work;
    i64 W = consts[K_W];
    if (row[I_KIND] == OUTPUT_LEVEL) return s[row[I_GA]] != row[I_NEED_A] ? 1 : 0;
    if (((row[I_ALLOWED] >> 1) & 1) == 0 || s[W + F_CLOSED] == 1) return 0;
    i64 cu = row[I_CU], cv = row[I_CV];
    i64 mu = row[I_ENTER_U] ? SELF : s[cu], mv = row[I_ENTER_V] ? SELF : s[cv];
    if (mu == DONE || mv == DONE) return 0;
    if ((row[LABELS + cu] >= 0 && mu != SELF) || (row[LABELS + cv] >= 0 && mv != SELF)) return 0;
    i64 mode = consts[K_MODE];
    if (mu == cv && mode != CYCLE && mode != CYCLES) return 0;
    if (mode != FREE && mu != cv) {
        if (row[I_LEAVE_U] && mu == SELF && row[LABELS + cu] < 0) return 0;
        if (row[I_LEAVE_V] && mv == SELF && row[LABELS + cv] < 0) return 0;
    }
    if (group_full(s, row[I_GA], row[I_NEED_A], row[I_OPEN_A])
            || group_full(s, row[I_GB], row[I_NEED_B], row[I_OPEN_B]))
        return 0;
    return 1;
}

/* mate.final: the single cycle closed (CYCLE), and not the one excluded loop */
static i64 mate_final(const st *t, const i64 *consts, i64 *work) {
    (void)work;
    i64 W = consts[K_W];
    if ((consts[K_MODE] == CYCLE && t[W + F_CLOSED] != 1) || t[W + F_SAME] == 1) return 0;
    return 1;
}

/* ---- pairs.py: path matchings with the end pairs of their paths (int32 states) ---- */
typedef int32_t st32;
enum { EDGE = 0, PAIR = 1 };
enum { R_KIND, R_CU, R_CV, R_ENTER_U, R_ENTER_V, R_LEAVE_U, R_LEAVE_V, R_VID_U, R_VID_V,
       R_CLEAR };
enum { R_A = 1, R_B = 2, R_PA = 3, R_PB = 4 };
enum { P_W, P_VB, P_COVER, P_BOUND, P_WIDTH };

/* pairs._alive: within the bound on paths (if any) */
static inline int p_alive(const st32 *t, i64 W, i64 VB, i64 bound) {
    if (bound < 0) return 1;
    i64 done = t[W + 2], ends = 0;
    for (i64 s = 0; s < W; s++) {
        if (t[s] >= VB) ends += 1;
        else if (t[s] >= W) ends += 2;
    }
    return done + ends / 2 <= bound;
}

/* pairs._join: take the edge between slots cu and cv; 0 if not allowed */
static int p_join(st32 *t, i64 cu, i64 cv, i64 W, i64 VB, i64 bound) {
    i64 mu = t[cu], mv = t[cv];
    if (mu == DONE || mv == DONE || mu == cv) return 0;  /* degree 3, or a cycle */
    if (mu == VB + cv) {  /* committed partners meet: their path is complete */
        t[cu] = DONE;
        t[cv] = DONE;
        if (bound >= 0) t[W + 2] += 1;
        return 1;
    }
    i64 a = mu == SELF ? cu : mu, b = mv == SELF ? cv : mv;
    if (mu != SELF) t[cu] = DONE;
    if (mv != SELF) t[cv] = DONE;
    if (a < W && b < W) { t[a] = (st32)b; t[b] = (st32)a; }
    else if (a < W) { t[a] = (st32)b; if (b >= VB) t[b - VB] = (st32)(VB + a); }
    else if (b < W) { t[b] = (st32)a; if (a >= VB) t[a - VB] = (st32)(VB + b); }
    else return 0;  /* both far ends departed, and they are not partners */
    return 1;
}

/* pairs._depart: vertex x (slot c) leaves the frontier; 0 if it may not */
static int p_depart(st32 *t, i64 c, i64 x, i64 pending, i64 W, i64 VB, i64 cover) {
    i64 m = t[c];
    if (m == SELF) { if (cover) return 0; }
    else if (m == DONE) {}
    else if (m >= VB) return 0;  /* its committed partner needs it to go on */
    else if (m >= W) t[pending] = (st32)(m - W);  /* the path x ... z is whole */
    else t[m] = (st32)(W + x);  /* x becomes a departed, uncommitted end */
    t[c] = EMPTY;
    return 1;
}

/* pairs._holding: the slot whose fragment's departed uncommitted end is x, or -1 */
static inline i64 p_holding(const st32 *t, i64 W, i64 x) {
    for (i64 s = 0; s < W; s++) if (t[s] == W + x) return s;
    return -1;
}

static int p_edge(st32 *t, i64 bit, const i64 *row, i64 W, i64 VB, i64 cover, i64 bound) {
    i64 cu = row[R_CU], cv = row[R_CV];
    if (row[R_ENTER_U]) t[cu] = SELF;
    if (row[R_ENTER_V]) t[cv] = SELF;
    t[W] = -1;
    t[W + 1] = -1;
    if (bit == 1 && !p_join(t, cu, cv, W, VB, bound)) return 0;
    if (row[R_LEAVE_U] && !p_depart(t, cu, row[R_VID_U], W, W, VB, cover)) return 0;
    if (row[R_LEAVE_V] && !p_depart(t, cv, row[R_VID_V], W + 1, W, VB, cover)) return 0;
    return 1;
}

static int p_pair(st32 *t, i64 bit, const i64 *row, i64 W, i64 VB, i64 bound) {
    i64 a = row[R_A], b = row[R_B], pa = row[R_PA], pb = row[R_PB];
    int whole = (pa >= 0 && t[W + pa] == b) || (pb >= 0 && t[W + pb] == a);
    if (whole) {  /* a pending end pairs with the other end of its whole path */
        if (bit == 0) return 0;
        if (bound >= 0) t[W + 2] += 1;
    } else if (bit == 1) {  /* a commitment of two uncommitted departed ends */
        i64 sa = p_holding(t, W, a), sb = p_holding(t, W, b);
        if (sa < 0 || sb < 0) return 0;
        t[sa] = (st32)(VB + sb);
        t[sb] = (st32)(VB + sa);
    }
    return 1;
}

/* pairs.step */
static i64 pairs_step(const st32 *s, st32 *t, i64 bit, const i64 *row, const i64 *consts,
                      i64 *work) {
    (void)work;
    i64 W = consts[P_W], VB = consts[P_VB], bound = consts[P_BOUND];
    for (i64 k = 0; k < consts[P_WIDTH]; k++) t[k] = s[k];
    int ok = row[R_KIND] == EDGE ? p_edge(t, bit, row, W, VB, consts[P_COVER], bound)
                                 : p_pair(t, bit, row, W, VB, bound);
    if (!ok) return DEAD;
    if (row[R_CLEAR]) {  /* the edge's decisions are all made: check the bound */
        if (!p_alive(t, W, VB, bound)) return DEAD;
        t[W] = -1;
        t[W + 1] = -1;
    }
    return GOING;
}

/* pairs.takes (SKIP = 2: bit 0 changes nothing either) */
static i64 pairs_takes(const st32 *s, const i64 *row, const i64 *consts, i64 *work) {
    (void)work;
    i64 W = consts[P_W];
    if (row[R_KIND] == EDGE) {
        i64 cu = row[R_CU], cv = row[R_CV];
        i64 mu = row[R_ENTER_U] ? SELF : s[cu], mv = row[R_ENTER_V] ? SELF : s[cv];
        return mu == DONE || mv == DONE || mu == cv ? 0 : 1;
    }
    i64 a = row[R_A], b = row[R_B], pa = row[R_PA], pb = row[R_PB];
    if ((pa >= 0 && s[W + pa] == b) || (pb >= 0 && s[W + pb] == a)) return 1;
    if (p_holding(s, W, a) >= 0 && p_holding(s, W, b) >= 0) return 1;
    return row[R_CLEAR] ? 0 : 2;
}

/* pairs.final: every vertex has left and every path is whole */
static i64 pairs_final(const st32 *t, const i64 *consts, i64 *work) {
    (void)work;
    for (i64 s = 0; s < consts[P_W]; s++) if (t[s] != EMPTY) return 0;
    return 1;
}

/* ---- oriented.py: single cycles of a mixed graph (packed int32 words) ----------- */
enum { O_FREE, O_HEAD, O_TAIL };
enum { O_CU, O_CV, O_ENTER_U, O_ENTER_V, O_LEAVE_U, O_LEAVE_V, O_ALLOWED, O_DIRS,
       O_LOC_U, O_LOC_V, O_FORBID_U, O_FORBID_V, O_VISIT_U, O_VISIT_V };
#define MATE_MASK 0xFFFF
#define ORIENT_SHIFT 16
#define FIRST_SHIFT 18
#define FIRST_MASK (0x7F << FIRST_SHIFT)
#define EMPTY_WORD (EMPTY + 4)
#define SELF_WORD (SELF + 4)
#define DONE_WORD (DONE + 4)

static inline i64 o_word(i64 mate, i64 orient, i64 first) {
    return (mate + 4) | (orient << ORIENT_SHIFT) | ((first + 1) << FIRST_SHIFT);
}

/* bit 0: the edge can run u->v; bit 1: v->u */
static inline i64 o_directions(i64 ou, i64 ov, i64 dirs) {
    i64 out = 0;
    if ((dirs & 1) && ou != O_TAIL && ov != O_HEAD) out |= 1;
    if ((dirs & 2) && ou != O_HEAD && ov != O_TAIL) out |= 2;
    return out;
}

static inline int o_pair_ok(i64 x, i64 forbid) {
    i64 k = ((x >> FIRST_SHIFT) & 0x7F) - 1;
    return k < 0 || ((forbid >> k) & 1) == 0;
}

static inline int o_leave(st32 *t, i64 c, i64 visit) {
    i64 m = (t[c] & MATE_MASK) - 4;
    if (m >= 0) return 0;  /* a fragment ends here: it can never close */
    if (m == SELF && visit) return 0;
    t[c] = EMPTY_WORD;
    return 1;
}

/* the cycle closes on the edge of slots cu, cv: GOING or DEAD */
static inline i64 o_close(st32 *t, i64 cu, i64 cv, i64 W) {
    for (i64 k = 0; k < W; k++)
        if (k != cu && k != cv && (t[k] & MATE_MASK) - 4 >= 0) return DEAD;
    t[W] = 1;
    t[cu] = DONE_WORD;
    t[cv] = DONE_WORD;
    return GOING;
}

/* the edge joins two fragments in the directions ways (1: u->v, 2: v->u, 3: both) */
static inline void o_join(st32 *t, i64 cu, i64 cv, i64 mu, i64 mv, i64 ways, const i64 *info) {
    i64 oa = ways == 3 ? O_FREE : (ways == 1 ? O_TAIL : O_HEAD);
    i64 ob = ways == 3 ? O_FREE : (ways == 1 ? O_HEAD : O_TAIL);
    i64 a = mu == SELF ? cu : mu, b = mv == SELF ? cv : mv;
    if (mu == SELF) {
        i64 fa = info[O_FORBID_U] != 0 ? info[O_LOC_U] : -1;
        t[cu] = (st32)o_word(b, oa, fa);
    } else {  /* u now has two edges: it keeps no orientation or first edge */
        t[cu] = DONE_WORD;
        t[a] = (st32)(o_word(b, oa, -1) | (t[a] & FIRST_MASK));
    }
    if (mv == SELF) {
        i64 fb = info[O_FORBID_V] != 0 ? info[O_LOC_V] : -1;
        t[cv] = (st32)o_word(a, ob, fb);
    } else {
        t[cv] = DONE_WORD;
        t[b] = (st32)(o_word(a, ob, -1) | (t[b] & FIRST_MASK));
    }
}

/* oriented.step (consts[0]: W) */
static i64 oriented_step(const st32 *s, st32 *t, i64 bit, const i64 *info, const i64 *consts,
                         i64 *work) {
    (void)work;
    i64 W = consts[0];
    for (i64 k = 0; k < W + 1; k++) t[k] = s[k];
    if (((info[O_ALLOWED] >> bit) & 1) == 0) return DEAD;
    i64 cu = info[O_CU], cv = info[O_CV];
    if (info[O_ENTER_U]) t[cu] = SELF_WORD;
    if (info[O_ENTER_V]) t[cv] = SELF_WORD;
    if (bit == 1) {
        if (t[W] == 1) return DEAD;  /* the cycle is already closed */
        i64 xu = t[cu], xv = t[cv];
        i64 mu = (xu & MATE_MASK) - 4, mv = (xv & MATE_MASK) - 4;
        if (mu == DONE || mv == DONE) return DEAD;
        if (mu != SELF && !o_pair_ok(xu, info[O_FORBID_U])) return DEAD;
        if (mv != SELF && !o_pair_ok(xv, info[O_FORBID_V])) return DEAD;
        i64 ways = o_directions((xu >> ORIENT_SHIFT) & 3, (xv >> ORIENT_SHIFT) & 3, info[O_DIRS]);
        if (ways == 0) return DEAD;
        if (mu == cv) { if (o_close(t, cu, cv, W) == DEAD) return DEAD; }
        else o_join(t, cu, cv, mu, mv, ways, info);
    }
    if (info[O_LEAVE_U] && !o_leave(t, cu, info[O_VISIT_U])) return DEAD;
    if (info[O_LEAVE_V] && !o_leave(t, cv, info[O_VISIT_V])) return DEAD;
    return GOING;
}

/* oriented.takes: 0 where the step surely rejects the edge */
static i64 oriented_takes(const st32 *s, const i64 *row, const i64 *consts, i64 *work) {
    (void)work;
    i64 W = consts[0];
    if (((row[O_ALLOWED] >> 1) & 1) == 0 || s[W] == 1) return 0;
    i64 cu = row[O_CU], cv = row[O_CV];
    i64 xu = row[O_ENTER_U] ? SELF_WORD : s[cu], xv = row[O_ENTER_V] ? SELF_WORD : s[cv];
    i64 mu = (xu & MATE_MASK) - 4, mv = (xv & MATE_MASK) - 4;
    if (mu == DONE || mv == DONE) return 0;
    if ((mu != SELF && !o_pair_ok(xu, row[O_FORBID_U]))
            || (mv != SELF && !o_pair_ok(xv, row[O_FORBID_V])))
        return 0;
    if (o_directions((xu >> ORIENT_SHIFT) & 3, (xv >> ORIENT_SHIFT) & 3, row[O_DIRS]) == 0)
        return 0;
    if (mu != cv && ((row[O_LEAVE_U] && mu == SELF) || (row[O_LEAVE_V] && mv == SELF))) return 0;
    return 1;
}

/* oriented.final: the cycle has closed */
static i64 oriented_final(const st32 *t, const i64 *consts, i64 *work) {
    (void)work;
    return t[consts[0]] == 1 ? 1 : 0;
}

/* the built-in machine functions by the name their Python side asks for */
typedef struct { const char *name; void *address; } MachineEntry;
i64 components_step(), components_takes(), components_final();  /* components.c */
i64 components16_step(), components16_takes(), components16_final();  /* components16.c */
i64 degrees_step(), degrees_takes(), degrees_final();  /* degrees.c */
const MachineEntry zalg_machines[] = {
    {"mate.step", (void *)mate_step}, {"mate.takes", (void *)mate_takes},
    {"mate.final", (void *)mate_final}, {"pairs.step", (void *)pairs_step},
    {"pairs.takes", (void *)pairs_takes}, {"pairs.final", (void *)pairs_final},
    {"oriented.step", (void *)oriented_step}, {"oriented.takes", (void *)oriented_takes},
    {"oriented.final", (void *)oriented_final},
    {"components.step", (void *)components_step}, {"components.takes", (void *)components_takes},
    {"components.final", (void *)components_final},
    {"components16.step", (void *)components16_step},
    {"components16.takes", (void *)components16_takes},
    {"components16.final", (void *)components16_final},
    {"degrees.step", (void *)degrees_step}, {"degrees.takes", (void *)degrees_takes},
    {"degrees.final", (void *)degrees_final}, {NULL, NULL}};
