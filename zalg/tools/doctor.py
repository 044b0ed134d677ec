"""What a bug report needs: platform, Python, dd and CUDD, numba, the kernel cache, memory.

``facts()`` returns (label, value) pairs; ``zalg doctor`` prints them.
"""

from __future__ import annotations

import ctypes
import os
import platform
import sys
import tempfile
from importlib import metadata

from .. import __version__
from ..errors import format_bytes
from ..cudd import native
from ..ops import driver
from ..cudd.compiling import HAVE_NUMBA
from ..ops import table
from ..cudd.platform import cudd_module, dd_version
from ..memory import default_budget, machine_memory

__all__ = ["facts", "cudd_version", "cached_operations"]


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def cudd_version() -> str:
    """CUDD's own version line (``Cudd_PrintVersion``), e.g. ``3.0.0``."""
    libc = ctypes.CDLL(None)
    libc.fopen.restype = ctypes.c_void_p
    libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    printer = getattr(native.LIB, "Cudd_PrintVersion", None)
    if printer is None:
        return "unknown"
    printer.argtypes = [ctypes.c_void_p]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "version")
        fp = libc.fopen(path.encode(), b"w")
        if not fp:
            return "unknown"
        printer(fp)
        libc.fclose(fp)
        with open(path, encoding="ascii", errors="replace") as fh:
            words = fh.read().split()
    numbers = [w.strip(",.") for w in words if w[:1].isdigit()]
    return numbers[0] if numbers else "unknown"


def _cache():
    """zalg's kernel cache module (``zalg.cudd.cache``)."""
    from ..cudd import cache  # built on numba's cache: numba is imported for the report only
    return cache


def cached_operations() -> tuple[int, int]:
    """(operations whose compiled driver the cache holds for these sources, operations)."""
    ops = table()
    if not HAVE_NUMBA:
        return 0, len(ops)
    names = _cache().cached_names(driver.loop())
    return sum(any(f"Op({op.key})" in n for n in names) for op in ops), len(ops)


def facts() -> list[tuple[str, str]]:
    """(label, value) pairs describing this installation."""
    rows = [
        ("zalg", f"{__version__} ({os.path.dirname(os.path.abspath(__file__))})"),
        ("platform", f"{platform.system()} {platform.machine()} ({platform.platform()})"),
        ("python", f"{platform.python_implementation()} {platform.python_version()} "
                   f"({sys.executable})"),
        ("dd", f"{dd_version()[3:]} with dd.cudd_zdd ({cudd_module().__file__})"),
        ("CUDD", cudd_version()),
        ("numpy", _version("numpy")),
    ]
    if HAVE_NUMBA:
        rows.append(("numba", f"{_version('numba')} (llvmlite {_version('llvmlite')})"))
        folder = _cache().cache_folder(driver.__file__)
        done, total = cached_operations()
        rows.append(("kernel cache", folder or "none (no writable folder: kernels compile "
                                                "in every process)"))
        rows.append(("warm", f"{'yes' if done == total else 'no'}: {done} of {total} "
                             "operations compiled for these sources (`zalg warmup` compiles "
                             "all)"))
    else:
        reason = ("ZALG_NO_NUMBA is set" if os.environ.get("ZALG_NO_NUMBA")
                  else "numba is not installed")
        rows.append(("numba", f"not used ({reason}): kernels run as plain Python, slowly"))
    try:
        budget = format_bytes(default_budget())
    except ValueError as exc:
        budget = f"invalid ({exc})"
    rows.append(("memory budget", f"{budget} of {format_bytes(machine_memory())} "
                                  "(--memory or ZALG_MEMORY to change)"))
    return rows
