"""The longest silence on stderr of long commands at the largest sizes the CLI accepts.

docs/reliability.md promises that long work says what it does: no stage stays silent
past 60 s.  For each command below this runs ``zalg`` (``python -m puzzles``) until it
ends or has used ``--cap`` CPU seconds, and prints the longest time between two lines
on its stderr in the child's own CPU time (the start and the end count as lines), with
the line that silence followed, the number of lines and how the run ended.  CPU time,
not the clock: the machine may be shared.

    python -m benchmarks.experiments.progress_gaps --cap 70 --memory 2G

(Run it as a module from the project root: it uses ``tests.helpers.processes``.)
``ZALG_HEARTBEAT`` is passed on as it is set (the heartbeat's interval, 30 s by default).
"""
from __future__ import annotations

import argparse
import sys

from tests.helpers.processes import silences

CASES = [
    [genre, "generate", size, "--seed", "1"]
    for genre in ("slitherlink", "nagareru", "nurimeizu")
    for size in ("4096x16", "256x256", "64x64")
] + [
    ["numberlink", "generate", "12x12", "--seed", "1"],
    ["numberlink", "generate", "13x13", "--seed", "1"],
    ["numberlink", "instances", "12x12"],
    ["numberlink", "instances", "13x13"],
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cap", type=float, default=70.0, help="CPU seconds per command")
    ap.add_argument("--memory", default="2G", help="the commands' --memory")
    ap.add_argument("--only", default="", help="only the commands whose text holds this")
    args = ap.parse_args()
    print(f"{'command':42} {'longest':>8} {'lines':>6} {'cpu':>6}  ended   after the line")
    worst = 0.0
    for argv in CASES:
        text = " ".join(argv)
        if args.only not in text:
            continue
        cmd = [sys.executable, "-m", "puzzles", "--memory", args.memory, *argv]
        s = silences(cmd, args.cap)
        worst = max(worst, s.longest)
        ended = "at cap" if s.status is None else f"status {s.status}"
        print(f"{text:42} {s.longest:7.1f}s {s.lines:6d} {s.cpu:5.0f}s  {ended:8} "
              f"{s.before[:70]!r}", flush=True)
    print(f"longest silence of all: {worst:.1f} CPU seconds")


if __name__ == "__main__":
    main()
