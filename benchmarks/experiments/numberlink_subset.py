"""Numberlink good instances by the subset construction, step by step.

The route ``good_instances(..., method="subset")``: both pairing relations, the
open-ends keys (``design.open_ends``), then ``zalg.unique_exists_topdown``, the
good family built top down over the pair elements (docs/numberlink.md).  Printed,
each step's CPU seconds and the process's peak resident memory; the states per
level (widest, total, mean entries: R nodes plus witnesses) against R's widest
level; the count (checked against ``--expect`` or, with ``--check``, against the
``witness`` route in the same run).  ``--levels`` prints every level;
``--progress`` prints a line per level on stderr as it goes (CPU s, resident GB).

    python -m benchmarks.experiments.numberlink_subset ROWS COLS [MAX_PAIRS] [--check] [--expect N]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

import numpy as np

from puzzles.numberlink.design import good_instances, instance_graph, open_ends
from zalg.memory import resident
from zalg.graphs.pairing import pairing_relation
from zalg.topdown.unique_exists import unique_exists_topdown


def _peak_gb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


class Steps:
    """CPU seconds and peak memory of each step, printed as they end."""

    def __init__(self):
        self.cpu = time.process_time()

    def done(self, what: str) -> float:
        now = time.process_time()
        spent, self.cpu = now - self.cpu, now
        print(f"{what}: {spent:.1f} CPU s, peak {_peak_gb():.2f} GB", flush=True)
        return spent


def _progress_line(stage: str, done: int, total) -> None:
    """One stderr line per level: the construction's progress, CPU and memory."""
    rss = (resident() or 0) / 2**30
    print(f"  [{stage}] {done}/{total} cpu {time.process_time():.0f} s rss {rss:.2f} GB",
          file=sys.stderr, flush=True)


def measure(rows: int, cols: int, max_pairs: int | None, levels: bool, check: bool,
            expect: int | None, progress: bool) -> None:
    """Build the relations and the good family top down; print each step and the widths."""
    bound = "" if max_pairs is None else f" <={max_pairs}"
    print(f"{rows}x{cols}{bound}, method=\"subset\"", flush=True)
    G = instance_graph(rows, cols)
    steps = Steps()
    R_cover = pairing_relation(G, cover=True, max_paths=max_pairs)
    steps.done(f"R_cover ({R_cover.node_count():,} nodes)")
    R = pairing_relation(G, max_paths=max_pairs)
    width = np.bincount(R.node_arrays()[0][2:], minlength=len(R.universe))
    steps.done(f"R ({R.node_count():,} nodes, widest level {int(width.max()):,})")
    keys = open_ends(G, R, R_cover)
    steps.done("open-ends keys")
    widths: list = []
    good = unique_exists_topdown(R, G.edges, witnesses=R_cover, separation=keys,
                                 widths=widths, progress=_progress_line if progress else None)
    cpu = steps.done(f"subset construction and reduction ({good.node_count():,} nodes)")
    count = good.count()
    states = [n for n, _ in widths]
    top = max(range(len(states)), key=states.__getitem__)
    print(f"good {count:,}; states per level max {states[top]:,} (pair element {top + 1} of "
          f"{len(states)}), total {sum(states):,}, mean entries "
          f"{sum(e for _, e in widths) / max(1, sum(states)):.1f}; construction {cpu:.1f} CPU s; "
          f"peak {_peak_gb():.2f} GB", flush=True)
    if levels:
        for k, (n, entries) in enumerate(widths):
            print(f"  pair element {k + 1:4d}: {n:9,d} states, mean entries "
                  f"{entries / max(1, n):7.1f}")
    if expect is not None:
        print(f"expected {expect:,}: {'same' if expect == count else 'DIFFERENT'}")
    if check:
        steps.done("(counting)")
        expected = good_instances(rows, cols, max_pairs=max_pairs)
        steps.done("witness route, both relations and ∃! again")
        same = expected.count() == count and expected.by_size() == good.by_size()
        print(f"witness route: {expected.count():,} ({'same count and sizes' if same else 'DIFFERENT'})")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rows", type=int)
    ap.add_argument("cols", type=int)
    ap.add_argument("max_pairs", type=int, nargs="?")
    ap.add_argument("--levels", action="store_true", help="print every level")
    ap.add_argument("--check", action="store_true", help="compare with the witness route")
    ap.add_argument("--expect", type=int, help="the known count")
    ap.add_argument("--progress", action="store_true", help="a line per level on stderr")
    args = ap.parse_args(argv)
    measure(args.rows, args.cols, args.max_pairs, args.levels, args.check, args.expect,
            args.progress)


if __name__ == "__main__":
    main()
