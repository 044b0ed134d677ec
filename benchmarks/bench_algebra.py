"""Family algebra: zalg next to Graphillion on the same families (ZDDs of 10^5+ nodes).

The operands are grid-graph path families built by Graphillion and copied node by
node into zalg, so both libraries work on the very same family with the same
variable order.  Every operation runs once, cold, in each of ``--rounds`` fresh
processes (both libraries cache results, so a repeat in one process would time a
cache hit); the table gives the median time, the ratio zalg/Graphillion, the peak
resident memory of each side (measured in a forked copy of the round's process that
runs the operation once more, operands included), and checks that both libraries
return families of the same size.

    python benchmarks/bench_algebra.py            # n = 9 (about 10^5 nodes), 3 rounds
    python benchmarks/bench_algebra.py --n 10     # 4 x larger
    python benchmarks/bench_algebra.py --random   # the random workload (below)

The random workload (issue 16): F = 20,000 random subsets of 60 elements (sizes 1 to
12, uniform), G = 200 random subsets of sizes 1 to 3; build F from its member lists,
F.meet(G), F.minimal(), F * G, F.maximal(), F.nonsup(G), and the hitting sets of
G's first 40 members.  Graphillion works on ``setset``.  Times are CPU seconds.

Graphillion runs single-threaded (OMP_NUM_THREADS=1 is set before it is imported).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

os.environ["OMP_NUM_THREADS"] = "1"

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from isolated import forked  # noqa: E402


def grid_edges(n: int) -> list:
    """The n x n vertex grid's edges in row-major order."""
    from zalg.graph import grid_edges as edges
    return edges(n, n)


def from_graphillion(U, ss):
    """Copy a Graphillion GraphSet into zalg (same element order) through one bulk build."""
    lines = ss.dumps().split("\n")
    ids = {"B": 0, "T": 1}
    level, hi, lo = [len(U)] * 2, [0, 0], [0, 0]
    for line in lines:
        if line in (".", ""):
            continue
        nid, var, l, h = line.split()
        ids[nid] = len(level)
        level.append(int(var) - 1)
        lo.append(ids[l])
        hi.append(ids[h])
    root = len(level) - 1
    return U.build_arrays(np.array(level), np.array(hi), np.array(lo), root, "a Graphillion family")


def timed(fn):
    """(CPU seconds, result) of fn(): this process's CPU time (the machine is shared,
    wall time is not the operation's)."""
    t = time.process_time()
    r = fn()
    return time.process_time() - t, r


def _run_ours(op, name, weights):
    """(seconds, size of the result, its nodes) of one zalg case."""
    t, r = timed(op)
    if name == "min weight":
        return t, r[0], 0
    n = r.count() if hasattr(r, "count") and not isinstance(r, (list, tuple)) \
        else (r if isinstance(r, int) else len(r))
    return t, n, getattr(r, "node_count", lambda: 0)()


def _run_theirs(op, name, weights):
    """(seconds, size of the result) of one Graphillion case."""
    t, r = timed(op)
    if name == "min weight":
        return t, sum(weights[tuple(sorted(e))] for e in r)
    return t, r.len() if hasattr(r, "len") else (len(r) if not isinstance(r, int) else r)


def _load_kernels(zalg) -> None:
    """Run every zalg operation once on a tiny family, so that the forked copies time
    the operation and not the loading of its compiled kernel (as the old in-process
    rounds did not either: Graphillion's code is loaded with the module)."""
    U = zalg.Universe("abcd")
    A, B = U.family([list("ab"), list("bc"), ["d"]]), U.family([["b"], ["c"]])
    for op in (lambda: A * B, lambda: A / B, lambda: A % B, lambda: A.meet(B),
               lambda: A.minimal(), lambda: A.maximal(), lambda: A.nonsup(B),
               lambda: A.hitting(), lambda: A.count(), lambda: A.sample(2, seed=1),
               lambda: A.min_weight({x: 1 for x in "abcd"})):
        op()


def one_round(n: int) -> dict:
    from graphillion import GraphSet
    import zalg

    edges = grid_edges(n)
    GraphSet.set_universe(edges, traversal="as-is")
    corner = (n - 1, n - 1)
    m = n - 2
    gP, gQ, gS = (GraphSet.paths(s, t) for s, t in (((0, 0), corner), ((0, n - 1), (n - 1, 0)),
                                                    ((0, 0), (m, m))))  # S: a smaller family
    U = zalg.Universe(edges)
    P, Q, S = (from_graphillion(U, g) for g in (gP, gQ, gS))
    assert P.count() == len(gP) and Q.count() == len(gQ)
    singles = [[edges[i]] for i in range(0, len(edges), 9)]
    gD = GraphSet(singles)
    D = U.family(singles)
    rng = random.Random(1)
    blocks = [rng.sample(edges[:40], 3) for _ in range(300)]
    gB = GraphSet(blocks)  # hitting sets of 300 random 3-sets of 40 edges: a 1.9 M-node result
    B = U.family(blocks)
    # operands of later cases use other divisors, so that no case times a cache hit of
    # an earlier setup step (Graphillion keeps an operation cache across calls)
    singles2 = [[edges[i]] for i in range(4, len(edges), 11)]
    gD2, D2 = GraphSet(singles2), U.family(singles2)
    singles3 = [[edges[i]] for i in range(2, len(edges), 13)]
    gD3, D3 = GraphSet(singles3), U.family(singles3)
    PD, gPD = P * D2 | Q, gP.join(gD2) | gQ
    PM, gPM = P | P * D3, gP | gP.join(gD3)
    PQ, gPQ = P | Q, gP | gQ
    weights = {e: (hash(e) % 17) - 8 for e in edges}
    gweights = dict(weights)

    cases = {
        "join P*D": (lambda: P * D, lambda: gP.join(gD)),
        "quotient PD/D2": (lambda: PD / D2, lambda: gPD.quotient(gD2)),
        "remainder PD%D3": (lambda: PD % D3, lambda: gPD.remainder(gD3)),
        "meet S.meet(D)": (lambda: S.meet(D), lambda: gS.meet(gD)),
        "minimal P|P*D3": (lambda: PM.minimal(), lambda: gPM.minimal()),
        "maximal P|Q": (lambda: PQ.maximal(), lambda: gPQ.maximal()),
        "nonsup P,D": (lambda: P.nonsup(D), lambda: gP.non_supergraphs(gD)),
        "hitting B": (lambda: B.hitting(), lambda: gB.hitting()),
        "count P|P*D3": (lambda: PM.count(), lambda: gPM.len()),
        "sample 1000": (lambda: P.sample(1000, seed=1),
                        lambda: [s for s, _ in zip(gP.rand_iter(), range(1000))]),
        "min weight": (lambda: P.min_weight(weights), lambda: next(gP.min_iter(gweights))),
    }
    out = {"nodes P": P.node_count(), "nodes S": S.node_count(), "count P": P.count()}
    _load_kernels(zalg)
    # Graphillion's hitting() crashes (segfault) on the path families, hence the random B
    # peak memory first, each case in forked copies that start from the operands alone
    # (what they build and cache goes with them); then the times in this process, cold,
    # as the rounds always measured them
    peak = {name: (forked(_run_ours, ours, name, weights)[1],
                   forked(_run_theirs, theirs, name, gweights)[1])
            for name, (ours, theirs) in cases.items()}
    for name, (ours, theirs) in cases.items():
        gb_ours, gb_gl = peak[name]
        t_ours, n_ours, nodes = _run_ours(ours, name, weights)
        t_gl, n_gl = _run_theirs(theirs, name, gweights)
        out[name] = {"zalg": t_ours, "graphillion": t_gl, "same": n_ours == n_gl,
                     "nodes": nodes, "zalg_gb": gb_ours, "graphillion_gb": gb_gl}
    return out


def random_round(seed: int) -> dict:
    """The random workload in one process: {operation: {zalg, graphillion, same, ...}}."""
    from graphillion import setset
    import zalg

    rng = random.Random(seed)
    sets = [rng.sample(range(60), rng.randint(1, 12)) for _ in range(20_000)]
    small = [rng.sample(range(60), rng.randint(1, 3)) for _ in range(200)]
    setset.set_universe(list(range(60)))
    U = zalg.Universe(range(60))
    _load_kernels(zalg)
    U.family([[0]])  # and the bulk builder
    F, gF = U.family(sets), setset(sets)
    G, gG = U.family(small), setset(small)
    H, gH = U.family(small[:40]), setset(small[:40])  # hitting sets of 40 small sets
    cases = {
        "build F": (lambda: U.family(sets), lambda: setset(sets)),
        "meet F.meet(G)": (lambda: F.meet(G), lambda: gF.meet(gG)),
        "minimal F": (lambda: F.minimal(), lambda: gF.minimal()),
        "join F*G": (lambda: F * G, lambda: gF.join(gG)),
        "maximal F": (lambda: F.maximal(), lambda: gF.maximal()),
        # setset.non_supersets(gG) returns 1,863 sets where the answer is 210 (its own
        # gF - gF.supersets(gG), and a plain-Python check, give 210), so the difference
        "nonsup F,G": (lambda: F.nonsup(G), lambda: gF - gF.supersets(gG)),
        "hitting H": (lambda: H.hitting(), lambda: gH.hitting()),
    }
    out = {"nodes P": F.node_count(), "nodes S": G.node_count(), "count P": F.count()}
    peak = {name: (forked(_run_ours, ours, name, None)[1], forked(_run_theirs, theirs, name, None)[1])
            for name, (ours, theirs) in cases.items()}
    for name, (ours, theirs) in cases.items():
        t_ours, n_ours, nodes = _run_ours(ours, name, None)
        t_gl, n_gl = _run_theirs(theirs, name, None)
        out[name] = {"zalg": t_ours, "graphillion": t_gl, "same": n_ours == n_gl,
                     "nodes": nodes, "zalg_gb": peak[name][0], "graphillion_gb": peak[name][1]}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=9, help="grid size (vertices per side)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--random", action="store_true",
                    help="the random workload (20,000 subsets of 60 elements) instead of paths")
    ap.add_argument("--round", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.round:
        print(json.dumps(random_round(1) if args.random else one_round(args.n)))
        return
    rounds = []
    for i in range(args.rounds):
        run = subprocess.run([sys.executable, __file__, "--round", "--n", str(args.n)]
                             + ["--random"] * args.random,
                             capture_output=True, text=True, check=True)
        rounds.append(json.loads(run.stdout.strip().splitlines()[-1]))
        print(f"round {i + 1}/{args.rounds} done", file=sys.stderr)
    first = rounds[0]
    if args.random:
        print(f"random: F = 20,000 random subsets of 60 elements ({first['count P']} distinct, "
              f"{first['nodes P']} nodes); G = 200 small subsets ({first['nodes S']} nodes)")
    else:
        print(f"grid n={args.n}: P = corner-to-corner paths, {first['count P']} members, "
              f"{first['nodes P']} nodes; S has {first['nodes S']} nodes")
    print(f"{'operation':18} {'zalg s':>9} {'Graphillion s':>14} {'ratio':>7} {'result nodes':>13} "
          f"{'zalg MB':>7} {'GL MB':>7} same")
    for name in first:
        if not isinstance(first[name], dict):
            continue
        z = statistics.median(r[name]["zalg"] for r in rounds)
        g = statistics.median(r[name]["graphillion"] for r in rounds)
        same = all(r[name]["same"] for r in rounds)
        mz = 1024 * max(r[name]["zalg_gb"] for r in rounds)
        mg = 1024 * max(r[name]["graphillion_gb"] for r in rounds)
        print(f"{name:18} {z:9.3f} {g:14.3f} {z / g:7.2f} {first[name]['nodes']:13d} "
              f"{mz:7.0f} {mg:7.0f} {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
