"""The test run's peak resident memory, whether pytest runs the tests itself or hands
them to pytest-xdist's workers: each process's own peak (``getrusage``), and for a run
with workers the largest sum of the controller's and the workers' resident sizes seen
together, sampled every :data:`EVERY` seconds from /proc (Linux; elsewhere the sum is
not sampled).  The tests' own child processes are not counted: they run with budgets
of their own."""
from __future__ import annotations

import os
import resource
import threading

__all__ = ["own_peak_mib", "Sampler"]

#: seconds between two samples of the run's processes
EVERY = 0.2


def own_peak_mib() -> int:
    """This process's peak resident size so far, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def _resident_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as fh:
            return [int(x) for x in fh.read().split()]
    except (OSError, ValueError):
        return []


class Sampler:
    """A daemon thread that keeps the largest resident size of this process and its
    direct children (xdist's workers) taken together."""

    def __init__(self):
        self.peak_kib = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="run-memory", daemon=True)

    def start(self) -> Sampler:
        if os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"):
            self._thread.start()
        return self

    def _run(self) -> None:
        me = os.getpid()
        while not self._stop.is_set():
            total = _resident_kib(me) + sum(_resident_kib(c) for c in _children(me))
            self.peak_kib = max(self.peak_kib, total)
            self._stop.wait(EVERY)

    def stop(self) -> int:
        """Stop sampling; the largest sum seen, in MiB."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        return self.peak_kib // 1024

