"""The frontier machine interface: what a top-down construction supplies to the driver.

A *machine* describes a family of sets over m elements (its *levels*, in universe
order) by a state machine: a state is a row of ``width`` int32 values; level i
decides whether the element at level i is in the set (bit 1) or not (bit 0).
The machine supplies three things, the driver (``frontier.driver``) does all the
rest (state store, hashing, the level loop, lookahead, reduction, CUDD nodes):

* ``step(s, t, bit, row, consts, work) -> DEAD | ACCEPT | GOING``: the child of
  state ``s`` at the level whose info row is ``row``, written into ``t`` (all of
  it: ``t`` starts as garbage; ``s`` must not change).  DEAD: no member goes this way (the REJECT
  terminal); ACCEPT: every later element is absent (the ACCEPT terminal); GOING:
  ``t`` is the state at the next level;
* ``final(t, consts, work) -> 1 | 0``: after the last level, whether state ``t``
  is accepted;
* the data: ``info`` (one int64 row per level, columns of the machine's choosing),
  ``consts`` (int64 constants of the construction) and ``work`` (int64 scratch
  the step may use freely), and the ``root`` state.

Both functions are compiled with ``step_function`` / ``final_function`` (fixed
signatures, so that one compiled driver serves every machine); helpers they call
are compiled with ``compiled``.  Compiled, the arguments are raw pointers (index
them like arrays, ``s[k]``; they have no length: widths come from ``consts``);
without numba they are numpy arrays, and the same code runs.  Equal states must be equal rows: a machine keeps
its rows canonical (e.g. renumbers labels) so that equal futures merge.

``Machine(...).build(universe, levels)`` runs it (``frontier.run.run_machine``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..kernels.native import HAVE_NUMBA

__all__ = ["DEAD", "ACCEPT", "GOING", "SKIP", "Machine", "step_function", "final_function",
           "takes_function", "compiled", "MAY_TAKE", "entry", "call_step", "call_final",
           "call_takes"]

#: what ``step`` returns (DEAD and ACCEPT are ``spec.REJECT`` and ``spec.ACCEPT``)
DEAD, ACCEPT, GOING = 0, 1, 2
#: what ``takes`` may return besides 0 and 1: bit 1 is DEAD and bit 0 leaves the state
#: as it is (the driver passes the level without a step)
SKIP = 2

#: the state types a machine may choose (one compiled driver each, made on first use)
STATE_TYPES = (np.int16, np.int32)

if HAVE_NUMBA:
    from llvmlite import ir
    from numba import cfunc, types
    from numba.extending import intrinsic
    from numba.np.numpy_support import from_dtype

    def _signature(kind: str, state):
        """The C signature of a machine function over states of numpy type ``state``:
        raw pointers, not arrays (a call passes six words and touches no reference
        count; an array argument costs seven words and atomic reference counting)."""
        s = types.CPointer(from_dtype(np.dtype(state)))
        r = types.CPointer(types.int64)
        return {"step": types.int64(s, s, types.int64, r, r, r),
                "final": types.int64(s, r, r),
                "takes": types.int64(s, r, r, r)}[kind]

    def _callback(fn, kind: str, state):
        """A machine function is a C callback (``numba.cfunc``, cached on disk): the
        driver receives its address, an integer, so calling the driver costs no
        typing of function objects, and one compiled driver serves every machine."""
        compiled_fn = cfunc(_signature(kind, state), cache=True)(fn)
        compiled_fn.state_type = np.dtype(state)
        return compiled_fn

    def _caller(typingctx, address, *args):
        """An intrinsic ``call(address, *args)``: the C callback at ``address``, whose
        signature is that of the arguments, returning int64."""
        sig = types.int64(types.int64, *args)

        def codegen(context, builder, sig_, values):
            fnty = ir.FunctionType(ir.IntType(64), [context.get_value_type(a) for a in args])
            return builder.call(builder.inttoptr(values[0], fnty.as_pointer()), values[1:])
        return sig, codegen

    @intrinsic
    def call_step(typingctx, address, s, t, bit, row, consts, work):
        """``step(s, t, bit, row, consts, work)`` of the machine at ``address``."""
        return _caller(typingctx, address, s, t, bit, row, consts, work)

    @intrinsic
    def call_final(typingctx, address, t, consts, work):
        """``final(t, consts, work)`` of the machine at ``address``."""
        return _caller(typingctx, address, t, consts, work)

    @intrinsic
    def call_takes(typingctx, address, s, row, consts, work):
        """``takes(s, row, consts, work)`` of the machine at ``address``."""
        return _caller(typingctx, address, s, row, consts, work)

    def entry(fn) -> int:
        """What the driver receives for a machine function: its address."""
        return fn.address
else:  # plain Python: the driver receives the functions themselves and calls them
    def _callback(fn, kind: str, state):
        def callback(*args):
            return fn(*args)
        callback.state_type = np.dtype(state)
        return callback

    def call_step(fn, s, t, bit, row, consts, work):
        return fn(s, t, bit, row, consts, work)

    def call_final(fn, t, consts, work):
        return fn(t, consts, work)

    def call_takes(fn, s, row, consts, work):
        return fn(s, row, consts, work)

    def entry(fn):
        return fn


def _decorator(kind: str, fn, state):
    if np.dtype(state) not in [np.dtype(x) for x in STATE_TYPES]:
        raise ValueError(f"a machine state is int16 or int32, not {np.dtype(state)}")
    if fn is None:
        return lambda f: _callback(f, kind, state)
    return _callback(fn, kind, state)


def step_function(fn=None, *, state=np.int32):
    """Compile a machine's ``step(s, t, bit, row, consts, work) -> int`` (see above) for
    states of type ``state`` (int32, or int16 where every entry fits: half the bytes
    to copy, hash and compare)."""
    return _decorator("step", fn, state)


def final_function(fn=None, *, state=np.int32):
    """Compile a machine's ``final(t, consts, work) -> int`` (1: accept, 0: reject)."""
    return _decorator("final", fn, state)


def takes_function(fn=None, *, state=np.int32):
    """Compile a machine's ``takes(s, row, consts, work) -> int``: 0 only where bit 1
    is surely DEAD at that level, ``SKIP`` where moreover bit 0 changes nothing (used
    for lookahead; 1 is always safe)."""
    return _decorator("takes", fn, state)


def _may_take(s, row, consts, work):
    """The ``takes`` of a machine that has none: bit 1 may always be taken."""
    return 1


#: ``_may_take`` for each state type
MAY_TAKE = {np.dtype(x): takes_function(_may_take, state=x) for x in STATE_TYPES}


def compiled(fn):
    """Compile a helper that a step or final function calls: inlined into its caller
    (numba's ``inline="always"``), so that no call boundary and no reference counting
    of array arguments is paid per step."""
    if not HAVE_NUMBA:
        return fn
    from numba import njit
    return njit(inline="always", cache=True)(fn)


def _int64_2d(a) -> np.ndarray:
    a = np.ascontiguousarray(a, dtype=np.int64)
    return a.reshape(len(a), -1) if a.ndim == 1 else a


@dataclass
class Machine:
    """One construction: the machine's functions and data (see the module docstring).

    Lookahead: before storing a child for level j, the driver asks whether bit 1 can
    be taken there; when it cannot, the level is decided 0 at once and no node is
    stored (it would be reduced away: TdZdd's ``ZddLookahead``).  With ``takes`` (a
    cheap test, compiled with ``takes_function``) the machine answers; otherwise,
    with ``lookahead``, the driver tries the step with bit 1 (exact, one more step
    per stored child)."""
    step: object
    final: object
    info: np.ndarray
    root: np.ndarray
    consts: np.ndarray = field(default_factory=lambda: np.zeros(1, dtype=np.int64))
    work_size: int = 1
    lookahead: bool = True
    takes: object = None
    name: str = "frontier"

    def __post_init__(self):
        self.info = _int64_2d(self.info)
        state = self.step.state_type
        for fn in (self.final, self.takes):
            if fn is not None and fn.state_type != state:
                raise ValueError("a machine's functions must be compiled for one state type")
        self.root = np.ascontiguousarray(self.root, dtype=state).ravel()
        self.consts = np.ascontiguousarray(self.consts, dtype=np.int64).ravel()
        if len(self.consts) == 0:
            self.consts = np.zeros(1, dtype=np.int64)
        if len(self.info) == 0:
            raise ValueError("a frontier machine needs at least one level")
        if len(self.root) == 0:
            raise ValueError("a frontier state needs at least one slot")

    @property
    def levels(self) -> int:
        return len(self.info)

    def build(self, universe, levels, progress=None, max_width: int | None = None):
        """The family this machine describes, over the universe levels ``levels`` (one
        per machine level, increasing)."""
        from .run import run_machine
        return run_machine(universe, levels, self, progress=progress, max_width=max_width)
