"""Running a child process and interrupting it as a terminal would."""
from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

from .paths import ROOT

__all__ = ["interrupt_after", "interrupt_inside", "as_from_a_terminal", "run_python",
           "without_progress", "machine_slowdown", "prompt", "run_measured", "Measured",
           "first_line", "cpu_seconds", "silences", "Silence"]


def as_from_a_terminal() -> None:
    """In the child before it runs: Ctrl-C does what it does in a terminal.

    A test run started in the background of a non-interactive shell has SIGINT
    ignored, and children inherit that; a child that ignores SIGINT cannot show
    how the program answers Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_python(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """``python -c code`` from the project's root, Ctrl-C as in a terminal."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, preexec_fn=as_from_a_terminal)


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
    where other jobs share the cores (a suite run beside other work)."""
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
#: waiting (``stage: running for 10 s``) or ending (``stage: done in 7 s``)
PROGRESS_LINE = re.compile(r".+( \.\.\.|: \d+(/\d+)?( s)?(, .+)?|: running for \d+ s|: done in \d+ s)")


def without_progress(stderr: str) -> list[str]:
    """The lines of ``stderr`` that are not progress lines (what a program says besides
    how far it got), in order."""
    return [line for line in stderr.strip().splitlines()
            if not PROGRESS_LINE.fullmatch(line) or line.startswith("zalg: ")]


@dataclass
class Measured:
    """How a child process ended, and what it used (``os.wait4``'s resource usage)."""
    status: int        # exit status (-N: killed by signal N)
    stdout: str
    stderr: str
    peak: int          # peak resident memory in bytes (``ru_maxrss``)
    cpu: float         # user + system CPU seconds


#: runs argv[2:] as its child and writes that child's ``ru_maxrss`` (KB) and CPU seconds
#: on the file descriptor argv[1].  Linux starts a process's ``ru_maxrss`` at the size
#: of the process it was forked from, so a child forked straight from a test run of
#: 2-3 GB reports 2-3 GB whatever it used; forked from this small launcher, it reports
#: its own peak.
_LAUNCHER = """
import os, signal, sys
report = int(sys.argv[1])
pid = os.fork()
if pid == 0:
    os.close(report)
    os.execvp(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
os.write(report, f"{usage.ru_maxrss} {usage.ru_utime + usage.ru_stime}".encode())
code = os.waitstatus_to_exitcode(status)
if code < 0:
    signal.signal(-code, signal.SIG_DFL)
    os.kill(os.getpid(), -code)
os._exit(code)
"""


def run_measured(cmd: list[str], timeout: float, env=None) -> Measured:
    """Run cmd to its end (killed after ``timeout`` seconds: then status -9) and measure
    its own peak resident memory and CPU time (``os.wait4`` in a small launcher, see
    ``_LAUNCHER``; not the whole test run's as ``RUSAGE_CHILDREN`` would give)."""
    report_r, report_w = os.pipe()
    p = subprocess.Popen([sys.executable, "-c", _LAUNCHER, str(report_w), *cmd],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env,
                         start_new_session=True, pass_fds=(report_w,))
    os.close(report_w)
    texts: dict[str, bytes] = {}
    readers = [threading.Thread(target=lambda n, f: texts.__setitem__(n, f.read()), args=(n, f))
               for n, f in (("out", p.stdout), ("err", p.stderr))]
    for r in readers:
        r.start()
    # never leave a runaway child behind: the launcher and the command are one group
    timer = threading.Timer(timeout, os.killpg, args=(p.pid, signal.SIGKILL))
    timer.start()
    try:
        _, status, usage = os.wait4(p.pid, 0)
    finally:
        timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait
    with os.fdopen(report_r, "rb") as fh:
        report = fh.read().split()
    for r in readers:
        r.join()
    p.stdout.close()
    p.stderr.close()
    peak, cpu = ((int(report[0]), float(report[1])) if report
                 else (usage.ru_maxrss, usage.ru_utime + usage.ru_stime))  # killed
    return Measured(p.returncode, texts["out"].decode(errors="replace"),
                    texts["err"].decode(errors="replace"), peak * 1024, cpu)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a running process has used (``/proc/PID/stat``)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_line(cmd: list[str], cpu_limit: float, wall_limit: float) -> tuple[str | None, float, int | None]:
    """Start cmd and wait for the first line on its stderr, then kill it: (the line, the
    CPU seconds the child had used when it came, its exit status if it ended by itself).
    The line is None when the child used ``cpu_limit`` CPU seconds first (or
    ``wall_limit`` seconds went by: a machine too loaded to tell).  CPU time, not the
    clock: a loaded machine delays the child, not the work it does before it speaks."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    start, buffer, cpu, status = time.monotonic(), b"", 0.0, None
    os.set_blocking(p.stderr.fileno(), False)
    try:
        while time.monotonic() - start < wall_limit:
            ready, _, _ = select.select([p.stderr], [], [], 0.02)
            ended = p.poll() is not None
            if not ended:
                cpu = cpu_seconds(p.pid)
            if ready:
                buffer += p.stderr.read() or b""
            for end in (b"\n", b"\r"):
                if end in buffer:
                    line = buffer.split(end)[0].decode(errors="replace")
                    if line.startswith("zalg:"):  # an error: the program ends at once
                        try:
                            p.wait(timeout=10)
                        except subprocess.TimeoutExpired:
                            pass
                    return line, cpu, p.poll()
            if ended:
                return (buffer.decode(errors="replace") or None), cpu, p.returncode
            if cpu > cpu_limit:
                return None, cpu, None
        return None, cpu, None
    finally:
        if p.poll() is None:
            p.kill()
        p.wait()
        p.stderr.close()


@dataclass
class Silence:
    """The longest silence of a run on stderr, in the child's CPU seconds."""
    longest: float     # CPU seconds between two lines (the start and the end count as lines)
    before: str        # the line the longest silence followed ("" for the start)
    lines: int         # lines on stderr
    status: int | None  # exit status; None when it was ended at the CPU cap
    cpu: float         # CPU seconds used in all


def silences(cmd: list[str], cpu_cap: float, env=None, wall_cap: float = 3600) -> Silence:
    """Run cmd to its end, or kill it once it has used ``cpu_cap`` CPU seconds (or
    ``wall_cap`` seconds went by), and measure the longest silence between the lines
    it writes on stderr in its own CPU time (``/proc/PID/stat``, every thread), the
    time from its start to its first line and from its last line to its end included.
    CPU time, not the clock: a loaded machine stretches the wall time between lines,
    not the work done between them."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT,
                         env=env)
    os.set_blocking(p.stderr.fileno(), False)
    start, buffer, cpu, last, longest, before, previous, lines = \
        time.monotonic(), b"", 0.0, 0.0, 0.0, "", "", 0
    try:
        while p.poll() is None and cpu < cpu_cap and time.monotonic() - start < wall_cap:
            ready, _, _ = select.select([p.stderr], [], [], 0.05)
            try:
                cpu = cpu_seconds(p.pid)
            except (OSError, IndexError):  # it ended meanwhile
                break
            if ready:
                buffer += p.stderr.read() or b""
            *complete, buffer = re.split(b"[\r\n]", buffer)
            for line in complete:
                if cpu - last > longest:
                    longest, before = cpu - last, previous
                last, previous, lines = cpu, line.decode(errors="replace"), lines + 1
    finally:
        if p.poll() is None:
            p.kill()
        p.wait()
        p.stderr.close()
    if cpu - last > longest:
        longest, before = cpu - last, previous
    status = p.returncode if cpu < cpu_cap else None
    return Silence(longest, before, lines, status, cpu)


def interrupt_inside(setup: str, operation: str, after: str, seconds: float, env=None):
    """Run ``setup`` (Python source) in a child, then the expression ``operation`` with
    SIGINT sent ``seconds`` into it; the child catches the KeyboardInterrupt, then
    prints the expression ``after``.  Returns (returncode, what the child said:
    "interrupted" or not, seconds from the signal to the operation's end on the shared
    monotonic clock, what ``after`` printed, stderr)."""
    code = (f"import time\n{setup}\nprint('ready', flush=True)\n"
            f"try:\n    {operation}\nexcept KeyboardInterrupt:\n"
            f"    print('interrupted', time.perf_counter(), flush=True)\n"
            f"print({after})\n")
    rc, out, err, _, sent = interrupt_after([sys.executable, "-c", code], seconds, ready="ready",
                                            env=env)
    said, caught, printed = out.split()
    return rc, said, float(caught) - sent, printed, err
