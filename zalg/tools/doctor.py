"""What a bug report needs: platform, Python, dd and CUDD, how the compiled extensions were
built, whether the ``jit`` extra is installed, the memory budget, and a self-check.

``facts()`` returns (label, value) pairs; ``zalg doctor`` prints them.  The self-check
runs small cases through each extension (the algebra's operations, exact counts, the
frontier driver) and compares them with answers known by hand, so that it shows whether
an installation works.
"""

from __future__ import annotations

import ctypes
import importlib
import math
import os
import platform
import sys
import tempfile
from importlib import metadata

from .. import Universe, __version__, grid
from ..errors import format_bytes
from ..cudd import native
from ..cudd.platform import cudd_module, dd_version
from ..memory import default_budget, machine_memory

__all__ = ["facts", "cudd_version", "extension_facts", "self_check", "CHECKS", "EXTENSIONS",
           "PASSED"]


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


#: the compiled extensions of zalg (setup.py builds one per layer with C code)
EXTENSIONS = ("zalg.ops._kernels", "zalg.eval._kernels", "zalg.topdown._frontier")
#: ADDR's entries that are Python's own routines, not CUDD's
_PYTHON_ROUTINES = {"checksignals", "clearerror", "savethread", "restorethread"}


def extension_facts(name: str) -> str:
    """How extension ``name`` was built (compiler, flags, file), or that it is missing."""
    try:
        module = importlib.import_module(name)
    except ImportError:
        return ("not built (`pip install -e .` builds it: a C compiler and Python's "
                "headers are needed)")
    return (f"built by {getattr(module, 'COMPILER', 'an unknown compiler')} with "
            f"{getattr(module, 'CFLAGS', 'unknown flags')} ({module.__file__})")


def _hitting_sets() -> int:
    # the minimal hitting sets of {ab, bc, d}: {b, d} and {a, c, d}
    U = Universe("abcd")
    return U.parse("a*b + b*c + d").hitting().minimal().count()


#: (what, how, the answer known by hand): each extension's work on a small case
CHECKS = (
    ("minimal hitting sets", _hitting_sets, 2),
    ("an exact count past 64 bits", lambda: Universe(range(100)).exactly(50).count(),
     math.comb(100, 50)),
    ("grid paths 4x4", lambda: grid(4, 4).paths((0, 0), (3, 3)).count(), 184),  # OEIS A007764
)
#: the self-check's value when every case gives its answer
PASSED = f"passed ({', '.join(what for what, _, _ in CHECKS)})"


def self_check() -> str:
    """:data:`PASSED` when every case of :data:`CHECKS` gives its answer, else ``FAILED:``
    and what each failing case gave."""
    failed = []
    for what, run, answer in CHECKS:
        try:
            got = run()
        except Exception as exc:  # an installation that cannot run it: said, not raised
            failed.append(f"{what}: {type(exc).__name__}: {exc}")
            continue
        if got != answer:
            failed.append(f"{what}: {got} instead of {answer}")
    return PASSED if not failed else "FAILED: " + "; ".join(failed)


def _jit_extra() -> str:
    numba = _version("numba")
    if numba == "not installed":
        return ("not installed (pip install 'zalg[jit]' compiles user-written frontier "
                "machines; without it they run as plain Python)")
    return f"installed (numba {numba}: user-written frontier machines compile)"


def facts() -> list[tuple[str, str]]:
    """(label, value) pairs describing this installation."""
    rows = [
        ("zalg", f"{__version__} ({os.path.dirname(os.path.dirname(os.path.abspath(__file__)))})"),
        ("platform", f"{platform.system()} {platform.machine()} ({platform.platform()})"),
        ("python", f"{platform.python_implementation()} {platform.python_version()} "
                   f"({sys.executable})"),
        ("dd", f"{dd_version()[3:]} with dd.cudd_zdd ({cudd_module().__file__})"),
        ("CUDD", cudd_version()),
        ("numpy", _version("numpy")),
    ]
    for name in EXTENSIONS:
        rows.append((name, extension_facts(name)))
    cudd = sorted(set(native.ADDR) - _PYTHON_ROUTINES)
    rows.append(("CUDD routines", f"{len(cudd)} found in dd.cudd_zdd, node layout checked"))
    rows.append(("jit extra", _jit_extra()))
    try:
        budget = format_bytes(default_budget())
    except ValueError as exc:
        budget = f"invalid ({exc})"
    rows.append(("memory budget", f"{budget} of {format_bytes(machine_memory())} "
                                  "(--memory or ZALG_MEMORY to change)"))
    rows.append(("self-check", self_check()))
    return rows
