"""First run: the CPU time of a command in a fresh process, cold (an empty numba cache) and warm.

Each command runs in a new Python process with ``NUMBA_CACHE_DIR`` set to a fresh
empty folder (cold: every kernel it needs is compiled), then again with the same
folder (warm: loaded from the cache).  The table gives the process's CPU seconds
(user + system, from ``wait4``, so a busy machine does not inflate them) and the
CPU seconds it had used when it printed its first line (read from
``/proc/PID/stat`` the moment the line arrives).  With ``--base TREE`` each command
also runs from another checkout of zalg (``PYTHONPATH=TREE``), interleaved, so the
two trees meet the same load.

    python benchmarks/bench_first_run.py                   # this tree, 1 round
    python benchmarks/bench_first_run.py --base /tmp/old --rounds 3
"""

from __future__ import annotations

import argparse
import os
import selectors
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICK = os.sysconf("SC_CLK_TCK")
SLITHER_5X5 = "https://puzz.link/p?slither/5/5/cbcbcddad"

#: (name, argv after the interpreter)
COMMANDS = [
    ("zalg --version", ["-m", "puzzles", "--version"]),
    ("zalg slitherlink solve 5x5 --count", ["-m", "puzzles", "slitherlink", "solve",
                                            SLITHER_5X5, "--count"]),
    ("python examples/algebra_tour.py", ["examples/algebra_tour.py"]),
    ("zalg numberlink instances 3x3", ["-m", "puzzles", "numberlink", "instances", "3x3"]),
]


def _cpu_of(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used so far."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def run(argv: list[str], tree: str, cache: str, limit: float = 900) -> dict:
    """Run ``python argv`` from ``tree`` with numba's cache in ``cache``: its total CPU
    seconds, the CPU seconds at its first output line, and its exit status."""
    env = dict(os.environ, PYTHONPATH=tree, NUMBA_CACHE_DIR=cache)
    p = subprocess.Popen([sys.executable, *argv], cwd=tree, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    sel = selectors.DefaultSelector()
    sel.register(p.stdout, selectors.EVENT_READ)
    sel.register(p.stderr, selectors.EVENT_READ)
    first = None
    deadline = time.monotonic() + limit
    streams = 2
    while streams and time.monotonic() < deadline:
        for key, _ in sel.select(timeout=1.0):
            chunk = os.read(key.fileobj.fileno(), 65536)
            if not chunk:
                sel.unregister(key.fileobj)
                streams -= 1
            elif first is None and b"\n" in chunk:
                try:
                    first = _cpu_of(p.pid)
                except OSError:
                    first = float("nan")
    if streams:
        p.kill()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return {"cpu": usage.ru_utime + usage.ru_stime, "first": first, "rc": p.returncode}


def measure(trees: dict[str, str], rounds: int) -> dict:
    """{(command, tree, "cold"|"warm"): [results]} over ``rounds`` interleaved rounds."""
    out: dict = {}
    for _ in range(rounds):
        for name, argv in COMMANDS:
            for label, tree in trees.items():
                cache = tempfile.mkdtemp(prefix="zalg-first-run-")
                try:
                    for phase in ("cold", "warm"):
                        out.setdefault((name, label, phase), []).append(run(argv, tree, cache))
                finally:
                    shutil.rmtree(cache, ignore_errors=True)
    return out


def _fmt(results: list[dict], key: str) -> str:
    values = [r[key] for r in results if r[key] is not None]
    if not values:
        return "-"
    text = f"{statistics.median(values):.1f}"
    return text if all(r["rc"] == 0 for r in results) else text + " (failed)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", help="another zalg checkout to compare with")
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    trees = {"this": ROOT}
    if args.base:
        trees["base"] = os.path.abspath(args.base)
    results = measure(trees, args.rounds)
    print(f"CPU seconds, median of {args.rounds} round(s); first = CPU at the first output line")
    print(f"| command | tree | cold total | cold first | warm total | warm first |")
    print("|---|---|---:|---:|---:|---:|")
    for name, _ in COMMANDS:
        for label in trees:
            cold = results[(name, label, "cold")]
            warm = results[(name, label, "warm")]
            print(f"| {name} | {label} | {_fmt(cold, 'cpu')} | {_fmt(cold, 'first')} | "
                  f"{_fmt(warm, 'cpu')} | {_fmt(warm, 'first')} |")


if __name__ == "__main__":
    main()
