"""Count corner-to-corner paths and cycles of grid graphs two ways and show they agree.

The frontier engine builds the ZDD top-down; the algebraic mate-ZDD method builds it
bottom-up with quotients, joins and remainders.  Both give the very same ZDD node.

Run:  python examples/grid_paths.py [max_n]
"""

import sys
import time

import zalg
from zalg.graphs.mate_algebra import build_algebra

OEIS_PATHS = [1, 2, 12, 184, 8512, 1262816, 575780564, 789360053252]  # A007764


def short(x):
    names = {(0, 0): "a", (0, 1): "b", (1, 0): "c", (1, 1): "d"}
    if isinstance(x, tuple) and x and x[0] == "e":
        return names[x[1][0]] + names[x[1][1]]
    if isinstance(x, tuple) and x and x[0] == "m":
        return "m" + names[x[1]] + names[x[2]]
    if isinstance(x, tuple) and len(x) == 3 and x[0] == "o":  # ("o", v, label)
        return "t" + names[x[1]]
    return str(x)


def main() -> None:
    top = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    print("The mate-ZDD construction on the 2x2 grid (a=(0,0), b=(0,1), c=(1,0), d=(1,1)),")
    print("paths from a to d; tx: x ends a fragment whose other end is a terminal that left")
    print("(the terminals a and d start so, as ends of empty fragments):\n")

    def trace(text, F):
        members = sorted("*".join(sorted(map(short, m))) or "1" for m in F)
        print(f"  {text:<44} {' + '.join(members)}")
    G = zalg.grid(2, 2)
    P = build_algebra(G, "paths", pairs=[((0, 0), (1, 1))], trace=trace)
    print(f"\n  result: {sorted(sorted(map(str, m)) for m in P)}\n")

    print(f"{'n':>2} {'paths':>14} {'frontier s':>10} {'algebra s':>10} {'same ZDD':>8} {'OEIS':>5}")
    for n in range(1, top + 1):
        G = zalg.grid(n, n)
        t = time.perf_counter()
        F = G.paths((0, 0), (n - 1, n - 1))
        tf = time.perf_counter() - t
        t = time.perf_counter()
        A = G.paths((0, 0), (n - 1, n - 1), method="algebra")
        ta = time.perf_counter() - t
        ok = n > len(OEIS_PATHS) or F.count() == OEIS_PATHS[n - 1]
        print(f"{n:2d} {F.count():14d} {tf:10.3f} {ta:10.3f} {str(F == A):>8} {'yes' if ok else 'NO':>5}")


if __name__ == "__main__":
    main()
