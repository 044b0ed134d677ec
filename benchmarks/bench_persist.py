"""Saving and loading an 8 M-node family: the npz format against JSON, bytes, pickle.

The family: every covering path matching of the rows x cols Numberlink grid
(``numberlink.covering_path_matchings``; 10x10: about 8.0 M nodes).  Each row is
one step, measured in its own process after its set-up (building the family, and
for a load saving the file first); every load is checked: into its own universe
the family must be the very same node, into a fresh universe it must have the
same node count.

    python -m benchmarks.bench_persist [--rows 10] [--cols 10] [--no-json]
"""
from __future__ import annotations

import pickle
import sys
import tempfile
from pathlib import Path

try:
    from . import harness
except ImportError:  # run as a file: this folder is first on sys.path
    import harness

STEPS = ["build (covering path matchings)", "export node arrays (first count/dump)",
         "npz save", "npz load, new universe", "npz load, same universe", "F.dumps()",
         "zalg.loads(data), new universe", "pickle.dumps(F)",
         "pickle.loads (same universe)"]
JSON_STEPS = ["JSON save", "JSON load, new universe", "JSON save, gzip",
              "JSON load, gzip, same universe"]


def warm() -> None:
    import zalg
    F = zalg.Universe("ab").parse("a*b + a")
    zalg.loads(F.dumps()).count()


def step_case(step: str, rows: int, cols: int) -> dict:
    """One step on the family (its set-up untimed): the node count it ends with, and
    the size it wrote."""
    import zalg
    from puzzles import numberlink
    if step.startswith("build"):
        with harness.measure():
            F = numberlink.covering_path_matchings(rows, cols)
        return {"check": [F.count()]}
    F = numberlink.covering_path_matchings(rows, cols)
    if step.startswith("export"):
        # the frontier driver keeps its family's node arrays (no export left to time):
        # the same family made by the algebra has none until its first count or dump
        G = F | F.universe.empty
        with harness.measure():
            n = G.node_count()
        return {"check": [n]}
    n = F.node_count()
    with tempfile.TemporaryDirectory(prefix="bench_persist_") as folder:
        call, size = _step(step, F, Path(folder), zalg)
        with harness.measure():
            out = call()
        return {"check": [n, _same(step, out, F, n)], "mb": size(out) / 1e6 if size else None}


def _step(step: str, F, folder: Path, zalg):
    """(the measured call, the size of what it wrote or None) with its set-up done."""
    U = F.universe
    npz, json_path, gz = folder / "f.npz", folder / "f.json", folder / "f.json.gz"
    writes = {"npz save": (lambda: F.dump(npz), npz), "JSON save": (lambda: F.dump(json_path),
                                                                     json_path),
              "JSON save, gzip": (lambda: F.dump(gz), gz)}
    if step in writes:
        call, path = writes[step]
        return call, lambda out: path.stat().st_size
    if step == "F.dumps()":
        return F.dumps, len
    if step == "pickle.dumps(F)":
        return (lambda: pickle.dumps(F)), len
    if step.startswith("npz load"):
        F.dump(npz)
        return (lambda: zalg.load(npz) if "new" in step else zalg.load(npz, U)), None
    if step.startswith("zalg.loads"):
        data = F.dumps()
        return (lambda: zalg.loads(data)), None
    if step.startswith("pickle.loads"):
        blob = pickle.dumps(F)
        return (lambda: pickle.loads(blob)), None
    if step == "JSON load, new universe":
        F.dump(json_path)
        return (lambda: zalg.load(json_path)), None
    F.dump(gz)
    return (lambda: zalg.load(gz, U)), None


def _same(step: str, out, F, n: int) -> bool:
    """A loaded family is F itself (same universe) or has F's node count (a new one)."""
    if "load" not in step:
        return True
    return out == F if "same" in step else out.node_count() == n and out.universe is not F.universe


def tables(args) -> list:
    steps = STEPS + ([] if args.no_json else JSON_STEPS)
    rows = [harness.Row(step, (harness.Case("step_case", (step, args.rows, args.cols)),))
            for step in steps]
    cols = (harness.field("MB written", "mb", 10, ".1f"),
            harness.Column("checked", lambda res: None if res[0] is None or len(res[0]["check"]) < 2
                           else "yes" if res[0]["check"][1] else "NO", 7))
    return [harness.Table(f"{args.rows}x{args.cols} covering path matchings: each step in its "
                          "own process (MB: the whole process, family included)", ("zalg",),
                          rows, cols, name_width=38)]


def add_options(ap) -> None:
    ap.add_argument("--rows", type=int, default=10)
    ap.add_argument("--cols", type=int, default=10)
    ap.add_argument("--no-json", action="store_true", help="skip JSON (10-40 s a step)")


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
