"""Plain-Python Yajilin by brute force, independent of ``puzzles.yajilin``: every subset of
the grid's edges that is one loop or none (kept per shape), times every shading of the
cells off it, filtered by the rules as they read (the empty loop included, as pzprjs's
checker admits it: every free cell then shaded); and the good clue-number sets of a
board by trying every subset."""
from __future__ import annotations

import itertools
import random
from functools import lru_cache

__all__ = ["grid_edges", "loops", "answers", "solutions", "good_sets", "solved_boards"]

STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def grid_edges(rows: int, cols: int) -> list:
    """Every edge of the rows x cols cell grid as a sorted pair of cells."""
    out = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                out.append(((r, c), (r, c + 1)))
            if r + 1 < rows:
                out.append(((r, c), (r + 1, c)))
    return out


def _one_loop_or_none(edges) -> bool:
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    if any(len(v) != 2 for v in adj.values()):
        return False
    if not adj:
        return True
    seen, stack = set(), [next(iter(adj))]
    while stack:
        x = stack.pop()
        if x not in seen:
            seen.add(x)
            stack.extend(adj[x])
    return len(seen) == len(adj)


@lru_cache(maxsize=8)
def loops(rows: int, cols: int) -> tuple:
    """Every edge subset of the grid that is one loop, and the empty one (all 2^|E| tried)."""
    E = grid_edges(rows, cols)
    out = []
    for mask in range(1 << len(E)):
        chosen = [E[i] for i in range(len(E)) if mask >> i & 1]
        if _one_loop_or_none(chosen):
            out.append(frozenset(chosen))
    return tuple(out)


def _keeps(rows, cols, clues, loop, shaded) -> bool:
    on = {x for e in loop for x in e}
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for v in cells:
        if v in clues:
            if v in on or v in shaded:
                return False
        elif (v in on) == (v in shaded):
            return False
    for (r, c) in shaded:
        if (r + 1, c) in shaded or (r, c + 1) in shaded:
            return False
    for (r, c), (d, n) in clues.items():
        if n is None:
            continue
        if not d:
            return False
        k, (dr, dc) = 0, STEP[d]
        r, c = r + dr, c + dc
        while 0 <= r < rows and 0 <= c < cols:
            k += (r, c) in shaded
            r, c = r + dr, c + dc
        if k != n:
            return False
    return True


def answers(rows: int, cols: int, clues: dict) -> set:
    """Every answer (loop, shading) of the board as a pair of frozensets."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out = set()
    for loop in loops(rows, cols):
        on = {x for e in loop for x in e}
        off = [v for v in cells if v not in on]
        for k in range(len(off) + 1):
            for shaded in itertools.combinations(off, k):
                if _keeps(rows, cols, clues, loop, set(shaded)):
                    out.add((loop, frozenset(shaded)))
    return out


def solutions(rows: int, cols: int, clues: dict) -> set:
    """The answers as single sets of edges and shaded cells (the solution family's members)."""
    return {loop | shaded for loop, shaded in answers(rows, cols, clues)}


def good_sets(rows: int, cols: int, clues: dict) -> tuple[set, set, set]:
    """(good, minimal, minimum): the subsets K of the numbered clues such that the board
    with only K's numbers shown (the others blank) has exactly one answer."""
    numbered = sorted(v for v, (d, n) in clues.items() if n is not None)
    good = set()
    for k in range(len(numbered) + 1):
        for K in itertools.combinations(numbered, k):
            shown = {v: (clues[v] if v in K else ("", None)) for v in clues}
            if len(answers(rows, cols, shown)) == 1:
                good.add(frozenset(K))
    minimal = {K for K in good if not any(L < K for L in good)}
    least = min((len(K) for K in good), default=None)
    return good, minimal, {K for K in good if len(K) == least}


def solved_boards(count: int, seed: int):
    """Boards of one answer: a loop of the reference's, some cells off it shaded, the other
    cells off it clues with a random arrow and their true count."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        rows, cols = rng.choice([(3, 3), (3, 4)])
        loop = rng.choice(loops(rows, cols))
        on = {x for e in loop for x in e}
        off = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in on]
        rng.shuffle(off)
        shaded: set = set()
        for v in off:
            if all((v[0] + dr, v[1] + dc) not in shaded for dr, dc in STEP.values()) and rng.random() < 0.5:
                shaded.add(v)
        clues = {}
        for v in off:
            if v in shaded:
                continue
            d = rng.choice("udlr")
            k, (r, c) = 0, v
            while 0 <= r < rows and 0 <= c < cols:
                r, c = r + STEP[d][0], c + STEP[d][1]
                k += (r, c) in shaded
            clues[v] = (d, k)
        if 2 <= len(clues) <= 6 and len(answers(rows, cols, clues)) == 1:
            found += 1
            yield rows, cols, clues
