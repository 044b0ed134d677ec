/* The foundation: an Env from a Manager's ctx, temporaries, pauses, the budget. */
#include "deep.h"

void env_init(Env *e, i64 *ctx, const i64 *aux, i64 naux) {
    memset(e, 0, sizeof(*e));
    e->ctx = ctx;
    e->mgr = ctx[C_MGR]; e->zero = ctx[C_ZERO]; e->one = ctx[C_ONE]; e->nlev = ctx[C_NLEV];
    e->budget = ctx[C_BUDGET]; e->op_tags = ctx[C_OP_TAGS];
    e->tag_union = ctx[C_TAG_UNION]; e->tag_inter = ctx[C_TAG_INTER];
    e->tag_diff = ctx[C_TAG_DIFF];
    e->getnode = (getnode_t)ctx[C_GETNODE]; e->ref = (ref_t)ctx[C_REF];
    e->plainderef = (ref_t)ctx[C_PLAINDEREF]; e->deref = (deref_t)ctx[C_DEREF];
    e->lookup2 = (lookup2_t)ctx[C_LOOKUP]; e->insert2 = (insert2_t)ctx[C_INSERT];
    e->lookup3 = (lookup3_t)ctx[C_LOOKUP3]; e->insert3 = (insert3_t)ctx[C_INSERT3];
    e->memuse = (memuse_t)ctx[C_MEMUSE]; e->zddnodes = (count_t)ctx[C_ZDDNODES];
    e->slots = (slots_t)ctx[C_CACHESLOTS]; e->resize = (mgrfn_t)ctx[C_CACHERESIZE];
    e->clear = (mgrfn_t)ctx[C_CUDD_CLEAR]; e->setmax = (setmax_t)ctx[C_SETMAXMEM];
    e->gc = (gc_t)ctx[C_GC]; e->readerr = (readerr_t)ctx[C_CUDD_ERROR];
    e->max_depth = depth_limit();
    e->aux = aux;
    e->naux = naux;
}

int add_build_facts(PyObject *module) {
    if (PyModule_AddStringConstant(module, "COMPILER", ZALG_COMPILER) < 0) return -1;
    return PyModule_AddStringConstant(module, "CFLAGS", ZALG_CFLAGS);
}

void env_done(Env *e) { (void)e; /* the counters are written to ctx where they change */ }

i64 keep(Env *e, i64 p) {
    if (e->ntmp >= TMP_SIZE) { e->fail = ZNOMEM; return 0; }
    ref(e, p);
    e->tmp[e->ntmp++] = p;
    return p;
}

i64 adopt(Env *e, i64 p) {
    if (e->ntmp >= TMP_SIZE) { deref(e, p); e->fail = ZNOMEM; return 0; }
    e->tmp[e->ntmp++] = p;
    return p;
}

void disown(Env *e, i64 p) {
    for (int i = e->ntmp - 1; i >= 0; i--)
        if (e->tmp[i] == p) { e->tmp[i] = e->tmp[--e->ntmp]; return; }
}

void drop(Env *e, i64 p) {
    disown(e, p);
    deref(e, p);
}

void drop_all(Env *e) {
    while (e->ntmp > 0) deref(e, e->tmp[--e->ntmp]);
}

i64 getnode(Env *e, i64 lev, i64 hi, i64 lo) {
    i64 r = e->getnode(e->mgr, (int)lev, hi, lo);
    if (!r) e->fail = ZNOMEM;
    return r;
}

/* Double CUDD's computed table while it has fewer entries than there are ZDD nodes and
   the doubling fits in an eighth of the budget (nodes.grow_cache) */
static void grow_cache(const Env *e) {
    if (!e->resize) return;
    i64 slots = e->slots(e->mgr);
    if (slots >= CACHE_MAX_SLOTS || e->zddnodes(e->mgr) <= slots) return;
    if (e->budget > 0 && ((i64)e->memuse(e->mgr) + slots * CACHE_ENTRY_BYTES) * 8 > e->budget)
        return;
    e->resize(e->mgr);
}

int poll_signals(Env *e) {
    grow_cache(e);
    int deep = deep_stop_requested();
    if (deep >= 0) return deep;  /* a deep-stack thread: no Python state of its own */
    Py_BEGIN_ALLOW_THREADS
    Py_END_ALLOW_THREADS
    if (PyErr_CheckSignals() != 0) { PyErr_Clear(); return 1; }
    return 0;
}

int stopped(Env *e) {
    if (++e->steps % POLL_EVERY == 0 && poll_signals(e)) { e->fail = ZINTERRUPTED; return 1; }
    return 0;
}

int over_budget(const Env *e, i64 extra) {
    if (e->budget <= 0) return 0;
    return (i64)e->memuse(e->mgr) * OVERHEAD_TENTHS / 10 + extra > e->budget;
}

void lend_to_tables(const Env *e, i64 bytes) {
    if (e->budget > 0) {
        i64 share = (e->budget - bytes) * 10 / OVERHEAD_TENTHS;
        e->setmax(e->mgr, (size_t)(share > 1 ? share : 1));
    }
}

int cudd_stopped_for_ctrl_c(const Env *e) { return e->readerr(e->mgr) == CUDD_TERMINATION; }

void cudd_recover(const Env *e) {
    e->gc(e->mgr, 1);
    e->clear(e->mgr);
}

/* CUDD calls it about once per thousand new nodes, in the thread running the kernel */
int zalg_terminate(const void *arg) {
    (void)arg;
    int deep = deep_stop_requested();
    if (deep >= 0) return deep;
    if (PyErr_CheckSignals() != 0) { PyErr_Clear(); return 1; }
    return 0;
}
