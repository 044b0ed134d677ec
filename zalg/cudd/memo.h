/* The memo table of one kernel call: (op, f, g) -> result, bounded by the budget.

   Rows are [op, f, g, result]; op 0 marks a free row.  A row holds one CUDD reference on
   its result.  Keys need none (except where the op column carries KEY_HELD: the row
   references g as well): an operand of the call is a cofactor of its operands or of a
   result, and every result stays referenced (by this table or the value stack) until the
   table is flushed, which clears every key at once; so a key can never name a freed node
   whose address was reused.  The table doubles when three quarters full (at 3/4 rather
   than 1/2 it is half the size, so fewer of its rows miss the caches and the TLB), and
   CUDD's own hard limit is lowered by the table's size, so both together stay within the
   budget; when doubling would pass the budget, or when CUDD runs out of room, the caller
   flushes it instead: every row is released (CUDD's garbage collector can then free what
   only the table kept alive) and the call goes on, recomputing what it needs again.
   Memory then follows the work: a call that fits keeps every result, one that does not
   trades time for room instead of failing. */
#ifndef ZALG_MEMO_H
#define ZALG_MEMO_H
#include "zcudd.h"

#define KEY_HELD (1LL << 40)
#define MEMO_MAX_ROWS (1LL << 27)

typedef struct { i64 *rows; i64 size, count; } Memo;

static inline i64 memo_home(const Memo *m, i64 op, i64 a, i64 b) {
    u64 h = ((u64)a * 0x9E3779B97F4A7C15ULL) ^ ((u64)b * 0xC2B2AE3D27D4EB4FULL);
    h ^= (u64)op * 0x165667B19E3779F9ULL;
    return (i64)((h >> 20) & (u64)(m->size - 1));
}
/* the row of key (op, a, b), or of the free row where it would go */
static inline i64 memo_probe(const Memo *m, i64 op, i64 a, i64 b) {
    i64 i = memo_home(m, op, a, b), mask = m->size - 1;
    const i64 *r = m->rows;
    while (r[4 * i] != 0 && !(r[4 * i] == op && r[4 * i + 1] == a && r[4 * i + 2] == b))
        i = (i + 1) & mask;
    return i;
}
/* the stored result, borrowed, or -1 */
static inline i64 memo_get(const Memo *m, i64 op, i64 a, i64 b) {
    i64 i = memo_probe(m, op, a, b);
    return m->rows[4 * i] ? m->rows[4 * i + 3] : -1;
}
static inline int memo_has_room(const Memo *m) { return 4 * (m->count + 1) <= 3 * m->size; }

int memo_new(Memo *m);
void memo_free(Memo *m);
/* release every row (the table keeps its size) */
void memo_release(Memo *m, Env *e);
/* double the table; 0 when that would pass the budget or memory runs out */
int memo_grow(Memo *m, Env *e);
/* empty the table in the middle of a call: every value still waiting in a slot of the
   caller's value stack (values[:nv], borrowed unless owned; 0 when not filled yet) is
   referenced first */
void memo_flush(Memo *m, Env *e, i64 *values, uint8_t *owned, i64 nv);
/* hand r (referenced) of key (op, a, b) to the table; returns it borrowed from the table
   (an equal key stored meanwhile wins: r released).  A table that cannot grow within
   the budget is flushed (memo_flush) first. */
i64 memo_store(Memo *m, Env *e, i64 op, i64 a, i64 b, i64 r, i64 *values, uint8_t *owned,
               i64 nv);
/* write a new key into the free row i */
static inline void memo_fill(Memo *m, i64 i, i64 op, i64 a, i64 b, i64 r) {
    i64 *row = m->rows + 4 * i;
    row[0] = op; row[1] = a; row[2] = b; row[3] = r;
    m->count++;
}
#endif
