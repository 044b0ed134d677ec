"""A plain-Python Numberlink reference, independent of zalg's constructions: every
edge subset of a small board (or every one that no single cell rules out) checked by
the answer checker ``check_solution``; and the small boards the tests compare on."""
from __future__ import annotations

import random

import pytest

from puzzles.numberlink import Puzzle, check_solution

__all__ = ["accepted", "brute", "brute_all_subsets", "brute_pruned", "board", "random_board",
           "HAND_BOARDS", "RANDOM_BOARDS", "SMALL"]


def accepted(p: Puzzle, edges, cover: bool) -> bool:
    return not check_solution(p, edges, cover=cover)


#: brute-force results by the board's value (repr): no board is kept, for a board
#: keeps what it was solved and drawn with (families, graphs and their universes)
_BRUTE: dict = {}


def brute_all_subsets(p: Puzzle) -> tuple[frozenset, frozenset]:
    """:func:`_brute_all_subsets`, kept by the board's value."""
    key = ("all", repr(p))
    if key not in _BRUTE:
        _BRUTE[key] = _brute_all_subsets(p)
    return _BRUTE[key]


def _brute_all_subsets(p: Puzzle) -> tuple[frozenset, frozenset]:
    """(solutions, covering solutions): every one of the 2**m edge subsets, checked.

    ``check_solution(cover=True)`` reports the violations of ``cover=False`` plus
    "every cell used" (its documented contract), so only subsets accepted without
    cover are checked again with cover."""
    edges = p.edges()
    plain, covering = set(), set()
    for mask in range(1 << len(edges)):
        s = frozenset(e for i, e in enumerate(edges) if mask >> i & 1)
        if accepted(p, s, False):
            plain.add(s)
            if accepted(p, s, True):
                covering.add(s)
    return frozenset(plain), frozenset(covering)


def brute_pruned(p: Puzzle) -> tuple[frozenset, frozenset]:
    """:func:`_brute_pruned`, kept by the board's value (see ``_BRUTE``)."""
    key = ("pruned", repr(p))
    if key not in _BRUTE:
        _BRUTE[key] = _brute_pruned(p)
    return _BRUTE[key]


def _brute_pruned(p: Puzzle) -> tuple[frozenset, frozenset]:
    """Like :func:`brute_all_subsets`, but skips subsets that break a rule the checker
    applies to a single cell: a cell with 3+ lines, a numbered cell with 0 or 2+
    lines, an empty cell with exactly 1 line (every such subset gets a
    "branch"/"crossing", "unconnected number"/"path through number" or "dead end"
    violation).  Edges are decided in row-major order; a cell is judged as soon as
    its last edge is decided.  Every leaf is then checked by ``check_solution``."""
    edges = p.edges()
    clues = p.clues
    last = {}
    for i, (a, b) in enumerate(edges):
        last[a] = last[b] = i
    closing = [[x for x in last if last[x] == i] for i in range(len(edges))]
    degree = {x: 0 for x in p.cells()}
    chosen: list = []
    plain, covering = set(), set()

    def ok_partial(x):
        return degree[x] <= (1 if x in clues else 2)

    def ok_final(x):
        return degree[x] == 1 if x in clues else degree[x] in (0, 2)

    def walk(i):
        if i == len(edges):
            s = frozenset(chosen)
            if accepted(p, s, False):
                plain.add(s)
            if accepted(p, s, True):
                covering.add(s)
            return
        a, b = edges[i]
        for bit in (0, 1):
            if bit:
                degree[a] += 1
                degree[b] += 1
                chosen.append(edges[i])
            if ok_partial(a) and ok_partial(b) and all(ok_final(x) for x in closing[i]):
                walk(i + 1)
            if bit:
                degree[a] -= 1
                degree[b] -= 1
                chosen.pop()

    walk(0)
    return frozenset(plain), frozenset(covering)


def brute(p: Puzzle, cover: bool) -> frozenset:
    small = len(p.edges()) <= 12
    return (brute_all_subsets if small else brute_pruned)(p)[int(cover)]


def board(text: str) -> Puzzle:
    return Puzzle.from_text(text.replace("/", "\n"))


def random_board(rows: int, cols: int, n_pairs: int, seed: int) -> Puzzle:
    rng = random.Random(seed)
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 2 * n_pairs)
    return Puzzle(rows, cols, {k + 1: (cells[2 * k], cells[2 * k + 1]) for k in range(n_pairs)})


HAND_BOARDS = [
    "1.2/.../2.1",          # 3x3, corner pairs that must cross: no solution
    "1.1/.../...",          # 3x3, one pair on the top row: several detours
    "1../.../..1",          # 3x3, opposite corners: many paths, two covering snakes
    "12./.../.21",          # 3x3
    ".../.../...",          # 3x3, no label: nothing to draw, no solution
    "1..2/..../1..2",       # 3x4
    "1.2./..3./3..1/..2.",  # 4x4, 3 pairs
    "1..2/.34./.4.3/2..1",  # 4x4, 4 pairs
    "1.../.2../..2./...1",  # 4x4, 2 pairs
    "1..2/..../..../1..2",  # 4x4, 2 pairs along the sides: many solutions
    "1.2./3.1./342./4...",  # 4x4, 4 pairs (ends of a random covering path matching)
    "1.../122./3.34/4...",  # 4x4, 4 pairs, likewise
]
RANDOM_BOARDS = ([(1, 5, 1, 0), (1, 6, 2, 0), (5, 1, 2, 1), (2, 3, 2, 0), (2, 3, 3, 1), (2, 5, 2, 3)]
                 + [(3, 3, k, s) for k in (2, 3) for s in range(3)]
                 + [(3, 4, k, s) for k in (2, 3) for s in range(2)]
                 + [(4, 4, k, s) for k in (2, 3, 4) for s in range(2)])
SMALL = ([pytest.param(board(t), id=t) for t in HAND_BOARDS]
         + [pytest.param(random_board(*a), id="random-%dx%d-%dpairs-seed%d" % a) for a in RANDOM_BOARDS])
