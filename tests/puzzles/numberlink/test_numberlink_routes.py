"""The Numberlink solving routes against the old route and the brute force.

Routes: the quick bare sweep under ``QUICK_WIDTH``, the deductions (labels,
reachability, cut cells; with and without probing) then the sweep from the clue
side, the planar cut in the mate machine, split-and-sweep on the deductions, the
driver's grown codes and arena, the mate-ZDD algebra, and the pre-issue-34
pre-pass (``logic.deduce``, the benchmarks' "old" route).

Evidence: on seeded random 3x3-4x5 boards (random pairs, mostly without a solution,
and the path ends of a random linear forest or covering path matching: one or many
solutions), free and covering, every route gives the identical node as the bare
sweep without the cut (``planar_cut=False``, no deductions), whose members are the
brute force's (``check_solution`` over every edge subset a cell's degree allows);
every edge any deduction fixes, also on a branch given part of a brute-force
solution, holds in every brute-force solution."""

from __future__ import annotations

import random

import pytest

from puzzles.numberlink import Puzzle
from puzzles.numberlink import logic
from puzzles.numberlink import solve as solve_module
from puzzles.numberlink.deduce import deduce
from puzzles.numberlink.logic import Contradiction
from puzzles.common.split import split_sweep
from zalg.topdown import driver, run
from tests.helpers.numberlink_reference import brute

SHAPES = [(3, 3), (3, 4), (4, 3), (4, 4), (3, 5), (4, 5), (5, 4)]


def path_ends(member) -> list[tuple]:
    """The two end cells of every path of a linear forest."""
    degree: dict = {}
    adjacent: dict = {}
    for a, b in member:
        for x, y in ((a, b), (b, a)):
            degree[x] = degree.get(x, 0) + 1
            adjacent.setdefault(x, []).append(y)
    ends, seen = [], set()
    for x in sorted(degree):
        if degree[x] == 1 and x not in seen:
            previous, here = None, x
            while True:
                nxt = [y for y in adjacent[here] if y != previous]
                if not nxt:
                    break
                previous, here = here, nxt[0]
            seen |= {x, here}
            ends.append((x, here))
    return ends


def boards(seed: int, n: int):
    """Random pairs (a third), the path ends of a random covering path matching (a
    third) or of a random linear forest of at most four paths (a third)."""
    rng = random.Random(seed)
    for i in range(n):
        rows, cols = rng.choice(SHAPES)
        G = solve_module.board_graph(Puzzle(rows, cols, {}))
        if i % 3 == 0:
            cells = rng.sample(G.vertices, 2 * rng.randint(1, 4))
            pairs = [(cells[2 * k], cells[2 * k + 1]) for k in range(len(cells) // 2)]
        else:
            kind = G.path_matchings(cover=True) if i % 3 == 1 else G.path_matchings()
            (member,) = kind.sample(1, seed=rng.randrange(10**6))
            pairs = path_ends(member)[:4] or [tuple(rng.sample(G.vertices, 2))]
        yield Puzzle(rows, cols, {k + 1: pair for k, pair in enumerate(pairs)})


def agrees(fixed: dict, members) -> bool:
    return all((e in m) == bool(bit) for m in members for e, bit in fixed.items())


def test_every_solving_route_gives_the_old_family_and_the_brute_force():
    kinds = {False: set(), True: set()}
    splits = 0
    for p in boards(34, 45):
        G = p.graph()
        pairs = [p.pairs[k] for k in p.labels()]
        for cover in (False, True):
            every = brute(p, cover)
            kinds[cover].add(min(len(every), 2))
            old = G.path_matchings(pairs=pairs, cover=cover, planar_cut=False)
            assert set(old) == every, (p, cover)
            assert G.path_matchings(pairs=pairs, cover=cover) == old, (p, cover)  # the cut
            assert solve_module.solve(p, cover=cover, graph=G) == old, (p, cover)  # the quick sweep
            assert solve_module.solve(p, cover=cover, graph=G, method="algebra") == old, (p, cover)
            with pytest.MonkeyPatch.context() as mp:  # deductions first, arrays grown
                mp.setattr(solve_module, "QUICK_WIDTH", 0)
                assert solve_module.solve(p, cover=cover, graph=G) == old, (p, cover)
                mp.setattr(run, "FIRST_CODES", 2)
                mp.setattr(driver, "FIRST_OUTPUT", 2)
                mp.setattr(run, "FIRST_CHUNKS", 1)
                assert solve_module.solve(p, cover=cover, graph=G) == old, (p, cover)

            def sweep(fixed, max_width):
                return G.path_matchings(pairs=pairs, cover=cover, fixed=fixed,
                                        max_width=max_width)

            def again(given):
                return deduce(p.rows, p.cols, p.pairs, G.edges, cover=cover, given=given)
            try:
                start = again({})
            except Contradiction:
                assert not every, (p, cover)
                continue
            stats: dict = {}
            assert split_sweep(sweep, again, start, G.edges, Contradiction, G.universe.empty,
                               max_width=4, stats=stats) == old, (p, cover)
            splits += stats["splits"] > 0
    assert kinds == {False: {0, 1, 2}, True: {0, 1, 2}}
    assert splits >= 5


def test_every_fixed_edge_holds_in_every_brute_force_solution():
    """The deductions without and with probing, and the old pre-pass: sound (a clash
    only without solutions); probing fixes at least as much."""
    clashes, fixed_some = 0, 0
    for p in boards(7, 60):
        edges = p.graph().edges
        for cover in (False, True):
            every = brute(p, cover)
            try:
                old = logic.deduce(p.rows, p.cols, p.pairs, edges, cover=cover)
            except logic.Contradiction:
                assert not every, (p, cover)
                old = None
            try:
                plain = deduce(p.rows, p.cols, p.pairs, edges, cover=cover, probe=False)
                probed = deduce(p.rows, p.cols, p.pairs, edges, cover=cover)
            except Contradiction:
                assert not every, (p, cover)
                clashes += 1
                continue
            for fixed in (old or {}, plain, probed):
                assert agrees(fixed, every), (p, cover)
            assert plain.items() <= probed.items(), (p, cover)
            fixed_some += len(probed) > len(old or {})
    assert clashes >= 5 and fixed_some >= 5


def test_a_branch_given_part_of_a_solution_keeps_it():
    """Split-and-sweep's branches: ``deduce(given=...)`` with random edges of a brute-
    force solution fixed to its values never clashes and fixes nothing against it."""
    rng = random.Random(3)
    tried = 0
    for p in boards(11, 45):
        edges = p.graph().edges
        for cover in (False, True):
            for member in sorted(brute(p, cover), key=sorted)[:2]:
                given = {e: int(e in member) for e in rng.sample(edges, rng.randint(0, len(edges)))}
                for probe in (False, True):
                    fixed = deduce(p.rows, p.cols, p.pairs, edges, cover=cover, probe=probe,
                                   given=given)
                    assert agrees(fixed, [member]), (p, cover, given)
                tried += 1
    assert tried >= 30
