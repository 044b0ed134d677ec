/* The evaluation layer's kernels (zalg/eval): a family's nodes read into arrays, and
   passes over those arrays (counts, weights, sampling tables, cost bounds).

   Node arrays as Family.node_arrays has them: ids 0 (the empty family) and 1 ({∅}),
   children before parents, level[i] the element of node i (terminals: the number of
   levels).  Every kernel returns a status (ZOK, ZINTERRUPTED, ZNOMEM); on every status
   but ZOK it has freed what it allocated.  Kernels given no manager run with a zeroed
   Env: its pauses still notice Ctrl-C, and it has no budget. */
#ifndef ZALG_EVAL_H
#define ZALG_EVAL_H
#include "../cudd/zcudd.h"

/* the bit of a narrow count that marks it wide: the rest is an offset in the limbs */
#define WIDE_COUNT (1ULL << 63)

/* Arrays the kernels allocate (malloc'd; the caller frees them with nodes_free). */
typedef struct { i64 *level, *hi, *lo; i64 n, cap, root; } Nodes;
void nodes_free(Nodes *o);
/* room for one more node (cap doubles, checked against the budget beside held bytes) */
int nodes_room(Env *e, Nodes *o, i64 held);

/* a[need - 1] within the array (capacity *cap, items of size bytes): doubles it when it
   is not; 0 when memory or the budget (beside held bytes) runs out, a unchanged */
static inline int ensure(Env *e, void **a, i64 *cap, i64 need, size_t size, i64 held) {
    if (need <= *cap) return 1;
    i64 c = 2 * *cap > need ? 2 * *cap : need;
    if (over_budget(e, held + c * (i64)size)) return 0;
    void *b = realloc(*a, (size_t)c * size);
    if (!b) return 0;
    *a = b;
    *cap = c;
    return 1;
}

/* ---- member.c ---- */
/* whether the set of the increasing ``levels`` is a member of the family at node p */
int is_member(const Env *e, i64 p, const i64 *levels, i64 k);

/* ---- export.c ---- */
int export_nodes(Env *e, i64 root, Nodes *out);

/* ---- evaluate.c ---- */
/* counts[n] per node; wide ones in *big (malloc'd, *nbig limbs) */
int count_exact(Env *e, const i64 *hi, const i64 *lo, i64 n, u64 *counts, u64 **big, i64 *nbig);
/* |F| at root: *narrow when below 2^63 (*nlimbs 0), else *limbs (malloc'd) */
int count_root(Env *e, const i64 *hi, const i64 *lo, i64 n, i64 root, u64 *narrow, u64 **limbs,
               i64 *nlimbs);
/* the root's counts by size modulo each of np primes: *rows rows from size *smallest */
int count_by_size(Env *e, const i64 *hi, const i64 *lo, i64 n, i64 root, const i64 *primes,
                  i64 np, i64 *smallest, i64 **residues, i64 *rows);
int best_weight(Env *e, const i64 *level, const i64 *hi, const i64 *lo, i64 n, const double *w,
                double sign, double *best);
int tilt(Env *e, const i64 *hi, const i64 *lo, i64 n, double log_lambda, double *logw,
         double *mean);
i64 tilted_walk(const i64 *level, const i64 *hi, const i64 *lo, i64 root, const double *logw,
                double log_lambda, const double *u, i64 nu, i64 *out, i64 nout);

/* ---- within.c ---- */
/* F (node arrays, root) cut to its members that contain some member of G
   (containing_kept 1: F.restrict(G)) or to those that contain none (0: F.nonsup(G)) */
int within_members(Env *e, const i64 *level, const i64 *hi, const i64 *lo, i64 n, i64 root,
                   const i64 *glevel, const i64 *ghi, const i64 *glo, i64 gn, i64 groot,
                   i64 nlev, int containing_kept, Nodes *out);

/* ---- cost.c ---- */
int cost_le(Env *e, const i64 *level, const i64 *hi, const i64 *lo, i64 n, i64 root,
            const i64 *w, i64 nw, i64 bound, Nodes *out);
int probability(Env *e, const i64 *level, const i64 *hi, const i64 *lo, i64 n, i64 root,
                const double *p, i64 nlev, double *out);
#endif
