"""Numberlink: instance enumeration and solving times.

Instances (``--instances``): every good instance of a rows x cols grid
(``good_instances``), next to the paper's Table 4 (Yoshinaka et al. 2012, C++ on
2012 hardware: 4x5 3.56 s, 4x6 44.13 s, 5x5 107.99 s, 4x7 488.12 s, 5x6 3553.29 s)
and the counts of its Table 5, which every row checks; the measured step includes
building both pairing relations.  ``--big`` adds 4x7 and 5x6 and the 6x6 grid with
at most 3 pairs (Table 7; the methods of ``good_instances``: ``w``, one ∃! pass
over R with covering witnesses, ``c``, ∃! over the covering relation then one
solver call per candidate, and ``r``, the one ∃! pass over R restricted to the
solutions of those candidates; ``r`` also on the full 4x5, and 4x6 with ``--big``;
``s``, the same family built top down by the subset construction,
``zalg.topdown.unique_exists``, on every full grid and bound the table has).

Solving (``--solving``): ``Puzzle.solve`` without and with covering on the pzprjs test
board and on generated boards (the pairs are the path ends of a covering path
matching: for 10x10 a good instance from ``random_instance``, for 15x15 and 20x15
the union of uniform covering path matchings of 5-column strips).

Hard boards (``--hard``; ``benchmarks/data/numberlink-hard.txt``: published puzzles
and ``long_path_board`` boards): the ZDD count against CP-SAT deciding uniqueness
(``cpsat_count``), without and with covering (``--cpsat SECONDS``: its limit).

Generator (``--generator N``): ``random_instance`` on 10x10 over seeds 0..N-1, by
default (no pairs in adjacent cells) and with ``adjacent=True`` (the plain generator): pairs in adjacent cells, pairs per puzzle, CPU seconds per puzzle (the
covering family is built first, untimed).

The algebraic route (``--algebra``): the published 10x10 boards by the mate-ZDD
algebra against the frontier engine.

    python -m benchmarks.bench_numberlink [--instances] [--solving] [--hard] [--algebra]
                                          [--big] [--cpsat SECONDS]
                                          [--generator N]
"""

from __future__ import annotations

import gc
import json
import random
import sys
import time
from pathlib import Path

try:
    from . import harness
    from .cpsat import count_solutions
except ImportError:  # run as a file: this folder is first on sys.path
    import harness
    from cpsat import count_solutions

PAPER = {  # (rows, cols): (good instances (Table 5), seconds (Table 4))
    (4, 5): (338460, 3.56), (4, 6): (6901105, 44.13), (5, 5): (16027290, 107.99),
    (4, 7): (141123690, 488.12), (5, 6): (784030205, 3553.29),
}
BOUNDED = [(5, 5, 3, None), (6, 6, 3, 304)]  # (rows, cols, max pairs, good instances): Table 7
DATA = Path(__file__).resolve().parent / "data"
PZPRJS = Path(__file__).resolve().parents[2] / "shared" / "data" / "pzprjs" / "numlin.json"
SOLVING = [("pzprjs", 5, 5, 0), ("good", 10, 10, 1), ("good", 10, 10, 2), ("strips", 15, 15, 1),
           ("strips", 15, 15, 2), ("strips", 20, 15, 1), ("strips", 20, 15, 2)]


def warm() -> None:
    from puzzles import numberlink as N
    N.Puzzle(3, 3, {1: ((0, 0), (2, 2))}).solve().count()
    N.Puzzle(3, 3, {1: ((0, 0), (2, 2))}).solve(cover=True, method="algebra").count()
    N.good_instances(3, 3).count()


def instance_case(rows, cols, max_pairs, method) -> dict:
    """Every good instance of the grid (the measured step)."""
    from puzzles import numberlink as N
    with harness.measure():
        good = N.good_instances(rows, cols, max_pairs=max_pairs, method=method)
    sizes = good.by_size()
    expected = PAPER.get((rows, cols), (None,))[0] if max_pairs is None else \
        dict(((r, c, k), n) for r, c, k, n in BOUNDED).get((rows, cols, max_pairs))
    return {"check": [good.count(), good.node_count()], "fewest": min(sizes) if sizes else None,
            "paper": None if expected is None else good.count() == expected}


def path_ends(edges) -> list[tuple]:
    """The end cells of each path of a linear forest (a set of edges)."""
    parent: dict = {}

    def root(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    degree: dict = {}
    for a, b in edges:
        parent[root(a)] = root(b)
        degree[a], degree[b] = degree.get(a, 0) + 1, degree.get(b, 0) + 1
    ends: dict = {}
    for v, d in degree.items():
        if d == 1:
            ends.setdefault(root(v), []).append(v)
    return [tuple(sorted(pair)) for pair in ends.values()]


def strip_board(rows, cols, seed, width=5):
    """Pairs at the path ends of the union of uniform covering path matchings of
    vertical strips ``width`` columns wide."""
    import zalg
    from puzzles import numberlink as N
    rng = random.Random(seed)
    edges = set()
    for c0 in range(0, cols, width):
        w = min(width, cols - c0)
        (S,) = zalg.grid(rows, w).path_matchings(cover=True).sample(1, seed=rng.randrange(2**63))
        edges |= {((a[0], a[1] + c0), (b[0], b[1] + c0)) for a, b in S}
    return N.to_puzzle(rows, cols, path_ends(edges))


def solving_board(kind, rows, cols, seed):
    from puzzles import numberlink as N
    if kind == "pzprjs":
        return N.Puzzle.from_url(json.loads(PZPRJS.read_text())["puzzles"][0]["url"])
    if kind == "good":
        return N.random_instance(rows, cols, seed=seed)
    return strip_board(rows, cols, seed)


def solve_case(kind, rows, cols, seed, cover) -> dict:
    """Every solution of a board (its graph built beforehand; the solve measured)."""
    from puzzles import numberlink as N
    url = solving_board(kind, rows, cols, seed).to_url()
    gc.collect()  # the board random_instance checked is gone, and its solutions with it
    harness.forget_solutions(N.Puzzle)  # and so are the solutions the cache keeps of recent boards
    p = N.Puzzle.from_url(url)
    p.graph()
    with harness.measure():
        F = p.solve(cover=cover)
    return {"check": [F.count(), F.node_count()], "pairs": len(p.pairs)}


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
    # how benchmarks/data/numberlink-hard.txt was made; it uses the designer's private
    # steps (there is no public API for repairing a board), and the tables never call it
    from puzzles.numberlink.design import _merge_paths, _split, to_puzzle
    from zalg.progress import reporter
    rng = random.Random(seed)
    path = ham_path(rows, cols, rng, 20 * rows * cols)
    edges = {tuple(sorted(e)) for e in zip(path, path[1:])}
    for c in rng.sample(range(2, len(path) - 2), pieces - 1):
        edges.discard(tuple(sorted((path[c - 1], path[c]))))
    drawn = frozenset(edges)
    while True:
        p = to_puzzle(rows, cols, path_ends(drawn))
        solutions = p.solve()
        if solutions.count() == 1:
            return _merge_paths(p, drawn, rng, reporter(None))
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


def hard_boards() -> list[tuple[str, str]]:
    """(kind, url) of the hard boards."""
    lines = (DATA / "numberlink-hard.txt").read_text().splitlines()
    return [tuple(line.split()) for line in lines if line.strip() and not line.startswith("#")]


def zdd_count(url, cover, method="frontier") -> dict:
    """The ZDD's count of a board (logical pre-pass included; graph built beforehand)."""
    from puzzles import numberlink as N
    p = N.Puzzle.from_url(url)
    p.graph()
    with harness.measure():
        n = p.solve(cover=cover, method=method).count()
    return {"check": n, "pairs": len(p.pairs)}


def cpsat_case(url, cover, seconds) -> dict:
    """CP-SAT deciding the board (at most 2 solutions; None: undecided in ``seconds``)."""
    from puzzles import numberlink as N
    p = N.Puzzle.from_url(url)
    with harness.measure():
        found, _ = cpsat_count(p, cover=cover, seconds=seconds)
    return {"check": found}


def decided_alike(zdd, cp) -> bool:
    """The ZDD's count and CP-SAT's answer agree (CP-SAT stops at 2; None: undecided)."""
    counts = [r["check"] for r in (zdd, cp)]
    if None in counts:
        return True
    return min(counts[0], 2) == min(counts[1], 2)


def _board(url: str) -> str:
    """"RxC" of a puzz.link URL (.../numlin/COLS/ROWS/...)."""
    cols, rows = url.split("/")[-3:-1]
    return f"{rows}x{cols}"


def generator_case(seed, allowed) -> dict:
    """One puzzle of ``random_instance`` on 10x10, adjacent pairs ``allowed`` or not."""
    from puzzles.numberlink.design import covering_path_matchings, random_instance
    from puzzles.numberlink.giveaways import adjacent_pairs
    covering_path_matchings(10, 10).count()  # the family sampled from: not timed
    with harness.measure():
        p = random_instance(10, 10, seed=seed, adjacent=allowed)
    return {"adjacent": len(adjacent_pairs(p.pairs.values())), "pairs": len(p.pairs)}


def tables(args) -> list:
    every = not (args.instances or args.solving or args.hard or args.algebra or args.generator)
    out = []
    if args.generator:
        rows = [harness.Row(f"seed {seed}", (harness.Case("generator_case", (seed, True)),
                                             harness.Case("generator_case", (seed, False))))
                for seed in range(args.generator)]
        cols = tuple(harness.field(f"{what} {side}", key, 9, "d", side=i)
                     for i, side in enumerate(("allowed", "avoided"))
                     for what, key in (("adjacent", "adjacent"), ("pairs", "pairs")))
        out.append(harness.Table("Generator: random_instance 10x10, adjacent pairs allowed "
                                 "and avoided (the default)", ("allowed", "avoided"), rows,
                                 cols, name_width=8))
    if every or args.instances:
        out.append(instance_table(args))
    if every or args.solving:
        rows = [harness.Row(f"{r}x{c} {kind}{seed or ''} {'cover' if cover else 'free'}",
                            (harness.Case("solve_case", (kind, r, c, seed, cover)),))
                for kind, r, c, seed in SOLVING for cover in (False, True)]
        cols = (harness.field("pairs", "pairs", 5, "d"),
                harness.field("solutions", "check", 15, "d", index=0))
        out.append(harness.Table("Solving (pairs at the ends of covering path matchings)",
                                 ("zalg",), rows, cols, name_width=20))
    if every or args.hard:
        rows = [harness.Row(f"{_board(url)} {kind[:3]}{i} {'cover' if cover else 'free'}",
                            (harness.Case("zdd_count", (url, cover)),
                             harness.Case("cpsat_case", (url, cover, args.cpsat), warm=False)))
                for i, (kind, url) in enumerate(hard_boards(), 1) for cover in (False, True)]
        cols = (harness.field("pairs", "pairs", 5, "d"),
                harness.field("solutions", "check", 9, "d"),
                harness.Column("CP-SAT", lambda res: None if res[1] is None else
                               "undecided" if res[1]["check"] is None else str(res[1]["check"]),
                               9))
        out.append(harness.Table(f"Hard boards: the ZDD's count against CP-SAT deciding "
                                 f"uniqueness (one worker, {args.cpsat:.0f}-s limit)",
                                 ("zalg", "CP-SAT"), rows, cols, same=decided_alike,
                                 name_width=20))
    if every or args.algebra:
        rows = [harness.Row(f"{_board(url)} pub{i} {'cover' if cover else 'free'}",
                            (harness.Case("zdd_count", (url, cover, "algebra")),
                             harness.Case("zdd_count", (url, cover))))
                for i, (kind, url) in enumerate(hard_boards(), 1)
                if kind == "published" and "/10/10/" in url for cover in (False, True)]
        cols = (harness.field("solutions", "check", 9, "d"),)
        out.append(harness.Table("The algebraic route (mate-ZDD, labelled ends) against the "
                                 "frontier engine, published 10x10 boards",
                                 ("algebra", "frontier"), rows, cols, name_width=16))
    return out


def instance_table(args):
    cases = [(r, c, None, "witness") for (r, c) in PAPER if r * c <= (30 if args.big else 25)]
    cases += [(r, c, None, "restricted") for (r, c) in PAPER if r * c <= (24 if args.big else 20)]
    cases += [(r, c, None, "subset") for (r, c) in PAPER if r * c <= (30 if args.big else 25)]
    cases += [(r, c, k, m) for r, c, k, _ in BOUNDED if r * c <= (36 if args.big else 25)
              for m in ("witness", "covering", "restricted", "subset")]
    rows = [harness.Row(f"{r}x{c}" + ("" if k is None else f" <={k}")
                        + ("" if k is None and m == "witness" else f" {m[0]}"),
                        (harness.Case("instance_case", (r, c, k, m)),)) for r, c, k, m in cases]
    paper_s = {f"{r}x{c}": t for (r, c), (_, t) in PAPER.items()}
    cols = (harness.field("good instances", "check", 14, "d", index=0),
            harness.Column("paper", lambda res: None if res[0] is None or res[0]["paper"] is None
                           else "ok" if res[0]["paper"] else "WRONG", 5),
            harness.field("nodes", "check", 8, "d", index=1),
            harness.field("fewest", "fewest", 6, "d"))
    table = harness.Table("Instance enumeration (good_instances) against the paper's Tables 4, "
                          "5 and 7 (paper seconds: " + ", ".join(f"{k} {v}" for k, v in
                                                                 paper_s.items()) + ")",
                          ("zalg",), rows, cols, name_width=11)
    return table


def add_options(ap) -> None:
    ap.add_argument("--instances", action="store_true", help="the instance-enumeration table")
    ap.add_argument("--big", action="store_true", help="instances: also 4x7, 5x6 and 6x6 <=3")
    ap.add_argument("--solving", action="store_true", help="the solving table")
    ap.add_argument("--hard", action="store_true", help="the hard-board table")
    ap.add_argument("--cpsat", type=float, default=120, help="CP-SAT seconds per board")
    ap.add_argument("--algebra", action="store_true", help="the algebraic route's table")
    ap.add_argument("--generator", type=int, metavar="N", default=0,
                    help="the generator table, over N seeds")


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
