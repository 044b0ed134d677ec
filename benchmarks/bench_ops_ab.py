"""Per-operation speed of this tree against another checkout of zalg (A/B), kernels warm.

Each round runs, for each tree, one fresh process (``PYTHONPATH=TREE``, its own numba
cache folder, compiled before the first round) that builds the operands and times
every operation once (CPU seconds, ``time.process_time``): the random workload of
``bench_algebra.py --random`` (F = 20,000 random subsets of 60 elements, sizes 1 to 12;
G = 200 subsets of sizes 1 to 3) and the 9x9 grid's corner-to-corner paths P with
Q = 400 random pairs of its edges.  Trees alternate within a round; the
table gives medians and the ratio this/base.

    python benchmarks/bench_ops_ab.py --base /tmp/zalg-base --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHILD = r"""
import json, random, sys, time
import zalg
rng = random.Random(1)
U = zalg.Universe(range(60))
F = U.family([rng.sample(range(60), rng.randint(1, 12)) for _ in range(20000)])
G = U.family([rng.sample(range(60), rng.randint(1, 3)) for _ in range(200)])
g = zalg.grid(9, 9)
P = g.paths((0, 0), (8, 8))
V = P.universe
E = list(V.elements)
Q = V.family([rng.sample(E, 2) for _ in range(400)])
cases = [
    ("random: F.meet(G)", lambda: F.meet(G)),
    ("random: F.minimal()", lambda: F.minimal()),
    ("random: F * G", lambda: F * G),
    ("random: F.maximal()", lambda: F.maximal()),
    ("random: F.nonsup(G)", lambda: F.nonsup(G)),
    ("random: F / G", lambda: F / G),
    ("random: F.exists(0..19)", lambda: F.exists(range(20))),
    ("random: F | G, F & G, F - G", lambda: (F | G, F & G, F - G)),
    ("paths 9x9: P.minimal()", lambda: P.minimal()),
    ("paths 9x9: P.maximal()", lambda: P.maximal()),
    ("paths 9x9: P.nonsup(Q)", lambda: P.nonsup(Q)),
    ("paths 9x9: P.meet(Q)", lambda: P.meet(Q)),
    ("paths 9x9: P.exists(first 40 edges)", lambda: P.exists(E[:40])),
    ("paths 9x9: P.forall(first 4 edges)", lambda: P.forall(E[:4])),
]
out = {}
for name, run in cases:
    t = time.process_time()
    r = run()
    out[name] = time.process_time() - t
print(json.dumps(out))
"""


def run_child(tree: str, cache: str) -> dict:
    env = dict(os.environ, PYTHONPATH=tree, NUMBA_CACHE_DIR=cache, ZALG_QUIET_COMPILE="1")
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=tree, env=env, capture_output=True,
                         text=True, check=True, timeout=3600)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", required=True, help="another zalg checkout")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    trees = {"this": ROOT, "base": os.path.abspath(args.base)}
    caches = {label: tempfile.mkdtemp(prefix=f"zalg-ab-{label}-") for label in trees}
    for label, tree in trees.items():  # compile (not timed)
        run_child(tree, caches[label])
    times: dict = {}
    for _ in range(args.rounds):
        for label, tree in trees.items():
            for name, t in run_child(tree, caches[label]).items():
                times.setdefault(name, {}).setdefault(label, []).append(t)
    print(f"CPU seconds, median of {args.rounds} rounds (kernels warm)")
    print("| operation | this | base | this/base |")
    print("|---|---:|---:|---:|")
    for name, by in times.items():
        a, b = statistics.median(by["this"]), statistics.median(by["base"])
        print(f"| {name} | {a:.3f} | {b:.3f} | {a / b:.2f} |")


if __name__ == "__main__":
    main()
