"""Family algebra: zalg next to Graphillion on the same families (ZDDs of 10^5+ nodes).

Operands (each side builds its own, untimed, in its measuring process): the
corner-to-corner paths P and Q (the other diagonal) of the n x n grid, S = paths
from (0,0) to (n-2,n-2), D, D2, D3 = families of single edges, B = 300 random
3-subsets of 40 edges.  Both libraries use the grid's row-major edge order, so they
hold the very same diagrams; every row checks that both results have the same size
(and node count).  Graphillion's ``hitting()`` crashes (segfault) on the path
families, hence the random B.

The random workload (``--random``): F = 20,000 random subsets of 60
elements (sizes 1 to 12), G = 200 random subsets of sizes 1 to 3; building F from its
member lists, F.meet(G), F.minimal(), F * G, F.maximal(), F.nonsup(G), and the
hitting sets of H (G's first 40 members).  Graphillion works on
``setset``.

    python -m benchmarks.bench_algebra             # n = 9 (about 10^5 nodes), 3 rounds
    python -m benchmarks.bench_algebra --n 10      # 4 x larger
    python -m benchmarks.bench_algebra --random
"""
from __future__ import annotations

import random
import sys

try:
    from . import harness
except ImportError:  # run as a file: this folder is first on sys.path
    import harness

GRID_OPS = ["join P*D", "quotient PD/D2", "remainder PD%D3", "meet S.meet(D)",
            "minimal P|P*D3", "maximal P|Q", "nonsup P,D", "hitting B", "count P|P*D3",
            "sample 1000", "min weight"]
RANDOM_OPS = ["build F", "meet F.meet(G)", "minimal F", "join F*G", "maximal F", "nonsup F,G",
              "hitting H"]


def grid_edges(n: int) -> list:
    """The n x n grid's edges in zalg's row-major order (without importing zalg)."""
    return [((r, c), (r + dr, c + dc)) for r in range(n) for c in range(n)
            for dr, dc in ((0, 1), (1, 0)) if r + dr < n and c + dc < n]


def grid_lists(n: int) -> dict:
    """The member lists of the small operands: D, D2, D3 (single edges) and B."""
    edges = grid_edges(n)
    rng = random.Random(1)
    return {"D": [[edges[i]] for i in range(0, len(edges), 9)],
            "D2": [[edges[i]] for i in range(4, len(edges), 11)],
            "D3": [[edges[i]] for i in range(2, len(edges), 13)],
            "B": [rng.sample(edges[:40], 3) for _ in range(300)],
            "weights": {e: (3 * e[0][0] + 5 * e[0][1] + 7 * e[1][0]) % 17 - 8 for e in edges}}


def random_lists(seed: int = 1) -> tuple[list, list]:
    rng = random.Random(seed)
    sets = [rng.sample(range(60), rng.randint(1, 12)) for _ in range(20_000)]
    small = [rng.sample(range(60), rng.randint(1, 3)) for _ in range(200)]
    return sets, small


def warm() -> None:
    import zalg
    U = zalg.Universe("abcd")
    A, B = U.family([list("ab"), list("bc"), ["d"]]), U.family([["b"], ["c"]])
    for op in (lambda: A * B, lambda: A / B, lambda: A % B, lambda: A.meet(B),
               lambda: A.minimal(), lambda: A.maximal(), lambda: A.nonsup(B),
               lambda: A.hitting(), lambda: A.count(), lambda: A.sample(2, seed=1),
               lambda: A.min_weight({x: 1 for x in "abcd"})):
        op()


def _zalg_grid(n: int, op: str):
    """zalg's operands for ``op`` (set-up) and the operation (a zero-argument call)."""
    import zalg
    G = zalg.grid(n, n)
    U, corner, m = G.universe, (n - 1, n - 1), n - 2
    L = grid_lists(n)
    P = G.paths((0, 0), corner)
    D, D2, D3, B = (U.family(L[k]) for k in ("D", "D2", "D3", "B"))
    if op == "join P*D":
        return lambda: P * D
    if op == "quotient PD/D2":
        PD = P * D2 | G.paths((0, n - 1), (n - 1, 0))
        return lambda: PD / D2
    if op == "remainder PD%D3":
        PD = P * D2 | G.paths((0, n - 1), (n - 1, 0))
        return lambda: PD % D3
    if op == "meet S.meet(D)":
        S = G.paths((0, 0), (m, m))
        return lambda: S.meet(D)
    if op == "maximal P|Q":
        PQ = P | G.paths((0, n - 1), (n - 1, 0))
        return lambda: PQ.maximal()
    PM = P | P * D3
    return {"minimal P|P*D3": lambda: PM.minimal(),
            "nonsup P,D": lambda: P.nonsup(D), "hitting B": lambda: B.hitting(),
            "count P|P*D3": lambda: PM.count(),
            "sample 1000": lambda: P.sample(1000, seed=1),
            "min weight": lambda: P.min_weight(L["weights"])}[op]


def zalg_grid(n: int, op: str) -> dict:
    """zalg: one operation on the grid operands (the measured step)."""
    call = _zalg_grid(n, op)
    with harness.measure():
        r = call()
    return {"check": _zalg_summary(op, r)}


def _zalg_summary(op: str, r) -> list:
    if op == "min weight":
        return [r[0]]
    if op == "sample 1000":
        return [len(r)]
    if isinstance(r, int):
        return [r]
    return [r.count(), r.node_count()]


def graphillion_grid(n: int, op: str) -> dict:
    """Graphillion: the same operation on the same operands (the measured step)."""
    from graphillion import GraphSet
    GraphSet.set_universe(grid_edges(n), traversal="as-is")
    corner, m = (n - 1, n - 1), n - 2
    L = grid_lists(n)
    P = GraphSet.paths((0, 0), corner)
    D, D2, D3, B = (GraphSet(L[k]) for k in ("D", "D2", "D3", "B"))
    PD = P.join(D2) | GraphSet.paths((0, n - 1), (n - 1, 0)) if "PD" in op else None
    PM = P | P.join(D3) if "P|P*D3" in op else None
    PQ = P | GraphSet.paths((0, n - 1), (n - 1, 0)) if op == "maximal P|Q" else None
    S = GraphSet.paths((0, 0), (m, m)) if op == "meet S.meet(D)" else None
    call = {"join P*D": lambda: P.join(D), "quotient PD/D2": lambda: PD.quotient(D2),
            "remainder PD%D3": lambda: PD.remainder(D3), "meet S.meet(D)": lambda: S.meet(D),
            "minimal P|P*D3": lambda: PM.minimal(), "maximal P|Q": lambda: PQ.maximal(),
            "nonsup P,D": lambda: P.non_supergraphs(D), "hitting B": lambda: B.hitting(),
            "count P|P*D3": lambda: PM.len(),
            "sample 1000": lambda: [s for s, _ in zip(P.rand_iter(), range(1000))],
            "min weight": lambda: next(P.min_iter(L["weights"]))}[op]
    with harness.measure():
        r = call()
    return {"check": _graphillion_summary(op, r, L["weights"])}


def _graphillion_summary(op: str, r, weights: dict) -> list:
    if op == "min weight":
        return [sum(weights[tuple(sorted(e))] for e in r)]
    if op == "sample 1000":
        return [len(r)]
    if isinstance(r, int):
        return [r]
    return [r.len(), _nodes(r)]


def _nodes(ss) -> int:
    """Graphillion's node count of a family: the lines of its dump."""
    return sum(1 for line in ss.dumps().split("\n") if line not in (".", ""))


def zalg_random(op: str) -> dict:
    """zalg: one operation of the random workload (the measured step)."""
    import zalg
    sets, small = random_lists()
    U = zalg.Universe(range(60))
    if op == "build F":  # in a fresh universe: no node of F exists yet
        U.family(small)  # the builder's first call is set-up
        call = lambda: U.family(sets)  # noqa: E731
    else:
        F, G, H = U.family(sets), U.family(small), U.family(small[:40])
        call = {"meet F.meet(G)": lambda: F.meet(G), "minimal F": lambda: F.minimal(),
                "join F*G": lambda: F * G, "maximal F": lambda: F.maximal(),
                "nonsup F,G": lambda: F.nonsup(G), "hitting H": lambda: H.hitting()}[op]
    with harness.measure():
        r = call()
    return {"check": [r.count(), r.node_count()]}


def graphillion_random(op: str) -> dict:
    """Graphillion (``setset``): the same operation (the measured step)."""
    from graphillion import setset
    sets, small = random_lists()
    setset.set_universe(list(range(60)))
    if op == "build F":
        setset(small)
        call = lambda: setset(sets)  # noqa: E731
    else:
        F, G, H = setset(sets), setset(small), setset(small[:40])
        # setset.non_supersets(G) returns 1,863 sets on this workload where the answer
        # is 210 (its own F - F.supersets(G) and a plain-Python check give 210)
        call = {"meet F.meet(G)": lambda: F.meet(G), "minimal F": lambda: F.minimal(),
                "join F*G": lambda: F.join(G), "maximal F": lambda: F.maximal(),
                "nonsup F,G": lambda: F - F.supersets(G), "hitting H": lambda: H.hitting()}[op]
    with harness.measure():
        r = call()
    return {"check": [r.len(), _nodes(r)]}


RESULT = (harness.field("result", "check", 22, "d", index=0),
          harness.field("nodes", "check", 8, "d", index=1))


def tables(args) -> list:
    if args.random:
        rows = [harness.Row(op, (harness.Case("zalg_random", (op,)),
                                 harness.Case("graphillion_random", (op,), warm=False)))
                for op in RANDOM_OPS]
        title = ("Random workload: F = 20,000 random subsets of 60 elements, G = 200 "
                 "subsets of 1-3 elements")
    else:
        rows = [harness.Row(op, (harness.Case("zalg_grid", (args.n, op)),
                                 harness.Case("graphillion_grid", (args.n, op), warm=False)))
                for op in GRID_OPS]
        title = (f"Grid n = {args.n}: P, Q the corner-to-corner paths, S paths to "
                 f"({args.n - 2},{args.n - 2}), D* single edges, B random 3-sets")
    return [harness.Table(title, ("zalg", "Graphillion"), rows, RESULT, name_width=16)]


def add_options(ap) -> None:
    ap.add_argument("--n", type=int, default=9, help="grid size (vertices per side; default 9)")
    ap.add_argument("--random", action="store_true",
                    help="the random workload (20,000 subsets of 60 elements) instead")


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
