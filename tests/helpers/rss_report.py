"""A pytest plugin that measures the memory of the test run: after each test, the
process's peak resident size so far (``getrusage``'s ``ru_maxrss``) and its resident
size now (``VmRSS``), so that the tests that raise the peak, and those that leave
memory behind, can be named.

Use: ``python -m pytest -p tests.helpers.rss_report``; the summary at the end gives
the peak and the ten tests that raised it most; ``RSS_REPORT=FILE`` also writes one
tab-separated line per test (test, peak MB, resident MB, seconds since the epoch); with
pytest-xdist each worker writes ``FILE.<worker id>`` (the lines of workers running at the
same time add up to the run's resident size).  CI's budget for the whole
run is 2 GB (tests/conftest.py)."""
from __future__ import annotations

import os
import resource
import time

__all__ = ["resident_bytes", "peak_bytes"]

_rows: list[tuple[str, int, int, float]] = []


def resident_bytes() -> int:
    """The process's resident size now (``VmRSS`` of /proc/self/status; 0 elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def peak_bytes() -> int:
    """The process's peak resident size so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def pytest_runtest_logfinish(nodeid, location) -> None:
    _rows.append((nodeid, peak_bytes(), resident_bytes(), time.time()))


def pytest_terminal_summary(terminalreporter) -> None:
    if not _rows:
        return
    mb = 1 << 20
    raised, before = [], 0
    for nodeid, peak, *_ in _rows:
        raised.append((peak - before, nodeid))
        before = peak
    write = terminalreporter.write_line
    write(f"rss report: peak {_rows[-1][1] / mb:.0f} MB over {len(_rows)} tests, resident "
          f"at the end {_rows[-1][2] / mb:.0f} MB; the tests that raised the peak most:")
    for step, nodeid in sorted(raised, reverse=True)[:10]:
        write(f"  +{step / mb:6.0f} MB  {nodeid}")
    _write(os.environ.get("RSS_REPORT"))


def pytest_sessionfinish(session) -> None:
    """A pytest-xdist worker writes its own lines (the controller has none)."""
    worker = getattr(session.config, "workerinput", None)
    if worker is not None and os.environ.get("RSS_REPORT"):
        _write(f"{os.environ['RSS_REPORT']}.{worker['workerid']}")


def _write(path: str | None) -> None:
    if not path or not _rows:
        return
    mb = 1 << 20
    with open(path, "w", encoding="utf-8") as fh:
        for nodeid, peak, now, when in _rows:
            fh.write(f"{nodeid}\t{peak / mb:.0f}\t{now / mb:.0f}\t{when:.1f}\n")
