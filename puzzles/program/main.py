"""The ``zalg`` program's entry point, light on purpose: the process's standard streams,
its Ctrl-C and its exit (docs/reliability.md).

* Standard streams: a descriptor 0, 1 or 2 that the process was started without is
  opened on the null device, so that no file the program opens later lands there; a
  closed standard input reads as closed (``-`` says so), a closed standard output
  fails at the first write like a full one (one line, status 2), and a closed
  standard error swallows the notes.
* Ctrl-C ends the run with one line, ``zalg: interrupted``, and status 130 at every
  moment from :func:`program`'s first line on (before it, while the interpreter
  starts and imports this module, a Ctrl-C is Python's own KeyboardInterrupt): while
  the command line is imported (zalg and the genres are imported only here; library
  code imported meanwhile may swallow a KeyboardInterrupt, so the program leaves at
  once), inside the compiled kernels (they notice it at their pauses), in ``__del__``
  (where Python would print "Exception ignored" and drop it: it is raised again 5 ms
  later), and after the command is done, up to the exit (once the exit has begun a
  Ctrl-C is not raised, and the exit ends within :data:`GRACE` seconds); from the first
  Ctrl-C on, what finalizers raise while the command unwinds is not printed
  (``_quiet``).  Should the KeyboardInterrupt be lost anyway, the program leaves on its
  own within :data:`GRACE` seconds.  An inherited "ignore SIGINT" (``nohup``,
  ``cmd &``) is kept throughout: no handler is installed, neither here nor while a
  batch's pool starts or shuts down.
* The exit: ``os._exit`` with the command's status once standard output and error
  are flushed, so no interpreter teardown (no window where Ctrl-C kills silently, no
  CUDD "nodes referenced" message).
"""
from __future__ import annotations

import _thread
import errno
import io
import os
import signal
import sys
import threading
import time

__all__ = ["program", "claim_standard_streams", "EXIT_INTERRUPTED", "GRACE"]

EXIT_USAGE, EXIT_INTERRUPTED = 2, 130
#: seconds after a Ctrl-C within which the program has ended, one way or the other
GRACE = 2.0


def _say(line: str) -> None:
    """One line on standard error, if it can be written at all."""
    try:
        if sys.stderr is not None:
            print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _flush(stream) -> None:
    try:
        if stream is not None:
            stream.flush()
    except (OSError, ValueError):
        pass


#: held by the thread that ends the process (the main thread's exit, or a Ctrl-C's
#: watchdog); reentrant, so that a Ctrl-C during the main thread's exit still leaves at once
_ENDING = threading.RLock()

#: set once the process is ending (``_end`` or ``_leave``): a Ctrl-C from then on is not
#: raised (it would cut the exit short with a traceback); the exit is under way already
_EXITING = threading.Event()


#: seconds the exit waits for multiprocessing's semaphores to be released
RELEASE_WAIT = 0.5


def _release_semaphores() -> None:
    """Unlink the named semaphores of multiprocessing that this process still holds (a
    batch's pool whose shutdown a Ctrl-C cut short), as their finalizers would at a
    normal exit; ``os._exit`` skips those, and multiprocessing's resource tracker would
    then print "leaked semaphore objects" warnings.  From a helper thread, waited for at
    most :data:`RELEASE_WAIT` seconds: unregistering takes the resource tracker's lock,
    which another thread may hold."""
    util = sys.modules.get("multiprocessing.util")
    synchronize = sys.modules.get("multiprocessing.synchronize")
    if util is None or synchronize is None:
        return  # no pool was made

    held = [finalizer for finalizer in list(util._finalizer_registry.values())
            if getattr(finalizer, "_callback", None) is synchronize.SemLock._cleanup]
    if not held:
        return

    def release() -> None:
        for finalizer in held:
            try:
                finalizer()
            except OSError:  # unlinked already
                pass

    helper = threading.Thread(target=release, name="zalg-release", daemon=True)
    helper.start()
    deadline = time.monotonic() + RELEASE_WAIT
    while helper.is_alive() and time.monotonic() < deadline:
        try:
            helper.join(max(deadline - time.monotonic(), 0))
        except KeyboardInterrupt:  # another Ctrl-C: the process is ending already
            pass


def _leave() -> None:
    """Ctrl-C: one line, status 130, at once (whatever the main thread is doing)."""
    _EXITING.set()
    if not _ENDING.acquire(blocking=False):
        return  # the process is ending already
    _say("zalg: interrupted")
    _flush(sys.stdout)
    _release_semaphores()
    os._exit(EXIT_INTERRUPTED)


class _ClosedOutput(io.RawIOBase):
    """Standard output the process was started without: every write fails (EBADF)."""

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def claim_standard_streams() -> None:
    """Open the null device on each of the descriptors 0, 1, 2 that is closed, and give
    ``sys`` streams to match (see the module's docstring)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        null = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
        if fd == 0:
            sys.stdin = None  # "-" reports that standard input is closed
        elif fd == 1:
            sys.stdout = io.TextIOWrapper(io.BufferedWriter(_ClosedOutput()), encoding="utf-8")
        else:
            sys.stderr = open(fd, "w", encoding="utf-8", errors="backslashreplace", closefd=False)


class _Interrupts:
    """The program's SIGINT handler (installed unless SIGINT is ignored)."""

    def __init__(self) -> None:
        self.started = False  # the command line is imported: unwinding is safe from now on
        self.watchdog: threading.Timer | None = None
        self.exit_watchdog: threading.Timer | None = None

    def install(self) -> None:
        # an inherited "ignore" (nohup, a background job) is the starter's choice: kept
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, self.handle)

    def handle(self, signum, frame) -> None:
        if _EXITING.is_set():  # the exit is under way: not raised, it would cut it short
            if self.exit_watchdog is None:  # (an exit stuck on a full pipe still ends)
                self.exit_watchdog = threading.Timer(GRACE, os._exit, args=(EXIT_INTERRUPTED,))
                self.exit_watchdog.daemon = True
                self.exit_watchdog.start()
            return
        if not self.started:
            _leave()
        if self.watchdog is None:
            self.watchdog = threading.Timer(GRACE, _leave)
            self.watchdog.daemon = True
            self.watchdog.start()
            sys.unraisablehook = _quiet  # the run is ending with its one line
        if _in_finalizer(frame):
            _raise_later(signum)
            return
        raise KeyboardInterrupt


#: how many frames outward from the handler's a ``__del__`` is looked for
FINALIZER_DEPTH = 32


def _in_finalizer(frame) -> bool:
    """Whether ``frame`` (the innermost Python frame when SIGINT arrived) runs inside a
    ``__del__``, within :data:`FINALIZER_DEPTH` frames: a KeyboardInterrupt raised there
    would be printed as "Exception ignored" and dropped."""
    depth = 0
    while frame is not None and depth < FINALIZER_DEPTH:
        if frame.f_code.co_name == "__del__":
            return True
        frame, depth = frame.f_back, depth + 1
    return False


def _quiet(unraisable) -> None:
    """``sys.unraisablehook`` once Ctrl-C arrived: what a finalizer raises while the
    interrupted command unwinds (dd's "Still N nodes referenced upon shutdown" when a
    universe is dropped in the middle of a kernel's work) is not printed; the run ends
    with its one line."""


#: seconds after which an interrupt that could not be raised where it arrived is sent again
RETRY = 0.005


def _raise_later(signum: int) -> None:
    """Send ``signum`` to the main thread again in :data:`RETRY` seconds, from a helper
    thread: for a Ctrl-C that arrived inside ``__del__`` (Python would print it as
    "Exception ignored" and drop it).  Not
    ``_thread.interrupt_main`` from the handler itself: CPython looks for signals
    again right after that call returns, still inside the handler, and the nested
    handler would raise there after all."""
    again = threading.Timer(RETRY, _thread.interrupt_main, args=(signum,))
    again.daemon = True
    again.start()


def _end(status: int) -> None:
    """Flush and leave with ``status`` (an unwritable standard output: one line, 2)."""
    _EXITING.set()  # first: from here a Ctrl-C is not raised
    _ENDING.acquire()  # (a Ctrl-C's watchdog leaving meanwhile: it ends the process)
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        status = status or 141
    except (OSError, ValueError) as exc:
        if status == 0:
            status = EXIT_USAGE
            _say(f"zalg: error: cannot write standard output: "
                 f"{getattr(exc, 'strerror', None) or exc}")
    _flush(sys.stderr)
    _release_semaphores()
    os._exit(status)


def program() -> None:
    """The console-script entry point (``zalg``) and ``python -m puzzles``."""
    try:  # from the first line: a Ctrl-C before the handler is installed is one line too
        interrupts = _Interrupts()
        interrupts.install()
        claim_standard_streams()
        # imported only now (with it zalg and the genres), so that a Ctrl-C during these
        # imports ends with one line
        from .cli import main
    except KeyboardInterrupt:
        _leave()
    except ImportError as exc:  # zalg cannot work here (no CUDD in dd, or not built): one line
        _say(f"zalg: error: {exc}")
        _end(EXIT_USAGE)
    interrupts.started = True
    try:
        status = main()
    except KeyboardInterrupt:  # a second Ctrl-C while the first was reported
        _leave()
    while True:
        try:
            _end(status)
        except KeyboardInterrupt:  # arrived between main's return and _end's first line
            continue
