"""The prototype's entry points: join and grid paths by a backend ("numba", "c", "cython"),
each giving the same zalg Family as zalg's own kernels."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import zalg  # noqa: E402
from zalg.topdown import machine as machine_module  # noqa: E402
from zalg.topdown.output import family_of  # noqa: E402
from zalg.algebra.family import Family  # noqa: E402

BACKENDS = {"c": "aot_c", "cython": "aot_cy"}


def backend(name: str):
    return importlib.import_module(BACKENDS[name])


def join(F, G, name: str):
    """F ⊔ G by the backend's compiled join (numba: zalg's own)."""
    if name == "numba":
        return F * G
    M = F.universe.manager
    status, r = backend(name).join(M.ctx, F._p, G._p)
    M.check(status, "join")
    return Family(F.universe, M.function_owned(r))


def paths(n: int, name: str):
    """The corner-to-corner paths of the n x n grid, the sweep run by the backend."""
    if name == "numba":
        return zalg.grid(n, n).paths((0, 0), (n - 1, n - 1))
    ext = backend(name)
    original = machine_module.Machine.build

    def build(self, universe, levels, progress=None, max_width=None):
        levels = np.ascontiguousarray(levels, dtype=np.int64)
        work = np.zeros(max(int(self.work_size), 1), dtype=np.int64)
        status, lv, hi, lo, root = ext.mate_sweep(self.info, self.consts, self.root, work,
                                                  levels, len(universe))
        universe.manager.check(status, "paths")
        arrays = [np.frombuffer(b, dtype=np.int64).copy() for b in (lv, hi, lo)]
        return family_of(universe, *arrays, root, "paths")

    machine_module.Machine.build = build
    try:
        return zalg.grid(n, n).paths((0, 0), (n - 1, n - 1))
    finally:
        machine_module.Machine.build = original
