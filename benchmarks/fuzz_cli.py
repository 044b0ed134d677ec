"""More fuzz cases than CI runs: every input class of tests/helpers/fuzz_cases.py, scaled up.

Prints, per input class, how many cases ended in a correct result (ok), a clean
one-line error with exit status 2 (error), or anything else (a failure: it is
listed).  The figures in docs/reliability.md come from this script.

    python -m benchmarks.fuzz_cli --scale 5 --seed 1

(Run it as a module from the project root: it uses the test suite's cases,
``tests.helpers.fuzz_cases``.)  Not a benchmark: it counts outcomes, it times nothing.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.helpers import fuzz_cases as FC


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scale", type=int, default=5, help="multiplies the random cases")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    start = time.perf_counter()
    cases = FC.all_cases(args.seed, args.scale)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for k, case in enumerate(cases):
            outcome, detail = FC.run_case(case, Path(tmp) / str(k))
            results.append((case, outcome, detail))
            if k % 500 == 0:
                print(f"\r{k}/{len(cases)} cases", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    table = FC.summarise(results)
    minato = FC.run_minato(FC.minato_texts(random.Random(args.seed), 3000 * args.scale))
    table["minato"] = minato
    print(f"{'input class':12} {'cases':>6} {'ok':>6} {'error':>6} {'other':>6}")
    total = Counter()
    for cls, counts in table.items():
        n = sum(counts.values())
        other = n - counts["ok"] - counts["error"]
        total.update({"cases": n, "ok": counts["ok"], "error": counts["error"], "other": other})
        print(f"{cls:12} {n:6d} {counts['ok']:6d} {counts['error']:6d} {other:6d}")
    print(f"{'all':12} {total['cases']:6d} {total['ok']:6d} {total['error']:6d} {total['other']:6d}")
    verified = sum(1 for c, o, _ in results if o == "ok" and c.oracle is not None)
    print(f"accepted CLI cases checked by an oracle: {verified}; "
          f"{time.perf_counter() - start:.0f} s")
    for case, outcome, detail in results:
        if outcome not in ("ok", "error"):
            print(f"FAILURE {outcome}: {case.cls} {case.argv[:4]}: {detail}")


if __name__ == "__main__":
    main()
