"""Where a SIGINT handler must not raise KeyboardInterrupt: inside a ``__del__``.

Python prints an exception raised in a finalizer ("Exception ignored in ...") and drops
it, so a Ctrl-C handled there would be lost.  A program's own SIGINT handler asks
:func:`must_not_raise` and there re-raises the interrupt with ``_thread.interrupt_main``
instead: it then arrives at the caller's next line.  The compiled kernels notice Ctrl-C
at their pauses and return INTERRUPTED; no Python code runs on their way out.
"""

from __future__ import annotations

__all__ = ["must_not_raise"]

#: frames a handler looks through for a place where it must not raise
_DEPTH = 32


def must_not_raise(frame) -> bool:
    """Whether a SIGINT handler called with ``frame`` (the innermost Python frame) must
    not raise KeyboardInterrupt there: inside a ``__del__`` within :data:`_DEPTH` frames.
    Such a handler calls ``_thread.interrupt_main()`` and returns: the interrupt is raised
    again at the next line outside."""
    depth = 0
    while frame is not None and depth < _DEPTH:
        if frame.f_code.co_name == "__del__":
            return True
        frame = frame.f_back
        depth += 1
    return False
