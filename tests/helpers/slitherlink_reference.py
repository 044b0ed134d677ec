"""A plain-Python Slitherlink reference, independent of zalg: every single loop of a
small board as the outline of its inside.

By the Jordan curve theorem a single loop on the dot grid is the outline of the set
S of cells it encloses, where S is non-empty and edge-connected, the cells outside
S all reach the board's border through cells outside S (no hole), and no dot is
the corner of a 2x2 block whose cells alternate in and out (a dot of four lines).
Every subset of cells is tried: 2^16 for a 4x4 board (9,349 loops, OEIS A140517).

Also every simple cycle of a dot grid by depth-first search, the good hint sets of a
loop by their definition, and random boards for the tests."""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations

from puzzles.common.board import square_sides
from puzzles.common.loops import random_loop
from puzzles.slitherlink import Puzzle

__all__ = ["single_loops", "solutions", "random_board", "grid_cycles", "cell_counts",
           "brute_force_instances"]


def _reach(allowed: int, seeds: list[int], neighbours: list[list[int]]) -> int:
    """The cells of the mask ``allowed`` reachable from ``seeds`` through ``allowed``."""
    seen = 0
    stack = [i for i in seeds if allowed >> i & 1]
    for i in stack:
        seen |= 1 << i
    while stack:
        i = stack.pop()
        for j in neighbours[i]:
            if allowed >> j & 1 and not seen >> j & 1:
                seen |= 1 << j
                stack.append(j)
    return seen


@lru_cache(maxsize=None)
def single_loops(rows: int, cols: int) -> tuple[frozenset, ...]:
    """Every single loop of a rows x cols board, as a frozenset of its edges."""
    n = rows * cols
    full = (1 << n) - 1
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for i, (r, c) in enumerate(cells):
        for j in ((r + 1) * cols + c if r + 1 < rows else None, i + 1 if c + 1 < cols else None):
            if j is not None:
                neighbours[i].append(j)
                neighbours[j].append(i)
    border = [i for i, (r, c) in enumerate(cells) if r in (0, rows - 1) or c in (0, cols - 1)]
    blocks = [(r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1)
              for r in range(rows - 1) for c in range(cols - 1)]
    loops = []
    for inside in range(1, full + 1):
        bits = [inside >> i & 1 for i in range(n)]
        if any(bits[a] == bits[d] != bits[b] == bits[c] for a, b, c, d in blocks):
            continue  # a dot with four lines
        first = (inside & -inside).bit_length() - 1
        if _reach(inside, [first], neighbours) != inside:
            continue  # two insides: two loops
        outside = full & ~inside
        if _reach(outside, border, neighbours) != outside:
            continue  # a hole: a second loop around it
        edges: set = set()
        for i in range(n):
            if bits[i]:
                edges.symmetric_difference_update(square_sides(cells[i]))
        loops.append(frozenset(edges))
    return tuple(loops)


def solutions(p) -> set[frozenset]:
    """The single loops of board p that meet its hints (and pass every dot in the
    ``full`` variant)."""
    dots = (p.rows + 1) * (p.cols + 1)
    return {loop for loop in single_loops(p.rows, p.cols)
            if all(sum(e in loop for e in square_sides(x)) == h for x, h in p.hints.items())
            and (p.variant != "full" or len({d for e in loop for d in e}) == dots)}


def random_board(rng: random.Random, rows: int, cols: int) -> Puzzle:
    """Hints from a random loop (at least one solution) or random digits (often none)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    chosen = rng.sample(cells, rng.randint(0, len(cells)))
    if rng.random() < 0.5:
        loop = random_loop(rows, cols, seed=rng.randrange(10**6))
        return Puzzle(rows, cols, {x: sum(e in loop for e in square_sides(x)) for x in chosen})
    return Puzzle(rows, cols, {x: rng.choice([0, 1, 2, 2, 3, 3]) for x in chosen})


def grid_cycles(rows, cols):
    """Every simple cycle of the dot grid, by plain depth-first search (independent of zalg)."""
    dots = [(r, c) for r in range(rows + 1) for c in range(cols + 1)]
    adj = {d: [] for d in dots}
    for r, c in dots:
        for d in ((r, c + 1), (r + 1, c)):
            if d in adj:
                adj[(r, c)].append(d)
                adj[d].append((r, c))
    found = set()
    for start in dots:  # cycles whose least dot is start
        stack = [(start, [start])]
        while stack:
            v, path = stack.pop()
            for w in adj[v]:
                if w == start and len(path) > 2:
                    edges = frozenset(tuple(sorted((path[i], path[(i + 1) % len(path)])))
                                      for i in range(len(path)))
                    found.add(edges)
                elif w > start and w not in path:
                    stack.append((w, path + [w]))
    return found


def cell_counts(loop, rows, cols):
    """The hint of every cell of the board: how many of its sides the loop uses."""
    loop = frozenset(loop)
    return {(r, c): sum(e in loop for e in square_sides((r, c)))
            for r in range(rows) for c in range(cols)}


def brute_force_instances(rows, cols, loop, candidates):
    """Good hint sets by definition: no other cycle agrees with the loop on them."""
    h = cell_counts(loop, rows, cols)
    masks = []
    for other in grid_cycles(rows, cols):
        if other != loop:
            g = cell_counts(other, rows, cols)
            masks.append({E for E in candidates if g[E] != h[E]})
    return {frozenset(S) for k in range(len(candidates) + 1)
            for S in combinations(candidates, k) if all(set(S) & m for m in masks)}
