"""Long work at the largest sizes the program accepts says what it is doing at once.

Every genre's ``generate`` at 4096x16, 256x256 and 64x64, and Numberlink's
``instances`` at 12x12 and 13x13, must print its first progress line (or refuse the
size up front with one line that estimates the cost) within 2 s of CPU time of the
child, imports and kernel loading included; the child is killed right after.  CPU
time, so that a loaded machine cannot make the test pass or fail: it delays the
child, not the work done before it speaks."""
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


class _Enough(Exception):
    """Raised to end a solve once the steps of interest have run."""


def test_a_blank_slitherlink_board_names_every_step_as_it_starts(monkeypatch):
    """Building the board's graph, the deductions, the sweep's plan and each split's
    deductions are stages of their own: the callback hears of each before it runs
    (so a plain-line run says what it does at once, whatever the step costs)."""
    from puzzles.slitherlink import Puzzle
    from puzzles.slitherlink import solve as S

    stages: list[str] = []

    def progress(stage, done, total):
        if done == 0 and total != 0:
            stages.append(stage)

    heard: list[str] = []
    real_deduce, real_graph = S.deduce, S.board_graph

    def deduce(*args, **kwargs):
        heard.append(stages[-1])
        if stages[-1].startswith("split"):
            raise _Enough
        return real_deduce(*args, **kwargs)

    def board_graph(*args):
        heard.append(stages[-1] if stages else "")
        return real_graph(*args)

    monkeypatch.setattr(S, "deduce", deduce)
    monkeypatch.setattr(S, "board_graph", board_graph)
    board = Puzzle.from_grid([[None] * 30 for _ in range(30)])
    with pytest.raises(_Enough):
        S.solve(board, progress=progress)
    assert heard == ["slitherlink: the board's graph", "slitherlink: deductions",
                     "slitherlink: deductions with probing", "split 1, edge on: deductions"]
    # a blank board has more than QUICK_OPEN open edges: no quick sweep before the
    # probing, the split's sweep after it
    probing = stages.index(heard[2])
    assert "frontier (cycle)" not in stages[:probing] and "frontier (cycle)" in stages[probing:]


def test_the_frontier_plan_of_a_new_graph_is_a_stage():
    """Making the plan of a graph's edge order (seconds on 80,000 edges) is announced;
    a graph's plan is made once, so its second use says nothing."""
    import zalg
    from zalg.graphs.plan import plan_of

    stages: list[tuple] = []
    G = zalg.grid(5, 6)
    plan_of(G, progress=lambda *call: stages.append(call))
    plan_of(G, progress=lambda *call: stages.append(call))
    assert stages == [(f"frontier plan of {len(G.edges)} edges", 0, None)]
