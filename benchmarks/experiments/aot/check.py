"""Same results: each backend's join and paths equal zalg's (the same CUDD node)."""
import random
import sys

import proto
import zalg



def same_diagram(A, B) -> bool:
    a, b = A.node_arrays(), B.node_arrays()
    return a[3] == b[3] and all((x == y).all() for x, y in zip(a[:3], b[:3]))


names = sys.argv[1:] or ["c"]
rng = random.Random(1)
U = zalg.Universe(range(60))
F = U.family([rng.sample(range(60), rng.randint(1, 12)) for _ in range(2000)])
G = U.family([rng.sample(range(60), rng.randint(1, 3)) for _ in range(205)])
for name in names:
    for A, B in ((F, G), (G, F), (G, G), (F, U.family([[]])), (U.family([]), F)):
        want = A * B
        got = proto.join(A, B, name)
        assert got._p == want._p, name
        got = proto.join(A, B, name)  # from CUDD's computed table
        assert got._p == want._p, name
    for n in (2, 3, 4, 5, 6):
        want = proto.paths(n, "numba")
        got = proto.paths(n, name)
        # separate universes (each grid makes its own): the same diagram, node for node
        assert same_diagram(got, want) and got.count() == want.count(), (name, n)
    print(name, "same nodes; paths 6x6:", got.count())
