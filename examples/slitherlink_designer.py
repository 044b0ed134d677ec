"""A puzzle designer's session: draw a loop, find every hint set that makes it the
unique solution, and print the hardest minimum puzzle.

Run:  python examples/slitherlink_designer.py
"""

from puzzles.slitherlink import design as I, route
from puzzles.common.loops import outline
from puzzles.slitherlink import Puzzle

DRAWING = """\
.####.
.#..#.
.#.##.
##.#..
...#..
"""


def main() -> None:
    rows = DRAWING.split()
    region = {(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"}
    R, C = len(rows), len(rows[0])
    loop = outline(region)
    print(f"The loop: the outline of the # cells, {len(loop)} edges on a {R}x{C} board")
    print(Puzzle(R, C).render(loop))

    # every good hint set, all cells candidates, its minimal and minimum members; the
    # route (the whole H from the side whose first levels cost least, or without H)
    # chosen by route.answer
    A = route.answer((R, C), loop, ("good", "minimal", "minimum"))
    H, M, best = A.good, A.minimal, A.minimum
    print(f"route: {A.route} ({A.why})")
    size = min(best.by_size())
    print(f"good hint sets:    {H.count()}")
    print(f"minimal instances: {M.count()}   (no hint can be removed)")
    print(f"minimum instances: {best.count()}   (only {size} hints)")

    h = I.loop_hints(loop, R, C)
    member, key = next(I.rank_by_difficulty(best, loop))
    puzzle = Puzzle(R, C, {E: h[E] for E in member})
    print(f"\nThe hardest minimum puzzle (hints valued 4/0/3/1/2: {key}):")
    print(puzzle.render())
    print(puzzle.to_url())
    F = puzzle.solve()
    print(f"solutions: {F.count()}; it is the drawn loop: {loop in F}")


if __name__ == "__main__":
    main()
