"""Memory budgets: parsing sizes such as ``300M`` or ``8G``, and the default budget.

A Universe's budget bounds what CUDD allocates for it plus the tables of the
kernels running on it; going past it raises :class:`zalg.OutOfMemory`.  The
default is the budget a program chose with ``zalg.configure(memory=...)`` or
:func:`set_default_budget` (the ``zalg --memory`` option, a batch worker's share),
else ``ZALG_MEMORY`` when set, else :data:`DEFAULT_SHARE` of the memory the process
may use (the smallest of physical memory, a cgroup limit and the address-space
limit), so that a runaway computation fails with a clean error before the machine
starts swapping or the kernel kills it.
"""

from __future__ import annotations

import ctypes
import os
import re
import resource
from collections.abc import Iterator
from contextlib import contextmanager

from .errors import InputError

__all__ = ["parse_size", "machine_memory", "default_budget", "set_default_budget",
           "default_budget_of", "trim", "resident", "DEFAULT_SHARE", "MIN_BUDGET"]

DEFAULT_SHARE = 0.75
#: The smallest budget accepted: a CUDD manager alone needs a few megabytes.
MIN_BUDGET = 16 << 20
_UNITS = {"": 1, "b": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
_SIZE = re.compile(r"\s*([0-9]{1,15}(?:\.[0-9]{1,6})?)\s*([kKmMgGtT]?)(?:[iI]?[bB])?\s*")


def parse_size(text) -> int:
    """Bytes from an int or a text such as ``300M``, ``8G``, ``1.5GiB``, ``1000000``."""
    if isinstance(text, bool):
        raise ValueError(f"a memory size must be a number of bytes or a text like 300M, got {text!r}")
    if isinstance(text, int):
        value = text
    else:
        m = _SIZE.fullmatch(str(text)) if isinstance(text, str) else None
        if not m:
            shown = str(text)[:40]
            raise ValueError(f"a memory size must look like 300M, 8G or 1000000, got {shown!r}")
        value = int(float(m[1]) * _UNITS[m[2].lower()])
    if value < MIN_BUDGET:
        raise ValueError(f"a memory budget must be at least 16M, got {str(text)[:40]!r}")
    if value >= 1 << 60:
        raise ValueError(f"a memory size must be below 2^60 bytes, got {text!r}")
    return value


def _cgroup_limit() -> int | None:
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            with open(path) as fh:
                text = fh.read().strip()
        except OSError:
            continue
        if text.isdigit() and int(text) < 1 << 60:
            return int(text)
    return None


def machine_memory() -> int:
    """The bytes this process may use: physical memory, capped by cgroup and rlimit."""
    limits = []
    try:
        limits.append(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        pass
    cg = _cgroup_limit()
    if cg:
        limits.append(cg)
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY and soft > 0:
        limits.append(soft)
    return min(limits) if limits else 8 << 30


#: the budget chosen by :func:`set_default_budget` (None: not chosen)
_chosen: int | None = None


def set_default_budget(size: int | str | None) -> int | None:
    """Make ``size`` (bytes, or a text such as ``300M``; see :func:`parse_size`) the
    budget of every universe made from now on in this process without ``memory=``;
    ``None`` returns to ``ZALG_MEMORY`` or the machine's share.  Returns the previous
    choice (None if there was none)."""
    global _chosen
    previous = _chosen
    _chosen = None if size is None else parse_size(size)
    return previous


@contextmanager
def default_budget_of(size: int | str | None) -> Iterator[None]:
    """:func:`set_default_budget` while the block runs, the previous choice after it."""
    previous = set_default_budget(size)
    try:
        yield
    finally:
        set_default_budget(previous)


def default_budget() -> int:
    """The budget chosen by :func:`set_default_budget`, else ``ZALG_MEMORY`` if set, else
    DEFAULT_SHARE of :func:`machine_memory`.  A ``ZALG_MEMORY`` that is no size is an
    :class:`zalg.errors.InputError` (one line)."""
    if _chosen is not None:
        return _chosen
    env = os.environ.get("ZALG_MEMORY", "").strip()
    if env:
        try:
            return parse_size(env)
        except ValueError as exc:
            raise InputError(f"the environment variable ZALG_MEMORY: {exc}") from None
    return int(DEFAULT_SHARE * machine_memory())


def _page_size() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 4096


_PAGE = _page_size()


def resident() -> int | None:
    """The bytes of this process resident in memory now (Linux: ``/proc/self/statm``,
    about 10 µs); None where the system does not say (then budgets count only what
    zalg allocates)."""
    try:
        fd = os.open("/proc/self/statm", os.O_RDONLY)
    except OSError:
        return None
    try:
        fields = os.read(fd, 200).split()
    except OSError:
        return None
    finally:
        os.close(fd)
    return int(fields[1]) * _PAGE if len(fields) > 1 and fields[1].isdigit() else None


def _malloc_trim():
    """glibc's ``malloc_trim`` (None elsewhere: macOS, musl)."""
    try:
        libc = ctypes.CDLL(None)  # the process's own symbols, libc's among them
        function = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    function.argtypes, function.restype = [ctypes.c_size_t], ctypes.c_int
    return function


_TRIM = _malloc_trim()


def trim() -> bool:
    """Return the memory of universes that are gone to the operating system.

    CUDD allocates its nodes in small blocks, and glibc keeps the blocks a dead
    universe freed for later allocations, so the process stays as large as it was
    (10x10 covering path matchings: 630 MB resident after their universe is gone, 181
    MB after a trim).  ``malloc_trim(0)`` gives the free pages back.  True if it ran
    (glibc), False where there is no such call."""
    if _TRIM is None:
        return False
    _TRIM(0)
    return True
