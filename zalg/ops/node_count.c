/* Comparing two families' node counts in time proportional to the smaller one:
   whether |nodes(G)| ≤ |nodes(F)|.  Two depth-first walks take one new node each in
   turn; once one walk has met every node of its family, the other goes on only until
   it passes that count.  A kernel that picks its recursion by the operands' sizes can
   ask this of a one-set F against a family of millions of nodes at no cost. */
#include <stdlib.h>
#include "setop.h"

typedef struct {
    i64 *seen, cap, count;    /* open-addressing set of met nodes (0: free slot) */
    i64 *stack, top, room;    /* nodes met whose children are not yet looked at */
} Walk;

static int walk_init(Walk *w, i64 root, const Env *e) {
    w->cap = 64; w->count = 0; w->top = 0; w->room = 64;
    w->seen = calloc((size_t)w->cap, sizeof(i64));
    w->stack = malloc((size_t)w->room * sizeof(i64));
    if (!w->seen || !w->stack) return 0;
    if (root != e->zero && root != e->one) w->stack[w->top++] = root;
    return 1;
}

static void walk_free(Walk *w) { free(w->seen); free(w->stack); }

static i64 slot_of(const i64 *seen, i64 cap, i64 p) {
    u64 h = ((u64)p * 0x9E3779B97F4A7C15ULL) >> 17;
    i64 i = (i64)(h & (u64)(cap - 1));
    while (seen[i] != 0 && seen[i] != p) i = (i + 1) & (cap - 1);
    return i;
}

/* p joins the set; 1 when it is new, 0 when met before, -1 when memory ran out */
static int meet(Walk *w, i64 p) {
    if (4 * (w->count + 1) > 3 * w->cap) {
        i64 cap = 2 * w->cap, *seen = calloc((size_t)cap, sizeof(i64));
        if (!seen) return -1;
        for (i64 i = 0; i < w->cap; i++)
            if (w->seen[i]) seen[slot_of(seen, cap, w->seen[i])] = w->seen[i];
        free(w->seen); w->seen = seen; w->cap = cap;
    }
    i64 i = slot_of(w->seen, w->cap, p);
    if (w->seen[i]) return 0;
    w->seen[i] = p; w->count++;
    return 1;
}

static int push(Walk *w, i64 p, const Env *e) {
    if (p == e->zero || p == e->one) return 1;
    if (w->top == w->room) {
        i64 *s = realloc(w->stack, (size_t)(2 * w->room) * sizeof(i64));
        if (!s) return 0;
        w->stack = s; w->room *= 2;
    }
    w->stack[w->top++] = p;
    return 1;
}

/* meet one more node: 1 when one was met, 0 when the walk is over, -1 out of memory */
static int step(Walk *w, const Env *e) {
    while (w->top > 0) {
        i64 p = w->stack[--w->top];
        int fresh = meet(w, p);
        if (fresh < 0) return -1;
        if (!fresh) continue;
        if (!push(w, node_lo(p), e) || !push(w, node_hi(p), e)) return -1;
        return 1;
    }
    return 0;
}

int no_more_nodes(const Env *e, i64 g, i64 f) {
    Walk wg, wf;
    int ok_g = walk_init(&wg, g, e), ok_f = walk_init(&wf, f, e), answer = -1;
    if (ok_g && ok_f) {
        int sg = 1, sf = 1;
        while (sg > 0 && sf > 0) {
            sg = step(&wg, e);
            if (sg > 0) sf = step(&wf, e);
        }
        if (sg == 0) {           /* G is walked: F needs as many nodes */
            while (sf > 0 && wf.count < wg.count) sf = step(&wf, e);
            if (sf >= 0) answer = wg.count <= wf.count;
        } else if (sf == 0) {    /* F is walked: G must not pass it */
            while (sg > 0 && wg.count <= wf.count) sg = step(&wg, e);
            if (sg >= 0) answer = wg.count <= wf.count;
        }
    }
    walk_free(&wg); walk_free(&wf);
    return answer;
}
