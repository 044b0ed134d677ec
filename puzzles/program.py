"""The ``zalg`` program's entry point, light on purpose.

It imports the command line (and with it zalg, numba and the kernels) only once
it runs, so that a Ctrl-C during that first import (numba may be compiling
kernels for half a minute on a fresh install) also ends with one line and
status 130, like every other interrupt (docs/reliability.md)."""
from __future__ import annotations

import os
import sys

__all__ = ["program"]

EXIT_INTERRUPTED = 130


def _leave() -> None:
    """Ctrl-C while kernels compile: one line, status 130, at once."""
    try:
        print("zalg: interrupted", file=sys.stderr)
        sys.stderr.flush()
        sys.stdout.flush()
    except (ValueError, OSError):
        pass
    os._exit(EXIT_INTERRUPTED)


def program() -> None:
    """The console-script entry point (``zalg``) and ``python -m puzzles``."""
    # a Ctrl-C while numba compiles a kernel, also during the imports below: leave at
    # once (the library would hold the interrupt until the compilation ends)
    sys._zalg_on_interrupt = _leave  # type: ignore[attr-defined]
    try:
        from .cli import main
    except KeyboardInterrupt:
        _leave()
    sys.exit(main(program=True))
