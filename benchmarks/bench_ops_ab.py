"""Per-operation speed of zalg's core algebra, each operation in its own process.

The operands are built first (not measured); the measured step is the one operation.
Two workloads: a random one (F: 20,050 random subsets of 60 elements drawn, sizes 1
to 12, 17,768 distinct; G: 205 drawn of sizes 1 to 3, 171 distinct) and the 9x9
grid's (for hitting sets the 6x6 grid's) corner-to-corner paths P with Q = 405 random
pairs of its edges (``warm``
runs every operation on 50, 5 and 5 of them, and a 4x4 grid).  Every result is
checked (its count and node count) before a ratio is printed.  Its main
use is an A/B between revisions, e.g. against the tree before the kernels redesign:

    python -m benchmarks.bench_ops_ab --against 6585d2e --rounds 3
"""
from __future__ import annotations

import random
import sys

try:
    from . import harness
except ImportError:  # run as a file: this folder is first on sys.path
    import harness

#: (row name, workload, the operation on the workload's operands)
OPERATIONS = [
    ("random: F.meet(G)", "random", lambda F, G, E: F.meet(G)),
    ("random: F.minimal()", "random", lambda F, G, E: F.minimal()),
    ("random: F * G", "random", lambda F, G, E: F * G),
    ("random: F.maximal()", "random", lambda F, G, E: F.maximal()),
    ("random: F.nonsup(G)", "random", lambda F, G, E: F.nonsup(G)),
    ("random: F / G", "random", lambda F, G, E: F / G),
    ("random: F.exists(0..19)", "random", lambda F, G, E: F.exists(range(20))),
    ("random: F | G, F & G, F - G", "random", lambda F, G, E: (F | G) | (F & G) | (F - G)),
    ("paths 9x9: P.minimal()", "paths", lambda P, Q, E: P.minimal()),
    ("paths 9x9: P.maximal()", "paths", lambda P, Q, E: P.maximal()),
    ("paths 9x9: P.nonsup(Q)", "paths", lambda P, Q, E: P.nonsup(Q)),
    ("paths 9x9: P.meet(Q)", "paths", lambda P, Q, E: P.meet(Q)),
    ("paths 9x9: P.exists(first 40 edges)", "paths", lambda P, Q, E: P.exists(E[:40])),
    ("paths 9x9: P.forall(first 4 edges)", "paths", lambda P, Q, E: P.forall(E[:4])),
    ("paths 6x6: P.hitting()", "paths 6x6", lambda P, Q, E: P.hitting()),
    ("paths 6x6: Q.hitting()", "paths 6x6", lambda P, Q, E: Q.hitting()),
]


def operands(workload: str, scale: int = 1):
    """(F, G, elements) of the random workload, or (P, Q, edges) of the paths one
    (``scale`` 0: tiny ones of the same kinds, for ``warm``)."""
    import zalg
    rng = random.Random(1)
    many, few, pairs = (20050, 205, 405) if scale else (50, 5, 5)
    if workload == "random":
        U = zalg.Universe(range(60))
        F = U.family([rng.sample(range(60), rng.randint(1, 12)) for _ in range(many)])
        G = U.family([rng.sample(range(60), rng.randint(1, 3)) for _ in range(few)])
        return F, G, list(U.elements)
    n = (6 if workload == "paths 6x6" else 9) if scale else 4
    P = zalg.grid(n, n).paths((0, 0), (n - 1, n - 1))
    edges = list(P.universe.elements)
    Q = P.universe.family([rng.sample(edges, 2) for _ in range(pairs)])
    return P, Q, edges

def warm() -> None:
    """Every operation once on tiny operands (untimed): a tree whose kernels compile or
    load on their first call (as before zalg.tools.warmup) has them all loaded."""
    for _, workload, run in OPERATIONS:
        run(*operands(workload, scale=0)).count()


def op_case(name: str) -> dict:
    """One operation of OPERATIONS on its workload's operands (built first, untimed)."""
    _, workload, run = next(op for op in OPERATIONS if op[0] == name)
    A, B, elements = operands(workload)
    with harness.measure():
        R = run(A, B, elements)
    return {"check": [R.count(), R.node_count()]}


def tables(args) -> list:
    rows = [harness.Row(name, (harness.Case("op_case", (name,)),)) for name, _, _ in OPERATIONS]
    cols = (harness.field("members", "check", 17, "d", index=0),
            harness.field("nodes", "check", 8, "d", index=1))
    return [harness.Table("Core operations (operands built untimed; kernels loaded)",
                          ("zalg",), rows, cols, name_width=36)]


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables))
