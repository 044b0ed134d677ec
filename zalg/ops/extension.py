"""``kernels``: the extension setuptools builds from zalg/ops/*.c and the foundation in
zalg/cudd (setup.py; docs/architecture.md, "Compiled kernels"), or None when this tree
was not built or ``ZALG_COMPILED=0`` is set (the numba kernels then run every
operation)."""
from __future__ import annotations

import importlib
import os

__all__ = ["kernels"]

try:
    kernels = importlib.import_module("zalg.ops._kernels")
except ImportError:  # a source tree without its build
    kernels = None
if os.environ.get("ZALG_COMPILED") == "0":  # every operation on the numba kernels
    kernels = None
