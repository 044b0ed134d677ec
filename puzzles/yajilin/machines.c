/* Yajilin's frontier machine, compiled ahead of time: one level per element of the board's
   universe (solve.universe: the grid's edges, each cell just after its last edge).  The
   state (int32) is the mate of the loop, the shading of decided cells a later neighbour
   still reads, the clues' running counts and a flag "the loop is closed" (solve.py's
   machine_layout describes the slots, the info columns and the constants).  The frontier
   driver (zalg.topdown) calls step and final through its machine function pointer types;
   ``machines()`` gives their addresses by name. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "../common/machines.h"
#include "../common/mate.h"

typedef int64_t i64;
typedef int32_t st;

enum { DEAD = 0, GOING = 2 };
/* level kinds */
enum { EDGE, NO_EDGE, FREE_CELL, CLUE_CELL };
/* info columns (solve.py: I_...) */
enum { I_KIND, I_A, I_B, I_SHADE, I_NB, I_REL = I_NB + 4, I_COUNT_AT = I_REL + 4, I_COUNTS,
       I_WIDTH };
/* constants (solve.py: K_...) */
enum { K_NV, K_CLOSED, K_WIDTH, K_TABLE };
/* a vertex slot: the mate (puzzles/common/mate.h): MATE_FREE (degree 0, or unused),
   MATE_SATURATED (degree 2), or the slot of its path's other end (degree 1) */

MATE_JOIN(join, st)

static i64 edge_step(const st *s, st *t, i64 bit, const i64 *row, const i64 *consts) {
    i64 width = consts[K_WIDTH];
    for (i64 k = 0; k < width; k++) t[k] = s[k];
    if (!bit) return GOING;
    if (row[I_KIND] == NO_EDGE) return DEAD;
    return join(t, row[I_A], row[I_B], consts[K_NV], consts[K_CLOSED], 1) ? GOING : DEAD;
}

static i64 cell_step(const st *s, st *t, i64 bit, const i64 *row, const i64 *consts) {
    i64 width = consts[K_WIDTH];
    for (i64 k = 0; k < width; k++) t[k] = s[k];
    if (row[I_KIND] == CLUE_CELL) return bit ? DEAD : GOING;
    i64 v = row[I_A];
    st m = v >= 0 ? s[v] : MATE_FREE;
    if (m >= 0) return DEAD;                       /* a dead end */
    if ((m == MATE_FREE) != (bit == 1)) return DEAD;    /* shaded exactly when off the loop */
    if (v >= 0) t[v] = MATE_FREE;
    for (int k = 0; k < 4; k++) {
        i64 n = row[I_NB + k];
        if (n < 0) continue;
        if (bit && s[n]) return DEAD;              /* two shaded cells side by side */
        if (row[I_REL + k]) t[n] = 0;
    }
    if (row[I_SHADE] >= 0) t[row[I_SHADE]] = (st)bit;
    const i64 *c = consts + K_TABLE + 4 * row[I_COUNT_AT];
    for (i64 k = 0; k < row[I_COUNTS]; k++, c += 4) {
        /* c: the counter's slot, the clue's number, the most shaded cells the ray holds
           after this one, whether this is its last */
        st got = (st)(s[c[0]] + bit);
        if (got > c[1] || got + c[2] < c[1]) return DEAD;
        t[c[0]] = c[3] ? 0 : got;
    }
    return GOING;
}

static i64 yajilin_step(st *s, st *t, i64 bit, const i64 *row, const i64 *consts, i64 *work) {
    (void)work;
    return row[I_KIND] <= NO_EDGE ? edge_step(s, t, bit, row, consts)
                                  : cell_step(s, t, bit, row, consts);
}

/* every check is made at the levels: a state that reaches the end is a solution */
static i64 yajilin_final(st *t, const i64 *consts, i64 *work) {
    (void)t; (void)consts; (void)work;
    return 1;
}

/* ---- the module: machines() -> {name: address} (puzzles/common/machines.h) ---------- */
static const MachineEntry MACHINES[] = {
    {"solve.step", (void *)yajilin_step}, {"solve.final", (void *)yajilin_final}, {NULL, NULL}};

GENRE_MACHINES_MODULE(
    "machines() -> {name: address}: Yajilin's machine functions (int32 states), for\n"
    "zalg.topdown.c_function.",
    "Yajilin's frontier machine (solve.py's), compiled ahead of time.")
