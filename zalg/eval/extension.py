"""``kernels``: the extension setuptools builds from zalg/eval/*.c and the foundation in
zalg/cudd (setup.py; docs/architecture.md, "Compiled kernels"): reading a family's
nodes into arrays, exact counts, counts by size, weights, the tilted sampler's tables,
cost bounds and probability.  None when this tree was not built or
``ZALG_COMPILED=0`` is set (the numba kernels then run them)."""
from __future__ import annotations

import importlib
import os

__all__ = ["kernels"]

try:
    kernels = importlib.import_module("zalg.eval._kernels")
except ImportError:  # a source tree without its build
    kernels = None
if os.environ.get("ZALG_COMPILED") == "0":  # every evaluation on the numba kernels
    kernels = None
