"""Slitherlink instance enumeration against brute force; both routes; minimal,
minimum, ranking, reduce, the 0-hint exercise and the multi-loop variant."""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import combinations

import pytest

from puzzles.slitherlink import design as I, route
from puzzles.common.errors import PuzzleFormatError
from puzzles.common.loops import outline, random_loop
from puzzles.slitherlink import Puzzle
from puzzles.program.cli import main
from tests.helpers.paths import ROOT
from tests.helpers.processes import interrupt_inside, prompt
from tests.helpers.slitherlink_reference import brute_force_instances, cell_counts, grid_cycles


LOOPS = [(3, 3, {(0, 0), (0, 1), (1, 1)}), (3, 3, {(1, 1)}), (3, 3, {(0, 0), (1, 0), (1, 1), (2, 1)}),
         (3, 4, {(0, 1), (1, 1), (1, 2), (2, 2)}), (3, 4, {(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 3)})]


@pytest.mark.parametrize("rows, cols, region", LOOPS)
def test_instances_equal_brute_force(rows, cols, region):
    loop = outline(region)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    H = I.instances((rows, cols), loop)
    assert set(H) == brute_force_instances(rows, cols, loop, cells)
    assert H == I.instances((rows, cols), loop, method="literal")
    assert H == I.instances((rows, cols), loop, method="topdown")
    assert H == I.instances((rows, cols), loop, method="hitting")
    # a candidate subset
    some = cells[::2]
    for method in ("auto", "topdown", "hitting"):
        assert set(I.instances((rows, cols), loop, candidates=some, method=method)) == \
            brute_force_instances(rows, cols, loop, some)


@pytest.mark.parametrize("rows, cols, region", LOOPS)
def test_every_sweep_gives_the_brute_force_sets(rows, cols, region):
    """W and H swept from each of the 8 sides (the board turned, named as before):
    the same hint sets, over ``sweep_universe`` (the same elements, reordered); "auto"
    picks one of them by its trial."""
    loop = outline(region)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    expected = brute_force_instances(rows, cols, loop, cells)
    some = cells[1::2]
    expected_some = brute_force_instances(rows, cols, loop, some)
    for k in range(len(I.SWEEPS)):
        U = I.sweep_universe(rows, cols, k)
        assert sorted(map(repr, U.elements)) == \
            sorted(map(repr, I.instance_universe(rows, cols).elements))
        for method in ("topdown", "hitting"):
            H = I.instances((rows, cols), loop, method=method, sweep=k)
            assert H.universe is U and set(H) == expected
            assert set(I.minimal(H)) == set(H.minimal(upclosed=False))
            assert set(I.instances((rows, cols), loop, candidates=some, method=method,
                                   sweep=k)) == expected_some
    H = I.instances((rows, cols), loop, sweep="auto")
    assert set(H) == expected
    assert H.universe in [I.sweep_universe(rows, cols, k) for k in range(len(I.SWEEPS))]
    assert I.instances((rows, cols), loop, sweep=0) == I.instances((rows, cols), loop)
    with pytest.raises(ValueError):
        I.instances((rows, cols), loop, sweep=8)


@pytest.mark.parametrize("rows, cols, seed", [(4, 4, 3), (3, 5, 2)])
def test_sweeps_agree_on_larger_loops(rows, cols, seed):
    """Every sweep, and the multi-loop variant, the same members as the default route."""
    loop = random_loop(rows, cols, seed=seed)
    H = set(I.instances((rows, cols), loop))
    for k in range(len(I.SWEEPS)):
        assert set(I.instances((rows, cols), loop, sweep=k)) == H
    assert set(I.instances((rows, cols), loop, sweep="auto")) == H
    assert set(I.instances((rows, cols), loop, multi=True, sweep="auto")) == \
        set(I.instances((rows, cols), loop, multi=True))


def test_plain_cycle_enumerator_matches_the_engine():
    from puzzles.slitherlink.solve import board_graph
    assert len(grid_cycles(3, 4)) == board_graph(3, 4).cycles().count()


@pytest.mark.parametrize("rows, cols, seed", [(4, 4, 1), (4, 5, 2), (5, 4, 3)])
def test_routes_agree_and_every_instance_is_uniquely_solved(rows, cols, seed):
    loop = random_loop(rows, cols, seed=seed)
    H = I.instances((rows, cols), loop)
    assert H == I.instances((rows, cols), loop, method="literal")
    assert H == I.instances((rows, cols), loop, method="topdown")  # the identical node
    assert H == I.instances((rows, cols), loop, method="hitting")
    assert I.minimal(H) == H.minimal() == H.minimal(upclosed=False)
    h = cell_counts(loop, rows, cols)
    for S in H.sample(min(20, H.count()), seed=seed):
        p = Puzzle(rows, cols, {E: h[E] for E in S})
        F = p.solve()
        assert F.count() == 1 and loop in F


def test_minimal_minimum_and_ranking():
    rows, cols = 4, 4
    loop = random_loop(rows, cols, seed=7)
    H = I.instances((rows, cols), loop)
    M = I.minimal(H)
    assert M == H.minimal(upclosed=False)
    h = cell_counts(loop, rows, cols)
    for S in M:  # dropping any hint breaks uniqueness
        assert S in H
        for E in S:
            assert (S - {E}) not in H
    smallest = min(len(S) for S in M)
    assert set(I.minimum(H)) == {S for S in M if len(S) == smallest}
    ranked = list(I.rank_by_difficulty(M, loop))
    assert {S for S, _ in ranked} == set(M)
    keys = [key for _, key in ranked]
    assert keys == sorted(keys)  # hardest first: fewest 4s, then 0s, 3s, 1s, 2s
    assert all(key == I.difficulty(S, h) for S, key in ranked)


def test_reduce_finds_minimal_hint_subsets():
    rows, cols = 4, 4
    loop = random_loop(rows, cols, seed=3)
    h = cell_counts(loop, rows, cols)
    full = Puzzle(rows, cols, h)  # every hint shown: redundant but unique
    assert full.is_unique()
    R = route.reduce(full)
    assert set(R) == set(I.instances(full, loop).minimal())  # swept from the chosen side
    for S in R:
        assert Puzzle(rows, cols, {E: h[E] for E in S}).is_unique()
    with pytest.raises(PuzzleFormatError, match="solutions"):
        route.reduce(Puzzle(2, 2))


def test_zero_hints_on_6x6_need_ten():
    """The seed slides: at least ten 0-hints make a 6x6 board have no loop."""
    Z = I.zero_hint_sets(6, 6)
    assert min(Z.by_size()) == 10
    S = next(iter(Z.of_size(10)))
    assert Puzzle(6, 6, {E: 0 for E in S}).count() == 0
    for E in S:  # and nine of them never suffice (a minimum set has no redundant 0)
        assert Puzzle(6, 6, {F: 0 for F in S - {E}}).count() > 0


def test_zero_hints_small_boards_brute_force():
    rows, cols = 2, 3
    cycles = grid_cycles(rows, cols)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    touched = [{E for E in cells if cell_counts(C, rows, cols)[E]} for C in cycles]
    brute = {frozenset(S) for k in range(len(cells) + 1) for S in combinations(cells, k)
             if all(set(S) & t for t in touched)}
    assert set(I.zero_hint_sets(rows, cols)) == brute


def test_multi_loop_variant():
    """Two separate loops: instances against brute force over sets of disjoint cycles."""
    rows, cols = 3, 4
    loops = outline({(0, 0)}) | outline({(2, 3)})
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    H = I.instances((rows, cols), loops, multi=True)
    cycles = list(grid_cycles(rows, cols))
    dot_bit = {(r, c): 1 << (r * (cols + 1) + c) for r in range(rows + 1) for c in range(cols + 1)}
    sets = {frozenset(): 0}  # every set of vertex-disjoint cycles, with the dots it meets
    for C in cycles:
        dots = sum({dot_bit[d] for e in C for d in e})
        for S, met in list(sets.items()):
            if not met & dots:
                sets[S | C] = met | dots
    h = cell_counts(loops, rows, cols)
    # a hint set is good when it meets every other loop set's differing cells (bit i: cells[i])
    masks = {sum(1 << i for i, E in enumerate(cells) if cell_counts(S, rows, cols)[E] != h[E])
             for S in sets if S != loops}
    brute = {frozenset(E for i, E in enumerate(cells) if S >> i & 1)
             for S in range(1 << len(cells)) if all(S & m for m in masks)}
    assert set(H) == brute
    assert H == I.instances((rows, cols), loops, multi=True, method="topdown")
    with pytest.raises(PuzzleFormatError, match="single cycle"):
        I.instances((rows, cols), loops)


def test_bad_loops_are_rejected():
    with pytest.raises(PuzzleFormatError, match="not a single cycle"):
        I.instances((3, 3), {((0, 0), (0, 1))})
    with pytest.raises(PuzzleFormatError, match="not an edge"):
        I.instances((3, 3), {((0, 0), (1, 1))})


def test_cli_generate_and_reduce(tmp_path, capsys):
    (tmp_path / "loop.txt").write_text(".##.\n.##.\n.#..\n")
    (tmp_path / "cand.txt").write_text("xxxx\nx..x\nxxxx\n")
    rc = main(["slitherlink", "generate", "--loop", str(tmp_path / "loop.txt"), "--minimum",
               "--rank", "--limit", "2", "--out", str(tmp_path / "out")])
    assert rc == 0
    out, err = capsys.readouterr()
    loop = outline({(0, 1), (0, 2), (1, 1), (1, 2), (2, 1)})
    H = I.instances((3, 4), loop)
    # the minimum alone goes without H: the good sets are not counted, on stdout only
    assert "good hint sets: not counted (the route without H)" in out.splitlines()
    assert "good" not in err
    assert f"minimum hint sets: {I.minimum(H.minimal()).count()}" in out
    files = sorted((tmp_path / "out").iterdir())
    assert len(files) == 2
    for f in files:  # every written puzzle is uniquely solved by the loop
        p = Puzzle.from_file(f)
        assert p.solve() == p.solve() and p.count() == 1 and loop in p.solve()
    rc = main(["slitherlink", "generate", "--loop", str(tmp_path / "loop.txt"),
               "--candidates", str(tmp_path / "cand.txt"), "--limit", "0"])
    assert rc == 0
    cand = [(r, c) for r in range(3) for c in range(4) if (r, c) not in {(1, 1), (1, 2)}]
    assert f"good hint sets: {I.instances((3, 4), loop, candidates=cand).count()}" in \
        capsys.readouterr().out
    for method in ("hitting", "topdown", "auto"):  # every route gives the default's family
        assert main(["slitherlink", "generate", "--loop", str(tmp_path / "loop.txt"),
                     "--method", method, "--minimal", "--limit", "0"]) == 0
        out = capsys.readouterr().out
        assert f"good hint sets: {H.count()}" in out
        assert f"minimal hint sets: {H.minimal().count()}" in out
    url = "https://puzz.link/p?slither/5/5/cbcbcddad"
    assert main(["slitherlink", "reduce", url]) == 0
    R = route.reduce(Puzzle.from_url(url))
    out = capsys.readouterr().out
    assert (f"{R.count()} minimal subsets keep it unique" if R.count() != 1
            else "1 minimal subset keeps it unique") in out
    assert out.count("good hint sets") == 0 and out.count("https://puzz.link/p?slither/5/5/") >= 1


@pytest.mark.parametrize("content, message", [
    (".#\n#.\n", "not a single cycle"),
    (".#\n#\n", "different lengths"),
    ("ab\ncd\n", "unexpected character"),
])
def test_cli_generate_bad_loop_exits_2(tmp_path, content, message):
    import subprocess
    import sys
    (tmp_path / "loop.txt").write_text(content)
    run = subprocess.run([sys.executable, "-m", "puzzles", "slitherlink", "generate", "--loop",
                          str(tmp_path / "loop.txt")], capture_output=True, text=True, timeout=300)
    assert run.returncode == 2 and message in run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1


LOOP_A = {(1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 4), (3, 1), (3, 3), (3, 4), (4, 1)}


@pytest.mark.parametrize("delay", [1.5, 8.0])
def test_ctrl_c_inside_the_top_down_constructions_stops_within_two_seconds(delay):
    # hitting_topdown on a 6x6 loop with every cell a candidate runs 40-90 CPU s, in
    # compiled calls of seconds each (the levels, the conjunction at the switch)
    setup = ("from puzzles.common.loops import outline\n"
             "from puzzles.slitherlink import design as I\n"
             "from zalg.topdown.hitting import hitting_topdown\n"
             "small = outline({(1, 1)})\n"
             "I.minimal(I.instances((3, 3), small))  # kernels compiled or loaded: not timed\n"
             f"W, Y, _ = I.violation_relation((6, 6), outline({sorted(LOOP_A)}))")
    rc, said, took, count, err = interrupt_inside(setup, "hitting_topdown(W, Y)",
                                                  "I.instances((3, 3), small).count()", delay,
                                                  env={**os.environ, "ZALG_MEMORY": "3G"})
    assert rc == 0 and said == "interrupted" and err == "", err
    assert count == str(I.instances((3, 3), outline({(1, 1)})).count())
    assert prompt(took), took


def test_auto_falls_back_to_bottom_up_when_top_down_would_pass_the_budget():
    # 5x5 loop, every cell, the tables made to take over 16 elements before the end (any
    # ratio fits): the top-down route's tables at the switch need about 90 MB (11,406 of
    # W's nodes, 8 KB each); the bottom-up route a few MB.  The budget is what the process
    # holds now plus 40 MB, on a shape whose universe is made under it.
    code = (
        "import sys\n"
        "from zalg import memory\n"
        "from zalg.topdown import hitting_tables\n"
        "hitting_tables.TABLE_RATIO = 1 << 40\n"
        "from puzzles.common.loops import outline, random_loop\n"
        "from puzzles.slitherlink import design as I\n"
        "small = outline({(1, 1)})\n"
        "I.minimal(I.instances((3, 3), small))  # kernels compiled or loaded\n"
        "I.instances((3, 3), small, method='hitting')\n"
        "memory.set_default_budget(memory.resident() + (40 << 20))\n"
        "loop = random_loop(5, 5, seed=1)\n"
        "H = I.instances((5, 5), loop, progress=True)\n"
        "print(H.count(), flush=True)\n"
        "try:\n"
        "    I.instances((5, 5), loop, method='topdown')\n"
        "except MemoryError as exc:\n"
        "    print('topdown:', type(exc).__name__, flush=True)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    loop = random_loop(5, 5, seed=1)
    assert run.stdout.split() == [str(I.instances((5, 5), loop, method="hitting").count()),
                                  "topdown:", "OutOfMemory"]
    fallback = [line for line in run.stderr.splitlines() if "bottom up instead" in line]
    assert len(fallback) == 1 and "would pass the memory budget" in fallback[0], run.stderr


def test_cli_pages_through_the_minimal_hint_sets_by_rank(tmp_path, capsys):
    """``--list N --page K``: the K-th N members in rank order, under a line saying which
    of how many they are."""
    (tmp_path / "loop.txt").write_text(".##.\n.##.\n....\n")
    loop = outline({(0, 1), (0, 2), (1, 1), (1, 2)})
    minimal = I.instances((3, 4), loop).minimal()
    h = I.loop_hints(loop, 3, 4)
    ranked = [Puzzle(3, 4, {E: h[E] for E in S}).to_url()
              for S, _ in I.rank_by_difficulty(minimal, loop)]
    n = len(ranked)
    assert n == minimal.count() > 100
    assert main(["slitherlink", "generate", "--loop", str(tmp_path / "loop.txt"), "--minimal",
                 "--rank", "--list", "50", "--page", "3"]) == 0
    out = capsys.readouterr().out
    assert f"showing 101-{n} of {n} minimal hint sets, hardest first" in out.splitlines()
    urls = [line for line in out.splitlines() if line.startswith("https://")]
    assert urls == ranked[100:]
    assert "#101 " in out and "#100 " not in out
    assert main(["slitherlink", "generate", "--loop", str(tmp_path / "loop.txt"), "--minimum",
                 "--rank"]) == 0
    least = I.minimum(minimal)
    assert (f"showing 1-{min(5, least.count())} of {least.count()} minimum hint sets, "
            "hardest first") in capsys.readouterr().out.splitlines()
