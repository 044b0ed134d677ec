"""The benchmark harness (benchmarks/harness): fresh processes, sides interleaved round
by round, CPU and wall seconds of the measured step only, peak memory, results checked
before a ratio, ``--against`` measuring another tree's zalg, and the git worktree of a
revision.  A toy benchmark with stub ``zalg`` packages keeps these tests quick; the real
benchmarks run at their smallest sizes in the last test."""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import textwrap

import pytest

from benchmarks.harness.child import Measurement
from benchmarks.harness.tables import SideRounds, Table, field, line
from benchmarks.harness.trees import GitError, git, other_tree
from tests.helpers.paths import ROOT

TOY = textwrap.dedent('''
    """A toy benchmark for the harness's tests."""
    import sys
    import time

    from benchmarks import harness


    def spin(seconds):
        end = time.process_time() + seconds
        while time.process_time() < end:
            pass


    def ours(n):
        import zalg
        spin(0.05)                     # set-up: never in the figures
        with harness.measure():
            spin(n)
        return {"check": round(n, 3), "zalg": zalg.WHICH}


    def theirs(n):
        with harness.measure():
            spin(2 * n)
        return {"check": round(n, 3)}


    def wrong(n):
        with harness.measure():
            spin(n)
        return {"check": -1}


    def broken(n):
        raise ValueError("no such board")


    def slow(n):
        with harness.measure():
            time.sleep(60)


    def tables(args):
        H = harness
        rows = [H.Row("fast", (H.Case("ours", (0.02,)), H.Case("theirs", (0.02,)))),
                H.Row("slower", (H.Case("ours", (0.1,)), H.Case("theirs", (0.1,)))),
                H.Row("disagrees", (H.Case("ours", (0.02,)), H.Case("wrong", (0.02,)))),
                H.Row("fails", (H.Case("ours", (0.02,)), H.Case("broken", (0.02,)))),
                H.Row("too slow", (H.Case("slow", (0,)), None))]
        return [H.Table("toy", ("zalg", "peer"), rows)]


    if __name__ == "__main__":
        raise SystemExit(harness.main(sys.modules[__name__], tables))
''')


@pytest.fixture()
def toy(tmp_path):
    """A "new" tree holding the toy benchmark and a stub zalg, and an "old" tree with
    another stub zalg; the harness itself comes from this project (PYTHONPATH)."""
    for name in ("new", "old"):
        (tmp_path / name / "zalg").mkdir(parents=True)
        (tmp_path / name / "zalg" / "__init__.py").write_text(f"WHICH = {name!r}\n")
    (tmp_path / "new" / "benchmarks").mkdir()
    script = tmp_path / "new" / "benchmarks" / "bench_toy.py"
    script.write_text(TOY)
    return script


def run_toy(script, *args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, str(script), "--limit", "10", *args],
                         capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return run


def rows_of(report) -> dict:
    return {row["name"]: row for row in report["tables"][0]["rows"]}


def test_rounds_are_interleaved_fresh_processes_and_results_checked(toy, tmp_path):
    out = tmp_path / "run.json"
    run = run_toy(toy, "--rounds", "3", "--json", str(out))
    report = json.loads(out.read_text())
    rows = rows_of(report)
    fast = rows["fast"]
    a, b = fast["sides"]
    # A, B, A, B, ...: every round of both sides, in that order
    order = sorted([(t, "A") for t in a["started"]] + [(t, "B") for t in b["started"]])
    assert [side for _, side in order] == ["A", "B"] * 3
    # the measured step only: the set-up's 0.05 s of CPU is not in the figures
    assert all(0.02 <= t < 0.045 for t in a["cpu"]), a["cpu"]
    assert all(0.04 <= t < 0.09 for t in b["cpu"]), b["cpu"]
    assert fast["ratio"] == pytest.approx(statistics.median(a["cpu"]) / statistics.median(b["cpu"]))
    assert fast["same"] is True and all(mb > 1 for mb in a["rss_mb"] + b["rss_mb"])
    assert a["zalg"] == str((tmp_path / "new").resolve()) and a["result"]["zalg"] == "new"
    # results that disagree get no ratio; a failing side says why, once, and is not rerun
    assert rows["disagrees"]["same"] is False and rows["disagrees"]["ratio"] is None
    fails = rows["fails"]["sides"][1]
    assert len(fails["cpu"]) == 1 and "ValueError: no such board" in fails["errors"][0]
    assert rows["too slow"]["sides"][0]["errors"] == ["not finished within 10 s"]
    assert len(report["load_start"]) == 3 and len(report["load_end"]) == 3
    printed = run.stdout.splitlines()
    line = next(x for x in printed if x.startswith("disagrees"))
    assert line.split()[-2:] == ["-", "NO"]
    assert any("ValueError: no such board" in x for x in printed)


def test_against_another_tree_measures_its_zalg_side_by_side(toy, tmp_path):
    out = tmp_path / "ab.json"
    run = run_toy(toy, "--rounds", "2", "--only", "fast|slower", "--against",
                  str(tmp_path / "old"), "--json", str(out))
    report = json.loads(out.read_text())
    assert [t["label"] for t in report["trees"]] == ["new", "old"]
    rows = rows_of(report)
    assert set(rows) == {"fast", "slower"}
    for row in rows.values():
        new, old = row["sides"]
        assert new["result"]["zalg"] == "new" and old["result"]["zalg"] == "old"
        assert new["zalg"] == str((tmp_path / "new").resolve())
        assert old["zalg"] == str((tmp_path / "old").resolve())
        assert 0.5 < row["ratio"] < 2.0  # the same work on both sides (the peer is left out)
    assert "new/old over 2 rows: geometric mean" in run.stdout


def test_a_timing_column_is_the_median_of_the_rounds_like_the_cpu_column():
    """A case's own timings (a step's CPU seconds) next to the median CPU must be medians
    too: the first round alone (often the slowest) sat beside the median before."""
    side = SideRounds("zalg", [Measurement(result={"check": 1, "step": t}, cpu=t, wall=t)
                               for t in (9.0, 2.0, 3.0)])
    peer = SideRounds("peer", [Measurement(result={"check": 1, "step": t}, cpu=t, wall=t)
                               for t in (5.0, 7.0)])
    table = Table("t", ("zalg", "peer"), [],
                  (field("first", "step", 5, ".1f"), field("med", "step", 5, ".1f", median=True),
                   field("peer med", "step", 8, ".1f", side=1, median=True)))
    cells = line(table, "row", [side, peer]).split("|")[0].split()
    assert cells == ["row", "9.0", "3.0", "6.0"]
    assert side.cpu() == 3.0


def test_the_persistence_export_row_times_an_export(monkeypatch):
    """The export row must export inside its measured step: the frontier driver keeps its
    family's node arrays, so timing that family's node_count() timed nothing (0.0001 s)."""
    from contextlib import contextmanager

    from benchmarks import bench_persist
    from zalg.ops.manager import Manager
    exports, measuring = [], []
    export = Manager.export

    def spy(self, p):
        exports.append(bool(measuring))
        return export(self, p)

    @contextmanager
    def measure():
        measuring.append(True)
        try:
            yield
        finally:
            measuring.pop()

    monkeypatch.setattr(Manager, "export", spy)
    monkeypatch.setattr(bench_persist.harness, "measure", measure)
    result = bench_persist.step_case("export node arrays (first count/dump)", 3, 3)
    assert result["check"][0] > 0 and True in exports


def test_the_graph_tables_name_graphillion_only_when_it_is_measured():
    """--against leaves the peer out (new/old only): its titles must not name it."""
    import argparse

    from benchmarks import bench_graphs
    for against, named in ((None, True), ("c0ce877", False)):
        args = argparse.Namespace(min=4, max=4, count_min=4, algebra_max=0, classes=4,
                                  partitions=3, peer="graphillion", against=against)
        titles = [t.title for t in bench_graphs.tables(args)]
        assert len(titles) == 3 and all(("Graphillion" in t) == named for t in titles)


def test_a_revision_is_checked_out_into_a_temporary_worktree_and_removed():
    try:
        head = git(ROOT, "rev-parse", "HEAD")
    except (GitError, OSError):
        pytest.skip("not a git checkout")
    with other_tree("HEAD", ROOT) as tree:
        assert (tree.path / "zalg" / "__init__.py").is_file()
        assert git(tree.path, "rev-parse", "HEAD") == head
        assert str(tree.path) in git(ROOT, "worktree", "list")
    assert not tree.path.exists() and str(tree.path) not in git(ROOT, "worktree", "list")
    with pytest.raises(GitError):
        with other_tree("no-such-revision-anywhere", ROOT):
            pass


def test_the_graph_benchmark_runs_at_its_smallest_sizes(tmp_path):
    pytest.importorskip("graphillion", reason="Graphillion is the peer (pip install '.[bench]')")
    out = tmp_path / "graphs.json"
    run = subprocess.run([sys.executable, "-m", "benchmarks.bench_graphs", "--min", "4", "--max",
                          "4", "--count-min", "4", "--algebra-max", "4", "--classes", "3",
                          "--partitions", "3", "--rounds", "1", "--json", str(out),
                          # one graph class stands for the table (each row is two processes)
                          "--only", r"^(paths|cycles) 4$|^trees 3$"],
                         capture_output=True, text=True, cwd=ROOT,
                         timeout=1200)
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(out.read_text())
    built = rows_of(report)
    assert built["paths 4"]["sides"][0]["result"]["check"] == [184, 134]  # OEIS A007764
    assert built["cycles 4"]["sides"][1]["result"]["check"][0] == 213    # OEIS A140517
    trees = {row["name"]: row for table in report["tables"] for row in table["rows"]}["trees 3"]
    assert trees["sides"][0]["result"]["check"][0] == trees["sides"][1]["result"]["check"][0]
    assert all(row["same"] for table in report["tables"] for row in table["rows"])


def test_save_writes_the_report_to_the_benchs_own_results_file(toy, tmp_path):
    out = tmp_path / "also.json"
    run_toy(toy, "--rounds", "1", "--only", "fast", "--save", "--json", str(out))
    saved = toy.parent / "results" / "bench_toy.json"
    report = json.loads(saved.read_text())
    assert report == json.loads(out.read_text())
    assert report["bench"] == "bench_toy.py" and set(rows_of(report)) == {"fast"}
    a, b = rows_of(report)["fast"]["sides"]
    assert len(a["cpu"]) == len(b["cpu"]) == 1
    run_toy(toy, "--rounds", "1", "--only", "slower", "--save")
    assert set(rows_of(json.loads(saved.read_text()))) == {"slower"}


BENCHES = sorted(p.stem for p in (ROOT / "benchmarks").glob("bench_*.py"))


@pytest.mark.parametrize("name", BENCHES)
def test_every_benchmark_runs_on_the_harness(name):
    source = (ROOT / "benchmarks" / f"{name}.py").read_text()
    assert "harness.main(sys.modules[__name__]" in source
    run = subprocess.run([sys.executable, "-m", f"benchmarks.{name}", "--help"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "--against" in run.stdout and "--rounds" in run.stdout and "--save" in run.stdout


def test_the_operation_benchmark_counts_the_9x9_paths(tmp_path):
    out = tmp_path / "ops.json"
    run = subprocess.run([sys.executable, "-m", "benchmarks.bench_ops_ab", "--only",
                          r"P\.minimal", "--rounds", "1", "--json", str(out)],
                         capture_output=True, text=True, cwd=ROOT, timeout=1200)
    assert run.returncode == 0, run.stderr[-3000:]
    (row,) = rows_of(json.loads(out.read_text())).values()
    # every corner-to-corner path of the 9x9 grid is minimal (OEIS A007764: 3266598486981642)
    assert row["sides"][0]["result"]["check"][0] == 3266598486981642


def _numberlink_entry(grid: list[str], ways: list[str]) -> dict:
    """A dataset entry (bench_hard's format): the board's rows and its answer's rows."""
    rows, cols = len(grid), len(grid[0].split())
    return {"problem": f"{rows} {cols}\n" + "\n".join(grid),
            "solution": f"{rows} {cols}\n" + "\n".join(ways)}


def test_the_whole_numberlink_table_reports_each_board_however_it_ends(tmp_path, monkeypatch,
                                                                        capsys):
    """bench_hard's whole-set table: each board in a forked child.  One board is solved
    with its published answer; one has four paths between its terminals (reported as
    such) and one covering solution, only checked (its answer leaves cells empty); one
    passes its CPU limit, and past a tiny memory budget it runs out of memory."""
    from benchmarks import bench_hard
    straight = ["e ew w"] * 3
    data = {"rows": _numberlink_entry(["1 - 1", "2 - 2", "3 - 3"], straight),
            # the 4 simple paths of a 2x3 grid between opposite corners; 1 covers it
            "two": _numberlink_entry(["1 - -", "- - 1"], ["e ew sw", "- - n"]),
            # three long paths on an open 12x12: millions of solutions, seconds to count
            "open": _numberlink_entry(["1 " + "- " * 10 + "1", *["- " * 11 + "-"] * 4,
                                       "3 " + "- " * 10 + "3", *["- " * 11 + "-"] * 5,
                                       "2 " + "- " * 10 + "2"], ["- " * 11 + "-"] * 12)}
    (tmp_path / "NumberLink_dataset.json").write_text(json.dumps({"data": data}))
    result = bench_hard.whole_case(["rows", "two", "open"], False, str(tmp_path), 0.5)
    assert (result["boards"], result["solved"], result["memory"], result["cpu"]) == (3, 2, 0, 1)
    assert result["check"][:2] == [["rows", 1, "yes"], ["two", 4, "4 solutions"]]
    assert result["good"] == "1/2" and result["median"] == result["max"] < 0.5
    assert result["bad"] == ["two: 4 solutions"] and result["unsolved"][0].startswith("open: cpu")
    assert result["failed"] == []
    log = tmp_path / "boards.jsonl"
    covering = bench_hard.whole_case(["rows", "two"], True, str(tmp_path), 5, str(log))
    # "two": its answer leaves cells empty, so its covering solution is only checked
    assert [r[1:] for r in covering["check"]] == [[1, "yes"], [1, "ok"]]
    capsys.readouterr()
    bench_hard.print_log_summary(log, tmp_path, 5)  # the table of a run stopped early
    lines = capsys.readouterr().out.splitlines()
    rows = {tuple(line.split()[:2]): line.split()[2:] for line in lines[1:]}
    # boards, solved, out of memory, past the CPU limit; answers
    assert {k: (v[:4], v[6]) for k, v in rows.items()} == {
        ("2x3", "yes"): (["1", "1", "0", "0"], "1/1"),
        ("3x3", "yes"): (["1", "1", "0", "0"], "1/1"),
        ("all", "yes"): (["2", "2", "0", "0"], "2/2")}  # "open" was not logged
    assert rows["all", "yes"][-1] == "1"
    monkeypatch.setenv("ZALG_MEMORY", "16M")
    tight = bench_hard.whole_case(["open"], False, str(tmp_path), 60)
    assert (tight["solved"], tight["memory"], tight["median"]) == (0, 1, ">60")


def test_the_whole_numberlink_table_resumes_from_its_log(tmp_path):
    """``numberlink-all --resume --log F``: the boards F already has with that covering
    are not measured again (a size left without boards has no row); without
    ``--resume`` every board is."""
    from benchmarks import bench_hard
    data = {name: _numberlink_entry(grid, [" ".join("-" * len(grid[0].split()))] * len(grid))
            for name, grid in (("a", ["1 - 1", "- - -", "- - -"]),
                               ("b", ["1 - -", "- - -", "- - 1"]), ("c", ["1 - - 1", "2 - - 2"]))}
    (tmp_path / "NumberLink_dataset.json").write_text(json.dumps({"data": data}))
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps({"name": n, "cover": cover, "status": "cpu"}) + "\n"
                           for n, cover in (("a", False), ("c", False), ("b", True))))

    def measured(resume: bool) -> set:
        args = argparse.Namespace(data=tmp_path, min_cells=0, max_cells=100, cover="both",
                                  chunk=40, cpu=1.0, log=str(log), resume=resume)
        table = bench_hard.numberlink_all_table(args)
        return {(name, case.args[1]) for row in table.rows for case in row.cases
                for name in case.args[0]}

    assert measured(True) == {("a", True), ("c", True), ("b", False)}
    assert measured(False) == {(n, cover) for n in "abc" for cover in (True, False)}


def test_anti_diagonal_sweeps_give_solves_solutions():
    """benchmarks/experiments/numberlink_orders.py: a sweep by anti-diagonals from any corner (its cut
    line ordered for the planar cut) gives the same solutions as ``solve``, with and
    without covering, on random small boards with several pairs."""
    import random

    from benchmarks.experiments.numberlink_orders import CORNERS, diagonal_graph, diagonal_order
    from puzzles.numberlink import Puzzle
    rnd = random.Random(34)
    found = 0
    for _ in range(12):
        rows, cols = rnd.randint(2, 5), rnd.randint(3, 5)
        assert len(diagonal_order(rows, cols, "br")) == rows * (cols - 1) + cols * (rows - 1)
        cells = rnd.sample([(r, c) for r in range(rows) for c in range(cols)], 6)
        pairs = {k + 1: (cells[2 * k], cells[2 * k + 1]) for k in range(rnd.randint(2, 3))}
        p = Puzzle(rows, cols, pairs)
        for cover in (False, True):
            want = {frozenset(s) for s in p.solve(cover=cover)}
            found += len(want)
            for corner in CORNERS:
                F = diagonal_graph(rows, cols, corner).path_matchings(
                    pairs=[pairs[k] for k in sorted(pairs)], cover=cover)
                assert {frozenset(s) for s in F} == want, (pairs, cover, corner)
    assert found > 500, found  # 567 solutions over the boards


def test_the_sat_peer_counts_and_stops_at_its_cpu_limit():
    """The SAT peer finds the 4 paths of a 2x3 grid between opposite corners (1 when
    covering), and with no CPU time to spend it answers "undecided" instead of running
    on (pysat's CaDiCaL has no interrupt: the peer checks its limit between calls)."""
    pytest.importorskip("pysat", reason="the SAT peer is a benchmark dependency ('.[bench]')")
    from benchmarks import satpeer
    from puzzles.numberlink import Puzzle
    p = Puzzle.from_grid([[1, None, None], [None, None, 1]])
    assert satpeer.numberlink_count(p, False, limit=10)[0] == 4
    assert satpeer.numberlink_count(p, True, limit=10)[0] == 1
    assert satpeer.numberlink_count(p, False, limit=10, seconds=0)[0] is None
