/* The memo table's allocation, growth and release. */
#include "memo.h"

#define FIRST_ROWS 1024

int memo_new(Memo *m) {
    m->rows = calloc((size_t)FIRST_ROWS * 4, sizeof(i64));
    m->size = FIRST_ROWS;
    m->count = 0;
    return m->rows != NULL;
}

void memo_free(Memo *m) {
    free(m->rows);
    m->rows = NULL;
}

void memo_release(Memo *m, Env *e) {
    for (i64 j = 0; j < m->size; j++) {
        i64 *r = m->rows + 4 * j;
        if (!r[0]) continue;
        deref(e, r[3]);
        if (r[0] & KEY_HELD) deref(e, r[2]);
        r[0] = 0;
    }
    m->count = 0;
}

int memo_grow(Memo *m, Env *e) {
    i64 size = 2 * m->size;
    /* the old table and the new one live together while it is copied */
    if (size > MEMO_MAX_ROWS || over_budget(e, (size + m->size) * 32)) return 0;
    i64 *bigger = calloc((size_t)size * 4, sizeof(i64));
    if (!bigger) return 0;
    Memo n = {bigger, size, 0};
    for (i64 j = 0; j < m->size; j++) {
        const i64 *r = m->rows + 4 * j;
        if (r[0]) memcpy(bigger + 4 * memo_probe(&n, r[0], r[1], r[2]), r, 32);
    }
    free(m->rows);
    m->rows = bigger;
    m->size = size;
    lend_to_tables(e, size * 32);
    return 1;
}

void memo_flush(Memo *m, Env *e, i64 *values, uint8_t *owned, i64 nv) {
    for (i64 i = 0; i < nv; i++)
        if (!owned[i] && values[i]) { ref(e, values[i]); owned[i] = 1; }
    memo_release(m, e);
}

i64 memo_store(Memo *m, Env *e, i64 op, i64 a, i64 b, i64 r, i64 *values, uint8_t *owned,
               i64 nv) {
    i64 i = memo_probe(m, op, a, b);
    if (m->rows[4 * i]) { deref(e, r); return m->rows[4 * i + 3]; }
    if (!memo_has_room(m)) {
        if (!memo_grow(m, e)) memo_flush(m, e, values, owned, nv);
        i = memo_probe(m, op, a, b);
    }
    memo_fill(m, i, op, a, b, r);
    return r;
}
