"""No stage stays silent: the heartbeat of ``zalg.progress`` (docs/reliability.md,
"Progress").  The promise is 60 s at the largest sizes the program accepts
(``benchmarks/experiments/progress_gaps.py`` measures those); here the interval is lowered with
``ZALG_HEARTBEAT`` and the longest silence measured in the child's CPU time."""
from __future__ import annotations

import os
import sys

from tests.helpers.processes import run_python, silences

#: a command with a stage that says nothing for seconds between its own lines (its
#: first random maze: 7 s of CPU; it runs out of memory at about 8 s, 830 MB resident)
QUIET = ["--memory", "1G", "nurimeizu", "generate", "256x256", "--seed", "1"]


#: run in a child of its own: the process's one heartbeat thread watches every reporter in
#: it, so a test process's reporters left open by earlier tests would share it
_BUSY = """
import gc, io, os, time
os.environ["ZALG_HEARTBEAT"] = "0.2"
from zalg.progress import Reporter

def busy(seconds):  # Python work that reports nothing, in this thread's CPU time
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass
"""

_SILENT_STAGE = _BUSY + """
stream = io.StringIO()
with Reporter(True, stream=stream) as report:
    report.stage("busy", total=10)
    report.update(3)
    busy(2.0)
print(stream.getvalue(), end="")
"""

_DROPPED_STAGE = _BUSY + """
outer_stream, inner_stream = io.StringIO(), io.StringIO()
with Reporter(True, stream=outer_stream) as outer:
    outer.stage("outer", total=2)
    inner = Reporter(True, stream=inner_stream)
    inner.stage("inner", total=5)
    del inner
    gc.collect()
    busy(2.0)
print(outer_stream.getvalue(), end="")
print("inner said:", inner_stream.getvalue().replace("\\n", " | "))
"""


def test_a_silent_stage_says_it_is_still_at_work():
    done = run_python(_SILENT_STAGE)
    assert done.returncode == 0, done.stderr
    beats = [line for line in done.stdout.splitlines()
             if line.startswith("busy: 3/10, still at work after ")]
    assert len(beats) >= 2, done.stdout


def test_a_reporter_dropped_with_its_stage_open_is_not_beaten_for():
    # a stage left open by a reporter that no longer exists (an abandoned generator, a
    # request that ended) must not take the heartbeat from the stage still at work
    done = run_python(_DROPPED_STAGE)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    beats = [line for line in lines if line.startswith("outer: 0/2, still at work after ")]
    assert len(beats) >= 2, done.stdout
    inner = [line for line in lines if line.startswith("inner said:")]
    assert inner and "still at work" not in inner[0], done.stdout


def _silence(every: str):
    env = dict(os.environ, ZALG_HEARTBEAT=every)
    return silences([sys.executable, "-m", "puzzles", *QUIET], cpu_cap=6.5, env=env)


def test_the_longest_silence_follows_the_heartbeat():
    quiet, beating = _silence("3600"), _silence("0.5")
    # without the heartbeat the command has a silence well past the bound, with it none
    # (the start to the first line included: imports take about 1 s of CPU)
    assert quiet.longest > 4, quiet
    assert beating.longest < 2.5, beating
    assert beating.lines > quiet.lines
