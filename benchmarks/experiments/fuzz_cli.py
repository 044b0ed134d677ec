"""More fuzz cases than CI runs: every input class of tests/helpers/fuzz_cases.py, scaled up.

Prints, per input class, how many cases ended in a correct result (ok), a clean
one-line error with exit status 2 (error), or anything else (a failure: it is
listed).  The figures in docs/reliability.md come from this script.

    python -m benchmarks.experiments.fuzz_cli --scale 5 --seed 1 --ctrl-c 100

``--ctrl-c N`` adds N Ctrl-C trials: the ``zalg`` command (its console script, as pip installs
it) running ``nagareru generate 10x10 --seed 4``, interrupted at a uniformly random
moment 0.02-8 s after its start; each must end with the one line and status 130, or,
before the program's first line, as Python ends on a Ctrl-C while it starts (death by
SIGINT without a word, or its KeyboardInterrupt with no frame of the program), or
finish before the signal.

(Run it as a module from the project root: it uses the test suite's cases,
``tests.helpers.fuzz_cases``.)  Not a benchmark: it counts outcomes, it times nothing.
"""
from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.helpers import fuzz_cases as FC
from tests.helpers.command import (CLEAN, IN_PYTHONS_START, command_env, ctrl_c_outcome,
                                   zalg_command)
from tests.helpers.paths import ROOT
from tests.helpers.processes import as_from_a_terminal

#: the Ctrl-C trials' command, and the window their signal lands in (seconds)
CTRL_C_COMMAND = ["nagareru", "generate", "10x10", "--seed", "4"]
CTRL_C_WINDOW = (0.02, 8.0)


def ctrl_c_trials(count: int, seed: int) -> Counter:
    """``count`` Ctrl-C trials (see the module): how they ended, counted; the unclean ones
    are printed."""
    rng, outcomes = random.Random(seed), Counter()
    with tempfile.TemporaryDirectory() as scratch:
        zalg = zalg_command(Path(scratch))
        for _ in range(count):
            delay = rng.uniform(*CTRL_C_WINDOW)
            p = subprocess.Popen([zalg, *CTRL_C_COMMAND], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, text=True, cwd=ROOT,
                                 env=command_env(), preexec_fn=as_from_a_terminal)
            time.sleep(delay)
            sent = time.perf_counter()
            p.send_signal(signal.SIGINT)
            try:
                _, err = p.communicate(timeout=60)
                outcome = ctrl_c_outcome(p.returncode, err)
            except subprocess.TimeoutExpired:
                p.kill()
                p.communicate()
                outcome = "no end within 60 s"
            took = time.perf_counter() - sent
            known = outcome in CLEAN or outcome in ("finished", IN_PYTHONS_START)
            outcomes[outcome if known else "other"] += 1
            outcomes["ended within 2.5 s"] += took <= 2.5
            if not known:
                print(f"CTRL-C FAILURE at {delay:.2f} s: {outcome}")
    return outcomes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scale", type=int, default=5, help="multiplies the random cases")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ctrl-c", type=int, default=0, metavar="N", help="Ctrl-C trials")
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
    if args.ctrl_c:
        trials = ctrl_c_trials(args.ctrl_c, args.seed)
        print(f"Ctrl-C trials: {args.ctrl_c}: " + ", ".join(f"{n} {what}" for what, n in
                                                           sorted(trials.items())))


if __name__ == "__main__":
    main()
