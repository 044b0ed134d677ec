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
from ..eval.extension import kernels as compiled_eval
from ..cudd import native
from ..cudd.platform import cudd_module
from .. import ops
from .registry import Op
from ..cudd.nodes import (C_BUDGET, C_CHECKSIG, C_CLEARERR, C_CUDD_CLEAR, C_CUDD_ERROR, C_DEREF,
                          C_GC, C_GETNODE, C_INSERT, C_INSERT3, C_LOOKUP, C_LOOKUP3, C_MEMUSE,
                          C_PLAINDEREF, C_SETMAXMEM, C_TAG_DIFF, C_TAG_INTER, C_TAG_UNION, C_MGR,
                          C_NLEV, C_ONE, C_REF, C_ZDDNODES, C_CACHESLOTS, C_CACHERESIZE,
                          C_OP_TAGS, C_STATS, N_STATS, C_RESTORE, C_SAVE, C_ZERO, CTX_SIZE,
                          cudd_share, CUDD_OVERHEAD_TENTHS)


__all__ = ["Manager"]

#: seconds between two looks at the process's resident memory (a process-wide budget)
LOOK_EVERY = 0.02

#: dd.cudd_zdd, the module whose ZDD managers this wraps
_cz = cudd_module()

#: the kernels' tags in CUDD's computed table are addresses inside this array (one word per
#: code of the table, ``op_tag`` in zalg/ops/ops.h); it lives as long as the process
_OP_TAGS = np.zeros(256, dtype=np.int64)
assert max(o.code for o in ops.table()) < len(_OP_TAGS)
#: the memory estimate a CUDD manager is made with, at most
SMALL_ESTIMATE = 1 << 25
#: CUDD's loose-up-to rule: the full memory estimate over this many bytes per node
LOOSE_NODE_BYTES = 160
#: the level array of a kernel that reads none
_NO_AUX = np.zeros(1, dtype=np.int64)


class Manager:
    """A CUDD ZDD manager (through dd) with ``nvars`` variables, never reordered, so
    the level of a variable is its index.

    ``budget``: bytes that CUDD's own memory plus the kernels' tables may use
    (CUDD's hard limit is set to it); 0 for no limit.  With ``whole_process`` the
    budget bounds the whole process instead: CUDD and the tables get what is left
    of it once everything else the process holds (the interpreter and the
    loaded extensions, Python's objects, other universes) is taken off; that is read
    from the process's resident memory (:func:`zalg.memory.resident`) when the
    manager is made and when an operation starts (:meth:`room`)."""

    def __init__(self, budget: int, whole_process: bool = False):
        estimate = min(budget, _cz.DEFAULT_MEMORY) if budget else _cz.DEFAULT_MEMORY
        # CUDD keeps a reserve of 1/128 of the estimate and sizes its first tables by it;
        # the budget bounds CUDD's memory whatever the estimate (``set_memory_limit``),
        # and the unique table grows before collecting garbage as the full estimate lets it
        self.zdd = _cz.ZDD(memory_estimate=min(max(estimate, 1 << 20), SMALL_ESTIMATE))
        self.zdd.configure(reordering=False)
        self.mgr = native.manager_pointer(self.zdd)
        native.set_loose_up_to(self.mgr, max(estimate, 1 << 20) // LOOSE_NODE_BYTES)
        native.stop_on_ctrl_c(self.mgr, compiled.TERMINATE)  # also CUDD's own long operations
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
        ctx[C_GC], ctx[C_CUDD_CLEAR] = A["cudd_gc"], A["cudd_clear"]
        ctx[C_CUDD_ERROR] = A["cudd_error"]
        ctx[C_LOOKUP], ctx[C_INSERT] = A["cachelookup"], A["cacheinsert"]
        ctx[C_LOOKUP3], ctx[C_INSERT3] = A["cachelookup3"], A["cacheinsert3"]
        ctx[C_TAG_UNION], ctx[C_TAG_INTER], ctx[C_TAG_DIFF] = (
            A["tag_union"], A["tag_inter"], A["tag_diff"])
        ctx[C_PLAINDEREF], ctx[C_SETMAXMEM] = A["plainderef"], A["setmaxmemory"]
        ctx[C_OP_TAGS] = _OP_TAGS.ctypes.data if self._op_cache else 0
        ctx[C_STATS:] = self.ctx[C_STATS:]  # new variables: the counters go on
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
        if status == compiled.OK:
            return
        if status == compiled.INTERRUPTED:
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

    def run(self, op: Op, step: str, a: int = 0, b: int = 0, k: int = 0,
            aux: np.ndarray = _NO_AUX, results: np.ndarray | None = None) -> int | None:
        """The one call of a kernel of the table: the node it made, carrying one reference
        the caller owns (for a kernel with several results, ``results`` holds them
        instead), or None when the mask pass leaves the family to the caller (more
        elements than a mask holds); KeyboardInterrupt or OutOfMemory naming ``step``
        otherwise, with nothing held."""
        self.room()
        aux = np.ascontiguousarray(aux, dtype=np.int64)
        if results is None:
            status, r = compiled.apply(op.code, self.ctx, a, b, k, aux)
        else:
            status, r = compiled.apply(op.code, self.ctx, a, b, k, aux, results)
        if status == compiled.TOO_DEEP:
            return None
        if status == compiled.UNKNOWN_OP:
            raise RuntimeError(f"{step}: {op.name} (code {op.code}) is no kernel of the table, "
                               "or asked for a subproblem of an unknown code")
        self.check(status, step)
        return r

    def apply(self, op: Op, f: int, g: int, k: int, aux: np.ndarray, step: str):
        """The dd Function of ``op(f, g)`` with parameter k and level array ``aux``."""
        if not isinstance(op, Op):
            raise TypeError(f"{step}: {op!r} is not an entry of the kernels' table (zalg.ops)")
        return self.function_owned(self.run(op, step, f, g, k, aux))

    def quotients(self, f: int, levels: list[int], step: str):
        """The dd Functions of f / {{x}} for each element x at ``levels`` (distinct; one
        mask pass), or None when there are more than a mask holds."""
        rs = np.zeros(len(levels), dtype=np.int64)
        if self.run(ops.QUOTIENTS, step, f, aux=levels, results=rs) is None:
            return None
        return [self.function_owned(int(r)) for r in rs]

    def substitute_on_top(self, f: int, levels: list[int], tops: list[int], step: str):
        """The dd Function of Σ_i f / {{x_i}} ⊔ {{y_i}} (x_i at ``levels``, the y_i at
        ``tops``, distinct and above f; one mask pass and a chain), or None when there
        are more than a mask holds."""
        r = self.run(ops.SUBSTITUTE, step, f, k=len(levels), aux=list(levels) + list(tops))
        return None if r is None else self.function_owned(r)

    def one_set(self, g: int) -> bool:
        """Whether the family of node g has exactly one member."""
        return bool(compiled.one_set(self.ctx, g))

    def no_more_nodes(self, g: int, f: int) -> bool:
        """Whether the family of node g has no more nodes than that of node f (a walk
        as long as the smaller of the two)."""
        return compiled.no_more_nodes(self.ctx, g, f)

    def build(self, op: Op, marked: np.ndarray, k: int, step: str):
        """A cardinality family or power set (``op``: one of the table's builders) over the
        levels ``marked`` (one flag a level)."""
        return self.function_owned(self.run(op, step, k=k, aux=marked))

    def rebuild(self, level, hi, lo, root: int, step: str):
        """The family of checked node arrays (ids 0 and 1 the terminals, children first)."""
        arrays = [np.ascontiguousarray(a, dtype=np.int64) for a in (level, hi, lo)]
        status, r = compiled.rebuild(self.ctx, *arrays, int(root))
        self.check(status, step)
        return self.function_owned(r)

    def checked_arrays(self, level, hi, lo, root: int) -> int:
        """-1 when int64 node arrays are valid for :meth:`rebuild`, else the first bad id."""
        return int(compiled.checked_arrays(level, hi, lo, int(root), self.nvars))

    def export(self, p: int):
        """(level, hi, lo, root id) of the ZDD below node p (children before parents)."""
        self.room()
        status, *out = compiled_eval.export(self.ctx, p)
        self.check(status, "reading a family's nodes")
        level, hi, lo = (np.frombuffer(a, dtype=np.int64) for a in out[:3])
        return level, hi, lo, out[3]
