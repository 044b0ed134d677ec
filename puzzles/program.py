"""The ``zalg`` program's entry point, light on purpose.

It imports the command line (and with it zalg, numba and the kernels) only once
it runs, so that a Ctrl-C during that first import (numba may be compiling
kernels for half a minute on a fresh install) also ends with one line and
status 130, like every other interrupt (docs/reliability.md).  So does a Ctrl-C
while the program shuts down (exit callbacks, the teardown of large families):
once the command has returned, SIGINT leaves at once with the same line."""
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
    sys._zalg_program = True  # type: ignore[attr-defined]
    # a Ctrl-C while numba compiles a kernel, also during the imports below: leave at
    # once (the library would hold the interrupt until the compilation ends)
    sys._zalg_on_interrupt = _leave  # type: ignore[attr-defined]
    try:
        from .cli import main
        status = main()
        # the work is done: a Ctrl-C from here on (the interpreter's shutdown runs exit
        # callbacks that would print "Exception ignored in atexit callback") is one line
        signal.signal(signal.SIGINT, _leave_on_signal)
    except KeyboardInterrupt:
        _leave()
    sys.exit(status)
