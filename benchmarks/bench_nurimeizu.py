"""Nurimeizu: generation, solving and icon sets, against the targets of the issue and
Mourits's thesis (which generated only up to 5x5 and solved 12x12..35x50 in up to
2081 s without counting).

Usage: python benchmarks/bench_nurimeizu.py [--sizes 6 8 10 12 16 20] [--seeds K] [--limit S]

Each case runs in a fresh process (kernels loaded first, not timed): generate an
n x n puzzle (up to 12x12: random rooms of 1-4 cells, S, G, a minimum icon set;
above: a random maze, rooms of 1-4 cells on it, a minimal icon set), then solve it
from scratch (all solutions, counted) and with CP-SAT (OR-Tools, one worker,
a solution then a blocking constraint; the counts must agree), then (up to 12x12) ``icon_sets`` on the bare
board and its colouring.  Peak resident memory per process.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cpsat import count_solutions  # noqa: E402
from isolated import run_case, serve_case  # noqa: E402


def cpsat_count(p, limit: int = 2) -> tuple[int, float]:
    """Solutions of p found by CP-SAT (at most ``limit``: a solution, then a blocking
    constraint) and the seconds it took.  White cells: a tree (edges = cells - 1,
    connected by a flow from S); path cells: S and G with one path neighbour, the
    others two (inside a tree that is exactly the S-G path)."""
    from ortools.sat.python import cp_model
    t = time.perf_counter()
    m = cp_model.CpModel()
    cells = p.cells()
    N = len(cells)
    w = {x: m.NewBoolVar("") for x in cells}
    on = {x: m.NewBoolVar("") for x in cells}
    nb = {x: [y for y in ((x[0] + 1, x[1]), (x[0] - 1, x[1]), (x[0], x[1] + 1), (x[0], x[1] - 1))
              if y in w] for x in cells}
    for rc in p.room_cells():
        for y in rc[1:]:
            m.Add(w[y] == w[rc[0]])
    for x, icon in p.icons.items():
        m.Add(w[x] == 1)
        m.Add(on[x] == (0 if icon == "t" else 1))
    for r in range(p.rows - 1):
        for c in range(p.cols - 1):
            block = [w[(r, c)], w[(r + 1, c)], w[(r, c + 1)], w[(r + 1, c + 1)]]
            m.Add(sum(block) >= 1)
            m.Add(sum(block) <= 3)
    both = {}
    for x in cells:
        m.AddImplication(on[x], w[x])
        for y in nb[x]:
            if x < y:
                e = m.NewBoolVar("")
                m.AddBoolAnd([w[x], w[y]]).OnlyEnforceIf(e)
                m.AddBoolOr([w[x].Not(), w[y].Not()]).OnlyEnforceIf(e.Not())
                both[(x, y)] = e
        need = 1 if p.icons.get(x) in ("S", "G") else 2
        m.Add(sum(on[y] for y in nb[x]) == need).OnlyEnforceIf(on[x])
    m.Add(sum(both.values()) == sum(w.values()) - 1)
    s = p.start
    flow = {}
    for (x, y), e in both.items():
        for a, b in ((x, y), (y, x)):
            f = m.NewIntVar(0, N, "")
            m.Add(f == 0).OnlyEnforceIf(e.Not())
            flow[(a, b)] = f
    for x in cells:
        out = sum(f for (a, _), f in flow.items() if a == x)
        inn = sum(f for (_, b), f in flow.items() if b == x)
        if x == s:
            m.Add(out - inn == sum(w.values()) - 1)
        else:
            m.Add(inn - out == w[x])
    return count_solutions(m, [w[x] for x in cells], t, limit)


def case(n: int, seed: int) -> dict:
    from puzzles import nurimeizu
    from puzzles.nurimeizu.solve import solve
    nurimeizu.generate(3, 3, seed=0)  # load the kernels
    t = time.perf_counter()
    p = nurimeizu.generate(n, n, seed=seed)
    gen = time.perf_counter() - t
    t = time.perf_counter()
    count = solve(p).count()
    sol = time.perf_counter() - t
    found, cp = cpsat_count(p)
    if found != min(count, 2):
        raise AssertionError(f"CP-SAT finds {found}, the ZDD {count}")
    black = p.solution()
    bare = nurimeizu.Puzzle(n, n, p.rooms, {x: i for x, i in p.icons.items() if i in "SG"})
    ico, good = float("nan"), None
    if n <= 12:  # the path-mark sweep of icon_sets does not reach 16x16 bare boards
        t = time.perf_counter()
        good = nurimeizu.icon_sets(bare, black).count()
        ico = time.perf_counter() - t
    return {"gen": gen, "solve": sol, "cp": cp, "count": count, "icons": ico,
            "good": good if good is not None else float("nan"), "rooms": p.nrooms, "n_icons": len(p.icons), "rss_gb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[6, 8, 10, 12, 16, 20])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--limit", type=float, default=900)
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        return serve_case(args.case, {"case": case})
    print(f"{'size':>5} {'generate s':>10} {'max':>6} {'solve s':>8} {'max':>6} {'CP-SAT s':>8} "
          f"{'CP/ZDD':>6} {'icon_sets s':>11} "
          f"{'icon sets (median)':>18} {'rooms':>5} {'icons':>5} {'peak GB':>7}")
    for n in args.sizes:
        res = [run_case(__file__, ["case", n, seed], args.limit) for seed in range(args.seeds)]
        ok = [r for r in res if "failed" not in r]
        if not ok:
            print(f"{n:>3}x{n:<2} {res[0]['failed']}", flush=True)
            continue
        assert all(r["count"] == 1 for r in ok)
        med = lambda k: statistics.median(r[k] for r in ok)  # noqa: E731
        print(f"{n:>3}x{n:<2} {med('gen'):10.2f} {max(r['gen'] for r in ok):6.2f} "
              f"{med('solve'):8.3f} {max(r['solve'] for r in ok):6.3f} {med('cp'):8.3f} "
              f"{med('cp') / med('solve'):6.1f} {med('icons'):11.2f} "
              f"{med('good'):18.0f} {med('rooms'):5.0f} {med('n_icons'):5.0f} {max(r['rss_gb'] for r in ok):7.2f}"
              + ("" if len(ok) == len(res) else f"  ({len(res) - len(ok)} failed)"), flush=True)


if __name__ == "__main__":
    main()
