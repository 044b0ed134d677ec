"""Batch generation: the speed-up per worker, and building shared families once per worker.

Runs the real program (``python -m puzzles``) from a measuring process; a row's CPU
seconds are the whole program's, workers included (``resource.getrusage`` of the
reaped children), its wall seconds include every process start.  Rows:

* ``zalg numberlink generate RxC --count N --seed S --jobs 1`` against ``--jobs 2``:
  the CPU ratio shows what a second worker costs (it builds the covering path
  matchings of the grid again), the wall ratio ("wall r") is the speed-up;
* ``--jobs 1`` against the old way, one program start per puzzle
  (``zalg numberlink generate RxC --seed T`` for each task seed T of the batch, one
  after the other: every process builds the family again).

Every side must make the very same puzzles.

    python -m benchmarks.bench_batch [--size 10x10] [--count 8 32] [--seed 1] [--skip-old]
"""
from __future__ import annotations

import json
import resource
import subprocess
import sys
import time

try:
    from . import harness
except ImportError:  # run as a file: this folder is first on sys.path
    import harness


def warm() -> None:
    """Compile or load the tree's kernels once, through the program (the cases run the
    program and leave ``warm`` off: their own process needs no kernels)."""
    program("numberlink", "generate", "3x3", "--seed", "1")


def program(*args: str) -> str:
    """Run ``zalg ARGS`` (measured: its CPU, workers included, and its wall time) and
    return its standard output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "puzzles", *args], capture_output=True,
                         text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    harness.record(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall)
    return out.stdout


def batch_case(size: str, count: int, seed: int, jobs: int) -> dict:
    """One batch run: the puzzles' URLs, and how many workers built the family."""
    out = program("numberlink", "generate", size, "--count", str(count), "--seed", str(seed),
                  "--jobs", str(jobs))
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == count and all(r["solutions"] == 1 for r in records), out[-300:]
    built = [r for r in records if r["shared_seconds"] > 0.05]  # the tasks that built it
    return {"check": [r["url"] for r in records], "builds": len(built),
            "build_s": sum(r["shared_seconds"] for r in built)}


def one_by_one_case(size: str, count: int, seed: int) -> dict:
    """The same puzzles, one program start each."""
    from puzzles.program.batch import task_seeds
    urls = []
    for task_seed in task_seeds(seed, count):
        out = program("numberlink", "generate", size, "--seed", str(task_seed))
        urls.append(next(line for line in out.splitlines() if line.startswith("https://")))
    return {"check": urls, "builds": count, "build_s": None}



def tables(args) -> list:
    cols = (harness.field("builds", "builds", 6, "d"),
            harness.field("build s", "build_s", 7, ".1f", median=True),
            harness.field("builds", "builds", 6, "d", side=1))
    rows = [harness.Row(f"{args.size} x{n}",
                        (harness.Case("batch_case", (args.size, n, args.seed, 1), warm=False),
                         harness.Case("batch_case", (args.size, n, args.seed, 2), warm=False)))
            for n in args.count]
    out = [harness.Table("Batches: --jobs 1 against --jobs 2 (wall r: the speed-up)",
                         ("--jobs 1", "--jobs 2"), rows, cols, name_width=10, wall_ratio=True)]
    if not args.skip_old:
        rows = [harness.Row(f"{args.size} x{n}",
                            (harness.Case("batch_case", (args.size, n, args.seed, 1), warm=False),
                             harness.Case("one_by_one_case", (args.size, n, args.seed),
                                          warm=False)))
                for n in args.count]
        out.append(harness.Table("A batch (--jobs 1) against one program start per puzzle",
                                 ("--jobs 1", "one process per puzzle"), rows, cols,
                                 name_width=10, wall_ratio=True))
    return out


def add_options(ap) -> None:
    ap.add_argument("--size", default="10x10")
    ap.add_argument("--count", type=int, nargs="+", default=[8], help="puzzles per batch")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip-old", action="store_true", help="leave out one process per puzzle")


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
