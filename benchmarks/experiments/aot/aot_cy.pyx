# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Prototype: join and the grid-paths frontier sweep in Cython (cdef functions on raw
pointers), the same algorithms as aot_c.c, CUDD reached through a Manager's ctx."""
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memcmp, memcpy

ctypedef int64_t i64
ctypedef uint64_t u64

cdef extern from "Python.h":
    void PyErr_Clear()
    ctypedef struct PyThreadState
    PyThreadState *PyEval_SaveThread()
    void PyEval_RestoreThread(PyThreadState *)

cdef enum:
    C_MGR, C_ZERO, C_ONE, C_GETNODE, C_REF, C_DEREF, C_NLEV, C_CHECKSIG, C_CLEARERR, C_SAVE
    C_RESTORE, C_MEMUSE, C_BUDGET, C_GC, C_CUDD_CLEAR, C_CUDD_ERROR, C_LOOKUP, C_INSERT
    C_TAG_UNION, C_TAG_INTER, C_TAG_DIFF, C_PLAINDEREF, C_ZDDNODES, C_CACHESLOTS
    C_CACHERESIZE, C_SETMAXMEM, C_LOOKUP3, C_INSERT3, C_OP_TAGS, C_STATS

cdef enum:
    OK = 0
    INTERRUPTED = 1
    NOMEM = 2
    POLL_EVERY = 4096
    CUDD_TERMINATION = 5
    OVERHEAD_TENTHS = 13
    TAG_UNION3 = 0xC2
    UNION = 0
    UNION3 = 3
    JOIN_CODE = 1

cdef i64 CACHE_MAX_SLOTS = 1 << 26
cdef i64 MAX_ROWS = 1 << 27

ctypedef i64 (*getnode_t)(i64, int, i64, i64) noexcept nogil
ctypedef void (*ref_t)(i64) noexcept nogil
ctypedef void (*deref_t)(i64, i64) noexcept nogil
ctypedef i64 (*lookup2_t)(i64, i64, i64, i64) noexcept nogil
ctypedef void (*insert2_t)(i64, i64, i64, i64, i64) noexcept nogil
ctypedef i64 (*lookup3_t)(i64, i64, i64, i64, i64) noexcept nogil
ctypedef void (*insert3_t)(i64, i64, i64, i64, i64, i64) noexcept nogil
ctypedef size_t (*memuse_t)(i64) noexcept nogil
ctypedef long (*count_t)(i64) noexcept nogil
ctypedef unsigned (*slots_t)(i64) noexcept nogil
ctypedef void (*mgrfn_t)(i64) noexcept nogil
ctypedef void (*setmax_t)(i64, size_t) noexcept nogil
ctypedef int (*gc_t)(i64, int) noexcept nogil
ctypedef int (*readerr_t)(i64) noexcept nogil

cdef struct Env:
    i64 mgr, zero, one, nlev, budget, tag_union, op_tags
    getnode_t getnode
    ref_t ref, plainderef
    deref_t deref
    lookup2_t lookup2
    insert2_t insert2
    lookup3_t lookup3
    insert3_t insert3
    memuse_t memuse
    count_t zddnodes
    slots_t slots
    mgrfn_t resize, clear
    setmax_t setmax
    gc_t gc
    readerr_t readerr
    i64 steps
    int fail


cdef void env_of(Env *e, const i64 *ctx) noexcept:
    e.mgr = ctx[C_MGR]; e.zero = ctx[C_ZERO]; e.one = ctx[C_ONE]; e.nlev = ctx[C_NLEV]
    e.budget = ctx[C_BUDGET]; e.tag_union = ctx[C_TAG_UNION]; e.op_tags = ctx[C_OP_TAGS]
    e.getnode = <getnode_t>ctx[C_GETNODE]; e.ref = <ref_t>ctx[C_REF]
    e.plainderef = <ref_t>ctx[C_PLAINDEREF]; e.deref = <deref_t>ctx[C_DEREF]
    e.lookup2 = <lookup2_t>ctx[C_LOOKUP]; e.insert2 = <insert2_t>ctx[C_INSERT]
    e.lookup3 = <lookup3_t>ctx[C_LOOKUP3]; e.insert3 = <insert3_t>ctx[C_INSERT3]
    e.memuse = <memuse_t>ctx[C_MEMUSE]; e.zddnodes = <count_t>ctx[C_ZDDNODES]
    e.slots = <slots_t>ctx[C_CACHESLOTS]; e.resize = <mgrfn_t>ctx[C_CACHERESIZE]
    e.clear = <mgrfn_t>ctx[C_CUDD_CLEAR]; e.setmax = <setmax_t>ctx[C_SETMAXMEM]
    e.gc = <gc_t>ctx[C_GC]; e.readerr = <readerr_t>ctx[C_CUDD_ERROR]
    e.steps = 0; e.fail = OK


# ---- node access --------------------------------------------------------------------
cdef inline i64 node_index(i64 p) noexcept nogil:
    return (<const uint32_t *>p)[0]

cdef inline i64 node_hi(i64 p) noexcept nogil:
    return (<const i64 *>(p + 16))[0]

cdef inline i64 node_lo(i64 p) noexcept nogil:
    return (<const i64 *>(p + 24))[0]

cdef inline i64 level(const Env *e, i64 p) noexcept nogil:
    return e.nlev if p == e.zero or p == e.one else node_index(p)

cdef inline void cof(const Env *e, i64 p, i64 v, i64 *lo, i64 *hi) noexcept nogil:
    if level(e, p) == v:
        lo[0] = node_lo(p); hi[0] = node_hi(p)
    else:
        lo[0] = p; hi[0] = e.zero

cdef inline i64 imin(i64 a, i64 b) noexcept nogil:
    return a if a < b else b


# ---- pauses and budget --------------------------------------------------------------
cdef void grow_cache(Env *e) noexcept:
    if e.resize == NULL:
        return
    cdef i64 slots = e.slots(e.mgr)
    if slots >= CACHE_MAX_SLOTS or e.zddnodes(e.mgr) <= slots:
        return
    if e.budget > 0 and (<i64>e.memuse(e.mgr) + slots * 32) * 8 > e.budget:
        return
    e.resize(e.mgr)


cdef int poll(Env *e) noexcept:
    """Other threads run a moment; 1 when Ctrl-C arrived (Python's error cleared)."""
    grow_cache(e)
    PyEval_RestoreThread(PyEval_SaveThread())
    return ctrl_c()


cdef int ctrl_c() noexcept:
    try:
        PyErr_CheckSignals()
    except BaseException:
        return 1
    return 0


cdef int over_budget(const Env *e, i64 extra) noexcept:
    if e.budget <= 0:
        return 0
    return <i64>e.memuse(e.mgr) * OVERHEAD_TENTHS // 10 + extra > e.budget


cdef void lend_to_tables(const Env *e, i64 nbytes) noexcept:
    cdef i64 share
    if e.budget > 0:
        share = (e.budget - nbytes) * 10 // OVERHEAD_TENTHS
        e.setmax(e.mgr, <size_t>(share if share > 1 else 1))


# ---- union of two and of three --------------------------------------------------------
cdef i64 union_rec(Env *e, int kind, i64 f, i64 g, i64 h) noexcept:
    cdef i64 t, hit, v, f0, f1, g0, g1, h0, h1, el, r
    if kind == UNION3:
        if f > g: f, g = g, f
        if g > h: g, h = h, g
        if f > g: f, g = g, f
        if f == g or f == e.zero:
            kind = UNION; f = g; g = h; h = 0
        elif g == h or g == e.zero:
            kind = UNION; g = h; h = 0
        elif h == e.zero:
            kind = UNION; h = 0
    elif f > g:
        f, g = g, f
    if kind == UNION:
        if f == e.zero:
            return g
        if g == e.zero or f == g:
            return f
    if kind == UNION3:
        hit = e.lookup3(e.mgr, TAG_UNION3, f, g, h)
    else:
        hit = e.lookup2(e.mgr, e.tag_union, f, g)
    if hit:
        return hit
    e.steps += 1
    if e.steps % POLL_EVERY == 0 and poll(e):
        e.fail = INTERRUPTED
        return 0
    v = imin(level(e, f), level(e, g))
    if kind == UNION3:
        v = imin(v, level(e, h))
    h0 = h; h1 = h
    cof(e, f, v, &f0, &f1)
    cof(e, g, v, &g0, &g1)
    if kind == UNION3:
        cof(e, h, v, &h0, &h1)
    t = union_rec(e, kind, f1, g1, h1)
    if not t:
        return 0
    e.ref(t)
    el = union_rec(e, kind, f0, g0, h0)
    if not el:
        e.deref(e.mgr, t)
        return 0
    e.ref(el)
    r = e.getnode(e.mgr, <int>v, t, el)
    if not r:
        e.deref(e.mgr, t); e.deref(e.mgr, el); e.fail = NOMEM
        return 0
    e.plainderef(t)
    e.plainderef(el)
    if kind == UNION3:
        e.insert3(e.mgr, TAG_UNION3, f, g, h, r)
    else:
        e.insert2(e.mgr, e.tag_union, f, g, r)
    return r


cdef int union3(Env *e, i64 f, i64 g, i64 h, i64 *out) noexcept:
    cdef i64 r = union_rec(e, UNION3, f, g, h)
    if r:
        e.ref(r)
        out[0] = r
        return OK
    cdef int status = e.fail
    e.fail = OK
    if status != INTERRUPTED and e.readerr(e.mgr) == CUDD_TERMINATION:
        status = INTERRUPTED
    return NOMEM if status == OK else status


# ---- the memo table ----------------------------------------------------------------
cdef struct Memo:
    i64 *rows
    i64 size, count

cdef inline i64 home(const Memo *m, i64 op, i64 a, i64 b) noexcept nogil:
    cdef u64 h = ((<u64>a) * 0x9E3779B97F4A7C15ULL) ^ ((<u64>b) * 0xC2B2AE3D27D4EB4FULL)
    h ^= (<u64>op) * 0x165667B19E3779F9ULL
    return <i64>((h >> 20) & <u64>(m.size - 1))

cdef inline i64 probe(const Memo *m, i64 op, i64 a, i64 b) noexcept nogil:
    cdef i64 i = home(m, op, a, b)
    cdef i64 mask = m.size - 1
    cdef const i64 *r = m.rows
    while r[4 * i] != 0 and not (r[4 * i] == op and r[4 * i + 1] == a and r[4 * i + 2] == b):
        i = (i + 1) & mask
    return i

cdef void memo_release(Memo *m, Env *e) noexcept:
    cdef i64 j
    for j in range(m.size):
        if m.rows[4 * j]:
            e.deref(e.mgr, m.rows[4 * j + 3])
            m.rows[4 * j] = 0
    m.count = 0

cdef int memo_grow(Memo *m, Env *e) noexcept:
    cdef i64 size = 2 * m.size, j, t
    if size > MAX_ROWS or over_budget(e, (size + m.size) * 32):
        return 0
    cdef i64 *bigger = <i64 *>calloc(<size_t>size * 4, sizeof(i64))
    if bigger == NULL:
        return 0
    cdef Memo n
    n.rows = bigger; n.size = size; n.count = 0
    cdef const i64 *r
    for j in range(m.size):
        r = m.rows + 4 * j
        if r[0]:
            t = probe(&n, r[0], r[1], r[2])
            memcpy(bigger + 4 * t, r, 32)
    free(m.rows)
    m.rows = bigger
    m.size = size
    lend_to_tables(e, size * 32)
    return 1


# ---- join's driver -------------------------------------------------------------------
cdef struct Frame:
    i64 f, g, phase, base, dest

cdef struct Stacks:
    Frame *frames
    i64 nf, fcap
    i64 *values
    uint8_t *owned
    i64 nv, vcap

cdef void flush(Memo *m, Stacks *s, Env *e) noexcept:
    cdef i64 i
    for i in range(s.nv):
        if not s.owned[i] and s.values[i]:
            e.ref(s.values[i])
            s.owned[i] = 1
    memo_release(m, e)

cdef i64 store(Memo *m, Stacks *s, Env *e, i64 op, i64 a, i64 b, i64 r) noexcept:
    cdef i64 i = probe(m, op, a, b)
    if m.rows[4 * i]:
        e.deref(e.mgr, r)
        return m.rows[4 * i + 3]
    if 4 * (m.count + 1) > 3 * m.size:
        if not memo_grow(m, e):
            flush(m, s, e)
        i = probe(m, op, a, b)
    cdef i64 *row = m.rows + 4 * i
    row[0] = op; row[1] = a; row[2] = b; row[3] = r
    m.count += 1
    return r

cdef int room(Stacks *s, i64 n) noexcept:
    cdef i64 cap
    if s.nv + n > s.vcap:
        cap = 2 * s.vcap + n
        v = <i64 *>realloc(s.values, cap * sizeof(i64))
        if v == NULL:
            return 0
        s.values = v
        o = <uint8_t *>realloc(s.owned, cap)
        if o == NULL:
            return 0
        s.owned = o
        s.vcap = cap
    if s.nf + n > s.fcap:
        cap = 2 * s.fcap + n
        f = <Frame *>realloc(s.frames, cap * sizeof(Frame))
        if f == NULL:
            return 0
        s.frames = f
        s.fcap = cap
    return 1

cdef inline i64 join_terminal(const Env *e, i64 a, i64 b) noexcept nogil:
    if a == e.zero or b == e.zero:
        return e.zero
    if a == e.one:
        return b
    if b == e.one:
        return a
    return -1

cdef inline i64 recalled(const Memo *m, i64 a, i64 b) noexcept nogil:
    if a > b:
        a, b = b, a
    cdef i64 i = probe(m, JOIN_CODE, a, b)
    return m.rows[4 * i + 3] if m.rows[4 * i] else -1

cdef i64 join_combine(Env *e, Stacks *s, Memo *m, i64 x, i64 y, i64 base, int *status) noexcept:
    cdef i64 w, r
    cdef int st, attempt
    for attempt in range(2):
        st = union3(e, s.values[base + 1], s.values[base + 2], s.values[base + 3], &w)
        if st == OK:
            r = e.getnode(e.mgr, <int>imin(level(e, x), level(e, y)), w, s.values[base])
            if r:
                e.ref(r); e.deref(e.mgr, w); status[0] = OK
                return r
            e.deref(e.mgr, w)
            st = INTERRUPTED if e.readerr(e.mgr) == CUDD_TERMINATION else NOMEM
        if st == INTERRUPTED:
            e.gc(e.mgr, 1); e.clear(e.mgr); status[0] = INTERRUPTED
            return 0
        if attempt == 1 or m.count == 0:
            break
        flush(m, s, e)
        e.gc(e.mgr, 1)
        e.clear(e.mgr)
    status[0] = NOMEM
    return 0

cdef int join_drive(Env *e, Stacks *s, Memo *m, i64 a, i64 b) noexcept:
    cdef Frame *fr
    cdef i64 x, y, ka, kb, r, hit, v, x0, x1, y0, y1, first, t, p, q, r2, i
    cdef i64 kf[4]
    cdef i64 kg[4]
    cdef int status, k
    cdef i64 steps = 0
    cdef i64 tag = e.op_tags + 8 * JOIN_CODE if e.op_tags else 0
    s.frames[0].f = a; s.frames[0].g = b; s.frames[0].phase = 0; s.frames[0].dest = 0
    s.nf = 1; s.nv = 1; s.values[0] = 0; s.owned[0] = 0
    while s.nf > 0:
        steps += 1
        if steps % POLL_EVERY == 0 and poll(e):
            return INTERRUPTED
        fr = &s.frames[s.nf - 1]
        x = fr.f; y = fr.g
        ka = x if x < y else y
        kb = y if x < y else x
        if fr.phase == 0:
            r = join_terminal(e, x, y)
            if r == -1:
                r = recalled(m, x, y)
            if r == -1 and s.nf == 1 and tag:
                hit = e.lookup2(e.mgr, tag, ka, kb)
                if hit:
                    e.ref(hit)
                    r = store(m, s, e, JOIN_CODE, ka, kb, hit)
            if r != -1:
                s.values[fr.dest] = r; s.owned[fr.dest] = 0; s.nf -= 1
                continue
            fr.phase = 1
            fr.base = s.nv
            if not room(s, 4):
                return NOMEM
            v = imin(level(e, x), level(e, y))
            cof(e, x, v, &x0, &x1)
            cof(e, y, v, &y0, &y1)
            kf[0] = x0; kf[1] = x1; kf[2] = x0; kf[3] = x1
            kg[0] = y0; kg[1] = y1; kg[2] = y1; kg[3] = y0
            first = s.nv
            for k in range(4):
                t = join_terminal(e, kf[k], kg[k])
                s.values[first + k] = 0 if t == -1 else t
                s.owned[first + k] = 0
                if t == -1:
                    p = kf[k] if kf[k] < kg[k] else kg[k]
                    q = kg[k] if kf[k] < kg[k] else kf[k]
                    __builtin_prefetch(m.rows + 4 * home(m, JOIN_CODE, p, q))
            for k in range(3, -1, -1):
                if s.values[first + k]:
                    continue
                r2 = recalled(m, kf[k], kg[k])
                if r2 != -1:
                    s.values[first + k] = r2
                    continue
                fr = &s.frames[s.nf]
                fr.f = kf[k]; fr.g = kg[k]; fr.phase = 0; fr.dest = first + k
                s.nf += 1
            s.nv += 4
            continue
        r = join_combine(e, s, m, x, y, fr.base, &status)
        if not r:
            return status
        r = store(m, s, e, JOIN_CODE, ka, kb, r)
        if s.nf == 1 and tag:
            e.insert2(e.mgr, tag, ka, kb, r)
        for i in range(fr.base, s.nv):
            if s.owned[i]:
                e.deref(e.mgr, s.values[i])
        s.nv = fr.base
        s.values[fr.dest] = r; s.owned[fr.dest] = 0
        s.nf -= 1
    return OK

cdef extern from *:
    void __builtin_prefetch(const void *)


def join(i64[::1] ctx, i64 a, i64 b):
    """(status, node): F join G on a Manager's ctx."""
    cdef Env e
    env_of(&e, &ctx[0])
    cdef Memo m
    m.rows = <i64 *>calloc(1024 * 4, sizeof(i64)); m.size = 1024; m.count = 0
    cdef Stacks s
    s.frames = <Frame *>malloc(256 * sizeof(Frame)); s.nf = 0; s.fcap = 256
    s.values = <i64 *>malloc(256 * sizeof(i64)); s.owned = <uint8_t *>malloc(256)
    s.nv = 0; s.vcap = 256
    cdef int status = NOMEM
    cdef i64 result = 0, i
    if m.rows != NULL and s.frames != NULL and s.values != NULL and s.owned != NULL:
        status = join_drive(&e, &s, &m, a, b)
        if status == OK:
            result = s.values[0]
            e.ref(result)
        for i in range(s.nv):
            if s.owned[i]:
                e.deref(e.mgr, s.values[i])
        memo_release(&m, &e)
        lend_to_tables(&e, 0)
    free(m.rows); free(s.frames); free(s.values); free(s.owned)
    return status, result


# ==== the frontier ====================================================================
ctypedef int16_t st_t
ctypedef i64 (*step_fn)(const st_t *, st_t *, i64, const i64 *, const i64 *, i64 *) noexcept nogil
ctypedef i64 (*final_fn)(const st_t *, const i64 *, i64 *) noexcept nogil
ctypedef i64 (*takes_fn)(const st_t *, const i64 *, const i64 *, i64 *) noexcept nogil

cdef enum:
    DEAD = 0
    ACCEPT = 1
    GOING = 2
    SKIP = 2
    REJECT_CODE = -1
    ACCEPT_CODE = -2
    WAITING = -3
    EMPTY = -3
    SELF = -1
    DONE = -2
    CYCLE = 0
    CYCLES = 1
    PAIRS = 2
    FREE = 3
    F_CLOSED = 0
    F_SAME = 1
    OUTPUT_LEVEL = 1

cdef enum:
    I_CU, I_CV, I_ENTER_U, I_ENTER_V, I_LEAVE_U, I_LEAVE_V, I_ALLOWED, I_GA, I_GB, I_NEED_A
    I_NEED_B, I_OPEN_A, I_OPEN_B, I_CLOSE_A, I_CLOSE_B, I_LATER_A, I_LATER_B, I_KIND
    I_LOOPBIT, LABELS

cdef enum:
    K_W, K_MODE, K_COVER, K_ORDER, K_LABELS, K_WIDTH, K_AHEAD


cdef inline bint leave(st_t *t, i64 c, i64 label, i64 W, i64 mode, i64 cover) noexcept nogil:
    cdef i64 m = t[c]
    cdef bint ok = True
    if label >= 0:
        if m == SELF or m >= W:
            ok = False
        elif m >= 0:
            t[m] = <st_t>(W + label)
    elif m == SELF:
        ok = not cover
    elif m != DONE:
        if mode == FREE:
            if m < W:
                t[m] = <st_t>W
        else:
            ok = False
    t[c] = EMPTY
    return ok


cdef inline bint count_group(st_t *t, i64 slot, i64 need, i64 opening, i64 closing, i64 later,
                             i64 bit) noexcept nogil:
    if slot < 0:
        return True
    if opening:
        t[slot] = 0
    t[slot] += <st_t>bit
    if need < 0:
        return True
    if t[slot] > need or t[slot] + later < need:
        return False
    if closing:
        t[slot] = EMPTY
    return True


cdef i64 mate_step(const st_t *s, st_t *t, i64 bit, const i64 *info, const i64 *consts,
                   i64 *work) noexcept nogil:
    cdef i64 W = consts[K_W], mode = consts[K_MODE], cover = consts[K_COVER]
    cdef i64 g, cu, cv, mu, mv, k, a, b, la, lb
    memcpy(t, s, consts[K_WIDTH] * sizeof(st_t))
    if info[I_KIND] == OUTPUT_LEVEL:
        g = info[I_GA]
        if bit != (1 if t[g] != info[I_NEED_A] else 0):
            return DEAD
        t[g] = EMPTY
        return GOING
    if (info[I_ALLOWED] >> bit) & 1 == 0:
        return DEAD
    if info[I_LOOPBIT] >= 0 and bit != info[I_LOOPBIT]:
        t[W + F_SAME] = 0
    cu = info[I_CU]
    cv = info[I_CV]
    if info[I_ENTER_U]:
        t[cu] = SELF
    if info[I_ENTER_V]:
        t[cv] = SELF
    if bit == 1:
        if t[W + F_CLOSED] == 1:
            return DEAD
        mu = t[cu]
        mv = t[cv]
        if mu == DONE or mv == DONE:
            return DEAD
        if (info[LABELS + cu] >= 0 and mu != SELF) or (info[LABELS + cv] >= 0 and mv != SELF):
            return DEAD
        if mu == cv:
            if mode == CYCLE:
                for k in range(W):
                    if k != cu and k != cv and t[k] >= 0:
                        return DEAD
                t[W + F_CLOSED] = 1
            elif mode != CYCLES:
                return DEAD
            t[cu] = DONE
            t[cv] = DONE
        else:
            a = cu if mu == SELF else mu
            b = cv if mv == SELF else mv
            if mu != SELF:
                t[cu] = DONE
            if mv != SELF:
                t[cv] = DONE
            la = -1
            lb = -1
            if mode == PAIRS:
                la = a - W if a >= W else info[LABELS + a]
                lb = b - W if b >= W else info[LABELS + b]
            if la >= 0 and lb >= 0:
                if la != lb:
                    return DEAD
                if a < W:
                    t[a] = DONE
                if b < W:
                    t[b] = DONE
            elif not (mode == FREE and a >= W and b >= W):
                if a < W:
                    t[a] = <st_t>b
                if b < W:
                    t[b] = <st_t>a
    if not count_group(t, info[I_GA], info[I_NEED_A], info[I_OPEN_A], info[I_CLOSE_A],
                       info[I_LATER_A], bit):
        return DEAD
    if not count_group(t, info[I_GB], info[I_NEED_B], info[I_OPEN_B], info[I_CLOSE_B],
                       info[I_LATER_B], bit):
        return DEAD
    if info[I_LEAVE_U] and not leave(t, cu, info[LABELS + cu], W, mode, cover):
        return DEAD
    if info[I_LEAVE_V] and not leave(t, cv, info[LABELS + cv], W, mode, cover):
        return DEAD
    return GOING


cdef inline bint group_full(const st_t *s, i64 slot, i64 need, i64 opening) noexcept nogil:
    if slot < 0 or need < 0:
        return False
    return (0 if opening else s[slot]) + 1 > need


cdef i64 mate_takes(const st_t *s, const i64 *row, const i64 *consts, i64 *work) noexcept nogil:
    cdef i64 W = consts[K_W], cu, cv, mu, mv, mode
    if row[I_KIND] == OUTPUT_LEVEL:
        return 1 if s[row[I_GA]] != row[I_NEED_A] else 0
    if (row[I_ALLOWED] >> 1) & 1 == 0 or s[W + F_CLOSED] == 1:
        return 0
    cu = row[I_CU]
    cv = row[I_CV]
    mu = SELF if row[I_ENTER_U] else s[cu]
    mv = SELF if row[I_ENTER_V] else s[cv]
    if mu == DONE or mv == DONE:
        return 0
    if (row[LABELS + cu] >= 0 and mu != SELF) or (row[LABELS + cv] >= 0 and mv != SELF):
        return 0
    mode = consts[K_MODE]
    if mu == cv and mode != CYCLE and mode != CYCLES:
        return 0
    if mode != FREE and mu != cv:
        if row[I_LEAVE_U] and mu == SELF and row[LABELS + cu] < 0:
            return 0
        if row[I_LEAVE_V] and mv == SELF and row[LABELS + cv] < 0:
            return 0
    if group_full(s, row[I_GA], row[I_NEED_A], row[I_OPEN_A]) \
            or group_full(s, row[I_GB], row[I_NEED_B], row[I_OPEN_B]):
        return 0
    return 1


cdef i64 mate_final(const st_t *t, const i64 *consts, i64 *work) noexcept nogil:
    cdef i64 W = consts[K_W]
    if (consts[K_MODE] == CYCLE and t[W + F_CLOSED] != 1) or t[W + F_SAME] == 1:
        return 0
    return 1


# ---- the driver ------------------------------------------------------------------------
cdef struct Pending:
    st_t *rows
    i64 *src
    i64 n, cap

cdef int pend(Pending *p, i64 w, const st_t *t, i64 branch) noexcept nogil:
    cdef i64 cap
    if p.n == p.cap:
        cap = 2 * p.cap if p.cap else 64
        r = <st_t *>realloc(p.rows, cap * w * sizeof(st_t))
        if r == NULL:
            return 0
        p.rows = r
        s = <i64 *>realloc(p.src, cap * sizeof(i64))
        if s == NULL:
            return 0
        p.src = s
        p.cap = cap
    memcpy(p.rows + p.n * w, t, w * sizeof(st_t))
    p.src[p.n] = branch
    p.n += 1
    return 1

cdef u64 MULT[8]
MULT[:] = [0x9E3779B97F4A7C15ULL, 0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL,
           0xD6E8FEB86659FD93ULL, 0xFF51AFD7ED558CCDULL, 0xC4CEB9FE1A85EC53ULL,
           0x94D049BB133111EBULL, 0xBF58476D1CE4E5B9ULL]

cdef inline u64 row_hash(const st_t *t, i64 w, i64 full, i64 tail) noexcept nogil:
    cdef u64 h = <u64>w, x
    cdef i64 k
    for k in range(full):
        memcpy(&x, <const char *>t + 8 * k, 8)
        h += (x + <u64>k) * MULT[k & 7]
    for k in range(tail, w):
        h += (<u64>(<i64>t[k]) + <u64>k) * 0xD1B54A32D192ED03ULL
    h ^= h >> 32
    h *= 0xD6E8FEB86659FD93ULL
    h ^= h >> 29
    return h

cdef struct Mach:
    step_fn step
    final_fn final
    takes_fn takes
    const i64 *info
    i64 width
    const i64 *consts
    i64 *work
    i64 m, w

cdef i64 onward(const Mach *M, st_t *t, st_t *u, i64 j, i64 *lev, st_t **out) noexcept nogil:
    cdef const i64 *row
    cdef i64 answer, st
    cdef st_t *x
    while True:
        if j == M.m:
            return ACCEPT_CODE if M.final(t, M.consts, M.work) == 1 else REJECT_CODE
        row = M.info + j * M.width
        answer = M.takes(t, row, M.consts, M.work)
        if answer == SKIP:
            j += 1
            continue
        if answer != 0:
            lev[0] = j
            out[0] = t
            return WAITING
        st = M.step(t, u, 0, row, M.consts, M.work)
        if st == DEAD:
            return REJECT_CODE
        if st == ACCEPT:
            return ACCEPT_CODE
        x = t; t = u; u = x
        j += 1

cdef struct Diagram:
    int32_t *codes
    i64 ncodes
    i64 *start

cdef int expand_level(const Mach *M, Pending *pend_at, i64 j, Diagram *D, i64 *table, i64 *rep,
                      i64 cap, i64 first, st_t *tb, st_t *ub, i64 *steps, i64 *dout) noexcept:
    cdef Pending *P = &pend_at[j]
    cdef i64 n = P.n, w = M.w, k, r, tag, pos, idx, x, i, d = 0, mask = cap - 1, q, g, bit, code, lev
    cdef i64 full = w * <i64>sizeof(st_t) // 8
    cdef i64 tail = full * 8 // <i64>sizeof(st_t)
    cdef const st_t *row
    cdef const st_t *s
    cdef st_t *state
    cdef u64 h
    for k in range(cap):
        table[k] = -1
    for r in range(n):
        row = P.rows + r * w
        h = row_hash(row, w, full, tail)
        tag = <i64>(h >> 33)
        pos = <i64>(h & <u64>mask)
        while True:
            x = table[pos]
            if x == -1:
                table[pos] = (tag << 32) | d
                rep[d] = r
                idx = d
                d += 1
                break
            if (x >> 32) == tag:
                i = x & 0xFFFFFFFF
                if memcmp(P.rows + rep[i] * w, row, w * sizeof(st_t)) == 0:
                    idx = i
                    break
            pos = (pos + 1) & mask
        D.codes[P.src[r]] = <int32_t>(first + idx)
    D.start[j] = first
    cdef const i64 *irow = M.info + j * M.width
    for q in range(d):
        steps[0] += 1
        if steps[0] % POLL_EVERY == 0:
            PyEval_RestoreThread(PyEval_SaveThread())
            if ctrl_c():
                return INTERRUPTED
        s = P.rows + rep[q] * w
        g = first + q
        for bit in range(2):
            code = M.step(s, tb, bit, irow, M.consts, M.work)
            if code == DEAD:
                D.codes[2 * g + bit] = REJECT_CODE
            elif code == ACCEPT:
                D.codes[2 * g + bit] = ACCEPT_CODE
            else:
                code = onward(M, tb, ub, j + 1, &lev, &state)
                if code == WAITING:
                    if not pend(&pend_at[lev], w, state, 2 * g + bit):
                        return NOMEM
                else:
                    D.codes[2 * g + bit] = <int32_t>code
    dout[0] = d
    return OK

cdef int sweep(const Mach *M, const st_t *root, Diagram *D) noexcept:
    cdef i64 m = M.m, w = M.w, node = 1, j, n, grown, cap, d, steps = 0, tcap = 0
    cdef int status = NOMEM
    cdef Pending *pend_at = <Pending *>calloc(m + 1, sizeof(Pending))
    cdef st_t *tb = <st_t *>malloc(w * sizeof(st_t))
    cdef st_t *ub = <st_t *>malloc(w * sizeof(st_t))
    cdef i64 *table = NULL
    cdef i64 *rep = NULL
    cdef int32_t *c
    D.ncodes = 1024
    D.codes = <int32_t *>malloc(D.ncodes * sizeof(int32_t))
    D.start = <i64 *>calloc(m + 1, sizeof(i64))
    if pend_at != NULL and tb != NULL and ub != NULL and D.codes != NULL and D.start != NULL \
            and pend(&pend_at[0], w, root, 0):
        D.codes[0] = REJECT_CODE
        D.codes[1] = REJECT_CODE
        status = OK
        for j in range(m):
            n = pend_at[j].n
            if D.ncodes < 2 * (node + n):
                grown = 2 * (node + n) + D.ncodes // 4 + 1024
                c = <int32_t *>realloc(D.codes, grown * sizeof(int32_t))
                if c == NULL:
                    status = NOMEM
                    break
                D.codes = c
                D.ncodes = grown
            cap = 16
            while cap < 2 * n:
                cap *= 2
            if cap > tcap:
                free(table)
                free(rep)
                table = <i64 *>malloc(cap * sizeof(i64))
                rep = <i64 *>malloc(cap // 2 * sizeof(i64))
                tcap = cap
                if table == NULL or rep == NULL:
                    status = NOMEM
                    break
            status = expand_level(M, pend_at, j, D, table, rep, cap, node, tb, ub, &steps, &d)
            if status != OK:
                break
            free(pend_at[j].rows)
            free(pend_at[j].src)
            pend_at[j].rows = NULL
            pend_at[j].src = NULL
            pend_at[j].n = 0
            pend_at[j].cap = 0
            node += d
        D.start[m] = node
    if pend_at != NULL:
        for j in range(m + 1):
            free(pend_at[j].rows)
            free(pend_at[j].src)
        free(pend_at)
    free(tb); free(ub); free(table); free(rep)
    return status


cdef i64 reduce(Diagram *D, const i64 *levels, i64 m, i64 nvars, i64 **rl, i64 **rh,
                i64 **rlo, i64 *root) noexcept:
    cdef i64 widest = 1, j, tcap = 16, out, r = 2, a, b, cap, bits, mask, g, c, h, l, pos, k
    cdef i64 *start = D.start
    cdef int32_t *codes = D.codes
    cdef int shift
    cdef u64 key
    for j in range(m):
        if start[j + 1] - start[j] > widest:
            widest = start[j + 1] - start[j]
    while tcap < 2 * widest:
        tcap *= 2
    cdef int32_t *table = <int32_t *>malloc(tcap * sizeof(int32_t))
    out = start[m] + 2
    cdef i64 *lv = <i64 *>malloc(out * sizeof(i64))
    cdef i64 *hi = <i64 *>malloc(out * sizeof(i64))
    cdef i64 *lo = <i64 *>malloc(out * sizeof(i64))
    if table == NULL or lv == NULL or hi == NULL or lo == NULL:
        free(table); free(lv); free(hi); free(lo)
        return -1
    lv[0] = nvars; lv[1] = nvars; hi[0] = 0; hi[1] = 0; lo[0] = 0; lo[1] = 0
    for j in range(m - 1, -1, -1):
        a = start[j]
        b = start[j + 1]
        cap = 16
        bits = 4
        while cap < 2 * (b - a):
            cap *= 2
            bits += 1
        mask = cap - 1
        shift = 64 - <int>bits
        for k in range(cap):
            table[k] = -1
        for g in range(a, b):
            c = codes[2 * g + 1]
            h = 0 if c == REJECT_CODE else (1 if c == ACCEPT_CODE else codes[2 * c])
            c = codes[2 * g]
            l = 0 if c == REJECT_CODE else (1 if c == ACCEPT_CODE else codes[2 * c])
            if h == 0:
                codes[2 * g] = <int32_t>l
                continue
            key = ((<u64>l) << 32) | <u64>h
            pos = <i64>((key * 0x9E3779B97F4A7C15ULL) >> shift)
            while True:
                k = table[pos]
                if k == -1:
                    lv[r] = levels[j]; hi[r] = h; lo[r] = l
                    table[pos] = <int32_t>r
                    codes[2 * g] = <int32_t>r
                    r += 1
                    break
                if hi[k] == h and lo[k] == l:
                    codes[2 * g] = <int32_t>k
                    break
                pos = (pos + 1) & mask
    free(table)
    c = codes[0]
    root[0] = 0 if c == REJECT_CODE else (1 if c == ACCEPT_CODE else codes[2 * c])
    rl[0] = lv; rh[0] = hi; rlo[0] = lo
    return r


cdef bytes bytes_of(const i64 *a, i64 n):
    return (<const char *>a)[:n * sizeof(i64)]


def mate_sweep(const i64[:, ::1] info, const i64[::1] consts, const st_t[::1] root,
               i64[::1] work, const i64[::1] levels, i64 nvars):
    """(status, level, hi, lo, root): the mate machine's reduced diagram."""
    cdef Mach M
    M.step = mate_step; M.final = mate_final; M.takes = mate_takes
    M.info = &info[0, 0]; M.width = info.shape[1]; M.consts = &consts[0]; M.work = &work[0]
    M.m = levels.shape[0]; M.w = root.shape[0]
    cdef Diagram D
    D.codes = NULL; D.start = NULL
    cdef int status = sweep(&M, &root[0], &D)
    cdef i64 *lv
    cdef i64 *hi
    cdef i64 *lo
    cdef i64 rt, r
    result = None
    if status == OK:
        r = reduce(&D, &levels[0], M.m, nvars, &lv, &hi, &lo, &rt)
        if r < 0:
            status = NOMEM
        else:
            result = (OK, bytes_of(lv, r), bytes_of(hi, r), bytes_of(lo, r), rt)
            free(lv); free(hi); free(lo)
    free(D.codes); free(D.start)
    return result if result is not None else (status, None, None, None, 0)
