"""Nurimeizu for designers: solve, then every icon set that makes a drawn maze unique.

Run:  python examples/nurimeizu_designer.py
"""

from puzzles import nurimeizu
from puzzles.nurimeizu import Puzzle


def main() -> None:
    p = Puzzle.from_url(nurimeizu.EXAMPLES[-1])
    print(f"1. Solve {p.to_url()}: {p.count()} solution")
    black = p.solution()
    print(p.render(black))

    print("2. The same rooms with S and G only: how many colourings?")
    bare = Puzzle(p.rows, p.cols, p.rooms, {x: i for x, i in p.icons.items() if i in "SG"})
    print(f"   {bare.count()} solutions; keep the one above as the designer's maze")

    good = nurimeizu.icon_sets(bare, black)
    sizes = good.by_size()
    print(f"3. Icon sets making it the only solution: {good.count()} "
          f"({good.minimal().count()} minimal, the smallest with {min(sizes)} icons)")
    (K,) = nurimeizu.minimum_icon_sets(good).sample(1, seed=1)
    q = Puzzle(p.rows, p.cols, p.rooms, {**bare.icons, **dict(K)})
    print(f"   {q.to_url()}: {q.count()} solution")
    print(q.render())

    print("4. A generated 8x8 puzzle")
    r = nurimeizu.generate(8, 8, seed=2)
    print(f"   {r.to_url()}: {r.count()} solution")
    print(r.render())

    print("5. A 14x14 puzzle drawn maze first (rooms on a random maze, a minimal icon set)")
    m = nurimeizu.generate(14, 14, seed=3, method="maze")
    print(f"   {m.to_url()}: {m.count()} solution, {len(m.icons)} icons, {m.nrooms} rooms")


if __name__ == "__main__":
    main()
