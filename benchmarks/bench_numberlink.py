"""Numberlink: instance enumeration and solving times.

Instances: every good instance of a rows x cols grid (``good_instances``), next
to the paper's Table 4 (Yoshinaka et al. 2012, C++ on 2012 hardware: 4x5 3.56 s,
4x6 44.13 s, 5x5 107.99 s, 4x7 488.12 s, 5x6 3553.29 s) and the counts of its
Table 5, which every row checks.  Each case runs in its own process with a time
limit and a 14 GB memory limit; the time includes building both pairing
relations; the peak resident memory is reported.

Solving: ``Puzzle.solve`` and ``solve(cover=True)`` on the pzprjs test board and
on generated boards (the pairs are the path ends of a covering path matching:
for 10x10 a good instance from ``random_instance``, for 15x15 and 20x15 the union
of uniform covering path matchings of 5-column strips); median of 3 runs.

Hard boards (``benchmarks/data/numberlink-hard.txt``: published puzzles and
``long_path_board`` boards): the ZDD count against CP-SAT deciding uniqueness
(``cpsat_count``), each board in its own process, with and without covering.

Generator (``--generator``): ``random_instance`` on 10x10 over seeds 0..N-1, by
default (no pairs in adjacent cells) and with ``adjacent=True`` (the generator before
issue 32): the share of puzzles with a pair in adjacent cells, the share of such
pairs, pairs per puzzle and CPU seconds per puzzle, both sides in one process.

    python benchmarks/bench_numberlink.py [--limit SECONDS] [--big] [--only RxC]
                                          [--solving | --hard | --generator N] [--cpsat SECONDS]

``--big`` adds 5x6 (the paper: an hour; not run by default).  Grids with a bound
on the pairs run both methods of ``good_instances``: ``w`` (one ∃! pass over R
with covering witnesses) and ``c`` (∃! over the covering relation, then one
solver call per candidate).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import time
from pathlib import Path

from cpsat import count_solutions
from isolated import run_case, serve_case

PAPER = {  # (rows, cols): (good instances (Table 5), seconds (Table 4) or None)
    (4, 5): (338460, 3.56), (4, 6): (6901105, 44.13), (5, 5): (16027290, 107.99),
    (4, 7): (141123690, 488.12), (5, 6): (784030205, 3553.29),
}
BOUNDED = [(5, 5, 3, None), (6, 6, 3, 304)]  # (rows, cols, max pairs, good instances): Table 7


def instance_case(rows, cols, max_pairs, method) -> dict:
    from puzzles.numberlink.design import good_instances
    good_instances(3, 3, method=method)  # load the compiled kernels
    t = time.perf_counter()
    good = good_instances(rows, cols, max_pairs=max_pairs, method=method)
    seconds = time.perf_counter() - t
    sizes = good.by_size()
    return {"count": good.count(), "t": seconds, "nodes": good.node_count(),
            "fewest": min(sizes) if sizes else None,
            "rss_gb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20}


def strip_board(rows, cols, seed, width=5):
    """Pairs at the path ends of the union of uniform covering path matchings of
    vertical strips ``width`` columns wide."""
    import zalg
    from puzzles.numberlink.design import _path_ends, to_puzzle
    rng = random.Random(seed)
    edges = set()
    for c0 in range(0, cols, width):
        w = min(width, cols - c0)
        (S,) = zalg.grid(rows, w).path_matchings(cover=True).sample(1, seed=rng.randrange(2**63))
        edges |= {((a[0], a[1] + c0), (b[0], b[1] + c0)) for a, b in S}
    return to_puzzle(rows, cols, _path_ends(edges))


def ham_path(rows, cols, rng, moves):
    """A random Hamiltonian path of the grid: a snake, then ``moves`` backbite moves."""
    path = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
    for _ in range(moves):
        if rng.random() < 0.5:
            path.reverse()
        r, c = path[-1]
        y = rng.choice([(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                        if 0 <= r + dr < rows and 0 <= c + dc < cols])
        if y != path[-2]:
            i = path.index(y)
            path[i + 1:] = path[i + 1:][::-1]
    return path


def long_path_board(rows, cols, seed, pieces):
    """A unique board with long paths: a random Hamiltonian path cut into ``pieces``,
    cut further where another solution differs until unique, then paths merged end to
    end while the board stays unique (None when a repair gets stuck)."""
    from puzzles.numberlink.design import _merge_paths, _path_ends, _split, to_puzzle
    rng = random.Random(seed)
    path = ham_path(rows, cols, rng, 20 * rows * cols)
    edges = {tuple(sorted(e)) for e in zip(path, path[1:])}
    for c in rng.sample(range(2, len(path) - 2), pieces - 1):
        edges.discard(tuple(sorted((path[c - 1], path[c]))))
    drawn = frozenset(edges)
    while True:
        p = to_puzzle(rows, cols, _path_ends(drawn))
        solutions = p.solve()
        if solutions.count() == 1:
            return _merge_paths(p, drawn, rng, False)
        other = next(frozenset(s) for s in solutions if frozenset(s) != drawn)
        drawn = _split(drawn, other, rng)
        if drawn is None:
            return None


def cpsat_count(p, cover=False, limit=2, seconds=120.0):
    """Solutions of board p found by CP-SAT (at most ``limit``; None when it did not
    decide within ``seconds``) and the seconds it took.

    One route per pair through a depot (``AddMultipleCircuit``: depot -> first
    terminal -> ... -> second terminal -> depot; a cell's self-loop skips it unless
    ``cover``), so no path closes on itself; a one-hot label per used cell, carried
    along every arc; a blocking clause over the undirected edges after each
    solution.  One worker."""
    from ortools.sat.python import cp_model
    t = time.perf_counter()
    m = cp_model.CpModel()
    cells = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    index = {x: i + 1 for i, x in enumerate(cells)}  # 0 is the depot
    labels = list(p.labels())
    start = {p.pairs[k][0]: k for k in labels}
    end = {p.pairs[k][1]: k for k in labels}
    colour = {x: {k: m.NewBoolVar("") for k in labels} for x in cells}
    arcs, used = [], []
    for x in cells:
        owner = start.get(x, end.get(x))
        if owner is not None:
            for k in labels:
                m.Add(colour[x][k] == int(k == owner))
        for y in ((x[0], x[1] + 1), (x[0] + 1, x[1])):
            if y not in index:
                continue
            ways = []
            for u, v in ((x, y), (y, x)):
                if u in end or v in start:
                    continue
                a = m.NewBoolVar("")
                arcs.append((index[u], index[v], a))
                ways.append(a)
                for k in labels:
                    m.AddBoolOr([a.Not(), colour[u][k].Not(), colour[v][k]])
            if ways:
                e = m.NewBoolVar("")
                m.Add(sum(ways) == e)
                used.append(e)
        if x in start:
            arcs.append((0, index[x], m.NewConstant(1)))
        elif x in end:
            arcs.append((index[x], 0, m.NewConstant(1)))
        else:
            skip = m.NewBoolVar("")
            arcs.append((index[x], index[x], skip))
            if cover:
                m.Add(skip == 0)
            m.Add(sum(colour[x].values()) == 1 - skip)
    m.AddMultipleCircuit(arcs)
    return count_solutions(m, used, t, limit, seconds)


def hard_case(url, cover, cpsat_seconds) -> dict:
    from puzzles.numberlink import Puzzle
    Puzzle(3, 3, {1: ((0, 0), (2, 2))}).solve()  # load the kernels
    p = Puzzle.from_url(url)
    p.graph()
    t = time.perf_counter()
    n = p.solve(cover=cover).count()
    seconds = time.perf_counter() - t
    out = {"board": f"{p.rows}x{p.cols}", "pairs": len(p.pairs), "n": n, "t": seconds,
           "rss_gb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20}
    out["cp"], out["cp_t"] = cpsat_count(p, cover=cover, seconds=cpsat_seconds)
    return out


def solve_case(kind, rows, cols, seed) -> dict:
    from puzzles.numberlink import Puzzle
    from puzzles.numberlink.solve import solve
    from puzzles.numberlink.design import random_instance
    if kind == "pzprjs":
        data = json.loads((Path(__file__).resolve().parents[2] / "shared" / "data" / "pzprjs"
                           / "numlin.json").read_text())
        p = Puzzle.from_url(data["puzzles"][0]["url"])
    elif kind == "good":
        p = random_instance(rows, cols, seed=seed)
    else:
        p = strip_board(rows, cols, seed)
    Puzzle(3, 3, {1: ((0, 0), (2, 2))}).solve()  # load the kernels
    p.graph()
    out = {"board": f"{p.rows}x{p.cols}", "pairs": len(p.pairs)}
    for cover in (False, True):
        times = []
        for _ in range(3):
            t = time.perf_counter()
            F = solve(p, cover, graph=p.graph())  # the solver itself: never a kept family
            times.append(time.perf_counter() - t)
        out["cover" if cover else "free"] = {"t": statistics.median(times), "n": F.count()}
    out["rss_gb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=float, default=1800, help="seconds per instance case")
    ap.add_argument("--big", action="store_true", help="also run 5x6")
    ap.add_argument("--only", metavar="RxC", help="run the instance cases of this grid only")
    ap.add_argument("--solving", action="store_true", help="run the solving tables only")
    ap.add_argument("--hard", action="store_true", help="run the hard-board table only")
    ap.add_argument("--cpsat", type=float, default=120, help="CP-SAT seconds per board")
    ap.add_argument("--algebra", action="store_true",
                    help="run the algebraic route on the published 10x10 boards only")
    ap.add_argument("--generator", type=int, metavar="N",
                    help="run the generator table only, over N seeds")
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.generator:
        return generator_table(args.generator)
    if args.case:
        return serve_case(args.case, {"inst": instance_case, "solve": solve_case,
                                      "hard": hard_case, "algebra": algebra_case})
    if args.hard:
        return hard_table(args)
    if args.algebra:
        return algebra_table(args)
    if not args.solving:
        enumerate_instances(args)
    if not args.only:
        solving_table(args)
        hard_table(args)


def enumerate_instances(args) -> None:
    print("Instance enumeration (good_instances), against the paper's Tables 4, 5 and 7")
    print(f"{'grid':10} {'good instances':>15} {'paper':>6} {'s':>9} {'paper s':>8} "
          f"{'ratio':>6} {'nodes':>9} {'fewest':>6} {'peak GB':>7}")
    cases = [(r, c, None, "witness", n, t) for (r, c), (n, t) in PAPER.items()
             if args.big or r * c <= 28]
    cases += [(r, c, k, m, n, None) for r, c, k, n in BOUNDED for m in ("witness", "covering")]
    for rows, cols, k, method, expected, paper_s in cases:
        if args.only and args.only != f"{rows}x{cols}":
            continue
        name = f"{rows}x{cols}" + ("" if k is None else f" ≤{k} {method[0]}")
        res = run_case(__file__, ["inst", rows, cols, k, method], args.limit)
        if "failed" in res:
            print(f"{name:10} {res['failed']}", flush=True)
            continue
        ok = "-" if expected is None else "ok" if res["count"] == expected else "WRONG"
        ratio = f"{res['t'] / paper_s:6.2f}" if paper_s else f"{'':>6}"
        paper = f"{paper_s:8.2f}" if paper_s else f"{'-':>8}"
        print(f"{name:10} {res['count']:15d} {ok:>6} {res['t']:9.2f} {paper} {ratio} "
              f"{res['nodes']:9d} {res['fewest']!s:>6} {res['rss_gb']:7.2f}", flush=True)


def solving_table(args) -> None:
    print("\nSolving (median of 3; pairs at the ends of a covering path matching)")
    print(f"{'board':>6} {'kind':>8} {'pairs':>5} {'solutions':>12} {'solve s':>8} "
          f"{'covering':>10} {'cover s':>8} {'peak GB':>7}")
    for kind, rows, cols, seed in [("pzprjs", 5, 5, 0), ("good", 10, 10, 1), ("good", 10, 10, 2),
                                   ("strips", 15, 15, 1), ("strips", 15, 15, 2),
                                   ("strips", 20, 15, 1), ("strips", 20, 15, 2)]:
        res = run_case(__file__, ["solve", kind, rows, cols, seed], args.limit)
        if "failed" in res:
            print(f"{rows}x{cols} {kind}: {res['failed']}", flush=True)
            continue
        f, c = res["free"], res["cover"]
        print(f"{res['board']:>6} {kind:>8} {res['pairs']:5d} {f['n']:12d} {f['t']:8.3f} "
              f"{c['n']:10d} {c['t']:8.3f} {res['rss_gb']:7.2f}", flush=True)


def hard_table(args) -> None:
    """Published and generated unique boards with long paths, each solved in its own
    process (ZDD count, then CP-SAT deciding uniqueness) without and with covering."""
    print("\nHard boards (benchmarks/data/numberlink-hard.txt): ZDD count vs CP-SAT deciding "
          f"uniqueness (one worker, {args.cpsat:.0f}-s limit)")
    print(f"{'board':>6} {'kind':>9} {'pairs':>5} {'cover':>5} {'solutions':>9} {'zdd s':>8} "
          f"{'peak GB':>7} {'cp-sat':>6} {'cp s':>8} {'ratio':>7}")
    lines = (Path(__file__).resolve().parent / "data" / "numberlink-hard.txt").read_text()
    for line in lines.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, url = line.split()
        for cover in (False, True):
            res = run_case(__file__, ["hard", url, cover, args.cpsat], args.limit)
            if "failed" in res:
                print(f"{url}: {res['failed']}", flush=True)
                continue
            cp = "-" if res["cp"] is None else str(res["cp"])
            cp_t = f">{args.cpsat:.0f}" if res["cp"] is None else f"{res['cp_t']:.2f}"
            ratio = res["t"] / res["cp_t"] if res["cp_t"] else float("nan")
            ratio = f"<{ratio:.3f}" if res["cp"] is None else f"{ratio:.3f}"
            print(f"{res['board']:>6} {kind:>9} {res['pairs']:5d} {str(cover):>5} {res['n']:9d} "
                  f"{res['t']:8.3f} {res['rss_gb']:7.2f} {cp:>6} {cp_t:>8} {ratio:>7}", flush=True)


def algebra_case(url) -> dict:
    """Both routes on one board, with and without covering: seconds and equality."""
    from puzzles.numberlink import Puzzle
    from puzzles.numberlink.solve import solve
    p = Puzzle.from_url(url)
    solve(Puzzle.from_url("numlin/3/3/1g2i1g2"), method="algebra")  # load the kernels
    out = {"board": f"{p.rows}x{p.cols}", "pairs": len(p.pairs)}
    for cover in (False, True):
        t = time.perf_counter()
        F = solve(p, cover, "frontier")
        tf = time.perf_counter() - t
        t = time.perf_counter()
        A = solve(p, cover, "algebra")
        out["cover" if cover else "free"] = {"frontier": tf, "algebra": time.perf_counter() - t,
                                             "same": A == F, "n": F.count()}
    out["rss_gb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    return out


def algebra_table(args) -> None:
    """The published 10x10 boards by the frontier engine and by the mate-ZDD algebra."""
    print("\nThe algebraic route (mate-ZDD, labelled ends) on the published 10x10 boards")
    print(f"{'board':>6} {'pairs':>5} {'cover':>5} {'solutions':>9} {'frontier s':>10} "
          f"{'algebra s':>9} {'ratio':>6} {'same':>4} {'peak GB':>7}")
    lines = (Path(__file__).resolve().parent / "data" / "numberlink-hard.txt").read_text()
    for line in lines.splitlines():
        if not line.startswith("published") or "/10/10/" not in line:
            continue
        res = run_case(__file__, ["algebra", line.split()[1]], args.limit)
        if "failed" in res:
            print(f"{line.split()[1]}: {res['failed']}", flush=True)
            continue
        for kind in ("free", "cover"):
            r = res[kind]
            print(f"{res['board']:>6} {res['pairs']:5d} {str(kind == 'cover'):>5} {r['n']:9d} "
                  f"{r['frontier']:10.3f} {r['algebra']:9.2f} {r['algebra'] / r['frontier']:6.0f} "
                  f"{'yes' if r['same'] else 'NO':>4} {res['rss_gb']:7.2f}", flush=True)


def generator_table(seeds: int, rows: int = 10, cols: int = 10) -> None:
    """Pairs in adjacent cells in ``random_instance``'s puzzles, with and without them
    allowed (the sides interleaved per seed; CPU time; the covering family built first)."""
    from puzzles.numberlink.design import covering_path_matchings, random_instance
    from puzzles.numberlink.giveaways import adjacent_pairs

    covering_path_matchings(rows, cols).count()
    print(f"Generator: random_instance {rows}x{cols}, seeds 0..{seeds - 1}")
    print(f"{'adjacent pairs':>16} {'puzzles with one':>17} {'adjacent/all pairs':>19} "
          f"{'pairs':>6} {'CPU s':>6}")
    rows_out = {True: [], False: []}
    for seed in range(seeds):
        for allowed in (True, False):
            t = time.process_time()
            p = random_instance(rows, cols, seed=seed, adjacent=allowed)
            rows_out[allowed].append((len(adjacent_pairs(p.pairs.values())), len(p.pairs),
                                      time.process_time() - t))
    for allowed, name in ((True, "allowed"), (False, "avoided")):
        got = rows_out[allowed]
        adjacent, pairs = sum(a for a, _, _ in got), sum(n for _, n, _ in got)
        print(f"{name:>16} {sum(1 for a, _, _ in got if a):>10} of {len(got):<4} "
              f"{adjacent:>10} of {pairs:<6} {pairs / len(got):6.1f} "
              f"{statistics.median(s for _, _, s in got):6.2f}", flush=True)


if __name__ == "__main__":
    main()

