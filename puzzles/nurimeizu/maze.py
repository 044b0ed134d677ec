"""Large Nurimeizu puzzles, solution first: a random maze, rooms drawn on it, then icons.

Random rooms rarely admit any solution beyond about 12x12 (the 2x2 rule bites), so
boards of any size are built the way a designer draws them:

1. ``random_maze``: a white tree with no one-coloured 2x2 block.  A spanning tree
   of the cells with both coordinates even is such a maze (every 2x2 block holds
   one even-even cell, white, and one odd-odd cell, black); random leaf moves then
   wander it (a black cell with one white neighbour turns white, a white leaf turns
   black, whenever no one-coloured 2x2 block appears), so the lattice disappears.
2. ``maze_rooms``: rooms of 1..``largest`` cells of one colour, grown at random.
3. S and G on two white cells; every white cell gets an icon (a circle on the S-G
   path, a triangle off it).  If that puzzle is not unique no icon set can make it
   so, and the maze is drawn again.
4. ``minimal_icons``: icons are dropped while the solution stays unique (in halves
   first, then one by one), giving a minimal icon set: removing any one icon
   would admit a second solution.  Each test is one count by the solver.
"""
from __future__ import annotations

import random

from zalg.progress import Progress, reporter

from ..common.board import neighbours
from .model import route
from .puzzle import Puzzle
from .solve import solve

__all__ = ["random_maze", "maze_rooms", "minimal_icons", "generate_from_maze"]

_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _block_ok(rows: int, cols: int, white: set, x) -> bool:
    """No 2x2 block through x is all white or all black."""
    for r0 in (x[0] - 1, x[0]):
        for c0 in (x[1] - 1, x[1]):
            if 0 <= r0 < rows - 1 and 0 <= c0 < cols - 1:
                n = sum((r, c) in white for r in (r0, r0 + 1) for c in (c0, c0 + 1))
                if n in (0, 4):
                    return False
    return True


def random_maze(rows: int, cols: int, rng: random.Random, moves: int | None = None) -> set:
    """The white cells of a random maze: one tree, no one-coloured 2x2 block."""
    nodes = [(r, c) for r in range(0, rows, 2) for c in range(0, cols, 2)]
    white = {nodes[0]}
    stack = [nodes[0]]
    while stack:  # a random depth-first spanning tree of the even-even lattice
        x = stack[-1]
        nxt = [(x[0] + 2 * dr, x[1] + 2 * dc) for dr, dc in _STEPS]
        nxt = [y for y in nxt if 0 <= y[0] < rows and 0 <= y[1] < cols and y not in white]
        if not nxt:
            stack.pop()
            continue
        y = rng.choice(nxt)
        white.add(((x[0] + y[0]) // 2, (x[1] + y[1]) // 2))
        white.add(y)
        stack.append(y)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for _ in range(moves if moves is not None else 20 * rows * cols):
        x = rng.choice(cells)
        if sum(y in white for y in neighbours(x, rows, cols)) != 1:
            continue  # only leaves move: the whites stay one tree
        if x in white:
            if len(white) <= 2:
                continue
            white.discard(x)
            if not _block_ok(rows, cols, white, x):
                white.add(x)
        else:
            white.add(x)
            if not _block_ok(rows, cols, white, x):
                white.discard(x)
    return white


def maze_rooms(rows: int, cols: int, white: set, rng: random.Random, largest: int = 4) -> dict:
    """Rooms of 1..``largest`` cells of one colour, grown at random: cell -> room id."""
    rooms: dict = {}
    rid = -1
    for r in range(rows):
        for c in range(cols):
            if (r, c) in rooms:
                continue
            rid += 1
            cells = [(r, c)]
            rooms[(r, c)] = rid
            colour = (r, c) in white
            for _ in range(rng.randint(0, largest - 1)):
                x = rng.choice(cells)
                nb = [y for y in neighbours(x, rows, cols)
                      if y not in rooms and (y in white) == colour]
                if nb:
                    y = rng.choice(nb)
                    rooms[y] = rid
                    cells.append(y)
    return rooms


def _unique(p: Puzzle) -> bool:
    return solve(p).count() == 1


def minimal_icons(p: Puzzle, rng: random.Random, progress: Progress = None) -> Puzzle:
    """p with circles and triangles dropped, in random order, while it stays unique (p
    must be unique): no remaining icon can go without a second solution appearing."""
    fixed = {x: i for x, i in p.icons.items() if i in "SG"}
    keep = [(x, i) for x, i in p.icons.items() if i in "ot"]
    rng.shuffle(keep)
    with_ = lambda icons: Puzzle(p.rows, p.cols, p.rooms, {**fixed, **dict(icons)})  # noqa: E731
    chunk = max(1, len(keep) // 2)
    tested = 0
    report = reporter(progress).stage("dropping icons")
    while chunk >= 1:
        i = 0
        while i < len(keep):
            trial = keep[:i] + keep[i + chunk:]
            tested += 1
            report.update(tested, detail=f"{len(keep)} icons kept")
            if _unique(with_(trial)):
                keep = trial
            else:
                i += chunk
        chunk //= 2
    report.close()
    return with_(keep)


def generate_from_maze(rows: int, cols: int, rng: random.Random, largest_room: int = 4,
                       tries: int = 50, stats: dict | None = None,
                       progress: Progress = None) -> Puzzle | None:
    """A unique puzzle drawn on a random maze (module docstring), or None after ``tries``."""
    stats = stats if stats is not None else {}
    with reporter(progress) as report:  # a maze of 65,536 cells takes a while: say so first
        report.stage("random mazes", total=tries)
        for attempt in range(tries):
            full = _unique_maze(rows, cols, rng, largest_room, stats)
            report.update(attempt + 1)
            if full is not None:
                break
        else:
            return None
    return minimal_icons(full, rng, progress)


def _unique_maze(rows: int, cols: int, rng: random.Random, largest_room: int,
                 stats: dict) -> Puzzle | None:
    """One random maze with rooms drawn on it and every white cell an icon, if that
    puzzle is unique (else None)."""
    stats["boards"] = stats.get("boards", 0) + 1
    white = random_maze(rows, cols, rng)
    if len(white) < 2:
        return None
    rooms = maze_rooms(rows, cols, white, rng, largest_room)
    s, g = rng.sample(sorted(white), 2)
    black = frozenset(x for x in rooms if x not in white)
    bare = Puzzle(rows, cols, rooms, {s: "S", g: "G"})
    path = set(route(bare, black))
    icons = {x: ("o" if x in path else "t") for x in sorted(white) if x not in (s, g)}
    full = Puzzle(rows, cols, rooms, {**icons, s: "S", g: "G"})
    return full if _unique(full) else None
