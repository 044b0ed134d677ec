"""The compiled kernels' foundation, the only code below dd's public API in C.

``compiled`` is the extension setuptools builds from this folder's C sources (setup.py;
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
