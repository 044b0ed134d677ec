"""The ``zalg`` program's entry point, light on purpose.

It imports the command line (and with it zalg and numba) only once it runs, so
that a Ctrl-C during that import also ends with one line and status 130, like
every other interrupt (docs/reliability.md); and it tells zalg to call ``_leave``
at once when Ctrl-C arrives while numba compiles a kernel (the library would
hold the interrupt until the compilation ends)."""
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
    sys.exit(main(program=True))
