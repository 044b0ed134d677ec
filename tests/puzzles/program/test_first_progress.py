"""Long work at the largest sizes the program accepts says what it is doing at once.

Every genre's ``generate`` at 4096x16, 256x256 and 64x64, and Numberlink's
``instances`` at 12x12 and 13x13, must print its first progress line (or refuse the
size up front with one line that estimates the cost) within 2 s of CPU time of the
child, imports and kernel loading included; the child is killed right after.  CPU
time, so that a loaded machine cannot make the test pass or fail: it delays the
child, not the work done before it speaks (issue 30.2)."""
from __future__ import annotations

import sys

import pytest

from tests.helpers.processes import first_line

BIG = ["4096x16", "256x256", "64x64"]
COMMANDS = ([f"{genre} generate {size} --seed 1" for genre in
             ("slitherlink", "nagareru", "nurimeizu", "numberlink") for size in BIG]
            + ["numberlink instances 12x12", "numberlink instances 13x13"])
FIRST_LINE_CPU = 2.0


@pytest.mark.parametrize("command", COMMANDS)
def test_the_first_progress_line_comes_within_2_s(command):
    line, cpu, status = first_line([sys.executable, "-m", "puzzles", *command.split()],
                                   cpu_limit=5.0, wall_limit=120)
    assert line is not None, f"no line on stderr after {cpu:.1f} s of CPU"
    if status is not None and status != 0:  # refused before any work: one line, status 2
        assert status == 2 and line.startswith("zalg: error: "), (status, line)
    else:  # a progress line, or a title saying what is being computed
        assert line.strip() and not line.startswith("zalg:"), line
    assert cpu <= FIRST_LINE_CPU, f"{line!r} after {cpu:.2f} s of CPU"
