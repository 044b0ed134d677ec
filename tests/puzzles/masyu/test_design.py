"""Masyu's designer against brute force: for every loop of small grids, the good pearl
sets (the loop the only solution; tests/helpers/masyu_reference.py tries every subset
of the pearls the loop admits) equal the family ``design.instances`` builds, and the
literal ∀ formula; minimal and minimum members equal those of the brute force."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.common.errors import PuzzleFormatError
from puzzles.common.loops import maze_loop, random_loop
from puzzles.masyu import Puzzle, design, route
from puzzles.masyu.model import check_solution, loop_pearls
from tests.helpers import masyu_reference as ref


def members(family) -> set:
    return {frozenset(m) for m in family}


def minimal_of(sets: set) -> set:
    return {s for s in sets if not any(t < s for t in sets)}


def loops(rows, cols, count, seed):
    every = ref.grid_loops(rows, cols)
    return random.Random(seed).sample(every, min(count, len(every)))


@pytest.mark.parametrize("rows, cols, loop", [(3, 3, loop) for loop in ref.grid_loops(3, 3)]
                         + [(3, 4, loop) for loop in loops(3, 4, 12, 1)])
def test_good_minimal_minimum_equal_brute_force(rows, cols, loop):
    assert loop_pearls(loop, rows, cols) == ref.admitted(loop)
    good = ref.good_sets(rows, cols, loop)
    H = design.instances(loop, rows, cols)
    assert members(H) == good
    assert members(design.minimal(H)) == minimal_of(good)
    least = min((len(s) for s in good), default=None)
    assert members(design.minimum(H)) == {s for s in good if len(s) == least}


@pytest.mark.parametrize("rows, cols, loop", [(3, 3, loop) for loop in loops(3, 3, 5, 2)]
                         + [(3, 4, loop) for loop in loops(3, 4, 3, 3)])
def test_the_literal_formula_gives_the_same_family(rows, cols, loop):
    assert members(design.literal(loop, rows, cols)) == members(design.instances(loop, rows, cols))


def test_candidates_restrict_the_pearls():
    loop = loops(3, 4, 1, 5)[0]
    kinds = ref.admitted(loop)
    some = sorted(kinds)[:2]
    H = design.instances(loop, 3, 4, cells=some)
    assert {frozenset(m) for m in H} == {s for s in ref.good_sets(3, 4, loop) if s <= set(some)}
    with pytest.raises(PuzzleFormatError):
        design.candidates(3, 4, loop, [(9, 9)])


def test_reading_a_drawn_loop():
    text = "F-7.\n|.L7\nL--J\n"
    boxed = "┌─┐.\n│.└┐\n└──┘\n"
    rows, cols, loop = design.read_loop(text)
    assert (rows, cols) == (3, 4) and design.read_loop(boxed) == (rows, cols, loop)
    assert ((0, 0), (0, 1)) in loop and ((1, 2), (1, 3)) in loop and len(loop) == 10
    for bad in ("F-7\n|.|\nL-.\n", "F7\nLJ\nF7\nLJ\n", "F-q\n"):
        with pytest.raises(PuzzleFormatError):
            design.read_loop(bad)


def test_a_random_puzzle_is_unique_with_a_minimal_pearl_set():
    p = design.random_puzzle(4, 4, seed=5)
    assert p.count() == 1
    for cell in p.pearls:
        fewer = dict(p.pearls)
        del fewer[cell]
        assert type(p)(p.rows, p.cols, fewer).count() != 1


@pytest.mark.parametrize("loop", loops(3, 4, 4, 7))
def test_ranking_lists_every_member_hardest_first(loop):
    kinds = ref.admitted(loop)
    good = ref.good_sets(3, 4, loop)
    ranked = list(design.rank_by_difficulty(design.instances(loop, 3, 4), loop, 3, 4))
    assert {m for m, _ in ranked} == good and len(ranked) == len(good)
    keys = [key for _, key in ranked]
    assert keys == sorted((len(s), sum(kinds[c] == "b" for c in s)) for s in good)
    assert all(key == design.difficulty(m, kinds) for m, key in ranked)


def test_reduce_gives_every_minimal_pearl_subset_that_keeps_the_solution():
    every = ref.grid_loops(3, 4)
    loop, start = next((x, s) for x in every for s in ref.good_sets(3, 4, x)
                       if sum(t < s for t in ref.good_sets(3, 4, x)) >= 2)
    kinds = ref.admitted(loop)
    p = Puzzle(3, 4, {c: kinds[c] for c in start})
    found, H, M = design.reduce(p)
    good = {s for s in ref.good_sets(3, 4, loop) if s <= start}
    assert found == loop and members(H) == good and members(M) == minimal_of(good)
    with pytest.raises(PuzzleFormatError):
        design.reduce(Puzzle(3, 4, {}))


@pytest.mark.parametrize("size, seed", [(8, 1), (6, 9)])
def test_a_random_board_of_8x8_is_unique_with_a_minimal_pearl_set(size, seed):
    p = design.random_puzzle(size, size, seed=seed)
    assert p.count() == 1 and not check_solution(p, p.solution())
    for cell in p.pearls:
        fewer = dict(p.pearls)
        del fewer[cell]
        assert type(p)(p.rows, p.cols, fewer).count() > 1


@pytest.mark.parametrize("rows, cols, loop", [(3, 4, loop) for loop in loops(3, 4, 10, 11)]
                         + [(4, 4, loop) for loop in loops(4, 4, 3, 12)])
def test_the_minimum_without_h_equals_the_minimum_of_h(rows, cols, loop):
    good = ref.good_sets(rows, cols, loop) if rows * cols <= 12 else members(
        design.instances(loop, rows, cols))
    least = min((len(s) for s in good), default=None)
    assert members(design.minimum_lazy(loop, rows, cols)) == {s for s in good if len(s) == least}


@pytest.mark.parametrize("rows, cols, seed", [(2, 2, 0), (4, 6, 1), (8, 6, 2), (16, 16, 3)])
def test_a_maze_loop_passes_every_cell_once(rows, cols, seed):
    loop = maze_loop(rows, cols, seed=seed)
    assert not check_solution(Puzzle(rows, cols, {}), loop)
    assert {x for e in loop for x in e} == {(r, c) for r in range(rows) for c in range(cols)}
    assert maze_loop(rows, cols, seed=seed) == loop
    with pytest.raises(ValueError):
        maze_loop(rows + 1, cols, seed=seed)


def test_a_board_of_maze_cells_draws_a_loop_through_every_cell(monkeypatch):
    monkeypatch.setattr(design, "MAZE_CELLS", 36)
    p = design.random_puzzle(6, 6, seed=2)
    assert p.count() == 1
    loop = p.solution()
    assert len({x for e in loop for x in e}) == 36 and not check_solution(p, loop)


def nonempty_loops(rows, cols, count, seed):
    """Seeded loops of a rows x cols board whose full pearl set is good (H is not empty):
    maze loops on even boards, random loops otherwise."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        s = rng.randrange(2 ** 32)
        loop = (maze_loop(rows, cols, seed=s) if rows % 2 == 0 == cols % 2 and rng.random() < 0.5
                else random_loop(rows - 1, cols - 1, seed=s))
        if Puzzle(rows, cols, loop_pearls(loop, rows, cols)).count() == 1:
            out.append(loop)
    return out


@pytest.mark.parametrize("rows, cols, loop", [(4, 4, loop) for loop in nonempty_loops(4, 4, 4, 21)]
                         + [(5, 5, loop) for loop in nonempty_loops(5, 5, 4, 22)]
                         + [(6, 6, loop) for loop in nonempty_loops(6, 6, 3, 23)[1:]]
                         + [(5, 6, loop) for loop in nonempty_loops(5, 6, 2, 24)])
def test_the_minimum_without_h_equals_the_minimum_of_h_on_larger_loops(rows, cols, loop):
    least = design.minimum(design.instances(loop, rows, cols))
    assert least.count() > 0
    V: list = []
    assert design.minimum_lazy(loop, rows, cols, proof=V) == least
    Y = design.candidates(rows, cols, loop)
    assert V and all(Puzzle(rows, cols, {c: Y[c] for c in Y if c not in T}).count() > 1 for T in V)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_minimum_without_h_on_candidate_subsets(data):
    rows, cols = data.draw(st.sampled_from([(4, 4), (4, 5), (5, 5)]))
    loop = data.draw(st.sampled_from(nonempty_loops(rows, cols, 3, rows * cols)))
    Y = sorted(design.candidates(rows, cols, loop))
    cells = data.draw(st.sets(st.sampled_from(Y), min_size=len(Y) - 3))
    assert design.minimum_lazy(loop, rows, cols, cells) == design.minimum(
        design.instances(loop, rows, cols, cells))


@pytest.mark.parametrize("shrink", [1, 100])
def test_violation_sets_miss_the_candidate_and_are_cores_when_shrunk_enough(shrink, monkeypatch):
    monkeypatch.setattr(design, "SHRINK", shrink)
    rows, cols = 6, 6
    loop = nonempty_loops(rows, cols, 1, 25)[0]
    Y = design.candidates(rows, cols, loop)
    oracle = design._Oracle(rows, cols, loop, Y)
    S = frozenset(sorted(Y)[::3])
    others = oracle.others(S)
    assert others is not None
    unique = lambda pearls: Puzzle(rows, cols, {c: Y[c] for c in pearls}).count() == 1  # noqa: E731
    found = oracle.cores(S, others)
    assert found
    for T in found:
        assert T and not T & S and not unique(set(Y) - T)
        if shrink == 100:
            assert all(unique(set(Y) - T | {p}) for p in T)


def test_the_route_takes_h_for_good_and_minimal_and_goes_without_it_for_the_minimum():
    assert route.choose("good")[0] == route.choose("minimal")[0] == "whole"
    assert route.choose("minimum")[0] == "lazy"
    with pytest.raises(ValueError, match="question"):
        route.choose("hardest")
    rows, cols, loop = 3, 4, loops(3, 4, 1, 4)[0]
    with pytest.raises(ValueError, match="minimum' only"):
        route.answer(loop, rows, cols, "minimal", route="lazy")
    with pytest.raises(ValueError, match="route"):
        route.answer(loop, rows, cols, route="sideways")


@pytest.mark.parametrize("rows, cols, loop", [(3, 4, loop) for loop in loops(3, 4, 4, 5)])
def test_each_route_answers_as_the_brute_force(rows, cols, loop):
    good = ref.good_sets(rows, cols, loop)
    least = min((len(s) for s in good), default=None)
    for question, expected in (("good", good), ("minimal", minimal_of(good)),
                               ("minimum", {s for s in good if len(s) == least})):
        A = route.answer(loop, rows, cols, question)
        assert A.route == ("lazy" if question == "minimum" else "whole")
        assert members(getattr(A, question)) == expected
        assert getattr(A, question).universe is design.instance_universe(rows, cols)
    B = route.answer(loop, rows, cols, "minimum", route="whole")
    assert (B.route, members(B.good), members(B.minimum)) == (
        "whole", good, {s for s in good if len(s) == least})
