"""Solving Masyu to a ZDD of all solutions: one frontier sweep (the default), or the
family algebra (``method="cycles"`` and ``method="algebra"``), the same family.

Over the edges X of the cell grid (``board_graph``), with C the single cycles and, for
each pearl p of kind k, E_p its nearby edges (its sides and the edges one cell further
along them, ``model.local_edges``) and A_p the subsets of E_p that keep the pearl
(``model.local_patterns``), the solutions are

    S = C ∩ ⋂_p ( A_p ⊔ 2^(X − E_p) ) ∩ ⋂_p at_least(1, sides(p))

(``⊔`` the join: a member of the pearl's family is an allowed pattern of its edges
and anything elsewhere).  Every allowed pattern uses two sides of its pearl, so the
last factor (every pearl on the loop) is implied.

The default ``method="frontier"`` builds S in one sweep of the frontier machine
``machines.c``: the mate of the loop (the paper's configuration) and, for each pearl
between its first and last nearby edge, the bits of its nearby edges decided so far,
checked at every edge against the beginnings of A_p (``machine_layout``); a pearl's
rule prunes the sweep where it is met, so sparse pearl sets on wide boards stay narrow.
``method="cycles"`` starts from a smaller C' ⊆ C holding every solution: the single
cycles through every pearl (``Graph.oriented_cycles`` with no one-way edge, ``visit``
the pearls) that never make the turns or straight passes a pearl forbids at its cell
or, for a black pearl, at the cells next to it (``forbidden_pairs``), and leave out
the sides a pearl can never use (``fixed``); then it intersects the pearls' families.
``method="algebra"`` writes the formula as it reads, with C = ``Graph.cycles()``.
The pearls' families are intersected with each other first (``pearls_family``: local
rules make a narrow diagram) and then with the cycles once.
"""
from __future__ import annotations

import functools

import numpy as np

import zalg
from zalg.graphs import plan_of
from zalg.progress import Progress, reporter
from zalg.topdown import Machine, c_function, extension_machines

from ..common.board import allocate_slots
from ..common.caches import cached
from .model import local_edges, local_patterns, relative_patterns

__all__ = ["board_graph", "pearl_family", "pearls_family", "pruning", "machine_layout", "solve"]

METHODS = ("frontier", "cycles", "algebra")

#: the machine, compiled ahead of time (``machines.c``), and its layout's names
_C = extension_machines("puzzles.masyu._machines")
_STEP = c_function(_C["solve.step"], "step", np.int16)
_FINAL = c_function(_C["solve.final"], "final", np.int16)
I_A, I_B, I_LEAVE_A, I_LEAVE_B, I_AT, I_N, I_CLOSE, I_WIDTH = range(8)
K_TABLE = 3
#: int64 words of a pearl's table: one bit per pattern code (at most 8 nearby edges: codes < 512)
TABLE_WORDS = 8


@cached(maxsize=32)
def board_graph(rows: int, cols: int) -> zalg.Graph:
    """The grid of cells, edges ordered across the narrow side (one graph per shape)."""
    return zalg.grid(rows, cols, order="narrow")


def pearl_family(U: zalg.Universe, kind: str, cell, rows: int, cols: int) -> zalg.Family:
    """A_p ⊔ 2^(U − E_p): the sets of U's elements whose edges near ``cell`` keep a pearl of
    ``kind`` there (``model.admits``), anything on the other elements."""
    edges, patterns = local_patterns(kind, cell, rows, cols)
    near = set(edges)
    return U.family(patterns) * U.power_set([x for x in U.elements if x not in near])


def pearls_family(U: zalg.Universe, p) -> zalg.Family:
    """⋂_p (A_p ⊔ 2^(U − E_p)) over board p's pearls: each pearl's family is local, and
    so is their intersection (a narrow diagram), built pairwise as a balanced tree, so
    that the single cycles are met once."""
    parts = [pearl_family(U, kind, cell, p.rows, p.cols) for cell, kind in p.pearls.items()]
    if not parts:
        return U.power_set(U.elements)
    while len(parts) > 1:
        parts = [parts[i] & parts[i + 1] if i + 1 < len(parts) else parts[i]
                 for i in range(0, len(parts), 2)]
    return parts[0]


def pruning(p) -> dict:
    """Necessary parts of the pearls' rules for ``Graph.oriented_cycles``: ``visit`` (the
    pearls), ``forbidden_pairs`` (a white pearl never turns; a black one never goes
    straight, nor turns in a cell next to it along an arm) and ``fixed`` (a side of a
    black pearl with no cell two steps beyond it, a side of a white one whose
    opposite side is off the board: never on)."""
    fixed: dict = {}
    pairs: list = []
    for cell, kind in p.pearls.items():
        near = local_edges(cell, p.rows, p.cols)
        side = near["side"]
        if kind == "w":
            for a, b in (("l", "r"), ("u", "d")):
                if a not in side or b not in side:
                    for d in (a, b):
                        if d in side:
                            fixed[side[d]] = 0
            pairs.extend((side[a], side[b]) for a in "ud" for b in "lr" if a in side and b in side)
            continue
        for a, b in (("l", "r"), ("u", "d")):
            if a in side and b in side:
                pairs.append((side[a], side[b]))
        for d, e in side.items():
            if d not in near["far"]:
                fixed[e] = 0
                continue
            n = e[0] if e[1] == cell else e[1]
            across = local_edges(n, p.rows, p.cols)["side"]
            pairs.extend((e, across[t]) for t in ("lr" if d in "ud" else "ud") if t in across)
    return {"visit": list(p.pearls), "forbidden_pairs": pairs, "fixed": fixed}


def _pearl_tables(p, level: dict) -> list | None:
    """Per pearl: (cell, its nearby edges' levels in order, its table of pattern codes as
    TABLE_WORDS words, the least level by which one of its allowed patterns is complete);
    None when some pearl has no allowed pattern."""
    out = []
    for cell, kind in p.pearls.items():
        near = local_edges(cell, p.rows, p.cols)
        edges = sorted(((level[e], (part, d)) for part, side in near.items() for d, e in side.items()))
        table = _code_table(kind, tuple(k for _, k in edges))
        if table is None:
            return None
        words, done = table
        out.append((cell, [j for j, _ in edges], words, edges[done][0]))
    return out


@functools.lru_cache(maxsize=None)
def _code_table(kind: str, keys: tuple) -> tuple | None:
    """(words, done) for a pearl of ``kind`` whose nearby edges, in level order, are ``keys``
    (``model.relative_patterns``' keys): the bit table of the codes 1b₁…b_k that begin an
    allowed pattern (TABLE_WORDS signed words), and the least index by which one of them
    is complete; None without an allowed pattern."""
    patterns = relative_patterns(kind, tuple(sorted(keys)))
    if not patterns:
        return None
    table = [0] * TABLE_WORDS
    for pattern in patterns:
        code = 1
        for k in keys:
            code = code * 2 + (k in pattern)
            table[code >> 6] |= 1 << (code & 63)
    done = min(max(keys.index(k) for k in pattern) for pattern in patterns)
    return [w - (1 << 64) if w >= 1 << 63 else w for w in table], done


def machine_layout(p) -> tuple | None:
    """(info, root, consts) of the frontier machine (``machines.c``) for board p over the
    levels of ``board_graph(p.rows, p.cols)``'s edges, or None when a pearl admits no
    pattern.  One info row per edge: its cells' vertex slots, whether each leaves the
    frontier after it, its pearl entries (offset, count) and whether the loop may close
    there; the state holds NV vertex slots (the mate: -1 free, -2 saturated, else the
    slot of the path's other end), one slot per pearl live at the level (its pattern
    code) and the "closed" flag."""
    G = board_graph(p.rows, p.cols)
    plan = plan_of(G)
    level = {e: i for i, e in enumerate(G.edges)}
    pearls = _pearl_tables(p, level)
    if pearls is None:
        return None
    NV = plan.width
    slot, NP = allocate_slots({cell: (order[0], order[-1]) for cell, order, _, _ in pearls}, NV)
    closed = NV + NP
    entries: dict = {}
    tables: list = []
    K = K_TABLE + 4 * sum(len(order) for _, order, _, _ in pearls)
    for cell, order, table, _ in pearls:
        for j in order:
            entries.setdefault(j, []).append((slot[cell], K + len(tables), int(j == order[0]), int(j == order[-1])))
        tables.extend(table)
    close_from = max((done for *_, done in pearls), default=0)
    info = np.zeros((len(G.edges), I_WIDTH), dtype=np.int64)
    table_entries: list = []
    for j in range(len(G.edges)):
        row = info[j]
        row[I_A], row[I_B] = plan.cu[j], plan.cv[j]
        row[I_LEAVE_A], row[I_LEAVE_B] = plan.leave[j]
        row[I_AT] = K_TABLE + len(table_entries)
        row[I_N] = len(entries.get(j, ()))
        row[I_CLOSE] = int(j >= close_from)
        table_entries.extend(v for entry in entries.get(j, ()) for v in entry)
    root = np.zeros(closed + 1, dtype=np.int16)
    root[:NV] = -1
    consts = np.array([NV, closed, closed + 1] + table_entries + tables, dtype=np.int64)
    return info, root, consts


def _sweep(p, report, max_width: int | None = None) -> zalg.Family:
    """The machine's family: every solution of board p (``max_width``: ``zalg.TooWide``
    rather than a level of more states)."""
    G = board_graph(p.rows, p.cols)
    layout = machine_layout(p) if G.edges else None
    if layout is None:
        return G.universe.empty
    machine = Machine(_STEP, _FINAL, *layout, name="masyu sweep")
    return machine.build(G.universe, list(range(len(G.edges))), report, max_width)


def solve(p, method: str = "frontier", max_width: int | None = None, *,
          progress: Progress = None) -> zalg.Family:
    """Every solution of board p: a family of edge sets over the universe of
    ``board_graph(p.rows, p.cols)`` (see the module for the formula and ``method``;
    ``max_width``: the frontier route raises ``zalg.TooWide`` rather than expand a level
    of more states)."""
    if method not in METHODS:
        raise ValueError(f"masyu: unknown method {method!r}: one of {', '.join(METHODS)}")
    G = board_graph(p.rows, p.cols)
    U = G.universe
    with reporter(progress) as report:
        if method == "frontier":
            report.stage("masyu: loops and pearls (frontier)")
            return _sweep(p, report, max_width)
        report.stage("masyu: single cycles")
        if method == "algebra":
            F = G.cycles(progress=report)
            for cell in p.pearls:
                F = F & U.at_least(1, local_edges(cell, p.rows, p.cols)["side"].values())
        else:
            F = G.oriented_cycles(progress=report, **pruning(p))
        report.stage("masyu: the pearls' rules")
        F = F & pearls_family(U, p)
    return F
