"""Join and grid paths by zalg's numba kernels, the C prototype and the Cython prototype,
each measurement in its own process (the harness), results checked equal:

    python benchmarks/experiments/aot/setup.py   # AOT_ONLY= builds both (see setup.py)
    python benchmarks/experiments/aot/bench_aot.py --rounds 3
"""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ["ZALG_COMPILED"] = "0"  # the "numba" side: zalg's operations on its numba kernels

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmarks/, for harness
import harness  # noqa: E402

import proto  # noqa: E402

SIDES = ("numba", "c", "cython")


def warm() -> None:
    """Every backend once on tiny operands (untimed)."""
    for name in SIDES:
        F, G = operands("random", small=True)
        proto.join(F, G, name)
        proto.paths(3, name)


def operands(workload: str, small: bool = False):
    """(F, G): bench_ops_ab's random workload (20,050 and 205 random sets of 60
    elements), or the 9x9 grid's corner paths with 405 random pairs of its edges."""
    import zalg
    rng = random.Random(1)
    if workload == "random":
        many, few = (50, 5) if small else (20050, 205)
        U = zalg.Universe(range(60))
        return (U.family([rng.sample(range(60), rng.randint(1, 12)) for _ in range(many)]),
                U.family([rng.sample(range(60), rng.randint(1, 3)) for _ in range(few)]))
    P = zalg.grid(9, 9).paths((0, 0), (8, 8))
    edges = list(P.universe.elements)
    return P, P.universe.family([rng.sample(edges, 2) for _ in range(405)])


def join_case(workload: str, name: str) -> dict:
    F, G = operands(workload)
    with harness.measure():
        R = proto.join(F, G, name)
    return {"check": [R.count(), R.node_count()]}


def paths_case(n: int, name: str) -> dict:
    with harness.measure():
        P = proto.paths(n, name)
    return {"check": [P.count(), P.node_count()]}


def tables(args) -> list:
    rows = [harness.Row(f"join {w}", tuple(harness.Case("join_case", (w, s)) for s in SIDES))
            for w in ("random", "paths")]
    rows += [harness.Row(f"paths {n}x{n}", tuple(harness.Case("paths_case", (n, s)) for s in SIDES))
             for n in (8, 9, 10)]
    cols = (harness.field("members", "check", 26, "d", index=0),
            harness.field("nodes", "check", 9, "d", index=1))
    return [harness.Table("numba / C / Cython (ratio: numba over C)", SIDES, rows, cols,
                          name_width=14)]


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables))
