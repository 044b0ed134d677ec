"""Hard published boards: Slitherlink and Numberlink puzzles with their published answers,
counted by the ZDD routes and decided by two peers (CP-SAT and a SAT solver).

Data: the published sets of benchmarks/data/published/README.md (Janko-style
Slitherlink up to 60x60 and Numberlink up to 35x48, answers included), read from
``--data DIR`` (default: benchmarks/data/published).  Every board's count must be
1 with the published answer as its member, checked with the genre's independent
``check_solution``; a board the dataset gives without an answer must have one
solution that ``check_solution`` accepts.

A case is a function returning one JSON object (``case_*``); each runs in a fresh
process (``isolated.run_case``: address-space limit BENCH_MEMORY_GB; ``--limit`` is
CPU seconds, enforced by RLIMIT_CPU, with ten times as much wall time allowed, since
the shared machine may give a case a small share of a core), so it can move onto a
shared harness unchanged.  Times are CPU seconds of the case
process (``time.process_time``: the peers' threads count), peak memory its
resident set.  Routes:

* ``zdd``: ``solve`` as shipped (Slitherlink: ``deduce`` = propagation + probing,
  then split-and-sweep; Numberlink: ``deduce`` without probing, then the sweep);
* ``old``: the route before issue 34 (Slitherlink ``prepass``, Numberlink
  ``logic.deduce``, then one sweep without a width limit);
* ``sat``: ``satpeer`` (pysat, CaDiCaL), ``cpsat``: OR-Tools CP-SAT, one worker;
  both look for two solutions (uniqueness), with blocking clauses.

    python benchmarks/bench_hard.py slitherlink [--min-cells N] [--chunk N]
    python benchmarks/bench_hard.py peers-slitherlink [--per-size N] [--limit S]
    python benchmarks/bench_hard.py numberlink --names A,B,... [--routes zdd,old,sat,cpsat]
    python benchmarks/bench_hard.py few-pairs [--count N] [--limit S]
    python benchmarks/bench_hard.py profile --names A,B,... [--cover yes|no|both]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from pathlib import Path

from isolated import run_case, serve_case

DATA = Path(__file__).resolve().parent / "data" / "published"
FILES = {"slitherlink": "Slitherlink_dataset.json", "numberlink": "NumberLink_dataset.json"}


# ------------------------------------------------------------------ the published sets


def load(genre: str, data: Path = DATA) -> dict:
    """name -> the dataset's entry (``problem`` and ``solution`` texts)."""
    path = Path(data) / FILES[genre]
    if not path.exists():
        sys.exit(f"bench_hard: {path} is missing (see benchmarks/data/published/README.md)")
    return json.loads(path.read_text())["data"]


def _rows(text: str) -> tuple[int, int, list[list[str]]]:
    lines = text.strip().split("\n")
    rows, cols = map(int, lines[0].split())
    grid = [line.split() for line in lines[1:1 + rows]]
    if len(grid) != rows or any(len(r) != cols for r in grid):
        raise ValueError(f"the grid is not {rows}x{cols}")
    return rows, cols, grid


def slitherlink_board(entry: dict):
    """(Puzzle, answer edges or None): hints are digits; '-' and '.' are blank; the
    answer marks the cells inside the loop with 'x'."""
    from puzzles.slitherlink import Puzzle
    rows, cols, grid = _rows(entry["problem"])
    hints = {(r, c): int(t) for r, row in enumerate(grid) for c, t in enumerate(row)
             if t.isdigit()}
    p = Puzzle(rows, cols, hints)
    if not entry.get("solution"):
        return p, None
    _, _, inside = _rows(entry["solution"])

    def ins(r, c):
        return 0 <= r < rows and 0 <= c < cols and inside[r][c] == "x"
    edges = {((r, c), (r, c + 1)) for r in range(rows + 1) for c in range(cols)
             if ins(r - 1, c) != ins(r, c)}
    edges |= {((r, c), (r + 1, c)) for r in range(rows) for c in range(cols + 1)
              if ins(r, c - 1) != ins(r, c)}
    return p, frozenset(edges)


def numberlink_board(entry: dict):
    """(Puzzle, answer edges): labels are integers, '-' blank; the answer gives each
    cell's path directions (n, s, e, w)."""
    from puzzles.numberlink import Puzzle
    rows, cols, grid = _rows(entry["problem"])
    p = Puzzle.from_grid([[None if t == "-" else int(t) for t in row] for row in grid])
    _, _, ways = _rows(entry["solution"])
    edges = {((r, c), (r, c + 1)) for r in range(rows) for c in range(cols) if "e" in ways[r][c]}
    edges |= {((r, c), (r + 1, c)) for r in range(rows) for c in range(cols) if "s" in ways[r][c]}
    return p, frozenset(edges)


def boards(genre: str, data: Path = DATA) -> dict:
    """name -> (rows, cols, pairs or hints) for every board that parses."""
    make = slitherlink_board if genre == "slitherlink" else numberlink_board
    out = {}
    for name, entry in load(genre, data).items():
        try:
            p, _ = make(entry)
        except ValueError:
            continue  # a damaged entry (the README lists them)
        out[name] = (p.rows, p.cols, len(p.pairs if genre == "numberlink" else p.hints))
    return out


# ------------------------------------------------------------------ cases


#: wall-clock allowance per CPU second of a case (the machine is shared: a case may get a
#: small share of a core, so limits are CPU seconds, enforced by RLIMIT_CPU)
WALL_PER_CPU = 10


def _limit_cpu(seconds: float) -> None:
    """End this case process (SIGXCPU) past ``seconds`` of CPU time."""
    s = int(seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (s, s + 5))


def _run(payload: list, cpu_seconds: float) -> dict:
    """``run_case`` with a CPU limit (and a generous wall limit); a case ended by the
    CPU limit reads as not finished within that many CPU seconds."""
    res = run_case(__file__, payload + [cpu_seconds], cpu_seconds * WALL_PER_CPU)
    if "failed" in res and ("status -24" in res["failed"] or "status 152" in res["failed"]):
        return {"failed": f"more than {cpu_seconds:.0f} CPU s"}
    return res


def _rss() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


def _warm_up() -> None:
    """Load the compiled kernels (numba) before any timing."""
    from puzzles.numberlink import Puzzle as N
    from puzzles.slitherlink import Puzzle as S
    S(2, 2, {(0, 0): 3}).solve().count()
    N(3, 3, {1: ((0, 0), (2, 2))}).solve().count()


def _zdd(genre: str, p, cover: bool, route: str):
    """The family of all solutions by ``route``."""
    if genre == "slitherlink":
        from puzzles.board import square_sides
        from puzzles.slitherlink import solve as S
        if route == "zdd":
            return S.solve(p)
        from zalg.paths import build
        counts = [(square_sides(x), h) for x, h in p.hints.items()]
        return build(S.board_graph(p.rows, p.cols), "cycle", counts=counts, fixed=S.prepass(p))
    if route == "zdd":
        return p.solve(cover=cover)
    from puzzles.numberlink import logic
    G = p.graph()
    fixed = logic.deduce(p.rows, p.cols, p.pairs, G.edges, cover=cover)
    return G.path_matchings(pairs=[p.pairs[k] for k in p.labels()], cover=cover, fixed=fixed)


def _fixed(genre: str, p, cover: bool, route: str) -> int:
    """How many edges the route's pre-pass decides (not timed)."""
    from puzzles.numberlink import deduce as D
    from puzzles.numberlink import logic
    from puzzles.slitherlink import solve as S
    try:
        if genre == "slitherlink":
            return len(S.deduce(p) if route == "zdd" else S.prepass(p))
        edges = p.graph().edges
        if route == "zdd":
            return len(D.deduce(p.rows, p.cols, p.pairs, edges, cover, probe=False))
        return len(logic.deduce(p.rows, p.cols, p.pairs, edges, cover=cover))
    except (S.Contradiction, logic.Contradiction):
        return len(p.edges())


def _checked(genre: str, p, answer, F, cover: bool) -> str:
    """'yes' when the family is exactly the published answer ('ok' when the dataset
    gives no answer and the one member passes the checker), else what is wrong."""
    from puzzles import numberlink, slitherlink
    n = F.count()
    if n != 1:
        return f"{n} solutions"
    (member,) = [frozenset(s) for s in F]
    check = slitherlink.check_solution if genre == "slitherlink" else numberlink.check_solution
    bad = check(p, member) if genre == "slitherlink" else check(p, member, cover=cover)
    if bad:
        return f"checker: {bad[0]}"
    if answer is None:
        return "ok"
    return "yes" if member == answer else "another answer"


def case_zdd(genre: str, names: list, cover: bool, route: str, data: str,
             cpu_seconds: float) -> dict:
    """The ZDD route on each named board (one process, kernels loaded first): CPU
    seconds, solutions, edges fixed by the pre-pass, the answer check."""
    _limit_cpu(cpu_seconds)
    entries = load(genre, Path(data))
    make = slitherlink_board if genre == "slitherlink" else numberlink_board
    _warm_up()
    out = []
    for name in names:
        p, answer = make(entries[name])
        if genre == "numberlink":
            p.graph()
        t = time.process_time()
        F = _zdd(genre, p, cover, route)
        n = F.count()
        seconds = time.process_time() - t
        if cover and answer is not None and not _covers(p, answer):
            answer = None  # the published answer leaves cells empty: not a covering one
        out.append({"name": name, "board": f"{p.rows}x{p.cols}", "n": n, "t": seconds,
                    "fixed": _fixed(genre, p, cover, route), "edges": len(p.edges()),
                    "answer": _checked(genre, p, answer, F, cover)})
    return {"rows": out, "rss_gb": _rss()}


def _covers(p, answer) -> bool:
    used = {x for e in answer for x in e}
    return len(used) == p.rows * p.cols


def case_peer(genre: str, name: str, cover: bool, peer: str, seconds: float, data: str,
              cpu_seconds: float) -> dict:
    """A peer deciding uniqueness (two solutions looked for): CPU seconds, found."""
    _limit_cpu(cpu_seconds)
    import cpsat
    import satpeer
    entries = load(genre, Path(data))
    make = slitherlink_board if genre == "slitherlink" else numberlink_board
    p, _ = make(entries[name])
    t = time.process_time()
    if genre == "slitherlink":
        found, _ = (satpeer.slitherlink_count if peer == "sat" else cpsat.slitherlink_count)(
            p, seconds=seconds)
    elif peer == "sat":
        found, _ = satpeer.numberlink_count(p, cover, seconds=seconds)
    else:
        from bench_numberlink import cpsat_count
        found, _ = cpsat_count(p, cover=cover, seconds=seconds)
    return {"name": name, "found": found, "t": time.process_time() - t, "rss_gb": _rss()}


def case_profile(name: str, cover: bool, data: str, cpu_seconds: float) -> dict:
    """Where a Numberlink board's time goes: the deductions, the sweep, the count; and
    the widest frontier level, bracketed by sweeps with growing width limits."""
    import zalg
    from puzzles.numberlink import deduce as D
    _limit_cpu(cpu_seconds)
    p, _ = numberlink_board(load("numberlink", Path(data))[name])
    _warm_up()
    G = p.graph()
    pairs = [p.pairs[k] for k in p.labels()]
    t = time.process_time()
    fixed = D.deduce(p.rows, p.cols, p.pairs, G.edges, cover, probe=False)
    t_deduce = time.process_time() - t
    t = time.process_time()
    F = G.path_matchings(pairs=pairs, cover=cover, fixed=fixed)
    t_sweep = time.process_time() - t
    t = time.process_time()
    n = F.count()
    t_count = time.process_time() - t
    below = 0
    for width in (10**4, 3 * 10**4, 10**5, 3 * 10**5, 10**6, 3 * 10**6):
        try:
            G.path_matchings(pairs=pairs, cover=cover, fixed=fixed, max_width=width)
            break
        except zalg.TooWide:
            below = width
    return {"name": name, "n": n, "deduce": t_deduce, "sweep": t_sweep, "count": t_count,
            "fixed": len(fixed), "nodes": F.node_count(), "widest_above": below,
            "widest_at_most": width if below != width else None, "rss_gb": _rss()}


# ------------------------------------------------------------------ tables


def _sizes(table: dict) -> dict:
    by: dict = {}
    for name, (r, c, _) in table.items():
        by.setdefault((r * c, f"{r}x{c}"), []).append(name)
    return dict(sorted(by.items()))


def slitherlink_table(args) -> None:
    """Every published Slitherlink board with at least ``--min-cells`` cells, by size."""
    table = {k: v for k, v in boards("slitherlink", args.data).items()
             if v[0] * v[1] >= args.min_cells}
    print(f"Slitherlink, route {args.route}: {len(table)} published boards "
          f"(chunks of {args.chunk} in fresh processes; CPU s per board)")
    print(f"{'size':>6} {'boards':>6} {'median s':>9} {'max s':>8} {'fixed %':>8} "
          f"{'answers':>8} {'peak GB':>7}")
    every = []
    for (_, size), names in _sizes(table).items():
        rows, rss = [], 0.0
        for i in range(0, len(names), args.chunk):
            res = _run(["zdd", "slitherlink", names[i:i + args.chunk], False, args.route,
                        str(args.data)], args.limit)
            if "failed" in res:
                print(f"{size:>6} chunk {i // args.chunk}: {res['failed']}", flush=True)
                continue
            rows += res["rows"]
            rss = max(rss, res["rss_gb"])
        if not rows:
            continue
        every += rows
        ts = [r["t"] for r in rows]
        fixed = statistics.median(100 * r["fixed"] / r["edges"] for r in rows)
        good = sum(r["answer"] in ("yes", "ok") for r in rows)
        print(f"{size:>6} {len(rows):6d} {statistics.median(ts):9.3f} {max(ts):8.2f} "
              f"{fixed:8.1f} {good:4d}/{len(rows):<3d} {rss:7.2f}", flush=True)
        for r in rows:
            if r["answer"] not in ("yes", "ok"):
                print(f"       {r['name']}: {r['answer']}", flush=True)
    if every:
        ts = [r["t"] for r in every]
        worst = max(every, key=lambda r: r["t"])
        print(f"all    {len(every):6d} {statistics.median(ts):9.3f} {max(ts):8.2f}   worst: "
              f"{worst['name']}", flush=True)


def peer_rows(genre: str, names: list, cover: bool, args) -> None:
    """One line a board: the ZDD route (and the old one) against both peers."""
    for name in names:
        line = {}
        for route in args.routes:
            if route in ("zdd", "old"):
                res = _run(["zdd", genre, [name], cover, route, str(args.data)], args.limit)
                line[route] = res if "failed" in res else dict(res["rows"][0], rss=res["rss_gb"])
            else:
                line[route] = _run(["peer", genre, name, cover, route,
                                    args.limit * WALL_PER_CPU, str(args.data)], args.limit)
        print(_peer_line(name, cover, line, args.routes), flush=True)


def _peer_line(name: str, cover: bool, line: dict, routes: list) -> str:
    cells = [f"{name:>14} {str(cover):>5}"]
    z = line.get("zdd", {})
    for route in routes:
        r = line[route]
        if "failed" in r:
            cells.append(f"{route}: {r['failed'][:60]}")
        elif route in ("zdd", "old"):
            cells.append(f"{route} {r['t']:8.2f}s n={r['n']} fixed={r['fixed']} "
                         f"answer={r['answer']} {r['rss']:.2f}GB")
        else:
            found = "undecided" if r["found"] is None else r["found"]
            ratio = f" ratio {z['t'] / r['t']:.3f}" if "t" in z and r["t"] else ""
            cells.append(f"{route} {r['t']:8.2f}s found={found}{ratio}")
    return " | ".join(cells)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("table", nargs="?", default="slitherlink",
                    choices=["slitherlink", "peers-slitherlink", "numberlink", "few-pairs",
                             "profile"])
    ap.add_argument("--data", type=Path, default=DATA, help="folder of the published sets")
    ap.add_argument("--limit", type=float, default=120, help="CPU seconds per case")
    ap.add_argument("--min-cells", type=int, default=0)
    ap.add_argument("--chunk", type=int, default=40, help="boards per case process")
    ap.add_argument("--route", default="zdd", choices=["zdd", "old"])
    ap.add_argument("--per-size", type=int, default=2, help="peers: boards of each size")
    ap.add_argument("--count", type=int, default=10, help="few-pairs: boards")
    ap.add_argument("--names", default="", help="numberlink: comma-separated board names")
    ap.add_argument("--routes", default="zdd,old,sat,cpsat")
    ap.add_argument("--cover", default="both", choices=["both", "yes", "no"])
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        return serve_case(args.case, {"zdd": case_zdd, "peer": case_peer,
                                      "profile": case_profile})
    args.routes = args.routes.split(",")
    covers = {"both": (False, True), "yes": (True,), "no": (False,)}[args.cover]
    if args.table == "slitherlink":
        return slitherlink_table(args)
    if args.table == "peers-slitherlink":
        table = {k: v for k, v in boards("slitherlink", args.data).items()
                 if v[0] * v[1] >= args.min_cells}
        names = [n for group in _sizes(table).values() for n in sorted(group)[:args.per_size]]
        return peer_rows("slitherlink", names, False, args)
    if args.table == "profile":
        for cover in covers:
            for name in args.names.split(","):
                print(json.dumps(_run(["profile", name, cover, str(args.data)], args.limit)),
                      flush=True)
        return
    if args.table == "few-pairs":
        table = boards("numberlink", args.data)
        few = sorted((v[2], k) for k, v in table.items() if 169 <= v[0] * v[1] <= 225)
        names = [k for _, k in few[:args.count]]
    else:
        names = [n for n in args.names.split(",") if n]
    for cover in covers:
        peer_rows("numberlink", names, cover, args)


if __name__ == "__main__":
    main()
