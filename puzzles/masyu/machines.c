/* Masyu's frontier machine, compiled ahead of time: one level per edge of the cell grid
   (solve.board_graph's order).  The state (int16) holds
     * the mate of the loop for the cells on the frontier (puzzles/common/mate.h): free, saturated
       (two edges), else the slot of the other end of the cell's path;
     * one pattern code per pearl between its first and its last nearby edge
       (model.local_edges: its sides and the edges one cell beyond them): 1 followed by
       the bits of its nearby edges decided so far, in level order (0 when unused);
     * the flag "the loop is closed".
   A pearl's code is checked at each of its edges against the codes some allowed pattern
   (model.admits) begins with, a bit table of 512 bits a pearl; at its last edge the whole
   pattern is allowed.  So every pearl's rule is met inside the sweep, and every state
   that reaches the end with the loop closed is a solution.  solve.py's machine_layout
   writes the info rows and constants; the frontier driver (zalg.topdown) calls step and
   final through its machine function pointer types; ``machines()`` gives their
   addresses by name. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "../common/machines.h"
#include "../common/mate.h"

typedef int64_t i64;
typedef int16_t st;

enum { DEAD = 0, GOING = 2 };
/* info columns (solve.py: I_...): the two cells' slots, whether each leaves the frontier
   after this edge, the edge's pearl entries (offset in the constants, count), whether the
   loop may close at this edge (every pearl has an allowed pattern without later edges) */
enum { I_A, I_B, I_LEAVE_A, I_LEAVE_B, I_AT, I_N, I_CLOSE, I_WIDTH };
/* constants (solve.py: K_...): vertex slots, the flag's slot, the state's width; then the
   entries and the tables */
enum { K_NV, K_CLOSED, K_WIDTH, K_TABLE };
/* an entry: the pearl's slot, the offset of its table in the constants, whether this is
   its first edge, whether its last */
enum { E_SLOT, E_TABLE, E_FIRST, E_LAST, E_SIZE };
MATE_JOIN(join, st)

static i64 masyu_step(st *s, st *t, i64 bit, const i64 *row, const i64 *consts, i64 *work) {
    i64 width = consts[K_WIDTH], a = row[I_A], b = row[I_B];
    (void)work;
    for (i64 k = 0; k < width; k++) t[k] = s[k];
    if (bit && !join(t, a, b, consts[K_NV], consts[K_CLOSED], row[I_CLOSE])) return DEAD;
    const i64 *e = consts + row[I_AT];
    for (i64 k = 0; k < row[I_N]; k++, e += E_SIZE) {
        i64 code = (e[E_FIRST] ? 1 : t[e[E_SLOT]]) * 2 + bit;
        const i64 *table = consts + e[E_TABLE];
        if (!((table[code >> 6] >> (code & 63)) & 1)) return DEAD;
        t[e[E_SLOT]] = e[E_LAST] ? 0 : (st)code;
    }
    if (row[I_LEAVE_A]) { if (t[a] >= 0) return DEAD; t[a] = MATE_FREE; }  /* a dead end */
    if (row[I_LEAVE_B]) { if (t[b] >= 0) return DEAD; t[b] = MATE_FREE; }
    return GOING;
}

static i64 masyu_final(st *t, const i64 *consts, i64 *work) {
    (void)work;
    return t[consts[K_CLOSED]] == 1;
}

/* ---- the module: machines() -> {name: address} (puzzles/common/machines.h) ---------- */
static const MachineEntry MACHINES[] = {
    {"solve.step", (void *)masyu_step}, {"solve.final", (void *)masyu_final}, {NULL, NULL}};

GENRE_MACHINES_MODULE(
    "machines() -> {name: address}: Masyu's machine functions (int16 states), for\n"
    "zalg.topdown.c_function.",
    "Masyu's frontier machine (solve.py's), compiled ahead of time.")
