"""The designer's route (``route.answer``): every entry point takes the route chosen,
and every route and sweep gives the brute-force family on small loops."""

from __future__ import annotations

from functools import lru_cache

import pytest

from puzzles.common.loops import outline
from puzzles.program.cli import main
from puzzles.slitherlink import Puzzle, design as I, route as R
from puzzles.slitherlink.studio import PART
from tests.helpers.slitherlink_reference import brute_force_instances, cell_counts, grid_cycles

LOOPS = [(3, 3, {(0, 0), (0, 1), (1, 1)}), (3, 4, {(0, 1), (1, 1), (1, 2), (2, 2)}),
         (4, 4, {(1, 1), (1, 2), (2, 1)}), (4, 4, {(0, 0), (0, 1), (1, 1), (2, 1), (2, 2), (3, 2)})]


cycles = lru_cache(grid_cycles)


def good_sets(rows: int, cols: int, loop: frozenset, candidates: list) -> set[frozenset]:
    """The good hint sets by their definition, as ``brute_force_instances`` computes them,
    with the violation sets as bit masks (only the minimal ones kept), so that every
    subset of 16 cells is tried in seconds."""
    h = cell_counts(loop, rows, cols)
    masks = set()
    for other in cycles(rows, cols):
        if other != loop:
            g = cell_counts(other, rows, cols)
            masks.add(sum(1 << i for i, E in enumerate(candidates) if g[E] != h[E]))
    masks = [m for m in masks if not any(n != m and n & m == n for n in masks)]
    return {frozenset(E for i, E in enumerate(candidates) if S >> i & 1)
            for S in range(1 << len(candidates)) if all(S & m for m in masks)}


def reference(rows: int, cols: int, loop: frozenset, candidates: list) -> dict:
    """good, minimal, minimum and the minimal ones' keys (sorted, hardest first) by
    brute force."""
    good = good_sets(rows, cols, loop, candidates)
    minimal = {S for S in good if not any(S - {E} in good for E in S)}
    least = min((len(S) for S in good), default=None)
    h = cell_counts(loop, rows, cols)
    return {"good": good, "minimal": minimal,
            "minimum": {S for S in good if len(S) == least},
            "keys": sorted(I.difficulty(S, h) for S in minimal)}


def test_the_reference_is_the_helpers_brute_force():
    rows, cols, region = LOOPS[1]
    loop = outline(region)
    for candidates in ([(r, c) for r in range(rows) for c in range(cols)], [(0, 0), (1, 1), (2, 3)]):
        assert good_sets(rows, cols, loop, candidates) == \
            brute_force_instances(rows, cols, loop, candidates)


def lines() -> tuple[list, callable]:
    """A progress callback keeping the notes."""
    said: list[str] = []
    return said, lambda stage, done, total: said.append(stage)


def check(A: R.Answer, want: dict, count: int) -> None:
    if A.good is not None:
        assert set(A.good) == want["good"]
    if A.minimal is not None:
        assert set(A.minimal) == want["minimal"]
    if "minimum" in A.question:
        assert set(A.minimum) == want["minimum"]
    if "hardest" in A.question:
        assert [key for _, key in A.hardest] == want["keys"][:count]
        assert all(S in want["minimal"] for S, _ in A.hardest)


@pytest.mark.parametrize("rows, cols, region", LOOPS)
def test_every_route_and_sweep_gives_the_brute_force_answers(rows, cols, region):
    loop = outline(region)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for candidates in (None, cells[::2]):
        want = reference(rows, cols, loop, cells if candidates is None else candidates)
        for sweep in ((0, 5) if candidates is None else (3,)):
            A = R.answer((rows, cols), loop, R.QUESTIONS, candidates, count=4, route="whole",
                         sweep=sweep)
            assert A.route == "whole" and A.sweep == sweep
            check(A, want, 4)
        A = R.answer((rows, cols), loop, ("minimum", "hardest"), candidates, count=4,
                     route="lazy")
        assert A.route == "lazy" and A.sweep is None and A.good is None
        check(A, want, 4)
        said, progress = lines()  # the route chosen: the whole H on small loops
        A = R.answer((rows, cols), loop, R.QUESTIONS, candidates, count=3, progress=progress)
        assert A.route == "whole" and A.question == R.QUESTIONS
        assert [s for s in said if s.startswith("route:")] == \
            [f"route: the whole H, swept from the {I.SWEEPS[A.sweep]} ({A.why})"]
        check(A, want, 3)


@pytest.mark.parametrize("question", R.QUESTIONS)
def test_each_question_alone(question):
    rows, cols, region = LOOPS[1]
    loop = outline(region)
    want = reference(rows, cols, loop, [(r, c) for r in range(rows) for c in range(cols)])
    A = R.answer((rows, cols), loop, question, count=3)
    assert A.question == (question,)
    assert A.route == ("whole" if question in ("good", "minimal") else "lazy")
    check(A, want, 3)


def test_the_question_decides_the_route(monkeypatch):
    rows, cols, region = LOOPS[2]
    loop = outline(region)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    want = reference(rows, cols, loop, cells)
    assert R.choose("minimum")[0] == R.choose(("minimum", "hardest"))[0] == "lazy"
    assert R.choose(("minimal", "minimum"))[0] == R.choose("good")[0] == "whole"
    tried: list[int] = []
    trials = I.sweep_trials
    monkeypatch.setattr(I, "sweep_trials", lambda *a: tried.extend(a[-1]) or trials(*a))
    said, progress = lines()
    A = R.answer((rows, cols), loop, ("minimum", "hardest"), count=5, progress=progress)
    assert A.route == "lazy" and A.sweep is None and tried == []  # no trial without H
    assert [s for s in said if s.startswith("route:")] == \
        [f"route: without H, violation sets learned on demand ({A.why})"]
    check(A, want, 5)
    A = R.answer((rows, cols), loop, "minimum", method="topdown")  # a method for H: H
    assert A.route == "whole" and "topdown" in A.why
    check(A, want, 5)
    tried.clear()
    A = R.answer((rows, cols), loop, "minimal")  # only H answers it: every side tried
    assert A.route == "whole" and tried == list(range(len(I.SWEEPS)))
    with pytest.raises(ValueError, match="minimum"):
        R.answer((rows, cols), loop, "minimal", route="lazy")
    with pytest.raises(ValueError, match="question"):
        R.answer((rows, cols), loop, "easiest")


def test_no_candidates_and_the_literal_method():
    loop = outline({(1, 1)})
    for candidates in ([], None):
        want = reference(3, 3, loop, [] if candidates == [] else
                         [(r, c) for r in range(3) for c in range(3)])
        A = R.answer((3, 3), loop, R.QUESTIONS, candidates, count=2,
                     method="auto" if candidates == [] else "literal")
        assert A.route == "whole"
        check(A, want, 2)


def test_reduce_takes_the_route(monkeypatch):
    rows, cols, region = LOOPS[3]
    loop = outline(region)
    h = cell_counts(loop, rows, cols)
    puzzle = Puzzle(rows, cols, h)
    said, progress = lines()
    M = R.reduce(puzzle, progress=progress)
    assert set(M) == reference(rows, cols, loop, sorted(h))["minimal"]
    assert any(s.startswith("route: the whole H") for s in said)


def test_cli_generate_takes_the_route(tmp_path, capsys, monkeypatch):
    (tmp_path / "loop.txt").write_text(".##.\n.##.\n.#..\n")
    loop = outline({(0, 1), (0, 2), (1, 1), (1, 2), (2, 1)})
    cells = [(r, c) for r in range(3) for c in range(4)]
    want = reference(3, 4, loop, cells)
    base = ["slitherlink", "generate", "--loop", str(tmp_path / "loop.txt")]
    for route in ("whole", "lazy", None):  # None: the question's route, without H
        extra = ["--route", route] if route else []
        assert main(base + extra + ["--minimum", "--hardest", "3", "--list", "100"]) == 0
        out = capsys.readouterr().out
        good = ("good hint sets: not counted (the route without H)" if route != "whole"
                else f"good hint sets: {len(want['good'])}")
        assert good in out.splitlines()
        assert f"minimum hint sets: {len(want['minimum'])}" in out
        assert "hardest minimal hint sets: 3" in out
        keys = [tuple(int(x) for x in line.split("= ")[1].strip("()").split(", "))
                for line in out.splitlines() if line.startswith("hardest #")]
        assert keys == want["keys"][:3]
        shown = {frozenset(Puzzle.from_url(line).hints) for line in out.splitlines()
                 if line.startswith("https://")}
        assert shown >= want["minimum"]
    assert main(base + ["--route", "lazy", "--minimal"]) == 2
    assert "--route lazy" in capsys.readouterr().err


def test_studio_design_takes_the_route(monkeypatch):
    from puzzles.slitherlink import studio
    loop_rows = ".##./.##./.#.."
    loop = outline({(0, 1), (0, 2), (1, 1), (1, 2), (2, 1)})
    want = reference(3, 4, loop, [(r, c) for r in range(3) for c in range(4)])
    want["hardest"] = want["minimal"]
    task = PART.tasks["design"]
    for which in ("minimum", "minimal", "hardest"):  # 12 cells: every count, through H
        params = task.check({"loop": loop_rows, "list": which, "limit": 200})
        result = task.run(params, lambda *a: None)
        assert result["route"] == "whole" and not result["at_least"]
        assert result["counts"] == {"good": str(len(want["good"])),
                                    "minimal": str(len(want["minimal"])),
                                    "minimum": str(len(want["minimum"]))}
        assert {frozenset(Puzzle.from_url(x["url"]).hints) for x in result["instances"]} == \
            want[which]
    monkeypatch.setattr(studio, "COUNTED_CELLS", 11)  # past it: the minimum without H
    result = task.run(task.check({"loop": loop_rows, "list": "minimum", "limit": 200}),
                      lambda *a: None)
    assert result["route"] == "lazy" and result["counts"]["good"].startswith("not counted")
    assert {frozenset(Puzzle.from_url(x["url"]).hints) for x in result["instances"]} == \
        want["minimum"]
    for offset, limit in ((0, 2), (1, 3), (0, 200)):  # the hardest minimal ones, by pages
        hard = task.run(task.check({"loop": loop_rows, "list": "hardest", "offset": offset,
                                    "limit": limit}), lambda *a: None)
        keys = want["keys"][offset:offset + limit]
        assert hard["route"] == "lazy" and [x["key"] for x in hard["instances"]] == \
            [list(k) for k in keys]
        more = len(want["keys"]) > offset + limit
        assert hard["at_least"] == more
        assert int(hard["total"]) == (offset + limit + 1 if more else len(want["keys"]))
        assert all(frozenset(Puzzle.from_url(x["url"]).hints) in want["minimal"]
                   for x in hard["instances"])
