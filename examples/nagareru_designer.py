"""Nagareru for designers: solve a puzzle, generate an interesting one, reduce a hand-made one.

Run:  python examples/nagareru_designer.py [size]
"""

import sys
import time

from puzzles import nagareru
from puzzles.nagareru import Puzzle


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8

    print("1. Solve: every solution as a ZDD (a blank 8x8 board has every cycle of the grid)")
    blank = Puzzle(8, 8, {})
    print(f"   blank 8x8: {blank.count()} solutions (OEIS A140517: 603841648931)")
    p = Puzzle.from_url(nagareru.EXAMPLES[-1])
    print(f"   {p.to_url()}: {p.count()} solution")
    print(p.render(p.solution()))

    print(f"2. Generate an interesting {n}x{n} instance: unique, every clue needed")
    t = time.perf_counter()
    stats: dict = {}
    q = nagareru.generate(n, n, seed=7, stats=stats)
    print(f"   {q.to_url()}  ({time.perf_counter() - t:.1f} s, {stats['solves']} solver runs)")
    print(q.render())
    w = nagareru.generate(n, n, seed=7, white=1.0)
    print(f"   the same seed asking for white arrows over black cells (white=1.0): "
          f"{len(w.arrows())} arrows, {len(w.black_cells())} black cells\n   {w.to_url()}")

    print("3. Reduce: a hand-made version with every arrow along the loop drawn in")
    order = nagareru.orient(q, q.solution())
    cells = dict(q.cells)
    for i, x in enumerate(order):
        a, b = order[i - 1], order[(i + 1) % len(order)]
        if a[0] == b[0] or a[1] == b[1]:  # a straight cell: the arrow of the travel direction
            cells.setdefault(x, nagareru.direction_of(x, b))
    busy = Puzzle(n, n, cells)
    R = nagareru.reduce(busy)
    sizes = R.by_size()
    print(f"   {len(busy.cells)} clue cells; {R.count()} minimal clue sets keep it unique, "
          f"the smallest with {min(sizes)} clues")
    smallest = next(m for m in R if len(m) == min(sizes))
    print(Puzzle(n, n, {x: busy.cells[x] for x in smallest}).render())


if __name__ == "__main__":
    main()
