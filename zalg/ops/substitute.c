/* Substitution of elements written at the top, in one call: Σ_i (F / x_i) ⊔ {{y_i}}.

   F.substitute({x1: y1, ...}) = {(S ∖ {x}) ∪ {y} : S ∈ F, x ∈ S, x ↦ y}: every member
   holding x_i once more with x_i replaced by y_i.  When the y_i are distinct and all
   lie above F's top level (new elements written at the top, as the mate-ZDD's vertical
   edge renames the leaving vertex's mate elements m_bd to m_ad), the families
   (F / x_i) ⊔ {{y_i}} are disjoint and their union is a chain of nodes, one per y_i,
   deepest first: node(y_i, F / x_i, the rest).  So the quotients are taken in one
   pass (quotients: each walks only the nodes that lead to its element) and the
   chain is written on top of them: no join and no union walks the quotients again. */
#include "substitute.h"
#include "quotients.h"

int substitute_on_top(Env *e, i64 f, const i64 *levels, const i64 *tops, i64 k, i64 *out) {
    *out = 0;
    if (k > MAX_ELEMENTS) return ZTOO_DEEP;
    i64 qs[MAX_ELEMENTS], order[MAX_ELEMENTS];
    int status = quotients(e, f, levels, k, qs);
    if (status != ZOK) return status;
    /* deepest y first: each node sits above the rest of the chain */
    for (i64 i = 0; i < k; i++) {
        i64 j = i;
        for (; j > 0 && tops[order[j - 1]] < tops[i]; j--) order[j] = order[j - 1];
        order[j] = i;
    }
    i64 r = e->zero;
    ref(e, r);
    for (i64 n = 0; n < k; n++) {
        i64 q = qs[order[n]], node = e->getnode(e->mgr, (int)tops[order[n]], q, r);
        if (!node) {
            for (i64 m = n; m < k; m++) deref(e, qs[order[m]]);
            deref(e, r);
            return cudd_stopped_for_ctrl_c(e) ? ZINTERRUPTED : ZNOMEM;
        }
        ref(e, node);
        deref(e, q);
        deref(e, r);
        r = node;
    }
    *out = r;
    return ZOK;
}

/* the table's run: aux holds the k levels of the x_i, then the k levels of the y_i */
static int run_substitute(i64 *ctx, int code, const Args *x, i64 *out) {
    (void)code;
    Env e;
    env_init(&e, ctx, NULL, 0);
    return substitute_on_top(&e, x->a, x->aux, x->aux + x->k, x->k, out);
}

const Op SUBSTITUTE = {"substitute_on_top", 1, 0, .run = run_substitute};
