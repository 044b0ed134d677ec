"""A frontier machine's functions, and what the driver receives for each.

The compiled driver (``frontier.c``) calls a machine's ``step``, ``final`` and
``takes`` (see ``machine`` for what each means) through their *addresses*: C
functions of the fixed signatures ``KINDS`` names, so that one driver serves every
machine.  A function is one of

* compiled ahead of time in C: zalg's built-in machines (``builtin``, from the
  extension ``zalg.topdown._frontier``), or a package's own extension
  (``c_function(address, kind, state)``, its table read by ``extension_machines``);
* written in Python and wrapped by ``step_function`` / ``final_function`` /
  ``takes_function``: with numba (``zalg[jit]``) compiled to a C callback the first
  time a machine using it runs (``jit``), helpers it calls wrapped by ``compiled``;
  without numba the machine runs on the plain-Python driver (``driver``), on numpy
  arrays, exactly and much more slowly.
"""

from __future__ import annotations

import functools

import numpy as np

from ..eval.extension import required
from .jit import Deferred, c_callback, numba_ready

__all__ = ["DEAD", "ACCEPT", "GOING", "SKIP", "STATE_TYPES", "MachineFunction", "step_function",
           "final_function", "takes_function", "compiled", "MAY_TAKE", "c_function",
           "extension_machines", "builtin", "KINDS"]

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

#: the state types a machine may choose
STATE_TYPES = (np.int16, np.int32)


def extension_machines(module: str) -> dict[str, int]:
    """The table ``{name: address}`` of the machine functions compiled into the extension
    ``module`` (its ``machines()``), e.g. ``"puzzles.nurimeizu._machines"``; ImportError
    naming the fix when it is not built."""
    return dict(_table(module))


@functools.lru_cache(maxsize=None)
def _table(module: str) -> dict[str, int]:
    return required(module).machines()


class MachineFunction:
    """One machine function (``kind``: step, final or takes) over states of type
    ``state_type``: the Python function ``py_func`` (None for a C function), and
    ``address``, its C function's address when it is compiled ahead of time."""

    def __init__(self, fn, kind: str, state, address: int | None = None) -> None:
        self.py_func = fn
        self.kind = kind
        self.state_type = np.dtype(state)
        self.address = address
        self._callback = None

    def entry(self) -> int | None:
        """What the compiled driver calls: the C function's address, or the Python
        function's compiled by numba (on first use); None without numba (the machine
        then runs on the plain-Python driver)."""
        if self.address is not None:
            return self.address
        if not numba_ready():
            return None
        if self._callback is None:
            self._callback = c_callback(self.py_func, self.kind, self.state_type)
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
    _check_state(state)
    return MachineFunction(None, kind, state, address)


def builtin(name: str, state) -> MachineFunction:
    """zalg's built-in machine function ``name`` ("mate.step": machine and kind),
    compiled into the extension ``zalg.topdown._frontier``."""
    return c_function(extension_machines("zalg.topdown._frontier")[name],
                      name.rsplit(".", 1)[1], state)


def _check_state(state) -> None:
    if np.dtype(state) not in [np.dtype(x) for x in STATE_TYPES]:
        raise ValueError(f"a machine state is int16 or int32, not {np.dtype(state)}")


def _decorator(kind: str, fn, state):
    _check_state(state)
    if fn is None:
        return lambda f: MachineFunction(f, kind, state)
    return MachineFunction(fn, kind, state)


def step_function(fn=None, *, state=np.int32):
    """A machine's ``step(s, t, bit, row, consts, work) -> int`` for states of type
    ``state`` (int32, or int16 where every entry fits: half the bytes to copy, hash
    and compare)."""
    return _decorator("step", fn, state)


def final_function(fn=None, *, state=np.int32):
    """A machine's ``final(t, consts, work) -> int`` (1: accept, 0: reject)."""
    return _decorator("final", fn, state)


def takes_function(fn=None, *, state=np.int32):
    """A machine's ``takes(s, row, consts, work) -> int``: 0 only where bit 1 is surely
    DEAD at that level, ``SKIP`` where moreover bit 0 changes nothing (used for
    lookahead; 1 is always safe)."""
    return _decorator("takes", fn, state)


def _may_take(s, row, consts, work):
    """The ``takes`` of a machine that has none: bit 1 may always be taken."""
    return 1


#: ``_may_take`` for each state type (the extension's for the compiled driver)
MAY_TAKE = {np.dtype(x): MachineFunction(
    _may_take, "takes", x, extension_machines("zalg.topdown._frontier")["may_take"])
    for x in STATE_TYPES}


def compiled(fn) -> Deferred:
    """A helper that a step or final function calls: compiled inlined into its caller
    (numba's ``inline="always"``), so that no call boundary and no reference counting
    of array arguments is paid per step; plain Python where Python calls it."""
    def make():
        from numba import njit
        return njit(inline="always")(fn)
    return Deferred(fn, make)
