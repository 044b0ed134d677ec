"""Counting on a map: the 48 contiguous US states and their shared land borders.

The adjacency (examples/us_states.txt: 48 vertices, 105 edges) is a general graph, so
``zalg.Graph`` picks its edge order by the path-decomposition heuristic (the default
``order="auto"``) and reports the frontier width chosen.  Then, each in well under a
second: the simple paths between two states, the Hamiltonian paths, the spanning
trees, the partitions of the map into two connected parts, the balanced ones among
them, and the network's reliability.

Run:  python examples/us_states.py [FROM TO]   (postal codes; default CA NY)
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction
from pathlib import Path

import zalg

DATA = Path(__file__).with_name("us_states.txt")


def load(path: Path = DATA) -> list[tuple[str, str]]:
    """The border edges: one line per state, the state then its neighbours ('#': notes)."""
    edges = set()
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            state, *neighbours = line.split()
            edges |= {tuple(sorted((state, b))) for b in neighbours}
    return sorted(edges)


def timed(label: str, make):
    t = time.process_time()
    value = make()
    shown = value.count() if isinstance(value, zalg.Family) else value
    print(f"  {label:<52} {shown!s:>28}  {time.process_time() - t:6.2f} s")
    return value


def main() -> None:
    a, b = sys.argv[1:3] if len(sys.argv) >= 3 else ("CA", "NY")
    G = zalg.Graph(load())
    print(f"{len(G.vertices)} states, {len(G.edges)} borders; edge order 'auto': frontier "
          f"width {G.frontier_width()} (the given order: "
          f"{zalg.Graph(load(), order='as-is').frontier_width()})")
    timed(f"simple paths {a} - {b}", lambda: G.paths(a, b))
    # ME borders NH only, so every Hamiltonian path ends there
    timed(f"Hamiltonian paths {a} - ME", lambda: G.paths(a, "ME", hamilton=True))
    timed("spanning trees", lambda: G.trees(spanning=True))
    halves = timed("partitions into 2 connected parts", lambda: G.partitions(2, 2))
    even = timed("  ... each part of 20 to 28 states",
                 lambda: G.balanced_partitions(None, 20, 28, parts=2))
    assert even <= halves
    # a constrained search: the most even split that keeps ME, TX and WA together
    together = G.connecting(["ME", "TX", "WA"])
    print(f"  {'  ... with ME, TX and WA in one part':<52} {(even & together).count():>28}")
    timed("all-terminal reliability, each border up with p = 9/10",
          lambda: float(G.reliability({e: Fraction(9, 10) for e in G.edges})))


if __name__ == "__main__":
    main()
