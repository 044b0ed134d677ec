"""The Slitherlink routes against the bare sweep and a plain-Python brute force.

Routes: the local rules (``prepass``), propagation with inside/outside sides and one
loop (``deduce(probe=False)``), failed-literal probing (``deduce``), the quick sweep
under ``QUICK_WIDTH`` after them, the probing route past it with split-and-sweep,
the same with a split forced at every level, and the mate-ZDD algebra; the
designer's ``method="auto"`` and ``minimal`` falling back to the bottom-up routes.

Evidence: on seeded random 2x2-4x4 boards (hints from a random loop, or random
digits; none, one or many solutions, plain and ``full``) every route gives the
bare sweep's node and the loops of ``tests.helpers.slitherlink_reference`` (every
subset of cells whose outline is one loop) that meet the hints; every edge any
deduction fixes, also on a branch given part of a brute-force solution, holds in
every brute-force solution."""

from __future__ import annotations

import functools
import random

import pytest

import zalg
from zalg.algebra import routes
from puzzles.common import caches
from puzzles.common.board import square_sides
from puzzles.slitherlink import Puzzle
from puzzles.slitherlink import design as I
from puzzles.slitherlink import solve as S
from puzzles.slitherlink.deduce import Contradiction, deduce
from puzzles.common.split import split_sweep
from tests.helpers.slitherlink_reference import single_loops, solutions
from tests.helpers.slitherlink_reference import random_board
from tests.helpers.slitherlink_reference import brute_force_instances, grid_cycles

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (4, 4)]


def boards(seed: int, n: int, variant=None):
    rng = random.Random(seed)
    for _ in range(n):
        p = random_board(rng, *rng.choice(SHAPES))
        yield p if variant is None else Puzzle(p.rows, p.cols, p.hints, variant=variant)


def agrees(fixed: dict, members) -> bool:
    return all((e in m) == bool(bit) for m in members for e, bit in fixed.items())


def test_the_reference_lists_every_single_loop():
    # against a depth-first search over the dot grid (test_design's) and OEIS A140517
    for shape in [(1, 1), (1, 4), (2, 2), (2, 3), (3, 2), (3, 3)]:
        assert set(single_loops(*shape)) == grid_cycles(*shape), shape
    assert len(set(single_loops(4, 4))) == 9349
    assert S.board_graph(4, 4).cycles().count() == 9349


@pytest.fixture
def shapes_kept():
    """The shared per-shape graphs are not dropped while a test compares routes: each
    ``S.solve`` looks its board's graph up again, and one dropped from the memory-bounded
    cache pool in between (after earlier tests filled it) would give the same family in
    another universe, which ``==`` does not equate."""
    previous = caches.set_limit(1 << 40)
    yield
    caches.set_limit(previous)


@pytest.mark.parametrize("variant", [None, "full"])
def test_every_solving_route_gives_the_bare_family_and_the_brute_force(shapes_kept, variant):
    """The default route (rules, propagation, the quick sweep), the probing route past
    ``QUICK_WIDTH`` (forced by a width of 0) with split-and-sweep, that route split
    whenever a level passes 4 states (most 4x4 boards: 2-100 splits each), and the
    algebra: the bare sweep's node, the brute force."""
    kinds, splits = set(), []
    for p in boards(34 + bool(variant), 40, variant):
        brute = solutions(p)
        kinds.add(min(len(brute), 2))
        bare = S.solve(p, use_prepass=False)
        assert set(bare) == brute, p
        assert S.solve(p) == bare, p
        assert S.solve(p, method="algebra") == bare, p
        for width in (1 << 18, 4):
            stats: dict = {}
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(S, "QUICK_WIDTH", 0)
                mp.setattr(S, "split_sweep", functools.partial(split_sweep, max_width=width,
                                                               stats=stats))
                assert S.solve(p) == bare, (p, width)
            splits.append(stats.get("splits", 0))
    assert kinds == {0, 1, 2}  # boards without, with one and with several solutions
    assert sum(n > 0 for n in splits) >= 5  # the probing route did split


@pytest.mark.parametrize("variant", [None, "full"])
def test_every_fixed_edge_holds_in_every_brute_force_solution(variant):
    """``prepass``, ``deduce`` without and with probing, and ``deduce`` from the rules'
    edges: sound (a clash only without solutions), probing fixes at least as much."""
    clashes = 0
    for p in boards(7 + bool(variant), 60, variant):
        brute = solutions(p)
        try:
            rules = S.prepass(p) if variant is None else {}
            plain = deduce(p, probe=False)
            probed = deduce(p)
            both = deduce(p, given=rules)
        except Contradiction:
            assert not brute, p
            clashes += 1
            continue
        for fixed in (rules, plain, probed, both):
            assert agrees(fixed, brute), p
        assert plain.items() <= probed.items(), p
    assert clashes >= 3


def test_a_branch_given_part_of_a_solution_keeps_it():
    """Split-and-sweep's branches: ``deduce(given=...)`` with random edges of a brute-
    force solution fixed to its values never clashes and fixes nothing against it."""
    rng = random.Random(3)
    tried = 0
    for p in boards(11, 60):
        for loop in sorted(solutions(p), key=sorted)[:3]:
            edges = p.edges()
            given = {e: int(e in loop) for e in rng.sample(edges, rng.randint(0, len(edges)))}
            for probe in (False, True):
                assert agrees(deduce(p, probe=probe, given=given), [loop]), (p, given)
            tried += 1
    assert tried >= 20


def test_every_cell_hinted_from_a_loop():
    # boards with every cell hinted from a reference loop (most deduced to the end, some
    # with other loops of the same hints): each route gives the brute force, the loop in it
    rng = random.Random(5)
    for rows, cols in SHAPES:
        loops = single_loops(rows, cols)
        for loop in rng.sample(loops, 3):
            hints = {(r, c): sum(e in loop for e in square_sides((r, c)))
                     for r in range(rows) for c in range(cols)}
            p = Puzzle(rows, cols, hints)
            brute = solutions(p)
            assert loop in brute
            assert set(S.solve(p)) == brute
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(S, "QUICK_WIDTH", 0)
                assert set(S.solve(p)) == brute


def _raise(*args, **kwargs):
    raise zalg.OutOfMemory("a test's stand-in for a budget")


@pytest.mark.parametrize("rows, cols, seed", [(3, 3, 1), (3, 4, 2), (4, 3, 3)])
def test_the_designers_fallbacks_give_the_top_down_families(monkeypatch, capsys, rows, cols, seed):
    """``instances(method="auto")`` and ``minimal`` fall back on ``W.hitting(Y)`` and
    ``H.minimal()`` when the top-down route runs out of memory: the same families as
    the top-down routes, and the good hint sets of the brute force."""
    loop = sorted(single_loops(rows, cols), key=sorted)[seed * 7 % 40]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    H = I.instances((rows, cols), loop)
    M = I.minimal(H)
    brute = brute_force_instances(rows, cols, loop, cells)
    assert set(H) == brute
    assert set(M) == {s for s in brute if not any(t < s for t in brute)}
    # the top-down routes of Family.hitting and Family.minimal, as zalg registered them
    monkeypatch.setattr(routes, "_TOPDOWN", {**routes._TOPDOWN, "hitting": _raise,
                                             "minimal": _raise})
    capsys.readouterr()
    assert I.instances((rows, cols), loop, progress=True) == H
    assert I.minimal(H, progress=True) == M
    notes = [line for line in capsys.readouterr().err.splitlines() if "bottom up instead" in line]
    assert len(notes) == 2, notes
    with pytest.raises(zalg.OutOfMemory):
        I.instances((rows, cols), loop, method="topdown")
    # with the sweep chosen by its trial: the bottom-up route in that sweep's universe
    swept = I.instances((rows, cols), loop, sweep="auto")
    assert set(swept) == brute and set(I.minimal(swept)) == set(M)
