"""Slitherlink's side classes and hint parity (``deduce.LoopPropagator``): sound on
random small boards, checked against the plain-Python brute force.

Every class the union-find holds must relate its cells' sides by its parity in every
solution (the side of a cell: inside the loop or not, the outside of the board
outside), and every decided edge and side must hold in every solution; boards with
no, one and many solutions are tried, also with some edges of a solution given."""
from __future__ import annotations

import random

from puzzles.slitherlink import Puzzle
from puzzles.slitherlink import solve as S
from puzzles.slitherlink.deduce import Contradiction, LoopPropagator, deduce
from tests.helpers.slitherlink_reference import random_board, solutions


def sides_of(loop, rows: int, cols: int) -> list[int]:
    """Each cell's side (1 inside), row-major, then the outside (0): the parity of the
    loop's vertical edges crossed from the left border."""
    out = []
    for r in range(rows):
        side = 0
        for c in range(cols):
            side ^= ((r, c), (r + 1, c)) in loop
            out.append(side)
    return out + [0]


def check_sound(prop: LoopPropagator, brute: set, rows: int, cols: int) -> None:
    E = prop.E
    for loop in brute:
        side = sides_of(loop, rows, cols)
        for i, e in enumerate(prop.edges):
            assert prop.value[i] in (-1, int(e in loop))
        for k in range(len(side)):
            root, parity = prop._find(k)
            assert side[k] ^ side[root] == parity
            assert prop.value[E + k] in (-1, side[k])


def test_side_classes_hold_in_every_solution():
    rng = random.Random(50)
    seen = {"none": 0, "one": 0, "many": 0}
    for _ in range(150):
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        p = random_board(rng, rows, cols)
        brute = solutions(p)
        if brute and rng.random() < 0.5:  # some edges of a solution given
            loop = rng.choice(sorted(brute, key=sorted))
            given = {e: int(e in loop) for e in rng.sample(p.edges(), len(p.edges()) // 4)}
            brute = {s for s in brute if all((e in s) == b for e, b in given.items())}
        else:
            given = {}
        seen["none" if not brute else "one" if len(brute) == 1 else "many"] += 1
        prop = LoopPropagator(p)
        ok = all(prop.assign(prop.index[e], b) for e, b in given.items()) and prop.start()
        if ok:
            check_sound(prop, brute, rows, cols)
            ok = prop.probe(range(prop.E))
        if ok:
            check_sound(prop, brute, rows, cols)
        else:
            assert not brute, p
    assert min(seen.values()) >= 10, seen  # every kind of board was tried


def test_hint_parity_relates_two_neighbours():
    """A 1 with two sides off: its other two sides are one on and one off, so the two
    cells beyond them lie on opposite sides (one class, parity 1)."""
    p = Puzzle(3, 3, {(1, 1): 1})
    prop = LoopPropagator(p)
    assert prop.start()
    top, bottom = prop.index[((1, 1), (1, 2))], prop.index[((2, 1), (2, 2))]
    assert prop.assign(top, 0) and prop.assign(bottom, 0) and prop.propagate()
    left, right = 1 * 3 + 0, 1 * 3 + 2
    (ra, pa), (rb, pb) = prop._find(left), prop._find(right)
    assert ra == rb and pa ^ pb == 1


def test_loopy_hard_board_is_decided_by_the_deductions():
    """A 10x10 board of Loopy's hardest level: propagation and probing decide every
    edge, and the edges form the one member of the family swept on the bare board."""
    p = Puzzle.from_url("10x10t0dh:a2a1311c12a22h22b2023a22b1a3b1c23a1a3b1a11a2d12c0b211b1b3"
                        "a3a2d1a2a2a3a3a12")
    fixed = deduce(p)
    assert len(fixed) == len(p.edges())
    bare = S.solve(p, use_prepass=False)
    assert bare.count() == 1
    assert set(bare) == {frozenset(e for e, b in fixed.items() if b)}


def test_a_board_without_solution_clashes():
    """The deductions end in a contradiction only on boards without solution (brute
    force), and on some random boards they do."""
    rng = random.Random(7)
    clashes = 0
    for _ in range(60):
        p = random_board(rng, rng.randint(2, 3), rng.randint(2, 3))
        try:
            deduce(p)
        except Contradiction:
            clashes += 1
            assert not solutions(p)
    assert clashes >= 5
