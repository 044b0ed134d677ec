"""numba for frontier machines written in Python (the optional extra ``zalg[jit]``).

A machine's ``step`` / ``final`` / ``takes`` compile, the first time a machine using
them runs, to C callbacks of a fixed signature over raw pointers (``c_callback``),
whose addresses the compiled driver (``frontier.c``) calls like a built-in machine's.
Helpers they call are wrapped by ``compiled`` and compile inlined into their
callers; ``at`` and ``offset`` are pointer arithmetic for them (``pointers``).

Nothing here compiles at import, and numba is imported only when a Python machine
first runs.  Without numba (not installed, failing to import, or ``ZALG_NO_NUMBA=1``)
``numba_ready()`` is False and Python machines run on the plain-Python driver
(``driver.py``).  No built-in path comes here: the built-in machines and kernels are
compiled ahead of time.  Callbacks are not cached on disk: a process compiles the
machines it runs (about a second each), so an edited step or helper is never served
from an older build.
"""

from __future__ import annotations

import os

import numpy as np

__all__ = ["Deferred", "numba_ready", "c_callback"]

_READY: list = []  # [whether numba loaded], once it was tried


class Deferred:
    """A helper of machine functions: plain Python when Python calls it, and inside
    compiled machine code the numba object ``make()`` returns (made at the first
    compilation that meets it: numba types a ``Deferred`` as that object)."""

    def __init__(self, plain, make) -> None:
        self.py_func, self._make, self._real = plain, make, None
        for name in ("__name__", "__qualname__", "__module__", "__doc__"):
            setattr(self, name, getattr(plain, name, None))

    def real(self):
        """The numba object (numba is loaded first)."""
        if self._real is None:
            if not numba_ready():
                raise ImportError("zalg: compiling a machine needs numba "
                                  "(pip install 'zalg[jit]')")
            self._real = self._make()
        return self._real

    def __call__(self, *args):
        return self.py_func(*args)

    def __repr__(self) -> str:
        return f"<machine helper {self.__qualname__}>"


def numba_ready() -> bool:
    """Whether numba is usable for Python machines (imported at the first call)."""
    if not _READY:
        _READY.append(False)
        if os.environ.get("ZALG_NO_NUMBA", "") not in ("1", "true", "yes"):
            try:
                from numba.extending import typeof_impl
            except ImportError:  # not installed, or blocked: the plain-Python driver
                return False

            @typeof_impl.register(Deferred)
            def _typeof_deferred(value, context):
                return typeof_impl(value.real(), context)
            _READY[0] = True
    return _READY[0]


def c_callback(fn, kind: str, state):
    """``fn`` compiled as a machine function of ``kind`` (step, final
    or takes: ``functions.KINDS``) over states of numpy type ``state``: a C callback
    over raw pointers (a call passes six words and counts no references); its
    ``address`` is what the driver calls, valid while the callback is kept."""
    from numba import cfunc, types
    from numba.np.numpy_support import from_dtype
    s = types.CPointer(from_dtype(np.dtype(state)))
    r = types.CPointer(types.int64)
    signature = {"step": types.int64(s, s, types.int64, r, r, r),
                 "final": types.int64(s, r, r),
                 "takes": types.int64(s, r, r, r)}[kind]
    return cfunc(signature)(fn)
