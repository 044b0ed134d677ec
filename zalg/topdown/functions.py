"""A frontier machine's compiled functions, and how the driver calls them.

A machine's ``step``, ``final`` and ``takes`` are written in numba's subset of
Python and wrapped by ``step_function`` / ``final_function`` / ``takes_function``
(see ``frontier.machine`` for what each means).  Compiled, each is a C callback
(``kernels.compiling.c_callback``, zalg's cache stamped with its sources) with a
fixed signature over raw pointers, and the one driver receives its *address*, an
integer: one compiled driver per state type serves every machine, and calling it
types no function objects.  Nothing compiles when a machine's module is imported:
a function compiles (or loads from the cache) the first time a machine using it
runs, so a command compiles only the machines it uses.

A machine compiled ahead of time (C, in an extension of its own package) hands the
driver its functions' addresses instead: ``c_function(address, kind, state)``, or
``native=address`` on the decorators to keep a Python twin for ``ZALG_COMPILED=0``;
``extension_machines(module)`` reads an extension's table of addresses.

Without numba the driver receives the Python functions themselves and the same
code runs on numpy arrays.
"""

from __future__ import annotations

import importlib
import os

import numpy as np

from ..cudd.compiling import HAVE_NUMBA, LazyModule, c_callback, intrinsic, jit

__all__ = ["DEAD", "ACCEPT", "GOING", "SKIP", "STATE_TYPES", "MachineFunction", "step_function",
           "final_function", "takes_function", "compiled", "MAY_TAKE", "call_step", "call_final",
           "call_takes", "c_function", "extension_machines", "KINDS"]

#: the kinds of machine function, each with its C signature (``frontier.c``'s pointer types):
#: ``i64 step(state *s, state *t, i64 bit, const i64 *row, const i64 *consts, i64 *work)``,
#: ``i64 final(state *t, const i64 *consts, i64 *work)``,
#: ``i64 takes(state *s, const i64 *row, const i64 *consts, i64 *work)``
KINDS = ("step", "final", "takes")

#: what ``step`` returns (DEAD and ACCEPT are ``spec.REJECT`` and ``spec.ACCEPT``)
DEAD, ACCEPT, GOING = 0, 1, 2
#: what ``takes`` may return besides 0 and 1: bit 1 is DEAD and bit 0 leaves the state
#: as it is (the driver passes the level without a step)
SKIP = 2

#: the state types a machine may choose (one compiled driver each, made on first use)
STATE_TYPES = (np.int16, np.int32)

if HAVE_NUMBA:  # numba and llvmlite are imported when a machine first compiles
    ir = LazyModule("llvmlite.ir")
    types = LazyModule("numba.types")
    numpy_support = LazyModule("numba.np.numpy_support")

    def _signature(kind: str, state):
        """The C signature of a machine function over states of numpy type ``state``:
        raw pointers, not arrays (a call passes six words and touches no reference
        count; an array argument costs seven words and atomic reference counting)."""
        s = types.CPointer(numpy_support.from_dtype(np.dtype(state)))
        r = types.CPointer(types.int64)
        return {"step": types.int64(s, s, types.int64, r, r, r),
                "final": types.int64(s, r, r),
                "takes": types.int64(s, r, r, r)}[kind]

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
else:  # plain Python: the driver receives the functions themselves and calls them
    def call_step(fn, s, t, bit, row, consts, work):
        return fn(s, t, bit, row, consts, work)

    def call_final(fn, t, consts, work):
        return fn(t, consts, work)

    def call_takes(fn, s, row, consts, work):
        return fn(s, row, consts, work)


def compiled_driver():
    """The extension's (sweep, reduce); ImportError when it is not built."""
    module = importlib.import_module("zalg.topdown._frontier")
    return module.sweep, module.reduce


def _compiled_allowed() -> bool:
    """Whether machines compiled ahead of time may run (``ZALG_COMPILED=0``: their Python
    twins run instead, compiled by numba)."""
    return os.environ.get("ZALG_COMPILED") != "0"


def extension_machines(module: str) -> dict[str, int]:
    """The table ``{name: address}`` of the machine functions compiled into the extension
    ``module`` (its ``machines()``), e.g. ``"puzzles.nurimeizu._machines"``; empty when the
    extension is not built or ``ZALG_COMPILED=0`` is set."""
    if not _compiled_allowed():
        return {}
    try:
        return dict(importlib.import_module(module).machines())
    except ImportError:  # an install without the extension
        return {}


def native_address(name: str):
    """The address of the machine function ``name`` compiled into zalg's extension
    (``frontier.c``, ``graphs/machines.c``), or None without the extension (or with
    ``ZALG_COMPILED=0``)."""
    return extension_machines("zalg.topdown._frontier").get(name)


class MachineFunction:
    """One machine function (``kind``: step, final or takes) over states of type
    ``state_type``; compiled the first time ``entry()`` is asked for, unless it is
    compiled ahead of time: ``native`` is its address (an int), or its name in zalg's
    extension (a str)."""

    def __init__(self, fn, kind: str, state, native: str | int | None = None) -> None:
        self.py_func = fn
        self.kind = kind
        self.state_type = np.dtype(state)
        self.native = native
        self._callback = None

    def entry(self):
        """What the driver receives: the compiled function's address (the extension's,
        else numba's callback; without either, the Python function)."""
        if isinstance(self.native, int):
            return self.native
        if self.native is not None:
            address = native_address(self.native)
            if address is not None:
                return address
        if self.py_func is None:
            raise RuntimeError(f"the compiled {self.kind} function is not available")
        if not HAVE_NUMBA:
            return self.py_func
        if self._callback is None:
            self._callback = c_callback(self.py_func, _signature(self.kind, self.state_type))
        return self._callback.address

    def __call__(self, *args):
        if self.py_func is None:
            raise TypeError("a machine function compiled ahead of time runs only in the driver")
        return self.py_func(*args)


def c_function(address: int, kind: str, state=np.int32) -> MachineFunction:
    """The machine function compiled ahead of time at ``address`` (a C function of the
    signature ``KINDS`` gives ``kind``, over states of type ``state``), for ``Machine``:
    e.g. ``c_function(extension_machines("pkg._machines")["step"], "step")``.  It runs in
    the driver only (calling it from Python raises TypeError)."""
    if kind not in KINDS:
        raise ValueError(f"a machine function is one of {KINDS}, not {kind!r}")
    if not isinstance(address, int) or address <= 0:
        raise ValueError(f"not a function's address: {address!r}")
    return _decorator(kind, None, state, address, bare=True)


def _decorator(kind: str, fn, state, native: str | int | None = None, bare: bool = False):
    if np.dtype(state) not in [np.dtype(x) for x in STATE_TYPES]:
        raise ValueError(f"a machine state is int16 or int32, not {np.dtype(state)}")
    if fn is None and not bare:
        return lambda f: MachineFunction(f, kind, state, native)
    return MachineFunction(fn, kind, state, native)


def step_function(fn=None, *, state=np.int32, native: str | None = None):
    """A machine's ``step(s, t, bit, row, consts, work) -> int`` for states of type
    ``state`` (int32, or int16 where every entry fits: half the bytes to copy, hash
    and compare).  ``native``: the name of the same function compiled into zalg's
    extension (built-in machines only)."""
    return _decorator("step", fn, state, native)


def final_function(fn=None, *, state=np.int32, native: str | None = None):
    """A machine's ``final(t, consts, work) -> int`` (1: accept, 0: reject)."""
    return _decorator("final", fn, state, native)


def takes_function(fn=None, *, state=np.int32, native: str | None = None):
    """A machine's ``takes(s, row, consts, work) -> int``: 0 only where bit 1 is surely
    DEAD at that level, ``SKIP`` where moreover bit 0 changes nothing (used for
    lookahead; 1 is always safe)."""
    return _decorator("takes", fn, state, native)


def _may_take(s, row, consts, work):
    """The ``takes`` of a machine that has none: bit 1 may always be taken."""
    return 1


#: ``_may_take`` for each state type
MAY_TAKE = {np.dtype(x): takes_function(_may_take, state=x, native="may_take")
            for x in STATE_TYPES}


def compiled(fn):
    """A helper that a step or final function calls, compiled inlined into its caller
    (numba's ``inline="always"``), so that no call boundary and no reference counting
    of array arguments is paid per step."""
    return jit(fn, inline=True)
