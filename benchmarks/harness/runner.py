"""A benchmark run: the common options, the trees, warming their kernels, the rows'
rounds interleaved side by side, the printed tables and the JSON file."""
from __future__ import annotations

import argparse
import json
import math
import os
import platform
import re
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path

from . import child
from .tables import Row, SideRounds, Table, agree, failures, header, line, ratio
from .trees import GitError, Tree, other_tree, this_tree

HOW = ("CPU seconds (time.process_time) of the measured step only, each measurement in a "
       "fresh process; sides interleaved round by round; 'cpu s' the median and 'best' the "
       "least of the rounds, 'wall s' the median wall time; MB the peak resident memory of "
       "the measuring process (os.wait4); ratio = first side's CPU median over the "
       "second's, printed only when every round of both sides gave the same result")


def options(parser: argparse.ArgumentParser) -> None:
    """The options every benchmark takes."""
    parser.add_argument("--rounds", type=int, default=3, metavar="N",
                        help="measurements per side and row (default 3)")
    parser.add_argument("--against", metavar="REV",
                        help="compare this tree's zalg with revision REV's (a git commit, "
                             "checked out into a temporary worktree, or a tree's folder): "
                             "the first side of every row, new/old")
    parser.add_argument("--json", metavar="FILE", help="also write every measurement to FILE")
    parser.add_argument("--save", action="store_true",
                        help="also write every measurement to benchmarks/results/<bench>.json")
    parser.add_argument("--limit", type=float, default=1800, metavar="S",
                        help="seconds per measuring process (default 1800)")
    parser.add_argument("--only", metavar="REGEX", help="only the rows whose name matches")


def main(module, tables: Callable[[argparse.Namespace], Sequence[Table]],
         add_options: Callable[[argparse.ArgumentParser], None] | None = None,
         argv: list[str] | None = None) -> int:
    """A benchmark's entry point: serve one measurement (``--case``, in a measuring
    process) or run the tables ``tables(args)`` and print them; the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--case" in argv:
        child.serve(module, argv)
        return 0
    parser = argparse.ArgumentParser(description=(module.__doc__ or "").split("\n")[0])
    options(parser)
    if add_options is not None:
        add_options(parser)
    args = parser.parse_args(argv)
    script = Path(module.__file__).resolve()
    name = script.name
    try:
        with ExitStack() as stack:
            trees = [this_tree(_tree_of(script))]
            if args.against:
                trees.append(stack.enter_context(other_tree(args.against, trees[0].path)))
            return Run(script, trees, args, argv).all(tables(args))
    except GitError as exc:
        print(f"{name}: --against {args.against}: {exc or 'no such revision'}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{name}: interrupted", file=sys.stderr)
        return 130


def results_paths(script: Path, args: argparse.Namespace) -> list[Path]:
    """Where a run's JSON report goes: ``--json FILE``, and with ``--save`` the bench's
    own file ``results/<bench>.json`` beside it (``benchmarks/results/bench_x.json``)."""
    paths = [Path(args.json)] if args.json else []
    if args.save:
        paths.append(script.parent / "results" / f"{script.stem}.json")
    return paths


def _tree_of(script: Path) -> Path:
    """The source tree a bench file belongs to: the nearest folder above it holding zalg
    (benchmarks/bench_x.py and benchmarks/experiments/x/bench_y.py alike)."""
    return next((p for p in script.parents if (p / "zalg").is_dir()), script.parents[1])


class Run:
    """One run of a benchmark's tables over one or two trees."""

    def __init__(self, script: Path, trees: list[Tree], args: argparse.Namespace,
                 argv: list[str]):
        self.script, self.trees, self.args = script, trees, args
        self.root = trees[0].path
        self.t0 = time.perf_counter()
        self.pattern = re.compile(args.only) if args.only else None
        self.report: dict = {
            "bench": script.name, "argv": argv, "how": HOW, "rounds": args.rounds,
            "python": platform.python_version(), "machine": platform.machine(),
            "cpus": os.cpu_count(), "started": time.strftime("%Y-%m-%d %H:%M:%S"),
            "trees": [{"label": t.label, "path": str(t.path), "commit": t.commit}
                      for t in trees],
            "load_start": os.getloadavg(), "tables": []}

    def all(self, tables: Sequence[Table]) -> int:
        print(f"{self.script.name}, {self.report['started']}: {HOW}.")
        for tree in self.trees:
            print(f"tree {tree.describe()}")
        print(f"load average at start: {_load(self.report['load_start'])}", flush=True)
        if not self.warm():
            return 1
        for table in tables:
            self.table(table)
        self.report["load_end"] = os.getloadavg()
        print(f"\nload average at end: {_load(self.report['load_end'])}")
        for path in results_paths(self.script, self.args):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(self.report, indent=1) + "\n")
        return 0

    def warm(self) -> bool:
        """Load (on a first run: compile) every tree's kernels once, untimed in the rows."""
        spent = []
        for tree in self.trees:
            m = child.run_child(self.script, {"fn": None}, tree.path, self.args.limit, self.root)
            m = self.checked(m, tree)
            if not m.ok():
                print(f"warming the kernels of {tree.label} failed: {m.error}", file=sys.stderr)
                return False
            spent.append(f"{tree.label} {m.cpu:.1f} s CPU")
        print("kernels compiled or loaded before the rows (not in any figure): "
              + ", ".join(spent), flush=True)
        return True

    def sides(self, table: Table) -> list[tuple[str, int, Tree]]:
        """(label, index of the row's case, tree) per side of the printed table."""
        if len(self.trees) > 1:
            return [(f"{table.sides[0]} {t.label} {t.commit}", 0, t) for t in self.trees]
        return [(label, i, self.trees[0]) for i, label in enumerate(table.sides)]

    def table(self, table: Table) -> None:
        sides = self.sides(table)
        rows = [r for r in table.rows if self.pattern is None or self.pattern.search(r.name)]
        print(f"\n{table.title}\n{header(table, [label for label, _, _ in sides])}", flush=True)
        entry = {"title": table.title, "sides": [label for label, _, _ in sides], "rows": []}
        self.report["tables"].append(entry)
        ratios = []
        for number, row in enumerate(rows, 1):
            measured = self.row(table, row, sides, f"{number}/{len(rows)}")
            print(line(table, row.name, measured), flush=True)
            for text in failures(measured):
                print(text, flush=True)
            same = agree(table, measured)
            r = ratio(measured, same)
            if r:
                ratios.append(r)
            entry["rows"].append({"name": row.name, "ratio": r, "same": same,
                                  "sides": [s.to_json() for s in measured]})
        if len(self.trees) > 1 and ratios:
            mean = math.exp(sum(map(math.log, ratios)) / len(ratios))
            print(f"new/old over {len(ratios)} rows: geometric mean {mean:.3f}, "
                  f"range {min(ratios):.2f}-{max(ratios):.2f}", flush=True)

    def row(self, table: Table, row: Row, sides, where: str) -> list[SideRounds]:
        """Every round of every side of ``row``: A, B, A, B, ...; a side that failed is
        not run again."""
        measured = [SideRounds(label) for label, _, _ in sides]
        for r in range(self.args.rounds):
            for rounds, (label, index, tree) in zip(measured, sides):
                case = row.cases[index] if index < len(row.cases) else None
                if case is None or (rounds.rounds and not rounds.good()):
                    continue
                print(f"  [{where}] {row.name}, round {r + 1}/{self.args.rounds}: {label}",
                      file=sys.stderr, flush=True)
                request = {"fn": case.fn, "args": list(case.args), "warm": case.warm}
                started = time.perf_counter() - self.t0
                m = child.run_child(self.script, request, tree.path, self.args.limit, self.root)
                m.started = started
                rounds.rounds.append(self.checked(m, tree))
        return measured

    @staticmethod
    def checked(m: child.Measurement, tree: Tree) -> child.Measurement:
        """``m``, failed if it measured a zalg or puzzles from outside ``tree``."""
        if m.ok() and m.zalg is not None and Path(m.zalg) != tree.path:
            m.error = f"measured the zalg of {m.zalg}, not of {tree.path}"
        elif m.ok() and m.foreign:
            m.error = (f"loaded {', '.join(m.foreign[:3])} from outside {tree.path} "
                       "(another tree's editable install?)")
        return m


def _load(avg: Sequence[float]) -> str:
    return " ".join(f"{x:.2f}" for x in avg) + " (1, 5, 15 min)"
