/* Nurimeizu's frontier machines, compiled ahead of time: the solver's step, final and
   takes (solve.py: colourings with the path matrix), the path-mark sweep's step and
   final (path_sweep.py: colourings with their S-G path marked), and the relabelling of
   white components they share.  Those modules and layout.py describe the state
   layouts, the info columns and the constants.  The
   frontier driver (zalg.topdown) calls them through its machine function pointer types
   (int32 states); ``machines()`` gives their addresses by name. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "../common/machines.h"

typedef int64_t i64;
typedef int32_t st;

/* layout.py */
enum { BLACK, WHITE, PATH, NONE };
enum { NO_ICON, ICON_S, ICON_G, ICON_O, ICON_T };
enum { I_R, I_C, I_ICON, I_ROOM, I_FIRST, I_LAST, I_LATER, I_ICON_UP, I_ICON_LEFT, I_DOWN,
       I_KIND };
enum { DEAD = 0, GOING = 2 };
#define BITS 31  /* path-matrix bits per int32 word */

/* layout.relabel: number the white components (labels t[W:2W]) 1, 2, ... in slot order;
   the n_extra labels at t[extra:] follow along */
static void relabel(st *t, i64 W, i64 extra, i64 n_extra) {
    st n = 0;
    for (i64 k = 0; k < W; k++) {
        st lab = t[W + k];
        if (lab <= 0) continue;
        n++;
        for (i64 j = k; j < W; j++) if (t[W + j] == lab) t[W + j] = -n;
        for (i64 j = extra; j < extra + n_extra; j++) if (t[j] == lab) t[j] = -n;
    }
    for (i64 k = 0; k < W; k++) t[W + k] = -t[W + k];
    for (i64 j = extra; j < extra + n_extra; j++) if (t[j] < 0) t[j] = -t[j];
}

/* ---- solve.py: the solver ----------------------------------------------------------- */
enum { K_W, K_NW, K_BASE, K_WIDTH };

/* the path-matrix bit (a, b) */
static inline int bit_of(const st *s, i64 base, i64 NW, i64 a, i64 b) {
    return (s[base + a * NW + b / BITS] >> (b % BITS)) & 1;
}

/* set the symmetric bit (a, b) of the path matrix to v */
static inline void put(st *t, i64 base, i64 NW, i64 a, i64 b, int v) {
    i64 x = a, y = b;
    for (int k = 0; k < 2; k++) {
        i64 i = base + x * NW + y / BITS;
        st m = (st)1 << (y % BITS);
        t[i] = v ? (t[i] | m) : (t[i] & ~m);
        x = b; y = a;
    }
}

/* terminal a leaves: clear its row and column of the path matrix */
static void drop(st *t, i64 base, i64 NW, i64 T, i64 a) {
    for (i64 w = 0; w < NW; w++) t[base + a * NW + w] = 0;
    for (i64 x = 0; x < T; x++) put(t, base, NW, x, a, 0);
}

/* whether component lab can still hold a good part of the S-G path */
static int viable(const st *t, i64 W, i64 NW, i64 base, i64 lab, i64 sl, i64 gl, int circ) {
    if (sl == lab && gl == lab) return bit_of(t, base, NW, W, W + 1) == 1;
    i64 end = sl == lab ? W : (gl == lab ? W + 1 : -1);
    if (end >= 0) {  /* S (or G) must reach a frontier cell along a good path */
        for (i64 k = 0; k < W; k++)
            if (t[k] == WHITE && t[W + k] == lab && bit_of(t, base, NW, end, k) == 1) return 1;
        return 0;
    }
    if (circ) {
        for (i64 k = 0; k < W; k++) {
            if (t[k] != WHITE || t[W + k] != lab) continue;
            for (i64 j = k; j < W; j++)
                if (t[j] == WHITE && t[W + j] == lab && bit_of(t, base, NW, k, j) == 1) return 1;
        }
        return 0;
    }
    return 1;
}

/* the merged component's terminals into terms/side (0: upper part, 1: left, 2: x); their number */
static i64 merge_terms(const st *s, i64 W, i64 c, i64 lu, i64 ll, i64 icon, i64 *terms, i64 *side) {
    i64 n = 0, ends[2] = {W, W + 1}, labs[2] = {s[3 * W + 2], s[3 * W + 3]};
    for (i64 k = 0; k < W; k++) {
        if (k == c || s[k] != WHITE) continue;
        if (lu > 0 && s[W + k] == lu) { terms[n] = k; side[n++] = 0; }
        else if (ll > 0 && s[W + k] == ll) { terms[n] = k; side[n++] = 1; }
    }
    for (int e = 0; e < 2; e++) {
        if (labs[e] > 0 && labs[e] == lu) { terms[n] = ends[e]; side[n++] = 0; }
        else if (labs[e] > 0 && labs[e] == ll) { terms[n] = ends[e]; side[n++] = 1; }
    }
    terms[n] = c; side[n++] = 2;
    if (icon == ICON_S || icon == ICON_G) { terms[n] = icon == ICON_S ? W : W + 1; side[n++] = 2; }
    return n;
}

/* solve._merge_bits: the path matrix of the component white cell x (slot c) forms with
   its upper (label lu) and left (label ll) neighbours' components */
static void merge_bits(const st *s, st *t, i64 W, i64 NW, i64 base, i64 c, i64 lu, i64 ll,
                       int circ_u, int circ_l, i64 icon, i64 *terms, i64 *side) {
    i64 n = merge_terms(s, W, c, lu, ll, icon, terms, side);
    int xc = icon == ICON_O, xt = icon == ICON_T;
    drop(t, base, NW, W + 2, c);
    for (i64 i = 0; i < n; i++)
        for (i64 j = i; j < n; j++) {
            i64 a = terms[i], b = terms[j], sa = side[i], sb = side[j];
            if (a == b && a >= W) continue;
            if (sa > sb) { i64 x = a; a = b; b = x; x = sa; sa = sb; sb = x; }
            int g;
            if (sa == 0 && sb == 0) g = bit_of(s, base, NW, a, b) && !circ_l && !xc;
            else if (sa == 1 && sb == 1) g = bit_of(s, base, NW, a, b) && !circ_u && !xc;
            else if (sa == 0 && sb == 1)
                g = bit_of(s, base, NW, a, c) && bit_of(s, base, NW, c - 1, b) && !xt;
            else if (sa == 0) g = bit_of(s, base, NW, a, c) && !circ_l && !xt;
            else if (sa == 1) g = bit_of(s, base, NW, a, c - 1) && !circ_u && !xt;
            else g = !circ_u && !circ_l && !xt;
            put(t, base, NW, a, b, g);
        }
}

/* a white cell x at slot c joins the components lu, ll; 0 when the colouring dies */
static int white_cell(const st *s, st *t, i64 W, i64 NW, i64 base, i64 c, i64 lu, i64 ll,
                      i64 icon, i64 *work) {
    i64 SL = 3 * W + 2, GL = 3 * W + 3;
    if (lu > 0 && lu == ll) return 0;  /* a white cycle */
    int circ_u = lu > 0 && s[2 * W + c] == 1;
    int circ_l = ll > 0 && s[2 * W + c - 1] == 1;
    merge_bits(s, t, W, NW, base, c, lu, ll, circ_u, circ_l, icon, work, work + W + 2);
    st fresh = (st)(lu > 0 ? lu : (ll > 0 ? ll : 10 * W + 10));
    st circ = circ_u || circ_l || icon == ICON_O;
    for (i64 k = 0; k < W; k++)
        if (t[k] == WHITE && (t[W + k] == lu || t[W + k] == ll) && t[W + k] > 0) {
            t[W + k] = fresh;
            t[2 * W + k] = circ;
        }
    for (i64 e = SL; e <= GL; e++)
        if (t[e] > 0 && (t[e] == lu || t[e] == ll)) t[e] = fresh;
    if (icon == ICON_S) t[SL] = fresh;
    if (icon == ICON_G) t[GL] = fresh;
    t[c] = WHITE;
    t[W + c] = fresh;
    t[2 * W + c] = circ;
    return viable(t, W, NW, base, fresh, t[SL], t[GL], circ == 1);
}

/* a black cell at slot c: the white cell above (label lu) may leave; 0 when it dies */
static int black_cell(const st *s, st *t, i64 W, i64 NW, i64 base, i64 c, i64 lu) {
    i64 SL = 3 * W + 2, GL = 3 * W + 3;
    t[c] = BLACK;
    t[W + c] = 0;
    t[2 * W + c] = 0;
    if (lu <= 0) return 1;
    drop(t, base, NW, W + 2, c);
    int alive = 0;
    for (i64 k = 0; k < W; k++)
        if (k != c && t[k] == WHITE && t[W + k] == lu) { alive = 1; break; }
    if (alive) return viable(t, W, NW, base, lu, t[SL], t[GL], s[2 * W + c] == 1);
    /* its component is complete: it must be all the white cells */
    for (i64 k = 0; k < W; k++) if (k != c && t[k] == WHITE) return 0;
    if (!(t[SL] == lu && t[GL] == lu && bit_of(t, base, NW, W, W + 1) == 1)) return 0;
    t[3 * W + 1] = 1;
    t[SL] = 0;
    t[GL] = 0;
    for (i64 w = 0; w < (W + 2) * NW; w++) t[base + w] = 0;
    return 1;
}

/* solve.step: decide cell x (bit 1: black) and add it to the frontier */
static i64 solve_step(const st *s, st *t, i64 bit, const i64 *info, const i64 *consts,
                      i64 *work) {
    i64 W = consts[K_W], NW = consts[K_NW], base = consts[K_BASE], width = consts[K_WIDTH];
    for (i64 k = 0; k < width; k++) t[k] = s[k];
    i64 icon = info[I_ICON];
    if (bit == 1 && icon != NO_ICON) return DEAD;
    if (bit == 0 && t[3 * W + 1] == 1) return DEAD;
    i64 slot = 3 * W + 4 + info[I_ROOM];
    st colour = bit == 1 ? BLACK : WHITE;
    if (info[I_FIRST] == 0 && t[slot] != colour) return DEAD;
    t[slot] = info[I_LAST] == 1 ? -1 : colour;
    i64 r = info[I_R], c = info[I_C];
    st cu = s[c], cl = c > 0 ? s[c - 1] : NONE;
    if (r > 0 && c > 0) {
        int w0 = colour == WHITE;
        if ((s[3 * W] == WHITE) == w0 && (cu == WHITE) == w0 && (cl == WHITE) == w0)
            return DEAD;  /* a 2x2 block of one colour */
    }
    i64 lu = cu == WHITE ? s[W + c] : 0;
    i64 ll = c > 0 && cl == WHITE ? s[W + c - 1] : 0;
    int ok = colour == WHITE ? white_cell(s, t, W, NW, base, c, lu, ll, icon, work)
                             : black_cell(s, t, W, NW, base, c, lu);
    if (!ok) return DEAD;
    t[3 * W] = cu;
    relabel(t, W, 3 * W + 2, 2);
    return GOING;
}

/* solve.final: the white cells are one tree holding S and G, with a good path */
static i64 solve_final(const st *t, const i64 *consts, i64 *work) {
    (void)work;
    i64 W = consts[K_W], NW = consts[K_NW], base = consts[K_BASE];
    if (t[3 * W + 1] == 1) {
        for (i64 k = 0; k < W; k++) if (t[k] == WHITE) return 0;
        return 1;
    }
    st label = 0;
    for (i64 k = 0; k < W; k++) {
        if (t[k] != WHITE) continue;
        if (label == 0) label = t[W + k];
        else if (t[W + k] != label) return 0;
    }
    return label > 0 && t[3 * W + 2] == label && t[3 * W + 3] == label
           && bit_of(t, base, NW, W, W + 1) == 1;
}

/* solve.takes: 0 where cell x cannot be black (an icon, a room already white, a black
   2x2 block) */
static i64 solve_takes(const st *s, const i64 *row, const i64 *consts, i64 *work) {
    (void)work;
    i64 W = consts[K_W];
    if (row[I_ICON] != NO_ICON) return 0;
    if (row[I_FIRST] == 0 && s[3 * W + 4 + row[I_ROOM]] != BLACK) return 0;
    i64 c = row[I_C];
    if (row[I_R] > 0 && c > 0 && s[3 * W] == BLACK && s[c] == BLACK && s[c - 1] == BLACK) return 0;
    return 1;
}

/* ---- path_sweep.py: colourings with their S-G path marked --------------------------- */
enum { P_W, P_WIDTH, P_ICONS };

static inline i64 need(i64 icon) { return icon == ICON_S || icon == ICON_G ? 1 : 2; }

/* path_sweep._b_step: decide b_x */
static int b_step(st *t, i64 bit, i64 W, const i64 *info) {
    if (bit == 1 && info[I_ICON] != NO_ICON) return 0;
    if (bit == 0 && t[3 * W + 1] == 1) return 0;
    i64 slot = 3 * W + 3 + info[I_ROOM];
    st colour = bit == 1 ? 0 : 1;
    if (info[I_FIRST] == 0 && t[slot] != colour) return 0;
    t[slot] = info[I_LAST] == 1 ? -1 : colour;
    t[3 * W + 2] = (st)bit;
    return 1;
}

/* the new cell's label: its white neighbours' components joined; -1 for a white cycle */
static i64 joined(st *t, i64 W, i64 lu, i64 ll) {
    if (lu > 0 && ll > 0) {
        if (lu == ll) return -1;
        for (i64 k = 0; k < W; k++) if (t[W + k] == ll) t[W + k] = (st)lu;
        return lu;
    }
    return lu > 0 ? lu : (ll > 0 ? ll : 10 * W + 10);
}

/* the cell above (slot c, colour cu, label lu) leaves the frontier; 0 when it may not */
static int p_leave(st *t, i64 W, i64 c, st cu, i64 lu, i64 newlab, st colour, const i64 *info) {
    if (cu == PATH && t[2 * W + c] != need(info[I_ICON_UP])) return 0;
    if (lu <= 0 || newlab == lu) return 1;
    for (i64 k = 0; k < W; k++) if (k != c && t[W + k] == lu) return 1;
    /* its component is complete: it must be all the white cells */
    if (colour != BLACK) return 0;
    for (i64 k = 0; k < W; k++) if (k != c && (t[k] == WHITE || t[k] == PATH)) return 0;
    t[3 * W + 1] = 1;
    return 1;
}

/* path_sweep._p_step: decide p_x and add the cell to the frontier */
static int p_step(st *t, i64 bit, i64 W, const i64 *info) {
    st pend = t[3 * W + 2];
    t[3 * W + 2] = 0;
    i64 icon = info[I_ICON];
    if (pend == 1 && bit == 1) return 0;
    if (bit == 0 && (icon == ICON_S || icon == ICON_G || icon == ICON_O)) return 0;
    if (bit == 1 && icon == ICON_T) return 0;
    st colour = pend == 1 ? BLACK : (bit == 1 ? PATH : WHITE);
    i64 r = info[I_R], c = info[I_C];
    st cu = t[c], cl = c > 0 ? t[c - 1] : NONE;
    if (r > 0 && c > 0) {
        st d = t[3 * W];
        int w0 = colour != BLACK;
        if ((d != BLACK) == w0 && (cu != BLACK) == w0 && (cl != BLACK) == w0)
            return 0;  /* a 2x2 block of one colour */
    }
    i64 lu = cu == WHITE || cu == PATH ? t[W + c] : 0;
    i64 ll = c > 0 && (cl == WHITE || cl == PATH) ? t[W + c - 1] : 0;
    i64 newlab = 0, deg = 0;
    if (colour != BLACK) {
        newlab = joined(t, W, lu, ll);
        if (newlab < 0) return 0;  /* a white cycle */
        if (colour == PATH) {
            if (cu == PATH) { deg++; t[2 * W + c] += 1; }
            if (cl == PATH) { deg++; t[2 * W + c - 1] += 1; }
        }
    }
    /* a path cell needs its path neighbours among the cells still to come */
    if (colour == PATH && deg + info[I_LATER] < need(icon)) return 0;
    if (cl == PATH && t[2 * W + c - 1] + info[I_DOWN] < need(info[I_ICON_LEFT])) return 0;
    if (r > 0 && !p_leave(t, W, c, cu, lu, newlab, colour, info)) return 0;
    t[3 * W] = cu;
    t[c] = colour;
    t[W + c] = (st)newlab;
    t[2 * W + c] = (st)deg;
    relabel(t, W, 0, 0);
    return 1;
}

/* path_sweep.step: kinds 0: b_x, 1: p_x, 2: circle at x broken, 3: triangle at x broken */
static i64 path_step(const st *s, st *t, i64 bit, const i64 *row, const i64 *consts,
                     i64 *work) {
    (void)work;
    i64 W = consts[P_W], kind = row[I_KIND];
    for (i64 k = 0; k < consts[P_WIDTH]; k++) t[k] = s[k];
    int ok;
    if (kind == 0) ok = b_step(t, bit, W, row);
    else if (kind == 1) ok = p_step(t, bit, W, row);
    else {  /* the forced value of a placement variable of the cell just added */
        st colour = t[row[I_C]];
        int broken = kind == 2 ? colour != PATH : colour != WHITE;
        ok = bit == (broken ? 1 : 0);
    }
    return ok ? GOING : DEAD;
}

/* path_sweep.final: every slot leaves; one white tree, path degrees right */
static i64 path_final(const st *t, const i64 *consts, i64 *work) {
    (void)work;
    i64 W = consts[P_W];
    const i64 *icons_last_row = consts + P_ICONS;
    st label = 0;
    for (i64 k = 0; k < W; k++) {
        st colour = t[k];
        if (colour == PATH && t[2 * W + k] != need(icons_last_row[k])) return 0;
        if (colour != WHITE && colour != PATH) continue;
        if (t[3 * W + 1] == 1) return 0;
        if (label == 0) label = t[W + k];
        else if (t[W + k] != label) return 0;
    }
    return label > 0 || t[3 * W + 1] == 1;
}

/* ---- the module: machines() -> {name: address} ---------------------------------------- */
static const MachineEntry MACHINES[] = {
    {"solve.step", (void *)solve_step}, {"solve.final", (void *)solve_final},
    {"solve.takes", (void *)solve_takes}, {"path_sweep.step", (void *)path_step},
    {"path_sweep.final", (void *)path_final}, {NULL, NULL}};

GENRE_MACHINES_MODULE(
    "machines() -> {name: address}: Nurimeizu's machine functions (int32 states), for\n"
    "zalg.topdown.c_function.",
    "Nurimeizu's frontier machines (solve.py's, path_sweep.py's), compiled ahead of time.")
