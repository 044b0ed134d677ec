"""Numberlink good instances by ``method="restricted"``, step by step.

The steps of ``good_instances(rows, cols, max_pairs, method="restricted")`` run one
after the other in this process, each with its CPU seconds, the nodes of what it
built and the process's peak resident memory so far (where the time and the memory
of the route go):

    R_cover, U = ∃!E. R_cover, R, the cylinder U ⊔ 2^E, R_U = R ∩ (U ⊔ 2^E),
    good = ∃!E. R_U with witnesses in R_cover

Set the budget with ZALG_MEMORY (zalg's clean OutOfMemory); progress of the relations
on stderr.

    ZALG_MEMORY=9G python -m benchmarks.experiments.numberlink_steps ROWS COLS MAX_PAIRS
"""

from __future__ import annotations

import argparse
import resource
import time
from collections.abc import Callable

import zalg
from puzzles.numberlink.design import instance_graph, pair_universe
from zalg.graphs.pairing import pairing_relation


def step(name: str, build: Callable[[], zalg.Family]) -> zalg.Family:
    """Run one step and print its CPU seconds, nodes and the peak so far."""
    cpu = time.process_time()
    out = build()
    cpu = time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    print(f"{name}: {cpu:.1f} CPU s, {out.node_count():,} nodes, peak {peak:.2f} GB, "
          f"at {time.strftime('%H:%M:%S')}", flush=True)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rows", type=int)
    ap.add_argument("cols", type=int)
    ap.add_argument("max_pairs", type=int)
    args = ap.parse_args(argv)
    rows, cols, k = args.rows, args.cols, args.max_pairs
    G = instance_graph(rows, cols)
    start = time.process_time()
    R_cover = step("R_cover", lambda: pairing_relation(G, cover=True, max_paths=k, progress=True))
    U = step("U = ∃!E. R_cover", lambda: R_cover.unique_exists(G.edges))
    print(f"  |U| = {U.count():,}", flush=True)
    R = step("R", lambda: pairing_relation(G, max_paths=k, progress=True))
    cylinder = step("U ⊔ 2^E", lambda: U * R.universe.power_set(G.edges))
    R_U = step("R_U = R ∩ (U ⊔ 2^E)", lambda: R & cylinder)
    del R, cylinder
    good = step("∃!E. R_U, witnesses R_cover",
                lambda: R_U.unique_exists(G.edges, witnesses=R_cover))
    good = pair_universe(rows, cols).adopt(good, rename=lambda x: x[1:] if x[0] == "pair" else x)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    print(f"good: {good.count():,}, by size {good.by_size()}; total "
          f"{time.process_time() - start:.1f} CPU s, peak {peak:.2f} GB", flush=True)


if __name__ == "__main__":
    main()
