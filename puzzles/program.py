"""The ``zalg`` program's entry point, light on purpose.

It imports the command line (and with it zalg and numba) only once it runs, so
that a Ctrl-C during that import also ends with one line and status 130, like
every other interrupt (docs/reliability.md); and it tells zalg to call ``_leave``
at once when Ctrl-C arrives while numba compiles a kernel (the library would
hold the interrupt until the compilation ends).  So does a Ctrl-C while the
program shuts down (exit callbacks, the teardown of large families): once the
command has returned, SIGINT leaves at once with the same line."""
from __future__ import annotations

import os
import signal
import sys

__all__ = ["program"]

EXIT_INTERRUPTED = 130


def _leave() -> None:
    """Ctrl-C outside a command's own handling (kernels compiling, the shutdown): one
    line, status 130, at once."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C: the same exit
    except ValueError:  # not the main thread
        pass
    try:
        print("zalg: interrupted", file=sys.stderr)
        sys.stderr.flush()
        sys.stdout.flush()
    except (ValueError, OSError):
        pass
    os._exit(EXIT_INTERRUPTED)


def _leave_on_signal(signum, frame) -> None:
    _leave()


def program() -> None:
    """The console-script entry point (``zalg``) and ``python -m puzzles``."""
    try:
        # imported only now, so that a Ctrl-C during these imports ends with one line
        import zalg
        zalg.on_interrupt_while_compiling(_leave)
        from .cli import main  # (with it numba and the genres: as above)
    except KeyboardInterrupt:
        _leave()
    except ImportError as exc:  # zalg cannot work here (no CUDD in dd): one line
        print(f"zalg: error: {exc}", file=sys.stderr)
        sys.exit(2)
    try:
        status = main(program=True)
    except KeyboardInterrupt:  # between the command's end and its report
        _leave()
    # the work is done: a Ctrl-C from here on (the interpreter's shutdown runs exit
    # callbacks that would print "Exception ignored in atexit callback") is one line
    signal.signal(signal.SIGINT, _leave_on_signal)
    sys.exit(status)
