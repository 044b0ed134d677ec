"""Numberlink: the frontier sweep under anti-diagonal edge orders (an experiment).

``solve`` sweeps a board row by row or column by column from the side of its clues;
the four sides were measured (docs/numberlink.md, "Hard instances").  Here the cells
are taken by anti-diagonals from one corner (cell (r, c) of the corner's frame at
step r + c, each cell's edges to its right and lower neighbour in that frame), so the
frontier is a staircase from one border to the next: it is still a cut line of the
plane (sorted by r - c in the corner's frame), so the planar cut applies, and it
starts with one cell at the corner instead of a whole side.

Per board, covering and order, in a forked child with a CPU limit: the deductions
``solve`` uses, then sweeps with growing width limits (each a ``TooWide`` at its
level, or the finished family: CPU seconds, solutions, the answer checked), so the
widest level is bracketed and the time is that of the one finished sweep::

    python -m benchmarks.experiments.numberlink_orders --names 453_15x15,488_15x15 --cover no \\
        --orders clue,tl,br [--cpu S]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

import zalg
from puzzles.numberlink import Puzzle, board_graph
from puzzles.numberlink.deduce import deduce

from benchmarks.bench_hard import DATA, _checked, _covers, _limit_cpu, load, numberlink_board

#: corner -> its frame: (r, c) of the board to (r', c') with the corner at (0, 0)
CORNERS = ("tl", "tr", "bl", "br")
#: width limits of the bracketing sweeps (the last sweep has none)
CAPS = (10**4, 3 * 10**4, 10**5, 3 * 10**5, 10**6, 3 * 10**6)


def _frame(rows: int, cols: int, corner: str):
    """The map of a cell to the corner's frame (an involution)."""
    flip_r, flip_c = corner[0] == "b", corner[1] == "r"
    return lambda v: (rows - 1 - v[0] if flip_r else v[0], cols - 1 - v[1] if flip_c else v[1])


def diagonal_order(rows: int, cols: int, corner: str) -> list[tuple]:
    """The grid's edges by anti-diagonals from ``corner``: cells in order of r' + c'
    (then r') in the corner's frame, each cell's edges to its right and its lower
    neighbour in that frame."""
    to = _frame(rows, cols, corner)
    cells = sorted((to((r, c)) for r in range(rows) for c in range(cols)),
                   key=lambda v: (v[0] + v[1], v[0]))
    out = []
    for r, c in cells:
        for nb in ((r, c + 1), (r + 1, c)):
            if nb[0] < rows and nb[1] < cols:
                out.append((to((r, c)), to(nb)))  # Graph sorts each pair
    return out


def border(rows: int, cols: int) -> list[tuple]:
    """The grid's border cells in cyclic (clockwise) order from the top-left corner."""
    return ([(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
            + [(rows - 1, c) for c in range(cols - 2, 0, -1)]
            + [(r, 0) for r in range(rows - 1, 0, -1)])


def diagonal_graph(rows: int, cols: int, corner: str) -> zalg.Graph:
    """The board's grid swept by anti-diagonals from ``corner``, with its cut line's
    order (r' - c' in the corner's frame) and outer face for the planar cut."""
    to = _frame(rows, cols, corner)
    G = zalg.Graph(diagonal_order(rows, cols, corner), order="as-is",
                   vertices=[(r, c) for r in range(rows) for c in range(cols)])
    G.frontier_key = lambda v: to(v)[0] - to(v)[1]
    if rows > 1 and cols > 1:
        G.outer_face = border(rows, cols)
    return G


def graph_of(p, order: str) -> zalg.Graph:
    """``solve``'s graph (``clue``) or the anti-diagonal sweep from a corner."""
    return board_graph(p) if order == "clue" else diagonal_graph(p.rows, p.cols, order)


def sweeps(p, answer, G, cover: bool) -> None:
    """Print the bracketing sweeps of one board and order, one line each (flushed:
    a sweep stopped by the CPU limit leaves the lines before it)."""
    pairs = [p.pairs[k] for k in p.labels()]
    fixed = deduce(p.rows, p.cols, p.pairs, G.edges, cover=cover, probe=False)
    for cap in CAPS + (None,):
        cpu = time.process_time()
        try:
            F = G.path_matchings(pairs=pairs, cover=cover, fixed=fixed, max_width=cap)
        except zalg.TooWide as wide:
            print(f"    width > {cap:>9,}: at level {wide.level} of {len(G.edges)} "
                  f"({time.process_time() - cpu:.2f} s)", flush=True)
            continue
        cpu = time.process_time() - cpu
        n = F.count()
        check = _checked("numberlink", p, answer if not cover or _covers(p, answer) else None,
                         F, cover)
        gb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        print(f"    finished under {cap if cap else 'no limit'}: {cpu:.2f} CPU s, "
              f"{n} solution(s), answer {check}, {F.node_count()} nodes, peak {gb:.2f} GB",
              flush=True)
        return


def one(entry: dict, cover: bool, order: str, cpu_seconds: float) -> None:
    """One board, covering and order in a forked child under ``cpu_seconds``."""
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            _limit_cpu(cpu_seconds)
            p, answer = numberlink_board(entry)
            sweeps(p, answer, graph_of(p, order), cover)
        except (zalg.OutOfMemory, MemoryError) as exc:
            print(f"    out of memory: {' '.join(str(exc).split())[:160]}", flush=True)
        finally:
            sys.stdout.flush()
            os._exit(code)
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) == -24:
        print(f"    past the CPU limit ({usage.ru_utime + usage.ru_stime:.1f} s)", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--names", required=True, help="comma-separated board names")
    ap.add_argument("--cover", default="no", choices=["yes", "no"])
    ap.add_argument("--orders", default="clue,tl,tr,bl,br",
                    help="clue (solve's sweep) and corners of anti-diagonal sweeps")
    ap.add_argument("--cpu", type=float, default=60, help="CPU seconds per board and order")
    ap.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args(argv)
    entries = load("numberlink", args.data)
    orders = args.orders.split(",")
    if bad := [o for o in orders if o not in ("clue",) + CORNERS]:
        ap.error(f"unknown order {bad[0]!r}: use clue or {', '.join(CORNERS)}")
    Puzzle(3, 3, {1: ((0, 0), (2, 2))}).solve().count()  # kernels loaded before the forks
    for name in args.names.split(","):
        for order in orders:
            print(f"{name} cover={args.cover} order={order}", flush=True)
            one(entries[name], args.cover == "yes", order, args.cpu)


if __name__ == "__main__":
    main()
