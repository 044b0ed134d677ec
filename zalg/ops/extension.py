"""``kernels``: the extension setuptools builds from zalg/ops/*.c and the foundation in
zalg/cudd (setup.py; docs/architecture.md, "Compiled kernels").  Every node-making
kernel runs in it: a tree without its build cannot run, and says how to build it."""
from __future__ import annotations

import importlib

__all__ = ["kernels", "MISSING"]

#: the error's text when an extension of zalg was not built
MISSING = ("zalg: the compiled extension {name} is missing: build it with `pip install -e .` "
           "(a C compiler and Python's headers are needed)")

try:
    kernels = importlib.import_module("zalg.ops._kernels")
except ImportError as exc:  # a source tree without its build
    raise ImportError(MISSING.format(name="zalg.ops._kernels")) from exc
