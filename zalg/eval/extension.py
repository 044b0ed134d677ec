"""``kernels``: the extension setuptools builds from zalg/eval/*.c and the foundation in
zalg/cudd (setup.py; docs/architecture.md, "Compiled kernels"): reading a family's
nodes into arrays, exact counts, counts by size, weights, the tilted sampler's tables,
cost bounds and probability.  Required: a tree that was not built raises ImportError
naming the fix (``required``)."""
from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["kernels", "required"]


def required(name: str) -> ModuleType:
    """The compiled extension ``name`` (e.g. ``"zalg.topdown._frontier"``); an
    ImportError that says how to build it when it is missing."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise ImportError(f"zalg: the compiled extension {name} is missing or does not load "
                          f"({exc}); build it with `pip install -e .` in the source tree") \
            from exc


kernels = required("zalg.eval._kernels")
