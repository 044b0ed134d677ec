"""Every good Numberlink instance of the 4x4 grid, counted by number of pairs, and
one instance with the fewest pairs, drawn with its unique solution.

A good instance is a set of cell pairs whose puzzle has exactly one solution,
and that solution uses every cell (Yoshinaka et al. 2012).  The whole family is
one expression on the pairing relation R = {P ∪ ends(P)}:  ∃!E. R, with the
witness in R_cover.

Run:  python examples/numberlink_instances.py
"""

from puzzles.numberlink import design as NI


def main() -> None:
    good = NI.good_instances(4, 4)
    print(f"good instances of the 4x4 grid: {good.count()}")
    print("pairs  instances")
    for k, n in sorted(good.by_size().items()):
        print(f"{k:5d}  {n:9d}")

    fewest = NI.minimum_instances(good)
    (pairs,) = fewest.sample(1, seed=2012)
    puzzle = NI.to_puzzle(4, 4, pairs)
    print(f"\n{fewest.count()} instances have only {len(pairs)} pairs; one of them "
          f"({puzzle.to_url()}):")
    print(puzzle.render())
    print(f"its solutions: {puzzle.count()}")
    print(puzzle.render(puzzle.solution()))

    minimal = good.minimal()
    print(f"minimal instances (no proper subset of the pairs is good): {minimal.count()}"
          + (" - all of them: no good instance contains another" if minimal == good else ""))


if __name__ == "__main__":
    main()
