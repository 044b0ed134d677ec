/* F.restrict(G) and F.nonsup(G) member by member, for a family F of few members and a
   family G of many nodes (within.py): which members a of F contain some member b of G.

   The members of F are numbered in rank order (at every node the members without its
   element first) and each level gets a bit column: bit i of column l is set when member
   i holds level l.  One pass over G's node arrays, children first, then computes for a
   word of members at once which of them contain a member of the family below each node:
   reach(0) = none, reach(1) = all, reach(v) = reach(lo v) | (reach(hi v) & column(level v)).
   So the work is |G| word operations per 64 members (a few words at a time), against
   the pairs of nodes a recursion on F and G visits.  The members asked for (those that
   contain one, or those that do not) are then cut out of F's own node arrays: a subtree
   whose members are all kept is F's node itself, one with none kept is empty, and only
   the nodes above mixed subtrees are made anew. */
#include <stdlib.h>
#include <string.h>

#include "eval.h"

/* words of members a pass over G carries (one cache line a node) */
#define PASS_WORDS 8

typedef struct { i64 node, rank, phase; } Visit;

/* members below every node of F (the caller keeps |F| far below 2^63) */
static i64 *member_counts(const i64 *hi, const i64 *lo, i64 n) {
    i64 *c = malloc((size_t)n * sizeof(i64));
    if (!c) return NULL;
    c[0] = 0;
    c[1] = 1;
    for (i64 i = 2; i < n; i++) c[i] = c[hi[i]] + c[lo[i]];
    return c;
}

/* the bit columns of F's members: cols[l * words + i / 64] holds member i's bit */
static int member_columns(Env *e, const i64 *level, const i64 *hi, const i64 *lo, i64 root,
                          i64 nlev, i64 words, u64 *cols) {
    i64 *path = malloc((size_t)(nlev + 1) * sizeof(i64));
    i64 cap = 2 * nlev + 2, top = 0, member = 0;
    i64 *stack = malloc((size_t)cap * 3 * sizeof(i64));  /* (node, path length, element) */
    int status = (path && stack) ? ZOK : ZNOMEM;
    if (status == ZOK && root != 0) { stack[0] = root; stack[1] = 0; stack[2] = -1; top = 1; }
    while (status == ZOK && top > 0) {
        top--;
        i64 v = stack[3 * top], depth = stack[3 * top + 1];
        if (stack[3 * top + 2] >= 0) path[depth - 1] = stack[3 * top + 2];  /* a hi branch */
        if (v == 0) continue;
        if (v == 1) {
            for (i64 k = 0; k < depth; k++)
                cols[path[k] * words + member / 64] |= 1ULL << (member % 64);
            member++;
            if ((member & (POLL_EVERY - 1)) == 0 && poll_signals(e)) status = ZINTERRUPTED;
            continue;
        }
        i64 *x = stack + 3 * top;  /* hi below lo: the lo branch (lower ranks) goes first */
        x[0] = hi[v]; x[1] = depth + 1; x[2] = level[v];
        x[3] = lo[v]; x[4] = depth; x[5] = -1;
        top += 2;  /* at most two entries a level: the stack never outgrows cap */
    }
    free(path);
    free(stack);
    return status;
}

/* hit[w]: the members of word w that contain some member of G */
static int containing(Env *e, const i64 *glevel, const i64 *ghi, const i64 *glo, i64 gn,
                      i64 groot, const u64 *cols, i64 words, u64 *hit) {
    i64 width = words < PASS_WORDS ? words : PASS_WORDS;
    if (over_budget(e, gn * width * 8)) return ZNOMEM;
    u64 *reach = malloc((size_t)(gn * width) * sizeof(u64));
    if (!reach) return ZNOMEM;
    int status = ZOK;
    for (i64 first = 0; first < words && status == ZOK; first += width) {
        i64 k = words - first < width ? words - first : width;
        memset(reach, 0, (size_t)width * sizeof(u64));
        memset(reach + width, 0xff, (size_t)width * sizeof(u64));
        for (i64 v = 2; v < gn; v++) {
            if ((v & (POLL_EVERY - 1)) == 0 && poll_signals(e)) { status = ZINTERRUPTED; break; }
            const u64 *h = reach + ghi[v] * width, *l = reach + glo[v] * width;
            const u64 *c = cols + glevel[v] * words + first;
            u64 *r = reach + v * width;
            for (i64 j = 0; j < k; j++) r[j] = l[j] | (h[j] & c[j]);
        }
        for (i64 j = 0; j < k; j++) hit[first + j] = reach[groot * width + j];
    }
    free(reach);
    return status;
}

/* kept members among ranks [a, b), from prefix[w] = kept members of words before w */
static i64 kept_between(const u64 *keep, const i64 *prefix, i64 a, i64 b) {
    if (a >= b) return 0;
    i64 wa = a / 64, wb = b / 64;
    u64 ma = keep[wa] & (~0ULL << (a % 64));
    if (wa == wb) return __builtin_popcountll(ma & ((1ULL << (b % 64)) - 1));
    i64 s = __builtin_popcountll(ma) + prefix[wb] - prefix[wa + 1];
    if (b % 64) s += __builtin_popcountll(keep[wb] & ((1ULL << (b % 64)) - 1));
    return s;
}

/* F's node arrays cut to the kept members (keep: one bit a member in rank order) */
static int cut(Env *e, const i64 *level, const i64 *hi, const i64 *lo, i64 n, i64 root,
               const i64 *count, const u64 *keep, i64 words, Nodes *out) {
    i64 *prefix = malloc((size_t)(words + 1) * sizeof(i64));
    i64 vcap = 256, vtop = 0, rcap = 256, rtop = 0;
    Visit *visits = malloc((size_t)vcap * sizeof(Visit));
    i64 *results = malloc((size_t)rcap * sizeof(i64));
    int status = (prefix && visits && results) ? ZOK : ZNOMEM;
    if (status == ZOK) {
        prefix[0] = 0;
        for (i64 w = 0; w < words; w++) prefix[w + 1] = prefix[w] + __builtin_popcountll(keep[w]);
        /* F's own nodes first, their ids unchanged */
        out->cap = n + 1024;
        out->level = malloc((size_t)out->cap * sizeof(i64));
        out->hi = malloc((size_t)out->cap * sizeof(i64));
        out->lo = malloc((size_t)out->cap * sizeof(i64));
        if (!out->level || !out->hi || !out->lo || over_budget(e, out->cap * 24)) status = ZNOMEM;
    }
    if (status == ZOK) {
        memcpy(out->level, level, (size_t)n * sizeof(i64));
        memcpy(out->hi, hi, (size_t)n * sizeof(i64));
        memcpy(out->lo, lo, (size_t)n * sizeof(i64));
        out->n = n;
        visits[vtop++] = (Visit){root, 0, 0};
    }
    while (status == ZOK && vtop > 0) {
        Visit x = visits[--vtop];
        if (x.phase == 1) {  /* both children cut: results[rtop-2] lo's, [rtop-1] hi's */
            i64 l = results[rtop - 2], h = results[rtop - 1];
            rtop -= 2;
            i64 r = l;
            if (h != 0) {
                if (!nodes_room(e, out, (i64)((vcap * sizeof(Visit)) + rcap * 8))) {
                    status = ZNOMEM;
                    break;
                }
                out->level[out->n] = level[x.node];
                out->hi[out->n] = h;
                out->lo[out->n] = l;
                r = out->n++;
            }
            results[rtop++] = r;
            continue;
        }
        if (!ensure(e, (void **)&results, &rcap, rtop + 1, sizeof(i64), 0) ||
            !ensure(e, (void **)&visits, &vcap, vtop + 3, sizeof(Visit), 0)) {
            status = ZNOMEM;
            break;
        }
        i64 kept = kept_between(keep, prefix, x.rank, x.rank + count[x.node]);
        if (kept == 0 || kept == count[x.node]) {  /* none kept, or the whole subtree */
            results[rtop++] = kept == 0 ? 0 : x.node;
            continue;
        }
        visits[vtop++] = (Visit){x.node, x.rank, 1};
        visits[vtop++] = (Visit){hi[x.node], x.rank + count[lo[x.node]], 0};
        visits[vtop++] = (Visit){lo[x.node], x.rank, 0};
    }
    if (status == ZOK) out->root = results[0];
    free(prefix);
    free(visits);
    free(results);
    return status;
}

int within_members(Env *e, const i64 *level, const i64 *hi, const i64 *lo, i64 n, i64 root,
                   const i64 *glevel, const i64 *ghi, const i64 *glo, i64 gn, i64 groot,
                   i64 nlev, int containing_kept, Nodes *out) {
    *out = (Nodes){0};
    i64 *count = member_counts(hi, lo, n);
    if (!count) return ZNOMEM;
    i64 members = count[root], words = members / 64 + 1;
    u64 *cols = calloc((size_t)(nlev + 1) * (size_t)words, sizeof(u64));
    u64 *hit = calloc((size_t)words, sizeof(u64));
    int status = (cols && hit && !over_budget(e, (nlev + 2) * words * 8)) ? ZOK : ZNOMEM;
    if (status == ZOK) status = member_columns(e, level, hi, lo, root, nlev, words, cols);
    if (status == ZOK) status = containing(e, glevel, ghi, glo, gn, groot, cols, words, hit);
    free(cols);
    if (status == ZOK) {
        if (!containing_kept)
            for (i64 w = 0; w < words; w++) hit[w] = ~hit[w];
        hit[words - 1] &= members % 64 ? (1ULL << (members % 64)) - 1 : 0;
        status = cut(e, level, hi, lo, n, root, count, hit, words, out);
    }
    free(hit);
    free(count);
    if (status != ZOK) nodes_free(out);
    return status;
}
