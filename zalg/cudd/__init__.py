"""The only code below dd's public API: CUDD's manager, nodes, references, computed
table, memory budget and Ctrl-C, as the kernels reach them.

``platform`` (finding dd's CUDD), ``native`` (routine addresses, layout checks, the
termination callback), ``nodes`` (the ``env`` array, node access, node creation,
references, pauses), ``memo`` (zalg's own memo tables), ``interrupts`` (Ctrl-C around
compiled calls), ``compiling`` and ``cache`` (numba's kernels).

``compiled`` is the extension setuptools builds from the C sources (setup.py;
docs/architecture.md, "Compiled kernels"), or None when this tree was not built or
``ZALG_COMPILED=0`` is set (the numba kernels then run every operation).
"""
from __future__ import annotations

import os

__all__ = ["compiled"]

try:
    from . import compiled
except ImportError:  # a source tree without its build
    compiled = None
if os.environ.get("ZALG_COMPILED") == "0":  # every operation on the numba kernels
    compiled = None
