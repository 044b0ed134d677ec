"""No stage stays silent: the heartbeat of ``zalg.progress`` (docs/reliability.md,
"Progress").  The promise is 60 s at the largest sizes the program accepts
(``benchmarks/experiments/progress_gaps.py`` measures those); here the interval is lowered with
``ZALG_HEARTBEAT`` and the longest silence measured in the child's CPU time."""
from __future__ import annotations

import gc
import io
import os
import sys
import time

from zalg import progress
from zalg.progress import Reporter
from tests.helpers.processes import silences

#: a command with a stage that says nothing for seconds between its own lines (its
#: first random maze: 7 s of CPU; it runs out of memory at about 8 s, 830 MB resident)
QUIET = ["--memory", "1G", "nurimeizu", "generate", "256x256", "--seed", "1"]


def test_a_silent_stage_says_it_is_still_at_work(monkeypatch):
    monkeypatch.setenv("ZALG_HEARTBEAT", "0.2")
    # a heartbeat of its own, as a program's process has: the test run's one thread carries
    # what earlier tests left behind (in a full run this test once saw no beat at all,
    # cause not found; alone it passes, and a program has one run at a time)
    monkeypatch.setattr(progress, "_HEARTBEAT", progress._Heartbeat())
    stream = io.StringIO()
    with Reporter(True, stream=stream) as report:
        report.stage("busy", total=10)
        report.update(3)
        _busy(2.0)
    lines = stream.getvalue().splitlines()
    beats = [line for line in lines if line.startswith("busy: 3/10, still at work after ")]
    assert len(beats) >= 2, lines



def _busy(seconds: float) -> None:
    # this thread's CPU time: threads that earlier tests left running in the process
    # would make the process's CPU time pass faster than the clock
    end = time.thread_time() + seconds
    while time.thread_time() < end:  # Python work that reports nothing
        pass


def test_a_reporter_dropped_with_its_stage_open_is_not_beaten_for(monkeypatch):
    # a stage left open by a reporter that no longer exists (an abandoned generator, a
    # request that ended) must not take the heartbeat from the stage still at work
    monkeypatch.setenv("ZALG_HEARTBEAT", "0.2")
    monkeypatch.setattr(progress, "_HEARTBEAT", progress._Heartbeat())
    outer_stream, inner_stream = io.StringIO(), io.StringIO()
    with Reporter(True, stream=outer_stream) as outer:
        outer.stage("outer", total=2)
        inner = Reporter(True, stream=inner_stream)
        inner.stage("inner", total=5)
        del inner
        gc.collect()
        _busy(2.0)
    beats = [line for line in outer_stream.getvalue().splitlines()
             if line.startswith("outer: 0/2, still at work after ")]
    assert len(beats) >= 2, outer_stream.getvalue()
    assert "still at work" not in inner_stream.getvalue()

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
