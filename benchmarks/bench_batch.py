"""Batch generation: the speed-up per worker, and building shared families once per worker.

Runs the real program (``python -m puzzles``), wall time including process starts:

* ``zalg numberlink generate RxC --count N --seed S --jobs J`` for each J: wall time,
  puzzles per second, speed-up over J = 1, and the seconds the workers spent building
  the covering path matchings of the grid (the records' ``shared_seconds``);
* per run, the mean time of the tasks that built the family (each worker's first:
  the build plus loading the solver's compiled kernels) and of the later tasks;
* the old way, one process start per puzzle: ``zalg numberlink generate RxC --seed T``
  for each task seed T of the same batch, one after the other (every process builds
  the family again); the same puzzles (checked).

    python benchmarks/bench_batch.py [--size 10x10] [--count 8] [--jobs 1 2] [--seed 1]

Prints a Markdown table (docs/notebook-and-batch.md has one run).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

from puzzles.batch import task_seeds


def program(*args: str) -> tuple[float, str]:
    """(wall seconds, standard output) of ``zalg ARGS``."""
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "puzzles", *args], capture_output=True,
                         text=True, check=True)
    return time.perf_counter() - start, out.stdout


def batch_run(size: str, count: int, seed: int, jobs: int) -> dict:
    wall, out = program("numberlink", "generate", size, "--count", str(count), "--seed",
                        str(seed), "--jobs", str(jobs))
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == count and all(r["solutions"] == 1 for r in records), out[-300:]
    first = [r["seconds"] for r in records if r["shared_seconds"] > 0.05]  # built the family
    later = [r["seconds"] for r in records if r["shared_seconds"] <= 0.05]
    return {"wall": wall, "urls": [r["url"] for r in records],
            "shared": sum(r["shared_seconds"] for r in records), "builds": len(first),
            "first": statistics.mean(first) if first else None,
            "later": statistics.mean(later) if later else None}


def one_process_per_puzzle(size: str, count: int, seed: int) -> dict:
    wall, urls = 0.0, []
    for task_seed in task_seeds(seed, count):
        took, out = program("numberlink", "generate", size, "--seed", str(task_seed))
        wall += took
        urls.append(next(line for line in out.splitlines() if line.startswith("https://")))
    return {"wall": wall, "urls": urls, "builds": count}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", default="10x10")
    ap.add_argument("--count", type=int, default=8)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip-old", action="store_true", help="leave out one process per puzzle")
    args = ap.parse_args()
    runs = {f"batch --jobs {j}": batch_run(args.size, args.count, args.seed, j)
            for j in args.jobs}
    if not args.skip_old:
        runs["one process per puzzle (before)"] = one_process_per_puzzle(args.size, args.count,
                                                                          args.seed)
    first = next(iter(runs.values()))
    assert all(r["urls"] == first["urls"] for r in runs.values()), "different puzzles"
    base = first["wall"]
    print(f"numberlink {args.size}, {args.count} puzzles, seed {args.seed} "
          f"(identical puzzles in every run)\n")
    print("| run | wall s | puzzles/s | speed-up | family builds | build s "
          "| first task s | later tasks s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, r in runs.items():
        cells = [f"{r[k]:.{d}f}" if r.get(k) is not None else "-"
                 for k, d in (("shared", 1), ("first", 1), ("later", 2))]
        print(f"| {name} | {r['wall']:.1f} | {args.count / r['wall']:.2f} | "
              f"{base / r['wall']:.2f}x | {r['builds']} | " + " | ".join(cells) + " |")
    one = runs.get("batch --jobs 1")
    if one:
        print(f"\nbatch --jobs 1: the family build is {one['shared']:.1f} s of "
              f"{one['wall']:.1f} s wall ({100 * one['shared'] / one['wall']:.0f} %)")


if __name__ == "__main__":
    main()
