"""zalg.progress: one mechanism (callback, plain lines, tqdm bars) used by long steps."""

from __future__ import annotations

import io
import re
import time

import pytest

import zalg
from zalg import progress as P


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_callback_sees_every_stage_and_step():
    seen = []
    with P.reporter(lambda *a: seen.append(a)) as r:
        r.stage("one", total=3)
        for i in range(3):
            r.advance()
        r.note("half way")
        r.stage("two")
        r.update(7)
    assert seen == [("one", 0, 3), ("one", 1, 3), ("one", 2, 3), ("one", 3, 3),
                    ("half way", 0, 0), ("two", 0, None), ("two", 7, None)]


def test_plain_lines_when_stderr_is_not_a_terminal(monkeypatch):
    out = io.StringIO()
    r = P.Reporter(True, stream=out)
    r.stage("layers", total=10)
    r.update(5)                       # within LINE_EVERY of the stage line: not printed
    monkeypatch.setattr(P, "LINE_EVERY", 0.0)
    r.update(9, detail="12 states")
    r.close()
    assert out.getvalue().splitlines() == ["layers: 0/10 ...", "layers: 9/10, 12 states"]
    assert "\r" not in out.getvalue()


def test_plain_lines_say_when_a_long_stage_ends_and_show_waiting_seconds(monkeypatch):
    out = io.StringIO()
    r = P.Reporter(True, stream=out)
    r.stage("quick")
    monkeypatch.setattr(P, "DONE_AFTER", 0.0)  # every stage now counts as long
    monkeypatch.setattr(P, "LINE_EVERY", 0.0)
    r.stage("slow", total=None)
    r.update(3, unit="s")
    r.close()
    assert out.getvalue().splitlines() == ["quick ...", "quick: done in 0 s", "slow ...",
                                           "slow: running for 3 s", "slow: done in 0 s"]


class KernelStream(io.StringIO):
    """Stands for a Jupyter kernel's stderr (ipykernel.iostream.OutStream): no terminal."""


KernelStream.__module__ = "ipykernel.iostream"


def test_a_notebook_gets_a_bar_that_stays():
    out = KernelStream()
    with P.Reporter(True, stream=out) as r:
        r.stage("levels", total=4)
        for _ in range(4):
            r.advance()
    text = out.getvalue()
    assert "levels" in text and "4/4" in text
    assert "levels: 0/4 ..." not in text      # no plain line: a bar
    assert text.rstrip("\n").split("\r")[-1].startswith("levels")  # the finished bar is left


def test_a_bar_on_a_terminal():
    out = Terminal()
    with P.Reporter(True, stream=out) as r:
        r.stage("levels", total=4)
        for _ in range(4):
            r.advance(detail="x")
        r.note("a message")
    text = out.getvalue()
    assert "levels" in text and "4/4" in text and "a message" in text


def test_silent_by_default_and_bad_values_refused():
    r = P.reporter(None)
    assert not r.active
    r.stage("x", 3)
    r.update(2)
    assert P.reporter(False).active is False
    assert P.reporter(r) is r
    with pytest.raises(TypeError):
        P.reporter("yes")


def test_waiting_reports_elapsed_time(monkeypatch):
    monkeypatch.setattr(P, "TICK", 0.05)
    seen = []
    r = P.reporter(lambda *a: seen.append(a))
    with r.waiting("quantifying"):
        time.sleep(1.3)
    assert seen[0] == ("quantifying", 0, None)
    assert any(d >= 1 for s, d, t in seen[1:] if s == "quantifying")


def test_waiting_lines_off_a_terminal_say_what_runs_and_for_how_long(monkeypatch):
    """Off a terminal (stderr to a file) a waiting stage's lines read "hitting sets:
    running for 1 s"; they read "hitting sets: 1, s"."""
    monkeypatch.setattr(P, "TICK", 0.05)
    monkeypatch.setattr(P, "LINE_EVERY", 0.2)
    out = io.StringIO()
    r = P.Reporter(True, stream=out)
    with r.waiting("hitting sets"):
        deadline = time.monotonic() + 60
        while "running for 1 s" not in out.getvalue() and time.monotonic() < deadline:
            time.sleep(0.05)
    lines = out.getvalue().splitlines()
    assert lines[0] == "hitting sets ..."
    assert "hitting sets: running for 1 s" in lines
    assert all(re.fullmatch(r"hitting sets: running for \d+ s", line) for line in lines[1:]), lines
    assert [P._duration(s) for s in (0, 59, 60, 125, 3599, 3780)] == \
        ["0 s", "59 s", "1 min 0 s", "2 min 5 s", "59 min 59 s", "1 h 3 min"]


def test_waiting_on_a_terminal_shows_the_running_time(monkeypatch):
    monkeypatch.setattr(P, "TICK", 0.05)
    out = Terminal()
    with P.Reporter(True, stream=out).waiting("hitting sets"):
        time.sleep(0.3)
    assert "hitting sets: running for 00:0" in out.getvalue()


def test_frontier_constructions_report_their_levels():
    seen = []
    G = zalg.grid(5, 5)
    P5 = G.paths((0, 0), (4, 4), progress=lambda *a: seen.append(a))
    assert P5.count() == 8512
    # the graph's frontier plan is a stage of its own the first time it is made
    assert seen[0][0] == f"frontier plan of {len(G.edges)} edges"
    seen = [a for a in seen if not a[0].startswith("frontier plan")]
    stages = [s for s, _, _ in seen]
    levels = [a for a in seen if a[0] == "frontier (paths)"]
    # the levels, then the assembly of the nodes in CUDD as a stage of unknown length
    assert stages.index("frontier (paths): nodes into CUDD") == len(levels)
    assert set(stages) == {"frontier (paths)", "frontier (paths): nodes into CUDD"}
    assert seen[len(levels)] == ("frontier (paths): nodes into CUDD", 0, None)
    assert levels[0][1:] == (0, len(G.edges)) and levels[-1][1:] == (len(G.edges), len(G.edges))
    seen.clear()
    G.cycles(progress=lambda *a: seen.append(a))
    levels = [a for a in seen if a[0] == "frontier (cycle)"]
    assert levels and levels[-1][1] == levels[-1][2]


def test_a_callback_may_report_again():
    seen = []

    def callback(stage, done, total):
        seen.append(stage)
        if stage == "outer":
            r.note("from inside")        # re-enters the reporter: must not deadlock

    r = P.reporter(callback)
    r.stage("outer")
    assert seen == ["outer", "from inside"]
