"""Ctrl-C in the middle of a compiled frontier sweep: how often it ends badly.

Each trial starts ``zalg slitherlink generate ROWSxCOLS --seed K`` (the ``zalg``
console script, as pip installs it), waits for its first progress line (``cycles of the
... board``: the frontier sweep of the board's cycles, its reduction and its nodes
into CUDD follow) and sends SIGINT a uniformly random moment 0-``--window`` seconds
later.  Outcomes: the one line and status 130 (clean), finished before the signal,
``SystemError`` (a compiled call that returned with the KeyboardInterrupt still set:
numba's boxing of array results, ``zalg.cudd.interrupts``), another traceback or
status, or no end within 30 s (a hang).  ``--jobs`` trials run at once, which keeps the
machine loaded as when the race was first seen (load 7-9).  ``--tree`` runs another
checkout's zalg (``PYTHONPATH``), e.g. the tree before the fix:

    git archive af6d450 | tar -x -C /tmp/before
    python -m benchmarks.experiments.ctrl_c_race --trials 200 --tree /tmp/before
    python -m benchmarks.experiments.ctrl_c_race --trials 200

``--in-process`` runs the race where it is frequent instead: one process builds the
cycles of a ``--grid`` x ``--grid`` grid again and again (the frontier sweep, its
reduction, CUDD's nodes) while a timer sends it SIGINT 0-``--window`` seconds into
each build; ``--handler program`` installs the ``zalg`` program's handler (its
watchdog disarmed after each trial), ``--handler python`` keeps Python's own.  Each
build ends finished, with a KeyboardInterrupt, or with a SystemError.

(Run it as a module from the project root.)  Not a benchmark: it counts outcomes, it
times nothing.  The figures in docs/reliability.md ("Ctrl-C") come from it.
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.helpers.command import CLEAN, ctrl_c_outcome, zalg_command
from tests.helpers.paths import ROOT
from tests.helpers.processes import as_from_a_terminal

#: the first progress line of the trials' command: the sweep starts right after it
STARTED = "cycles of the"
#: seconds a trial may take after its signal before it counts as a hang
HANG = 30.0


def trial(zalg: str, board: str, seed: int, delay: float, env: dict) -> str:
    """One trial (see the module): its outcome."""
    p = subprocess.Popen([zalg, "slitherlink", "generate", board, "--seed", str(seed)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                         env=env, preexec_fn=as_from_a_terminal)
    before = ""
    while True:
        line = p.stderr.readline()
        before += line
        if not line or line.startswith(STARTED):
            break
    if line:
        time.sleep(delay)
        p.send_signal(signal.SIGINT)
    try:
        _, err = p.communicate(timeout=HANG)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        return "hang"
    outcome = ctrl_c_outcome(p.returncode, before + err)
    if outcome in CLEAN or outcome == "finished":
        return outcome
    return "SystemError" if "SystemError" in err else outcome


#: the ``--in-process`` child: argv grid, trials, window, seed, handler
IN_PROCESS = """
import collections, os, random, signal, sys, threading, time
import zalg
from puzzles.program import main as program
n, trials, window, seed, handler = sys.argv[1:]
rng = random.Random(int(seed))
interrupts = program._Interrupts()
if handler == "program":
    interrupts.install()
    interrupts.started = True
    if hasattr(zalg, "must_not_raise"):  # (a tree before the fix has none)
        interrupts.must_not_raise = zalg.must_not_raise
G = zalg.grid(int(n), int(n))
G.cycles()
outcomes = collections.Counter()
for k in range(int(trials)):
    timer = threading.Timer(rng.uniform(0, float(window)), os.kill, (os.getpid(), signal.SIGINT))
    try:
        timer.start()
        G.cycles(progress=k % 2 == 1).count()
        timer.join()
        outcomes["finished"] += 1
    except KeyboardInterrupt:
        outcomes["KeyboardInterrupt"] += 1
    except SystemError:
        outcomes["SystemError"] += 1
    finally:
        timer.join()
        if interrupts.watchdog is not None:
            interrupts.watchdog.cancel()
            interrupts.watchdog = None
    try:
        time.sleep(0.02)  # a signal that came late lands here, not in the next trial
    except KeyboardInterrupt:
        pass
print(", ".join(f"{c} {what}" for what, c in sorted(outcomes.items())), flush=True)
os._exit(0)
"""


def in_process(args, env: dict) -> str:
    """The ``--in-process`` trials (see the module): their outcomes, counted."""
    done = subprocess.run([sys.executable, "-c", IN_PROCESS, str(args.grid), str(args.trials),
                           str(args.window), str(args.seed), args.handler],
                          capture_output=True, text=True, cwd=ROOT, env=env,
                          preexec_fn=as_from_a_terminal)
    lines = done.stdout.strip().splitlines()
    return lines[-1] if lines else f"status {done.returncode}: {done.stderr[-800:]}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--trials", type=int, default=100)
    ap.add_argument("--board", default="11x11")
    ap.add_argument("--window", type=float, default=2.0, help="seconds after the first line")
    ap.add_argument("--jobs", type=int, default=3, help="trials at once")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tree", type=Path, default=None, help="another checkout's zalg")
    ap.add_argument("--in-process", action="store_true", help="many builds in one process")
    ap.add_argument("--grid", type=int, default=11, help="--in-process: the grid's side")
    ap.add_argument("--handler", choices=("program", "python"), default="program")
    args = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=str((args.tree or ROOT).resolve()))
    if args.in_process:
        print(f"in one process ({args.grid}x{args.grid} grid's cycles, {args.trials} builds, "
              f"SIGINT 0-{args.window} s in, {args.handler}'s handler, tree "
              f"{env['PYTHONPATH']}): {in_process(args, env)}")
        return
    rng = random.Random(args.seed)
    plan = [(rng.randrange(1000), rng.uniform(0, args.window)) for _ in range(args.trials)]
    outcomes: Counter = Counter()
    with tempfile.TemporaryDirectory() as scratch, ThreadPoolExecutor(args.jobs) as pool:
        zalg = zalg_command(Path(scratch))
        runs = [pool.submit(trial, zalg, args.board, seed, delay, env) for seed, delay in plan]
        for (seed, delay), run in zip(plan, runs):
            outcome = run.result()
            if outcome not in CLEAN and outcome not in ("finished", "SystemError"):
                print(f"seed {seed}, {delay:.2f} s: {outcome}")
            outcomes[outcome if len(outcome) < 60 else "other"] += 1
    print(f"Ctrl-C trials ({args.board}, {args.trials}, tree {env['PYTHONPATH']}): "
          + ", ".join(f"{n} {what}" for what, n in sorted(outcomes.items())))


if __name__ == "__main__":
    main()
