"""A Ctrl-C that lands while numba boxes a compiled function's arrays (``zalg.cudd.interrupts``):
a KeyboardInterrupt, never ``SystemError: ... returned a result with an exception set``."""

from __future__ import annotations

import ctypes
import sys

import numpy as np
import pytest

from zalg import grid
from zalg.topdown import driver
from zalg.cudd.compiling import HAVE_NUMBA
from zalg.cudd.interrupts import left_by_an_interrupt, must_not_raise
from zalg.cudd.nodes import C_CHECKSIG, INTERRUPTED, OK
from zalg.cudd.native import fn_address
from tests.helpers.processes import SIGINT_AT_RETURN, run_python

needs_numba = pytest.mark.skipif(not HAVE_NUMBA, reason="plain Python has no boxing to race with")

#: a C routine without arguments that returns a nonzero int: put in place of
#: PyErr_CheckSignals, every pause of a kernel sees a Ctrl-C
_ALWAYS = fn_address(ctypes.CDLL(None).getpid)


@needs_numba
def test_a_ctrl_c_pending_at_the_return_of_arrays_is_a_keyboard_interrupt():
    # Python's own handler (a script, a notebook): numba's boxing runs the handler
    # inside numba.core.serialize._numba_unpickle and goes on; call_returning_arrays
    # gives the KeyboardInterrupt back.  Numbers only: no Python on the way out.
    code = SIGINT_AT_RETURN + """
from zalg.cudd.interrupts import call_returning_arrays, left_by_an_interrupt
for name, call in (("size", lambda: sigint_then_size(np.zeros(3))),
                   ("array", lambda: sigint_then_array(np.zeros(3))),
                   ("guarded", lambda: call_returning_arrays(sigint_then_array, np.zeros(3)))):
    try:
        call()
        print(name, "returned")
    except KeyboardInterrupt:
        print(name, "KeyboardInterrupt")
    except SystemError as exc:
        print(name, "SystemError", left_by_an_interrupt(exc))
"""
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    # "array": the race itself, made certain (should numba ever check what its boxing
    # calls return, this line fails and call_returning_arrays can go)
    assert done.stdout.splitlines() == ["size KeyboardInterrupt", "array SystemError True",
                                        "guarded KeyboardInterrupt"], done.stderr


def test_only_that_system_error_is_taken_for_an_interrupt():
    def system_error(message, cause):
        try:
            try:
                raise cause
            except BaseException as inner:
                raise SystemError(message) from inner
        except SystemError as exc:
            return exc
    boxed = "CPUDispatcher(<function f>) returned a result with an exception set"
    assert left_by_an_interrupt(system_error(boxed, KeyboardInterrupt()))
    assert not left_by_an_interrupt(system_error(boxed, ValueError("x")))
    assert not left_by_an_interrupt(system_error("bad argument", KeyboardInterrupt()))
    assert not left_by_an_interrupt(KeyboardInterrupt())


def test_a_handler_must_not_raise_in_del_or_in_numba_boxing():
    frames = {}

    class Finalized:
        def __del__(self):
            frames["del"] = sys._getframe()

    Finalized()
    assert must_not_raise(frames["del"])
    assert not must_not_raise(sys._getframe())


@needs_numba
def test_the_frontier_driver_looks_for_ctrl_c_before_it_returns():
    # PyErr_CheckSignals replaced by a routine that always reports a signal: a sweep
    # whose levels are all narrower than a pause (3x3 cycles) and a one-node reduction
    # never pause, so only the look before the return can notice it
    G = grid(3, 3)
    M = G.universe.manager
    saved = int(M.ctx[C_CHECKSIG])
    M.ctx[C_CHECKSIG] = _ALWAYS
    try:
        with pytest.raises(KeyboardInterrupt):
            G.cycles()
        codes = np.array([1, -1, -2, -2], dtype=driver.CODE)  # {{}, {a}}: one node, lo = hi = 1
        start, levels = np.array([1, 2]), np.array([0])
        status = driver.reduce(codes.copy(), start, levels, 1, M.ctx, 0, 16)[0]
    finally:
        M.ctx[C_CHECKSIG] = saved
    assert status == INTERRUPTED
    status, level, hi, lo, root = driver.reduce(codes.copy(), start, levels, 1, M.ctx, 0, 16)
    assert (status, list(level), list(hi), list(lo), root) == (OK, [1, 1, 0], [0, 0, 1], [0, 0, 1], 2)
    assert G.cycles().count() == 13  # the 3x3 grid's cycles, once Ctrl-C is looked for again
