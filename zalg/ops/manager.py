"""``Manager``: one CUDD ZDD manager with its memory budget, and every kernel call on it.

A ``Universe`` owns one Manager; ``Family``, ``reading``, ``persist`` and the
frontier engine reach CUDD only through it.  Every call returns an owned
result or raises: ``KeyboardInterrupt`` (Ctrl-C noticed inside a kernel) or
:class:`zalg.OutOfMemory` (CUDD or a kernel table ran past the budget or the
machine), after the kernel has released everything it held.
"""

from __future__ import annotations

import time
from contextlib import contextmanager

import numpy as np

from .extension import kernels as compiled
from ..errors import OutOfMemory
from ..memory import resident
from . import build as B
from . import driver, quotients, setop, substitute
from ..eval.extension import kernels as compiled_eval
from ..cudd import native
from . import meet as meet_kernel
from ..cudd.interrupts import call_returning_arrays
from ..cudd.platform import cudd_module
from .. import ops
from . import Op
from ..cudd.nodes import (C_BUDGET, C_CHECKSIG, C_CLEARERR, C_CUDD_CLEAR, C_CUDD_ERROR, C_DEREF,
                    C_GC, C_GETNODE, C_INSERT, C_INSERT3, C_LOOKUP, C_LOOKUP3, C_MEMUSE,
                    C_PLAINDEREF, C_SETMAXMEM,
                    C_TAG_DIFF, C_TAG_INTER, C_TAG_UNION, C_MGR, C_NLEV, C_ONE, C_REF, C_ZDDNODES,
                    C_CACHESLOTS, C_CACHERESIZE, C_OP_TAGS, C_STATS, N_STATS,
                    C_RESTORE, C_SAVE, C_ZERO, CTX_SIZE, INTERRUPTED, OK, UNKNOWN_OP, cudd_share,
                    CUDD_OVERHEAD_TENTHS)


__all__ = ["Manager"]

#: seconds between two looks at the process's resident memory (a process-wide budget)
LOOK_EVERY = 0.02

#: dd.cudd_zdd, the module whose ZDD managers this wraps
_cz = cudd_module()

_BINARY = {"union": setop.UNION, "intersect": setop.INTER, "diff": setop.DIFF,
           "quotient by one set": setop.QUOT_SET}
#: the operations' tags in CUDD's computed table are addresses inside this array (one
#: word per op code: ``nodes.op_tag``); it lives as long as the process
_OP_TAGS = np.zeros(256, dtype=np.int64)
#: the registered operations the compiled extension runs (zalg/ops/*.c, by the place of the
#: C operation of the same name in its table); the others run on the numba kernels
_COMPILED_OPS = {} if compiled is None else {
    op: compiled.OPS[op.name] for op in ops.table() if op.name in compiled.OPS}


class Manager:
    """A CUDD ZDD manager (through dd) with ``nvars`` variables, never reordered, so
    the level of a variable is its index.

    ``budget``: bytes that CUDD's own memory plus the kernels' tables may use
    (CUDD's hard limit is set to it); 0 for no limit.  With ``whole_process`` the
    budget bounds the whole process instead: CUDD and the tables get what is left
    of it once everything else the process holds (the interpreter, numba and the
    loaded kernels, Python's objects, other universes) is taken off; that is read
    from the process's resident memory (:func:`zalg.memory.resident`) when the
    manager is made and when an operation starts (:meth:`room`)."""

    def __init__(self, budget: int, whole_process: bool = False):
        estimate = min(budget, _cz.DEFAULT_MEMORY) if budget else _cz.DEFAULT_MEMORY
        self.zdd = _cz.ZDD(memory_estimate=max(estimate, 1 << 20))
        self.zdd.configure(reordering=False)
        self.mgr = native.manager_pointer(self.zdd, stoppable=compiled is None)
        if compiled is not None:  # Ctrl-C stops CUDD's own long operations
            native.LIB.Cudd_RegisterTerminationCallback(self.mgr, compiled.TERMINATE, None)
        self.budget = int(budget)
        self.whole_process = bool(whole_process and self.budget and resident() is not None)
        self._room, self._looked, self._lent = self.budget, 0.0, 0
        self.zero = native.node_pointer(self.zdd.false)
        self.one = int(native.LIB.Cudd_ReadOne(self.mgr))
        self.nvars = 0
        self.ctx = np.zeros(CTX_SIZE, dtype=np.int64)
        self._op_cache = True
        self._refresh()
        self.room(look=True)
        if self.budget:
            native.set_memory_limit(self.mgr, cudd_share(self._room, 0))

    # ---- variables ----------------------------------------------------------------
    def add_variables(self, count: int) -> None:
        """``count`` more variables at the bottom of the order."""
        native.declare_variables(self.zdd, self.mgr, count)
        self.nvars += count
        self._refresh()

    def _refresh(self) -> None:
        A = native.ADDR
        ctx = np.zeros(CTX_SIZE, dtype=np.int64)
        ctx[C_MGR], ctx[C_ZERO], ctx[C_ONE] = self.mgr, self.zero, self.one
        ctx[C_GETNODE] = A["getnode"]
        ctx[C_REF], ctx[C_DEREF], ctx[C_NLEV] = A["ref"], A["deref"], self.nvars
        ctx[C_CHECKSIG], ctx[C_CLEARERR] = A["checksignals"], A["clearerror"]
        ctx[C_SAVE], ctx[C_RESTORE] = A["savethread"], A["restorethread"]
        ctx[C_MEMUSE], ctx[C_BUDGET] = A["memuse"], self._room
        ctx[C_GC], ctx[C_CUDD_CLEAR], ctx[C_CUDD_ERROR] = A["cudd_gc"], A["cudd_clear"], A["cudd_error"]
        ctx[C_LOOKUP], ctx[C_INSERT] = A["cachelookup"], A["cacheinsert"]
        ctx[C_LOOKUP3], ctx[C_INSERT3] = A["cachelookup3"], A["cacheinsert3"]
        ctx[C_TAG_UNION], ctx[C_TAG_INTER], ctx[C_TAG_DIFF] = (
            A["tag_union"], A["tag_inter"], A["tag_diff"])
        ctx[C_PLAINDEREF], ctx[C_SETMAXMEM] = A["plainderef"], A["setmaxmemory"]
        ctx[C_OP_TAGS] = _OP_TAGS.ctypes.data if self._op_cache else 0
        ctx[C_STATS:] = self.ctx[C_STATS:]  # new variables: the counters go on
        if native.HAVE_NUMBA:  # the plain-Python fallback keeps CUDD's own cache policy
            ctx[C_ZDDNODES], ctx[C_CACHESLOTS] = A["zddnodes"], A["cacheslots"]
            ctx[C_CACHERESIZE] = A["cacheresize"]
        self.ctx = ctx

    @property
    def op_cache(self) -> bool:
        """Whether a call of a ``CACHED`` operation keeps its result in CUDD's computed
        table, where a later call on the same operands finds it (on by default)."""
        return self._op_cache

    @op_cache.setter
    def op_cache(self, on: bool) -> None:
        self._op_cache = bool(on)
        self.ctx[C_OP_TAGS] = _OP_TAGS.ctypes.data if on else 0

    def stats(self) -> dict[str, int]:
        """The kernels' counters on this manager since it was made (``nodes.S_*``): calls
        answered by CUDD's computed table (``cache``: a call's root, stored by an earlier
        call) and results ``stored`` there."""
        names = ("cache", "stored")
        return {n: int(self.ctx[C_STATS + i]) for i, n in enumerate(names[:N_STATS])}

    def room(self, look: bool = False, held: int = 0) -> int:
        """The bytes CUDD's memory and the kernels' tables may use now: the budget, or
        for a process-wide budget what is left of it besides everything else the process
        holds (resident memory minus CUDD's share of it and minus ``held``, the bytes of
        the caller's own arrays that its checks count), looked up again when ``look``
        or at most every :data:`LOOK_EVERY` seconds, never while tables are lent
        (their arrays would be counted twice).  At least 1 MB, so that a budget the
        process has already spent fails at the first allocation, naming its step."""
        if not self.whole_process or self._lent:
            return self._room
        now = time.monotonic()
        if not look and now - self._looked < LOOK_EVERY:
            return self._room
        self._looked = now
        outside = max((resident() or 0) - self.memory_in_use() - int(held), 0)
        room = max(self.budget - outside, 1 << 20)
        if room != self._room:
            self._room = room
            self.ctx[C_BUDGET] = room
            native.set_memory_limit(self.mgr, cudd_share(room, 0))
        return room

    def uncounted(self, nbytes: int) -> int:
        """Of ``nbytes`` the caller holds in arrays already made, the part :meth:`room`
        does not count yet: all of it for a universe's own budget, none for a
        process-wide one (they are resident, so taken off the room already)."""
        return 0 if self.whole_process else int(nbytes)

    @contextmanager
    def lending(self, nbytes: int):
        """While the block runs, CUDD's hard limit is the budget minus ``nbytes`` that the
        caller holds in arrays of its own, so that both together stay within the budget."""
        if self.budget:
            native.set_memory_limit(self.mgr, cudd_share(self.room(), int(nbytes)))
        self._lent += 1
        try:
            yield
        finally:
            self._lent -= 1
            if self.budget:
                native.set_memory_limit(self.mgr, cudd_share(self._room, 0))

    def memory_in_use(self) -> int:
        """Resident bytes CUDD holds for this manager now: its own count times its
        measured overhead (``nodes.CUDD_OVERHEAD_TENTHS``)."""
        return native.memory_in_use(self.mgr) * CUDD_OVERHEAD_TENTHS // 10

    # ---- nodes <-> dd functions -----------------------------------------------------
    def function(self, p: int):
        """A dd Function for node p (which must be referenced by someone)."""
        return self.zdd._add_int(int(p) + 2)

    def function_owned(self, p: int):
        """A dd Function for a node carrying one reference that is handed over."""
        f = self.zdd._add_int(int(p) + 2)
        native.cudd_deref(self.mgr, int(p))
        return f

    @property
    def false(self):
        return self.zdd.false

    # ---- kernel calls -----------------------------------------------------------------
    def check(self, status: int, step: str) -> None:
        """Nothing for a kernel's OK status; else KeyboardInterrupt (Ctrl-C noticed) or
        OutOfMemory naming ``step`` (the manager cleaned up first)."""
        if status == OK:
            return
        if status == INTERRUPTED:
            raise KeyboardInterrupt
        self._fail(step)  # NOMEM: out of memory, or CUDD stopped for Ctrl-C

    def _fail(self, step: str):
        """Clean up after a failed CUDD call, then raise OutOfMemory, or
        KeyboardInterrupt when CUDD stopped for Ctrl-C."""
        interrupted = native.was_interrupted(self.mgr)
        native.recover(self.mgr)
        if interrupted:
            raise KeyboardInterrupt
        raise OutOfMemory(step, self.budget or None)

    def apply(self, op: Op, f: int, g: int, k: int, aux: np.ndarray, step: str):
        """The dd Function of ``op(f, g)`` (an operation of ``kernels.ops``)."""
        if not isinstance(op, Op):
            raise TypeError(f"{step}: {op!r} is not a registered operation (kernels.ops)")
        self.room()
        out = None
        if op in _COMPILED_OPS:
            out = compiled.apply(_COMPILED_OPS[op], op.code, self.ctx, f, g, k, aux)
        if out is None:
            try:
                out = driver.apply(op, self.ctx, f, g, k, aux)
            except MemoryError:  # the kernel's own bookkeeping could not be allocated
                self._fail(step)
        status, r = out
        if status == UNKNOWN_OP:
            raise RuntimeError(f"{step}: operation {op.name} asked for a subproblem of an "
                               "operation missing from its USES (kernels.ops)")
        self.check(status, step)
        return self.function_owned(r)

    def meet(self, f: int, g: int, step: str):
        """The dd Function of F ⊓ G (``kernels.meet``: a recursion of its own, not the
        driver's)."""
        self.room()
        out = None
        if compiled is not None:
            out = compiled.meet(self.ctx, f, g)
        if out is None:
            try:
                out = meet_kernel.meet(self.ctx, f, g)
            except MemoryError:
                self._fail(step)
        status, r = out
        self.check(status, step)
        return self.function_owned(r)

    def binary(self, name: str, f: int, g: int, step: str):
        """f ∪ g, f ∩ g, f ∖ g or f / g for a one-member g (``kernels.setop``: they notice
        Ctrl-C and the budget)."""
        self.room()
        out = None
        if compiled is not None:
            out = compiled.binary(self.ctx, _BINARY[name], f, g)
        if out is None:
            try:
                out = setop.binary(self.ctx, _BINARY[name], f, g)
            except MemoryError:
                self._fail(step)
        status, r = out
        self.check(status, step)
        return self.function_owned(r)

    @property
    def has_mask_pass(self) -> bool:
        """Whether :meth:`quotients` and :meth:`substitute_on_top` run compiled (the
        compiled extension, or numba); else the callers divide one element at a time."""
        return compiled is not None or native.HAVE_NUMBA

    def _mask_pass(self, name: str, f: int, arrays: tuple, step: str):
        """(status, result) of a kernel built on ``quotients``' mask pass, ``name`` in
        the compiled extension or else its numba module (called with the ctx, f and the
        int64 ``arrays``), or None when f is too deep for it."""
        self.room()
        arrays = [np.array(a, dtype=np.int64) for a in arrays]
        if compiled is not None:
            if name == "quotients":
                rs = np.zeros(len(arrays[0]), dtype=np.int64)
                out = (compiled.quotients(self.ctx, f, arrays[0], rs), rs)
            else:
                out = compiled.substitute_on_top(self.ctx, f, *arrays)
            if out[0] == compiled.TOO_DEEP:
                return None
        else:
            kernel = quotients.quotients if name == "quotients" else substitute.substitute_on_top
            try:
                out = kernel(self.ctx, f, *arrays, self.nvars)
            except MemoryError:
                self._fail(step)
            if out[0] == quotients.TOO_DEEP:
                return None
        status, r = out
        self.check(status, step)
        return r

    def quotients(self, f: int, levels: list[int], step: str):
        """The dd Functions of f / {{x}} for each element x at ``levels`` (distinct;
        ``kernels.quotients``: one pass), or None when f is too deep for it."""
        rs = self._mask_pass("quotients", f, (levels,), step)
        return None if rs is None else [self.function_owned(r) for r in rs]

    def substitute_on_top(self, f: int, levels: list[int], tops: list[int], step: str):
        """The dd Function of Σ_i f / {{x_i}} ⊔ {{y_i}} (x_i at ``levels``, the y_i at
        ``tops``, above f; ``kernels.substitute``: one pass and a chain), or None when f
        is too deep."""
        r = self._mask_pass("substitute_on_top", f, (levels, tops), step)
        return None if r is None else self.function_owned(r)

    def one_set(self, g: int) -> bool:
        """Whether the family of node g has exactly one member."""
        kernel = setop.one_set if compiled is None else compiled.one_set
        return bool(kernel(self.ctx, g))

    def build(self, mode: int, marked: np.ndarray, k: int, step: str):
        """A cardinality family or power set (``kernels.build``)."""
        self.room()
        try:
            if compiled is not None:
                status, r = compiled.build(mode, self.ctx, np.ascontiguousarray(marked,
                                                                                dtype=np.bool_), k)
            else:
                status, r = B.build(mode, self.ctx, marked, k)
        except MemoryError:
            self._fail(step)
        self.check(status, step)
        return self.function_owned(r)

    def rebuild(self, level, hi, lo, root: int, step: str):
        """The family of checked node arrays (``kernels.build.rebuild``)."""
        try:
            if compiled is not None:
                arrays = [np.ascontiguousarray(a, dtype=np.int64) for a in (level, hi, lo)]
                status, r = compiled.rebuild(self.ctx, *arrays, int(root))
            else:
                status, r = B.rebuild(self.ctx, level, hi, lo, int(root))
        except MemoryError:
            self._fail(step)
        self.check(status, step)
        return self.function_owned(r)

    def checked_arrays(self, level, hi, lo, root: int) -> int:
        """-1 when int64 node arrays are valid for :meth:`rebuild`, else the first bad id
        (``kernels.build.checked_arrays``)."""
        kernel = B.checked_arrays if compiled is None else compiled.checked_arrays
        return int(kernel(level, hi, lo, int(root), self.nvars))

    def export(self, p: int):
        """(level, hi, lo, root id) of the ZDD below node p (the eval extension's ``export``)."""
        self.room()
        status, *out = compiled_eval.export(self.ctx, p)
        self.check(status, "reading a family's nodes")
        level, hi, lo = (np.frombuffer(a, dtype=np.int64) for a in out[:3])
        return level, hi, lo, out[3]
