"""Saving and loading an 8 M-node family: the npz format against JSON, bytes, pickle.

Usage: python benchmarks/bench_persist.py [--rows 10] [--cols 10] [--no-json] [--dir DIR]

The family: every covering path matching of the rows x cols Numberlink grid
(``puzzles.numberlink.design.covering_path_matchings``; 10x10: about 8.0 M nodes).
Each step is timed once, in one process (kernels loaded first, not timed), and
checked: a family loaded into its own universe must be the very same node, one
loaded into a fresh universe must have the same node count.  Peak resident memory
is the process's maximum so far (``resource.getrusage``).
"""
from __future__ import annotations

import argparse
import gc
import pickle
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import zalg  # noqa: E402
from zalg.persist import npzfile  # noqa: E402

ROWS: list[tuple[str, float, str, str]] = []


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux reports KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def step(name: str, run, size=None):
    """Run ``run()``, record its time, the peak and the size it produced: ``size`` is a
    file's path, or a function of the result (``len`` of bytes)."""
    gc.collect()
    t = time.perf_counter()
    out = run()
    took = time.perf_counter() - t
    if isinstance(size, Path):
        size = size.stat().st_size
    elif size is not None:
        size = size(out)
    shown = f"{size / 1e6:.1f} MB" if size is not None else ""
    ROWS.append((name, took, shown, f"{peak_mb():,.0f} MB"))
    print(f"  {name}: {took:.2f} s {shown}", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=10)
    ap.add_argument("--cols", type=int, default=10)
    ap.add_argument("--no-json", action="store_true", help="skip JSON (about 10-40 s a step)")
    ap.add_argument("--dir", default=None, help="where to write the files (default: a temp dir)")
    args = ap.parse_args(argv)
    from puzzles.numberlink.design import covering_path_matchings

    zalg.Universe("ab").parse("a*b").count()  # load the kernels (not timed)
    F = step("build (covering path matchings)",
             lambda: covering_path_matchings(args.rows, args.cols))
    U = F.universe
    n = step("export node arrays (first count/dump; cached)", F.node_count)
    print(f"{args.rows}x{args.cols}: {n:,} nodes, {len(U)} elements", flush=True)
    folder = Path(args.dir or tempfile.mkdtemp(prefix="bench_persist_"))
    path = folder / "family.npz"
    step("npz save (the default: stored)", lambda: F.dump(path), path)
    deflated = folder / "deflated.npz"

    def save_deflated():
        with open(deflated, "wb") as fh:
            npzfile.write(fh, U.elements, *F.node_arrays(), compress=True)
    step("npz save, deflated (not used)", save_deflated, deflated)
    G = step("npz load, new universe", lambda: zalg.load(path))
    assert G.node_count() == n and G.universe is not U
    del G
    G = step("npz load, deflated, new universe", lambda: zalg.load(deflated))
    assert G.node_count() == n
    del G
    assert step("npz load, same universe", lambda: zalg.load(path, U)) == F
    data = step("F.dumps()", F.dumps, len)
    G = step("zalg.loads(data), new universe", lambda: zalg.loads(data))
    assert G.node_count() == n
    del G, data
    blob = step("pickle.dumps(F)", lambda: pickle.dumps(F), len)
    assert step("pickle.loads (same process: same universe)", lambda: pickle.loads(blob)) == F
    del blob
    if not args.no_json:
        jpath = folder / "family.json"
        step("JSON save", lambda: F.dump(jpath), jpath)
        G = step("JSON load, new universe", lambda: zalg.load(jpath))
        assert G.node_count() == n
        del G
        gpath = folder / "family.json.gz"
        step("JSON save, gzip", lambda: F.dump(gpath), gpath)
        assert step("JSON load, gzip, same universe", lambda: zalg.load(gpath, U)) == F
    print()
    print(f"{args.rows}x{args.cols} covering path matchings: {n:,} nodes, {len(U)} elements")
    print()
    print("| step | time | size | peak RSS |")
    print("| --- | ---: | ---: | ---: |")
    for name, took, size, peak in ROWS:
        print(f"| {name} | {took:.2f} s | {size} | {peak} |")
    if args.dir is None:
        for p in folder.iterdir():
            p.unlink()
        folder.rmdir()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
