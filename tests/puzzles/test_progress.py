"""Every genre's long steps report through zalg.progress: the designers' stages and a
puzzle's solve passing its callback on."""
from __future__ import annotations

from puzzles.genre import GENRES, genre
from puzzles.nagareru.design import generate as nagareru_generate
from puzzles.numberlink.design import good_instances, random_instance
from puzzles.slitherlink.design import instances


def test_designers_report_through_the_same_callback():
    def stages(run):
        seen = []
        run(lambda *a: seen.append(a))
        return [s for s, _, _ in seen]

    got = stages(lambda cb: good_instances(3, 3, progress=cb))
    assert "unique solutions (∃! over 12 edges)" in got and "pairing relation" in got
    got = stages(lambda cb: random_instance(5, 5, seed=1, progress=cb))
    assert got[0] == "covering path matchings of the 5x5 grid" and "drawing and repairing" in got
    got = stages(lambda cb: nagareru_generate(4, 4, seed=3, progress=cb))
    assert got[0] == "solver runs" and len(got) > 1
    loop = [((1, 1), (1, 2)), ((1, 2), (2, 2)), ((2, 1), (2, 2)), ((1, 1), (2, 1))]
    got = stages(lambda cb: instances((3, 3), loop, progress=cb))
    assert "hitting sets" in got


def test_a_puzzle_solve_passes_its_callback_on():
    for name in GENRES:
        g = genre(name)
        seen = []
        p = g.Puzzle.from_url(g.EXAMPLES[-1])
        F = p.solve(progress=lambda *a: seen.append(a))
        assert F.count() == p.count() and seen, name
        assert len(p.solutions(progress=lambda *a: seen.append(a)).family) == p.count()
