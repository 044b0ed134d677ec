"""Hard published boards: Slitherlink and Numberlink puzzles with their published answers,
counted by the ZDD routes and decided by two peers (CP-SAT and a SAT solver).

Data: the published sets of benchmarks/data/published/README.md (Janko-style
Slitherlink up to 60x60 and Numberlink up to 35x48, answers included), read from
``--data DIR`` (default: benchmarks/data/published); for ``peers-hard`` and
``profile-hard`` the Slitherlink boards of other generators,
``benchmarks/data/slitherlink-hard.txt`` (Simon Tatham's Loopy at its two hardest
levels, tricky and hard, 10x10 to 50x50, and zalg's own generator at 12x12; one
``name game-id`` a line; no answers: a count of 1 is checked by ``check_solution``).  Every board's count must be
1 with the published answer as its member, checked with the genre's independent
``check_solution``; a board the dataset gives without an answer must have one
solution that ``check_solution`` accepts.

Each case runs in a fresh process of the benchmark harness (benchmarks/harness:
CPU seconds of the measured steps, peak resident memory, sides interleaved, ratios
only when the sides agree, ``--rounds``, ``--against REV``, ``--json``).  ``--cpu S``
bounds a case's CPU seconds (RLIMIT_CPU: the shared machine may give a case a small
share of a core, so the harness's wall ``--limit`` is set to ten times as much).
Routes (the sides of the peer tables; the first is the one ``--against`` compares):

* ``zdd``: ``solve`` as shipped (Slitherlink: ``deduce`` = propagation + probing,
  then split-and-sweep; Numberlink: ``deduce`` without probing, then the sweep);
* ``old``: the route without split and width limit (Slitherlink ``prepass``, Numberlink
  ``logic.deduce``, then one sweep without a width limit);
* ``sat``: ``satpeer`` (pysat, CaDiCaL), ``cpsat``: OR-Tools CP-SAT, one worker;
  both look for two solutions (uniqueness), with blocking clauses.  A peer table's
  ratio is its first route over its second (``--routes zdd,cpsat,sat,old`` for
  zdd/CP-SAT), printed when both decided every board alike.

    python -m benchmarks.bench_hard slitherlink [--min-cells N] [--chunk N] [--rounds 1]
    python -m benchmarks.bench_hard peers-slitherlink [--per-size N] [--cpu S]
    python -m benchmarks.bench_hard peers-hard [--min-cells N] [--cpu S] [--routes zdd,cpsat,sat]
    python -m benchmarks.bench_hard profile-hard [--names A,B,...] [--min-cells N]
    python -m benchmarks.bench_hard numberlink --names A,B,... [--routes zdd,old,sat,cpsat]
    python -m benchmarks.bench_hard numberlink-all --cover yes|no [--cpu S] [--log F]
                                   [--resume] [--min-cells N] [--max-cells N]
    python -m benchmarks.bench_hard numberlink-all --summary --log F --cpu S
    python -m benchmarks.bench_hard few-pairs [--count N] [--cpu S]
    python -m benchmarks.bench_hard peers-numberlink [--per-size N] [--count N] [--cpu S]
                                   [--min-cells N] [--cover yes|no|both] [--routes zdd,cpsat]
    python -m benchmarks.bench_hard profile --names A,B,... [--cover yes|no|both]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import statistics
import sys
import time
from pathlib import Path

try:
    from . import cpsat, harness, satpeer
    from .bench_numberlink import cpsat_count
except ImportError:  # run as a file: this folder is first on sys.path
    import cpsat
    import harness
    import satpeer
    from bench_numberlink import cpsat_count

DATA = Path(__file__).resolve().parent / "data" / "published"
FILES = {"slitherlink": "Slitherlink_dataset.json", "numberlink": "NumberLink_dataset.json"}
#: the other generators' boards (``hard``: Slitherlink boards read from game ids)
HARD = Path(__file__).resolve().parent / "data" / "slitherlink-hard.txt"
#: zalg's own Numberlink boards (``generated``: one ``name puzz.link-URL`` a line)
GENERATED = Path(__file__).resolve().parent / "data" / "numberlink-generated.txt"
#: wall-clock allowance per CPU second of a case (CP-SAT's limit is wall time)
WALL_PER_CPU = 10


# ------------------------------------------------------------------ the published sets


def load(genre: str, data: Path = DATA) -> dict:
    """name -> the dataset's entry (``problem`` and ``solution`` texts; for ``hard``,
    ``id``: a Loopy game id)."""
    if genre in ("hard", "generated"):
        lines = (line.split() for line in (HARD if genre == "hard" else GENERATED)
                 .read_text().splitlines())
        return {f[0]: {"id": f[1]} for f in lines if f and not f[0].startswith("#")}
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
    answer marks the cells inside the loop with 'x'.  An entry with an ``id`` is a
    Loopy game id (no answer)."""
    from puzzles.slitherlink import Puzzle
    if "id" in entry:
        return Puzzle.from_url(entry["id"]), None
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
    cell's path directions (n, s, e, w).  An entry with an ``id`` is a puzz.link URL (no
    answer)."""
    from puzzles.numberlink import Puzzle
    if "id" in entry:
        return Puzzle.from_url(entry["id"]), None
    rows, cols, grid = _rows(entry["problem"])
    p = Puzzle.from_grid([[None if t == "-" else int(t) for t in row] for row in grid])
    _, _, ways = _rows(entry["solution"])
    edges = {((r, c), (r, c + 1)) for r in range(rows) for c in range(cols) if "e" in ways[r][c]}
    edges |= {((r, c), (r + 1, c)) for r in range(rows) for c in range(cols) if "s" in ways[r][c]}
    return p, frozenset(edges)


def _maker(genre: str):
    """The board reader of a dataset: (Puzzle, answer) of an entry."""
    return numberlink_board if _kind(genre) == "numberlink" else slitherlink_board


def _kind(genre: str) -> str:
    """The genre of a dataset (``hard`` holds Slitherlink boards, ``generated``
    Numberlink boards)."""
    return {"hard": "slitherlink", "generated": "numberlink"}.get(genre, genre)


def boards(genre: str, data: Path = DATA) -> dict:
    """name -> (rows, cols, pairs or hints) for every board that parses."""
    make = _maker(genre)
    out = {}
    for name, entry in load(genre, data).items():
        try:
            p, _ = make(entry)
        except ValueError:
            continue  # a damaged entry (the README lists them)
        out[name] = (p.rows, p.cols, len(p.pairs if _kind(genre) == "numberlink" else p.hints))
    return out


# ------------------------------------------------------------------ cases


def _limit_cpu(seconds: float) -> None:
    """End this case process (SIGXCPU) past ``seconds`` of CPU time."""
    s = int(seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (s, s + 5))


def warm() -> None:
    """Load the compiled kernels the genres' solvers use (untimed)."""
    from puzzles.numberlink import Puzzle as N
    from puzzles.slitherlink import Puzzle as S
    S(2, 2, {(0, 0): 3}).solve().count()
    N(3, 3, {1: ((0, 0), (2, 2))}).solve().count()


def _zdd(genre: str, p, cover: bool, route: str):
    """The family of all solutions by ``route``."""
    if genre == "slitherlink":
        from puzzles.common.board import square_sides
        from puzzles.slitherlink import solve as S
        if route == "zdd":
            return S.solve(p)
        from zalg.graphs.paths import build
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
    from puzzles.numberlink import solve as N
    from puzzles.slitherlink import solve as S
    try:
        if genre == "slitherlink":
            return len(S.deduce(p) if route == "zdd" else S.prepass(p))
        edges = p.graph().edges
        if route == "zdd" and len(p.pairs) > N.MANY_LABELS:
            return 0  # solve sweeps such boards bare
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


def _covers(p, answer) -> bool:
    used = {x for e in answer for x in e}
    return len(used) == p.rows * p.cols


def zdd_case(genre: str, names: list, cover: bool, route: str, data: str,
             cpu_seconds: float) -> dict:
    """The ZDD route on each named board (one process; each solve and count measured):
    CPU seconds, solutions, edges fixed by the pre-pass, the answer check."""
    _limit_cpu(cpu_seconds)
    entries = load(genre, Path(data))
    make, genre = _maker(genre), _kind(genre)
    out = []
    for name in names:
        p, answer = make(entries[name])
        if genre == "numberlink":
            p.graph()
        with harness.measure() as step:
            F = _zdd(genre, p, cover, route)
            n = F.count()
        if cover and answer is not None and not _covers(p, answer):
            answer = None  # the published answer leaves cells empty: not a covering one
        out.append({"name": name, "n": n, "t": step.cpu, "edges": len(p.edges()),
                    "fixed": _fixed(genre, p, cover, route),
                    "answer": _checked(genre, p, answer, F, cover)})
    ts = [r["t"] for r in out]
    return {"check": [[r["name"], r["n"], r["answer"]] for r in out], "boards": len(out),
            "median": statistics.median(ts), "max": max(ts),
            "fixed": statistics.median(100 * r["fixed"] / r["edges"] for r in out),
            "good": f"{sum(r['answer'] in ('yes', 'ok') for r in out)}/{len(out)}",
            "bad": [f"{r['name']}: {r['answer']}" for r in out if r["answer"] not in ("yes", "ok")],
            "n": out[0]["n"], "answer": out[0]["answer"]}


#: how a board of the whole-set table ended
SOLVED, MEMORY, CPU_LIMIT, FAILED = "solved", "memory", "cpu", "failed"


def _board_in_child(entry: dict, cover: bool, cpu_seconds: float, out: int) -> None:
    """In a forked child: solve and count one board under RLIMIT_CPU, write the outcome
    (JSON) to the pipe ``out`` and leave without running the parent's clean-up."""
    import zalg
    code = 0
    try:
        _limit_cpu(cpu_seconds)
        p, answer = numberlink_board(entry)
        p.graph()
        try:
            with harness.measure() as step:
                F = _zdd("numberlink", p, cover, "zdd")
                n = F.count()
        except (zalg.OutOfMemory, MemoryError):
            outcome = {"status": MEMORY}
        else:
            if cover and not _covers(p, answer):
                answer = None  # the published answer leaves cells empty
            outcome = {"status": SOLVED, "t": step.cpu, "n": n,
                       "answer": _checked("numberlink", p, answer, F, cover)}
        os.write(out, json.dumps(outcome).encode())
    except Exception as exc:  # reported by the parent as this board's failure, in one line
        os.write(out, json.dumps({"status": FAILED, "error": f"{type(exc).__name__}: "
                                  f"{' '.join(str(exc).split())[:200]}"}).encode())
        code = 1
    finally:
        os._exit(code)


def _board_outcome(entry: dict, cover: bool, cpu_seconds: float) -> dict:
    """One board solved in a forked child (the kernels the parent loaded are shared):
    its outcome, with the child's CPU seconds and peak resident GB (``os.wait4``);
    past ``cpu_seconds`` (SIGXCPU) it is ``CPU_LIMIT``, killed (the OOM killer) or a
    MemoryError ``MEMORY``."""
    read, write = os.pipe()
    wall = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        _board_in_child(entry, cover, cpu_seconds, write)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 1 << 16):
        chunks.append(chunk)
    os.close(read)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - wall
    gb = usage.ru_maxrss / 2**20  # Linux: KB
    cpu = usage.ru_utime + usage.ru_stime
    if chunks:
        return {**json.loads(b"".join(chunks)), "gb": gb, "cpu": cpu, "wall": wall}
    signal = -os.waitstatus_to_exitcode(status)
    return {"status": {24: CPU_LIMIT, 9: MEMORY}.get(signal, FAILED), "gb": gb, "cpu": cpu}


def whole_case(names: list, cover: bool, data: str, cpu_seconds: float, log: str = "") -> dict:
    """Every named Numberlink board, each in its own forked child with ``cpu_seconds``
    of CPU (this process's address-space limit inherited): how many were solved, ran
    out of memory or passed the CPU limit; per-board CPU seconds of ``solve`` and
    ``count`` (median over all boards, a board that did not finish counting as
    infinite; max over the solved ones), the answers, the peak resident GB.  With
    ``log``, each board's outcome is also appended to that file (a JSON line) as soon
    as it is known, so that a run stopped early keeps what it measured."""
    entries = load("numberlink", Path(data))
    out = []
    for name in names:
        out.append({"name": name, "cover": cover,
                    **_board_outcome(entries[name], cover, cpu_seconds)})
        if log:
            with open(log, "a") as f:
                f.write(json.dumps(out[-1]) + "\n")
    return whole_summary(out, cpu_seconds)


def whole_summary(out: list, cpu_seconds: float) -> dict:
    """The whole-set figures of the boards' outcomes (see :func:`whole_case`; a median
    among the unfinished boards is printed as ">S", S the CPU limit); the CPU seconds
    of the solved boards are recorded as this case's measured steps."""
    solved = [r for r in out if r["status"] == SOLVED]
    harness.record(sum(r["t"] for r in solved), sum(r["wall"] for r in solved))
    times = [r["t"] if r["status"] == SOLVED else math.inf for r in out]
    median = statistics.median(times)
    good = sum(r["answer"] in ("yes", "ok") for r in solved)
    return {"check": [[r["name"], r.get("n"), r.get("answer")] for r in out],
            "boards": len(out), "solved": len(solved),
            "memory": sum(r["status"] == MEMORY for r in out),
            "cpu": sum(r["status"] == CPU_LIMIT for r in out),
            "failed": [r["name"] for r in out if r["status"] == FAILED],
            "median": median if median != math.inf else f">{cpu_seconds:g}",
            "max": max((r["t"] for r in solved), default=None),
            "good": f"{good}/{len(solved)}", "gb": max(r["gb"] for r in out),
            "unsolved": [f"{r['name']}: {r['status']} ({r['cpu']:.1f} s, {r['gb']:.2f} GB)"
                         f"{': ' + r['error'] if 'error' in r else ''}"
                         for r in out if r["status"] != SOLVED],
            "bad": [f"{r['name']}: {r['answer']}" for r in solved
                    if r["answer"] not in ("yes", "ok")]}


def peer_case(genre: str, name: str, cover: bool, peer: str, seconds: float, data: str,
              cpu_seconds: float) -> dict:
    """A peer deciding uniqueness (two solutions looked for; None: undecided)."""
    _limit_cpu(cpu_seconds)
    entries = load(genre, Path(data))
    make, genre = _maker(genre), _kind(genre)
    p, _ = make(entries[name])
    with harness.measure():
        if genre == "slitherlink":
            count = satpeer.slitherlink_count if peer == "sat" else cpsat.slitherlink_count
            found, _ = count(p, seconds=seconds)
        elif peer == "sat":
            found, _ = satpeer.numberlink_count(p, cover, seconds=seconds)
        else:
            found, _ = cpsat_count(p, cover=cover, seconds=seconds)
    return {"check": [[name, found, None]], "n": found}


def profile_case(name: str, cover: bool, data: str, cpu_seconds: float) -> dict:
    """Where a Numberlink board's time goes: the deductions, the sweep, the count
    (each measured); and the widest frontier level (untimed), bracketed by sweeps
    with growing width limits."""
    import zalg
    from puzzles.numberlink import deduce as D
    _limit_cpu(cpu_seconds)
    p, _ = numberlink_board(load("numberlink", Path(data))[name])
    G = p.graph()
    pairs = [p.pairs[k] for k in p.labels()]
    with harness.measure() as deduce_step:
        fixed = D.deduce(p.rows, p.cols, p.pairs, G.edges, cover, probe=False)
    with harness.measure() as sweep_step:
        F = G.path_matchings(pairs=pairs, cover=cover, fixed=fixed)
    with harness.measure() as count_step:
        n = F.count()
    below = 0
    for width in (10**4, 3 * 10**4, 10**5, 3 * 10**5, 10**6, 3 * 10**6):
        try:
            G.path_matchings(pairs=pairs, cover=cover, fixed=fixed, max_width=width)
            break
        except zalg.TooWide:
            below = width
    return {"check": [n, F.node_count()], "steps": [deduce_step.cpu, sweep_step.cpu,
                                                    count_step.cpu],
            "fixed": len(fixed), "widest": f"{below}-{width}" if below != width else f">{below}"}


def slitherlink_profile_case(genre: str, name: str, data: str, cpu_seconds: float) -> dict:
    """Where a Slitherlink board's time goes, step by step as ``solve`` takes them: the
    propagation, the quick sweep (``QUICK_WIDTH``; only with at most ``QUICK_OPEN`` open
    edges), the probing, the split-and-sweep
    (each measured); the edges left open after the propagation and after the probing,
    the quick sweep's outcome and the splits."""
    import zalg
    from puzzles.common.board import square_sides
    from puzzles.common.split import split_sweep
    from puzzles.slitherlink import solve as S
    from puzzles.slitherlink.deduce import Contradiction, deduce
    from zalg.graphs import build
    _limit_cpu(cpu_seconds)
    p, _ = slitherlink_board(load(genre, Path(data))[name])
    G = S.board_graph(p.rows, p.cols)
    counts = [(square_sides(x), h) for x, h in p.hints.items()]
    edges = len(G.edges)

    def sweep(fixed, max_width=None):
        return build(G, "cycle", counts=counts, fixed=fixed,
                     **({} if max_width is None else {"max_width": max_width}))
    with harness.measure() as propagate:
        fixed = deduce(p, probe=False, given=S.prepass(p))
    quick = "skipped" if edges - len(fixed) > S.QUICK_OPEN else "ok"
    with harness.measure() as quick_step:
        try:
            if quick == "ok":
                sweep(fixed, S.QUICK_WIDTH)
        except zalg.TooWide as wide:
            quick = f"wide@{wide.level}"
    with harness.measure() as probe:
        probed = deduce(p, given=fixed)
    stats: dict = {}
    with harness.measure() as rest:
        F = split_sweep(sweep, lambda given: deduce(p, given=given), probed, G.edges,
                        Contradiction, G.universe.empty, stats=stats)
        n = F.count()
    return {"check": [name, n], "steps": [propagate.cpu, quick_step.cpu, probe.cpu, rest.cpu],
            "open": [edges - len(fixed), edges - len(probed)], "quick": quick,
            "splits": stats["splits"]}


# ------------------------------------------------------------------ tables


def _sizes(table: dict) -> dict:
    by: dict = {}
    for name, (r, c, _) in table.items():
        by.setdefault((r * c, f"{r}x{c}"), []).append(name)
    return dict(sorted(by.items()))


def decided_alike(a: dict, b: dict) -> bool:
    """Two routes agree on every board: the same count, up to 2 (a peer stops at two)."""
    def key(r):
        return [(name, None if n is None else min(n, 2)) for name, n, _ in r["check"]]
    return key(a) == key(b)


def slitherlink_table(args) -> harness.Table:
    """Every published Slitherlink board with at least ``--min-cells`` cells, by size,
    in chunks of ``--chunk`` boards a process."""
    table = {k: v for k, v in boards("slitherlink", args.data).items()
             if v[0] * v[1] >= args.min_cells}
    rows = []
    for (_, size), names in _sizes(table).items():
        chunks = range(0, len(names), args.chunk)
        for i in chunks:
            case = harness.Case("zdd_case", ("slitherlink", names[i:i + args.chunk], False,
                                             args.route, str(args.data), args.cpu))
            rows.append(harness.Row(size + (f" #{i // args.chunk + 1}" if len(chunks) > 1
                                            else ""), (case,)))
    cols = (harness.field("boards", "boards", 6, "d"), harness.field("median", "median", 7, ".3f"),
            harness.field("max", "max", 7, ".2f"), harness.field("fixed %", "fixed", 7, ".1f"),
            harness.field("answers", "good", 7))
    return harness.Table(f"Slitherlink, route {args.route}: {len(table)} published boards "
                         f"(cpu s: all the chunk's boards; median, max: per board)",
                         (args.route,), rows, cols, name_width=10)


def numberlink_all_table(args) -> harness.Table:
    """Every published Numberlink board with ``--min-cells`` to ``--max-cells`` cells, by
    size, in processes of up to ``--chunk`` boards, each board in a forked child with
    ``--cpu`` CPU seconds; ``--cover yes`` or ``no`` (``both``: both, one after the
    other)."""
    table = {k: v for k, v in boards("numberlink", args.data).items()
             if args.min_cells <= v[0] * v[1] <= args.max_cells}
    covers = {"both": (True, False), "yes": (True,), "no": (False,)}[args.cover]
    known = logged(Path(args.log)) if args.resume and args.log else {}
    rows = []
    for cover in covers:
        for (_, size), names in _sizes(table).items():
            names = sorted(n for n in names if (n, cover) not in known)
            chunks = range(0, len(names), args.chunk)
            for i in chunks:
                case = harness.Case("whole_case", (names[i:i + args.chunk], cover,
                                                   str(args.data), args.cpu, args.log))
                label = size + (f" #{i // args.chunk + 1}" if len(chunks) > 1 else "")
                rows.append(harness.Row(label + (" cover" if cover else ""), (case,)))
    cols = (harness.field("boards", "boards", 6, "d"), harness.field("solved", "solved", 6, "d"),
            harness.field("memory", "memory", 6, "d"), harness.field("cpu>", "cpu", 4, "d"),
            harness.field("median", "median", 7, ".3f"), harness.field("max", "max", 7, ".2f"),
            harness.field("answers", "good", 7), harness.field("peak GB", "gb", 7, ".2f"))
    return harness.Table(f"Numberlink, every published board ({len(table)}), each in a forked "
                         f"child with {args.cpu:g} CPU s (memory: out of memory; cpu>: past "
                         f"the CPU limit; median over all boards, a failure counting as "
                         f"infinite; max over the solved; cpu s: the solved boards together)",
                         ("zdd",), rows, cols, name_width=16)


def peer_table(genre: str, names: list, covers, args) -> harness.Table:
    """One row a board: the routes side by side (ratio: the first over the second)."""
    def case(name, cover, route):
        if route in ("zdd", "old"):
            return harness.Case("zdd_case", (genre, [name], cover, route, str(args.data),
                                             args.cpu))
        # the SAT peer stops itself after its CPU seconds, CP-SAT only by wall time
        seconds = args.cpu if route == "sat" else args.cpu * WALL_PER_CPU
        return harness.Case("peer_case", (genre, name, cover, route, seconds,
                                          str(args.data), args.cpu), warm=False)
    rows = [harness.Row(f"{name}{' cover' if cover else ''}",
                        tuple(case(name, cover, route) for route in args.routes))
            for cover in covers for name in names]
    cols = tuple(harness.field(f"{route} n", "n", 6, "", side=i)
                 for i, route in enumerate(args.routes)) + (harness.field("answer", "answer", 8),)
    return harness.Table(f"{genre}: routes {', '.join(args.routes)} (peers look for two "
                         f"solutions; n: solutions found)", tuple(args.routes), rows, cols,
                         same=decided_alike, name_width=22)


def slitherlink_profile_table(genre: str, names: list, args) -> harness.Table:
    rows = [harness.Row(name, (harness.Case("slitherlink_profile_case",
                                            (genre, name, str(args.data), args.cpu)),))
            for name in names]
    cols = (harness.field("propagate", "steps", 9, ".2f", index=0),
            harness.field("quick", "steps", 6, ".2f", index=1),
            harness.field("probe", "steps", 6, ".2f", index=2),
            harness.field("split+sweep", "steps", 11, ".2f", index=3),
            harness.field("open", "open", 5, "d", index=0),
            harness.field("probed", "open", 6, "d", index=1),
            harness.field("quick sweep", "quick", 11),
            harness.field("splits", "splits", 6, "d"))
    return harness.Table("Slitherlink: where the time goes (cpu s: the four steps; open: edges "
                         "undecided after the propagation, probed: after the probing)",
                         ("zdd",), rows, cols, name_width=14)


def profile_table(names: list, covers, args) -> harness.Table:
    rows = [harness.Row(f"{name}{' cover' if cover else ''}",
                        (harness.Case("profile_case", (name, cover, str(args.data), args.cpu)),))
            for cover in covers for name in names]
    cols = (harness.field("deduce s", "steps", 8, ".2f", index=0),
            harness.field("sweep s", "steps", 8, ".2f", index=1),
            harness.field("count s", "steps", 8, ".2f", index=2),
            harness.field("fixed", "fixed", 6, "d"),
            harness.field("nodes", "check", 9, "d", index=1),
            harness.field("widest", "widest", 16))
    return harness.Table("Numberlink: where the time goes (cpu s: the three steps)", ("zdd",),
                         rows, cols, name_width=22)


def logged(log: Path) -> dict:
    """(board name, covering) -> its outcome, of every board a ``--log`` file holds
    (none if the file does not exist yet; a board logged twice: its last outcome)."""
    if not log.exists():
        return {}
    outcomes = (json.loads(line) for line in log.read_text().splitlines())
    return {(r["name"], r["cover"]): r for r in outcomes}


def print_log_summary(log: Path, data: Path, cpu_seconds: float) -> None:
    """The whole-set table of the boards a ``--log`` file holds (a run stopped early):
    per size and covering, the figures of :func:`whole_summary`, and the boards of each
    size the log does not have; then a line "all" per covering, the log's boards of
    every size together."""
    outcomes = logged(Path(log))
    table = boards("numberlink", data)
    print(f"{'size':>6} {'cover':>5} {'boards':>6} {'solved':>6} {'memory':>6} {'cpu>':>4} "
          f"{'median':>7} {'max':>7} {'answers':>7} {'peak GB':>7}  not measured")

    def line(size: str, cover: bool, done: list, missing: int) -> None:
        f = whole_summary(done, cpu_seconds)
        med = f["median"] if isinstance(f["median"], str) else f"{f['median']:.3f}"
        top = "-" if f["max"] is None else f"{f['max']:.2f}"
        print(f"{size:>6} {'yes' if cover else 'no':>5} {f['boards']:>6} {f['solved']:>6} "
              f"{f['memory']:>6} {f['cpu']:>4} {med:>7} {top:>7} {f['good']:>7} "
              f"{f['gb']:>7.2f}  {missing or ''}")

    for cover in (True, False):
        every = []
        for (_, size), names in _sizes(table).items():
            done = [outcomes[name, cover] for name in sorted(names) if (name, cover) in outcomes]
            if done:
                line(size, cover, done, len(names) - len(done))
                every += done
        if every:  # the whole log's boards of this covering together
            line("all", cover, every, len(table) - len(every))


def tables(args) -> list:
    other = args.table in ("peers-hard", "profile-hard")
    default = ("zdd,cpsat,sat" if other else "zdd,cpsat" if args.table == "peers-numberlink"
               else "zdd,old,sat,cpsat")
    args.routes = (args.routes or default).split(",")
    covers = {"both": (False, True), "yes": (True,), "no": (False,)}[args.cover]
    names = [n for n in args.names.split(",") if n]
    if args.table == "slitherlink":
        return [slitherlink_table(args)]
    if args.table == "numberlink-all":
        return [numberlink_all_table(args)]
    if args.table == "peers-slitherlink":
        table = {k: v for k, v in boards("slitherlink", args.data).items()
                 if v[0] * v[1] >= args.min_cells}
        names = [n for group in _sizes(table).values() for n in sorted(group)[:args.per_size]]
        return [peer_table("slitherlink", names, (False,), args)]
    if other:
        table = {k: v for k, v in boards("hard").items() if v[0] * v[1] >= args.min_cells}
        if not names:
            names = [n for group in _sizes(table).values() for n in sorted(group)]
        if args.table == "profile-hard":
            return [slitherlink_profile_table("hard", names, args)]
        return [peer_table("hard", names, (False,), args)]
    if args.table == "profile":
        return [profile_table(names, covers, args)]
    if args.table == "peers-numberlink":
        return peers_numberlink_tables(args, covers)
    if args.table == "few-pairs":
        table = boards("numberlink", args.data)
        few = sorted((v[2], k) for k, v in table.items() if 169 <= v[0] * v[1] <= 225)
        names = [k for _, k in few[:args.count]]
    return [peer_table("numberlink", names, covers, args)]


def peers_numberlink_tables(args, covers) -> list:
    """The ZDD route against its peers on Numberlink boards of every origin: the
    published boards (the ``--per-size`` with the fewest pairs of every size of at least
    ``--min-cells`` cells), the ``--count`` published 15x15 boards with the fewest pairs,
    and zalg's own generated boards (``benchmarks/data/numberlink-generated.txt``)."""
    table = {k: v for k, v in boards("numberlink", args.data).items()
             if v[0] * v[1] >= args.min_cells}
    names = [n for group in _sizes(table).values()
             for n in sorted(group, key=lambda n: (table[n][2], n))[:args.per_size]]
    few = sorted((v[2], k) for k, v in table.items() if (v[0], v[1]) == (15, 15))
    names += [k for _, k in few[:args.count] if k not in names]
    made = {k: v for k, v in boards("generated").items() if v[0] * v[1] >= args.min_cells}
    return [peer_table("numberlink", names, covers, args),
            peer_table("generated", [n for group in _sizes(made).values() for n in group],
                       covers, args)]


def add_options(ap) -> None:
    ap.add_argument("table", nargs="?", default="slitherlink",
                    choices=["slitherlink", "peers-slitherlink", "peers-hard", "profile-hard",
                             "numberlink", "numberlink-all", "few-pairs", "profile",
                             "peers-numberlink"])
    ap.add_argument("--data", type=Path, default=DATA, help="folder of the published sets")
    ap.add_argument("--cpu", type=float, default=120, help="CPU seconds per case (RLIMIT_CPU)")
    ap.add_argument("--min-cells", type=int, default=0)
    ap.add_argument("--max-cells", type=int, default=10**9, help="numberlink-all")
    ap.add_argument("--log", default="", help="numberlink-all: append each board's outcome "
                    "to this file (JSON lines) as soon as it is known")
    ap.add_argument("--resume", action="store_true",
                    help="numberlink-all: skip the boards the --log file already has")
    ap.add_argument("--summary", action="store_true",
                    help="numberlink-all: print the table of the --log file's boards, run nothing "
                         "(no harness: nothing is measured)")
    ap.add_argument("--chunk", type=int, default=40, help="boards per case process")
    ap.add_argument("--route", default="zdd", choices=["zdd", "old"])
    ap.add_argument("--per-size", type=int, default=2, help="peers: boards of each size")
    ap.add_argument("--count", type=int, default=10, help="few-pairs: boards")
    ap.add_argument("--names", default="", help="numberlink: comma-separated board names")
    ap.add_argument("--routes", default="", help="the sides of a peer table (default "
                    "zdd,old,sat,cpsat; peers-hard: zdd,cpsat,sat)")
    ap.add_argument("--cover", default="both", choices=["both", "yes", "no"])


if __name__ == "__main__":
    if "--summary" in sys.argv:  # a report of a log, not a measurement: no harness run
        summary = argparse.ArgumentParser()
        add_options(summary)
        known, _ = summary.parse_known_args()
        print_log_summary(Path(known.log), known.data, known.cpu)
        raise SystemExit(0)
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
