"""Running a child process and interrupting it as a terminal would."""
from __future__ import annotations

import re
import signal
import subprocess
import time

from .paths import ROOT

__all__ = ["interrupt_after", "as_from_a_terminal", "without_progress", "machine_slowdown",
           "prompt"]


def as_from_a_terminal() -> None:
    """In the child before it runs: Ctrl-C does what it does in a terminal.

    A test run started in the background of a non-interactive shell has SIGINT
    ignored, and children inherit that; a child that ignores SIGINT cannot show
    how the program answers Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def machine_slowdown(cpu_seconds: float = 0.1) -> float:
    """How many times its CPU time a short busy loop takes in wall time now (at least 1):
    about 1 on a quiet machine, about (runnable jobs / cores) on a loaded one."""
    wall, cpu = time.perf_counter(), time.process_time()
    while time.process_time() - cpu < cpu_seconds:
        pass
    return max(1.0, (time.perf_counter() - wall) / (time.process_time() - cpu))


def prompt(seconds: float, limit: float = 2.0) -> bool:
    """Whether ``seconds`` of wall time meet a promise of ``limit`` seconds on a quiet
    machine: the limit as it is there, stretched by :func:`machine_slowdown` measured now
    where other jobs share the cores (a suite run beside other work; issue 32.7)."""
    return seconds < limit or seconds < limit * machine_slowdown()


def interrupt_after(cmd: list[str], seconds: float, ready: str | None = None, env=None,
                    wait: float = 60, started: str | None = None):
    """Start cmd, send SIGINT after ``seconds`` (once ``ready`` is printed on stdout, or
    once a line on stderr starts with ``started``: the clock starts when the child is at
    work, however slowly a loaded machine got it there), return (returncode, stdout,
    stderr, seconds from the signal to the exit, the moment of the signal on
    ``time.perf_counter``'s clock, which is the system's monotonic clock and so the same
    in the child); the child gets ``wait`` seconds to end after the signal."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                         env=env, preexec_fn=as_from_a_terminal)
    if ready is not None:
        assert p.stdout.readline().strip() == ready
    before = ""
    while started is not None:
        line = p.stderr.readline()
        before += line
        if not line or line.startswith(started):
            assert line, f"the child ended before a line starting {started!r}: {before!r}"
            break
    time.sleep(seconds)
    t = time.perf_counter()
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=wait)
    except subprocess.TimeoutExpired:
        p.kill()  # never leave a runaway child behind
        p.communicate()
        raise
    return p.returncode, out, before + err, time.perf_counter() - t, t


#: a plain progress line of ``zalg.progress`` (stderr not a terminal): a stage starting
#: (``stage ...``, ``stage: 0/12 ...``), advancing (``stage: 3/12, detail``, ``stage: 4 s``)
#: or ending (``stage: done in 7 s``)
PROGRESS_LINE = re.compile(r".+( \.\.\.|: \d+(/\d+)?( s)?(, .+)?|: done in \d+ s)")


def without_progress(stderr: str) -> list[str]:
    """The lines of ``stderr`` that are not progress lines (what a program says besides
    how far it got), in order."""
    return [line for line in stderr.strip().splitlines()
            if not PROGRESS_LINE.fullmatch(line) or line.startswith("zalg: ")]
