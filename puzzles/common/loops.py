"""Random loops on a grid, shared by the genres: the outline of a random simply connected
region of squares (Slitherlink draws its loops around cells, Nagareru through cell
centres, around the squares between them)."""

from __future__ import annotations

import random

__all__ = ["random_region", "outline", "random_loop", "maze_loop"]


def _neighbours(cell):
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def _ring(cell):
    r, c = cell
    return [(r - 1, c - 1), (r - 1, c), (r - 1, c + 1), (r, c + 1),
            (r + 1, c + 1), (r + 1, c), (r + 1, c - 1), (r, c - 1)]


def _keeps_simple(region: set, cell, rows: int, cols: int) -> bool:
    """Adding ``cell`` keeps the region a disk: the 8 cells around it, inside or
    outside the region, switch between inside and outside exactly twice (cells
    off the board count as outside), and the cell touches the region."""
    ring = [x in region for x in _ring(cell)]
    changes = sum(ring[i] != ring[i - 1] for i in range(8))
    side = any(x in region for x in _neighbours(cell))
    # the inside run must contain an edge neighbour, so that the region stays 4-connected
    return side and changes == 2 and not _only_diagonal(ring)


def _only_diagonal(ring) -> bool:
    return not any(ring[i] for i in (1, 3, 5, 7))


def random_region(rows: int, cols: int, fill: float = 0.55, seed=None) -> set:
    """A random simply connected set of cells covering about ``fill`` of the board."""
    rng = random.Random(seed)
    start = (rng.randrange(rows), rng.randrange(cols))
    region = {start}
    target = max(1, int(fill * rows * cols))
    frontier = set(_neighbours(start))
    stale = 0
    while len(region) < target and stale < 20 * rows * cols:
        cand = [x for x in frontier if 0 <= x[0] < rows and 0 <= x[1] < cols and x not in region]
        if not cand:
            break
        cell = rng.choice(cand)
        if _keeps_simple(region, cell, rows, cols):
            region.add(cell)
            frontier |= set(_neighbours(cell))
            stale = 0
        else:
            stale += 1
        frontier.discard(cell) if cell in region else None
    return region


def outline(region: set) -> frozenset:
    """The boundary edges of a set of cells (a single loop when the region is a disk)."""
    edges = set()
    for r, c in region:
        for e, other in ((((r, c), (r, c + 1)), (r - 1, c)), (((r, c), (r + 1, c)), (r, c - 1)),
                         (((r, c + 1), (r + 1, c + 1)), (r, c + 1)),
                         (((r + 1, c), (r + 1, c + 1)), (r + 1, c))):
            if other not in region:
                edges.add(e)
    return frozenset(edges)


def random_loop(rows: int, cols: int, fill: float = 0.55, seed=None) -> frozenset:
    """A random single loop on a rows x cols board, as a set of edges."""
    return outline(random_region(rows, cols, fill, seed))


def maze_loop(rows: int, cols: int, seed=None, newest: float = 0.7) -> frozenset:
    """A random single loop through every point of a rows x cols board (both even), as a
    set of edges: the outline of a random spanning tree of the squares at even
    coordinates with the squares joining tree neighbours (no square at odd coordinates is
    in the region, so every point lies on its outline and no point is a pinch).  The tree
    grows from the newest square with probability ``newest``, else from a random one."""
    if rows % 2 or cols % 2 or rows < 2 or cols < 2:
        raise ValueError(f"a maze loop needs an even board, got {rows}x{cols}")
    rng = random.Random(seed)
    R, C = rows // 2, cols // 2
    start = (rng.randrange(R), rng.randrange(C))
    seen, growing = {start}, [start]
    region = {(2 * start[0], 2 * start[1])}
    while growing:
        k = len(growing) - 1 if rng.random() < newest else rng.randrange(len(growing))
        r, c = growing[k]
        out = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
               if 0 <= r + dr < R and 0 <= c + dc < C and (r + dr, c + dc) not in seen]
        if not out:
            growing.pop(k)
            continue
        n = rng.choice(out)
        seen.add(n)
        growing.append(n)
        region.add((2 * n[0], 2 * n[1]))
        region.add((r + n[0], c + n[1]))
    return outline(region)
