"""Running a child process and interrupting it as a terminal would."""
from __future__ import annotations

import signal
import subprocess
import time

from .paths import ROOT

__all__ = ["interrupt_after"]


def interrupt_after(cmd: list[str], seconds: float, ready: str | None = None, env=None,
                    wait: float = 60):
    """Start cmd, send SIGINT after ``seconds`` (once ``ready`` is printed), return
    (returncode, stdout, stderr, seconds from the signal to the exit); the child gets
    ``wait`` seconds to end after the signal."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                         env=env)
    if ready is not None:
        assert p.stdout.readline().strip() == ready
    time.sleep(seconds)
    t = time.perf_counter()
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=wait)
    except subprocess.TimeoutExpired:
        p.kill()  # never leave a runaway child behind
        p.communicate()
        raise
    return p.returncode, out, err, time.perf_counter() - t
