/* A family's nodes out of CUDD into arrays, children before parents (Manager.export): a
   depth-first walk on an explicit stack numbers a node once both children have their
   ids; node ids live in an open-addressing table on the node pointers that doubles
   when half full.  A node's fields and its table row are prefetched when it is pushed,
   so they have arrived by the time it is popped. */
#include "eval.h"

#define TERMINALS 2
#define FIRST_ROWS (1 << 11)

/* rows (pointer, id); pointer 0 marks a free row */
typedef struct { i64 *rows; i64 size; int shift; } Table;

static inline i64 home(i64 p, int shift) {
    return (i64)((((u64)p >> 4) * 11400714819323198485ULL) >> shift);
}

/* the row of pointer p: its own, or the free row where it goes */
static inline i64 slot(const Table *t, i64 p) {
    i64 i = home(p, t->shift), mask = t->size - 1;
    while (t->rows[2 * i] != 0 && t->rows[2 * i] != p) i = (i + 1) & mask;
    return i;
}

static inline void put(Table *t, i64 p, i64 id) {
    i64 i = slot(t, p);
    t->rows[2 * i] = p;
    t->rows[2 * i + 1] = id;
}

/* twice the rows, every row moved over; 0 when memory or the budget runs out */
static int grow_table(Env *e, Table *t, i64 held) {
    i64 size = 2 * t->size;
    if (over_budget(e, held + size * 16)) return 0;
    Table b = {calloc((size_t)size * 2, sizeof(i64)), size, t->shift - 1};
    if (!b.rows) return 0;
    for (i64 j = 0; j < t->size; j++)
        if (t->rows[2 * j]) put(&b, t->rows[2 * j], t->rows[2 * j + 1]);
    free(t->rows);
    *t = b;
    return 1;
}

void nodes_free(Nodes *o) {
    free(o->level); free(o->hi); free(o->lo);
    o->level = o->hi = o->lo = NULL;
    o->n = o->cap = 0;
}

int nodes_room(Env *e, Nodes *o, i64 held) {
    if (o->n < o->cap) return 1;
    i64 cap = o->cap ? 2 * o->cap : 1024;
    if (over_budget(e, held + cap * 24)) return 0;
    i64 *a = realloc(o->level, (size_t)cap * sizeof(i64));
    if (!a) return 0;
    o->level = a;
    if (!(a = realloc(o->hi, (size_t)cap * sizeof(i64)))) return 0;
    o->hi = a;
    if (!(a = realloc(o->lo, (size_t)cap * sizeof(i64)))) return 0;
    o->lo = a;
    o->cap = cap;
    return 1;
}

/* A stack entry: a node, its phase (0: not looked at, 1: children asked for), where its
   id goes (dest: a kid slot of the entry below that asked for it, -1 for the root) and
   its children's ids. */
typedef struct { i64 p, dest, kid[2]; int phase; } Entry;

typedef struct { Table t; Entry *stack; i64 ns, depth; } Walk;

static inline i64 walk_bytes(const Walk *w, const Nodes *o) {
    return w->t.size * 16 + w->depth * (i64)sizeof(Entry) + o->cap * 24;
}

/* a popped entry's id delivered to the entry that asked for it */
static inline void deliver(Walk *w, Nodes *o, i64 dest, i64 id) {
    if (dest >= 0) w->stack[dest >> 1].kid[dest & 1] = id;
    else o->root = id;
}

/* entry s looked at: numbered already (popped), or its children pushed */
static int look(Env *e, Walk *w, Nodes *o, i64 s) {
    Entry *en = &w->stack[s];
    i64 p = en->p, i = slot(&w->t, p);
    if (w->t.rows[2 * i] == p) {  /* a terminal, or reached before */
        w->ns--;
        deliver(w, o, en->dest, w->t.rows[2 * i + 1]);
        return ZOK;
    }
    en->phase = 1;
    if (w->ns + 2 > w->depth && !ensure(e, (void **)&w->stack, &w->depth, w->ns + 2,
                                        sizeof(Entry), walk_bytes(w, o)))
        return ZNOMEM;
    en = &w->stack[s];
    for (int which = 0; which < 2; which++) {  /* hi, then lo on top: lo is numbered first */
        i64 c = which == 0 ? node_hi(p) : node_lo(p);
        if (c == e->zero || c == e->one) {
            en->kid[which] = c == e->zero ? 0 : 1;
            continue;
        }
        __builtin_prefetch((const void *)c);
        __builtin_prefetch(w->t.rows + 2 * home(c, w->t.shift));
        w->stack[w->ns++] = (Entry){c, 2 * s + which, {0, 0}, 0};
    }
    return ZOK;
}

/* entry s, whose children have their ids, gets the next id */
static int number(Env *e, Walk *w, Nodes *o, i64 s) {
    if (!nodes_room(e, o, walk_bytes(w, o))) return ZNOMEM;
    if (2 * (o->n + 1) > w->t.size && !grow_table(e, &w->t, walk_bytes(w, o))) return ZNOMEM;
    Entry *en = &w->stack[s];
    i64 n = o->n++;
    o->level[n] = node_index(en->p);
    o->hi[n] = en->kid[0];
    o->lo[n] = en->kid[1];
    put(&w->t, en->p, n);
    w->ns--;
    deliver(w, o, en->dest, n);
    return ZOK;
}

static int walk(Env *e, Walk *w, Nodes *o, i64 root) {
    if (!nodes_room(e, o, walk_bytes(w, o))) return ZNOMEM;
    o->level[0] = o->level[1] = e->nlev;
    o->hi[0] = o->hi[1] = o->lo[0] = o->lo[1] = 0;
    o->n = TERMINALS;
    put(&w->t, e->zero, 0);
    put(&w->t, e->one, 1);
    w->stack[0] = (Entry){root, -1, {0, 0}, 0};
    w->ns = 1;
    while (w->ns > 0) {
        if (stopped(e)) return ZINTERRUPTED;
        i64 s = w->ns - 1;
        int status = w->stack[s].phase == 0 ? look(e, w, o, s) : number(e, w, o, s);
        if (status != ZOK) return status;
    }
    return ZOK;
}

int export_nodes(Env *caller, i64 root, Nodes *out) {
    /* the nodes read out are the caller's arrays, as any array it makes, not tables beside
       CUDD's nodes: the walk is not held to the universe's budget (a failed malloc is
       still NOMEM), so a family built within its budget can always be read */
    Env reading = *caller, *e = &reading;
    reading.budget = 0;
    Walk w = {{calloc(2 * FIRST_ROWS, sizeof(i64)), FIRST_ROWS, 64 - 11},
              malloc(256 * sizeof(Entry)), 0, 256};
    *out = (Nodes){0};
    int status = ZNOMEM;
    if (w.t.rows && w.stack) status = walk(e, &w, out, root);
    free(w.t.rows);
    free(w.stack);
    if (status != ZOK) nodes_free(out);
    return status;
}
