"""Masyu for designers: solve a puzzle, list every good pearl set of a drawn loop, and
generate a random puzzle.

Run:  python examples/masyu_designer.py
"""

import time

from puzzles import masyu
from puzzles.masyu import Puzzle, design

#: a 6x6 loop through every cell
LOOP = """\
F----7
L---7|
F---J|
L---7|
F---J|
L----J
"""


def main() -> None:
    print("1. Solve: every solution as a ZDD")
    p = Puzzle.from_url(masyu.EXAMPLES[-1])
    print(f"   {p.to_url()}: {p.count()} solution")
    print(p.render(p.solution()))
    blank = Puzzle(6, 6, {})
    print(f"   a blank 6x6 board: {blank.count()} loops")

    print("2. Design: every good pearl set of a loop through all 36 cells")
    rows, cols, loop = design.read_loop(LOOP)
    t = time.perf_counter()
    H = design.instances(loop, rows, cols)
    M = design.minimal(H)
    least = design.minimum(H)
    print(f"   good pearl sets: {H.count()}, minimal: {M.count()}, minimum: {least.count()} "
          f"with {min(least.by_size())} pearls ({time.perf_counter() - t:.1f} s)")
    q = design.puzzle_of(rows, cols, loop, next(iter(least)))
    print(f"   {q.to_url()}")
    print(q.render())

    print("3. Generate: a random 5x5 puzzle with a minimal pearl set")
    r = design.random_puzzle(5, 5, seed=3)
    print(f"   {r.to_url()}  ({len(r.pearls)} pearls, {r.count()} solution)")
    print(r.render())


if __name__ == "__main__":
    main()
