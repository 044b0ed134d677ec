"""The memory budget bounds the whole process (docs/reliability.md, "Memory").

Each case runs the ``zalg`` program in a child process under ``--memory`` and
measures its peak resident memory with ``os.wait4``: the interpreter, the compiled
extensions, CUDD, the kernels' tables, the frontier's layers and the genres' own
structures together must stay within the budget plus 5 %.  The budgets and
sizes are chosen so that some runs fit (status 0) and some run out (status 3, one
line naming the step and the limit); a run that ends either way must be within
the budget, and a case that stops ending the way it was chosen for says so."""
from __future__ import annotations

import re
import sys

import pytest

from tests.helpers.processes import run_measured

#: (budget, command, how it ends: "fits" or "runs out"); each well under 20 s and 1.5 GB
CASES = [
    ("300M", "slitherlink generate 5x5 --seed 1", "fits"),
    ("300M", "slitherlink generate 12x12 --seed 1", "runs out"),
    # the sweep ends and the reduction of its 9.6 M nodes runs out (it reached 382 MB when
    # the node codes were given back to the room and then not counted by the reduction)
    ("360M", "slitherlink generate 12x12 --seed 1", "runs out"),
    ("300M", "nagareru generate 8x8 --seed 1", "fits"),
    ("120M", "nagareru generate 20x20 --seed 2", "runs out"),
    ("300M", "nurimeizu generate 8x8 --seed 1", "fits"),
    ("90M", "nurimeizu generate 12x12 --seed 2", "runs out"),
    ("300M", "numberlink generate 6x6 --seed 1", "fits"),
    ("300M", "numberlink instances 4x4 --max-pairs 3", "fits"),
    ("300M", "numberlink instances 8x8", "runs out"),
    # the frontier plan of a large grid's edge order (Python dicts, 158 MB here) is
    # refused before it is made
    ("300M", "numberlink instances 128x128", "runs out"),
]
LIMIT = {"M": 1 << 20, "G": 1 << 30}
OUT_OF_MEMORY = re.compile(r"zalg: out of memory while .+ \(memory limit \d+(\.\d)? [MG]B\)")


@pytest.mark.parametrize("budget, command, ends", CASES, ids=[f"{b} {c}" for b, c, _ in CASES])
def test_a_run_stays_within_its_memory_budget(budget, command, ends):
    limit = int(budget[:-1]) * LIMIT[budget[-1]]
    run = run_measured([sys.executable, "-m", "puzzles", "--memory", budget, *command.split()],
                       timeout=120)
    said = [line for line in run.stderr.splitlines() if line.startswith("zalg:")]
    assert run.status in (0, 3), (run.status, run.stderr[-500:])
    assert run.peak <= limit * 1.05, f"peak {run.peak >> 20} MB under --memory {budget}"
    if run.status == 3:
        assert len(said) == 1 and OUT_OF_MEMORY.fullmatch(said[0]), said
        assert run.stderr.splitlines()[-1] == said[0]  # the last word: nothing after it
    else:
        assert said == [] and run.stdout, run.stderr[-500:]
    assert {0: "fits", 3: "runs out"}[run.status] == ends, (
        f"chosen to {ends}, but it {'fits' if run.status == 0 else 'ran out'}: "
        f"peak {run.peak >> 20} MB, {run.cpu:.1f} s CPU")
