"""Ctrl-C around compiled calls that return arrays: where a SIGINT handler must not raise.

numba boxes every array a compiled function returns to Python by first asking a
*Python* function, ``numba.core.serialize._numba_unpickle``, for the array's type
(``PythonAPI.nrt_adapt_ndarray_to_python``), and it never checks what that call
returned.  CPython runs pending signal handlers at the entry of every Python
function (the eval breaker at ``RESUME``).  So a Ctrl-C that arrived after the
compiled code last looked (``PyErr_CheckSignals`` at a pause) and before the
function returned is handled *inside the boxing*: when the handler raises
``KeyboardInterrupt`` there, numba goes on with a NULL type, fills the result with
NULLs, and the call returns a result with the exception still set, which CPython
reports as ``SystemError: CPUDispatcher(<function ...>) returned a result with an
exception set`` (its cause: the KeyboardInterrupt).  A compiled function that
returns only numbers never calls Python on the way out and is not affected.

Two defences, one for each side of the call:

* a program's own SIGINT handler asks :func:`must_not_raise` and, inside the
  boxing, re-raises the interrupt with ``_thread.interrupt_main`` instead: it then
  arrives at the caller's next line, the result intact (``puzzles.program`` does;
  it treats ``__del__`` the same way, where Python would print and drop it);
* with any other handler (Python's default one in a script or a notebook) the
  compiled drivers look for Ctrl-C right before they return, which leaves only
  the microseconds of the boxing itself; a call of an array-returning function
  through :func:`call_returning_arrays` turns the SystemError of that window into
  the KeyboardInterrupt it stands for (zalg calls every array-returning kernel so).
"""

from __future__ import annotations

import sys

__all__ = ["must_not_raise", "call_returning_arrays", "left_by_an_interrupt"]

#: ``(module, function)`` of numba's Python-side unpickler that boxing calls
_BOXING = ("numba.core.serialize", "_numba_unpickle")
#: frames a handler looks through for a place where it must not raise
_DEPTH = 32


def _is_boxing(code) -> bool:
    module = sys.modules.get(_BOXING[0])
    unpickle = getattr(module, _BOXING[1], None) if module is not None else None
    return unpickle is not None and code is getattr(unpickle, "__code__", None)


def must_not_raise(frame) -> bool:
    """Whether a SIGINT handler called with ``frame`` (the innermost Python frame)
    must not raise KeyboardInterrupt there: inside numba's boxing of a compiled
    function's array result (the call would fail with SystemError) or inside a
    ``__del__`` (Python prints the exception and drops it).  Such a handler calls
    ``_thread.interrupt_main()`` and returns: the interrupt is raised again at the
    next line outside."""
    depth = 0
    while frame is not None and depth < _DEPTH:
        code = frame.f_code
        if code.co_name == "__del__" or _is_boxing(code):
            return True
        frame = frame.f_back
        depth += 1
    return False


def left_by_an_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` is CPython's SystemError for a compiled call that returned a
    result with a KeyboardInterrupt set (the boxing described above)."""
    if not isinstance(exc, SystemError) or "returned a result with an exception set" \
            not in str(exc):
        return False
    seen = 0
    cause = exc.__cause__
    while cause is not None and seen < _DEPTH:
        if isinstance(cause, KeyboardInterrupt):
            return True
        cause = cause.__cause__
        seen += 1
    return False


def call_returning_arrays(fn, *args):
    """``fn(*args)`` for a compiled function that returns arrays: a Ctrl-C handled
    while numba boxes them is the KeyboardInterrupt it is, not a SystemError (only
    that SystemError is translated; see the module's docstring for why it is the
    only way it arises)."""
    try:
        return fn(*args)
    except SystemError as exc:
        if left_by_an_interrupt(exc):
            raise KeyboardInterrupt from None
        raise
