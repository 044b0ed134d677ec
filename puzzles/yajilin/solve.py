"""Solving Yajilin to a ZDD of all solutions: one frontier sweep (the default), or the
family algebra on the loop family (``method="algebra"``), the same family.

One universe per board shape (``universe``): the grid's edges X (``board_graph``, ordered
across the narrow side) and one element per cell (shaded; for a clue cell, which is never
shaded, the designer's "number shown"), each cell just after the last of its edges.  With
F the free cells (no clue), E(v) the edges at v between free cells, G_F the grid graph on
F and C its single cycles (``Graph.cycles``) with the empty loop added, the solutions are

    S₀ = C ∩ ⋂_{u ~ v in F} at_least(1, E(u) ∪ E(v))         (no two adjacent cells off the loop)
    S₁ = S₀ with each v ∈ F added to the members that miss E(v):
         S ← (S ∩ at_least(1, E(v))) ∪ ((S − at_least(1, E(v))) ⊔ {{v}})
    S  = S₁ ∩ ⋂_{clues (d, n)} exactly(n, ray(d) ∩ F)          (the clues' counts)

so a member is the loop's edges and the shaded cells: the free cells off the loop.  A
number without an arrow admits no answer (pzprjs's ``anNoArrow``): S = ∅.  ``base``
gives S₁ (every clue blank), the designer's starting family.

The default route builds S₁ and S in one sweep of the frontier machine ``machines.c``
over the universe's elements: its state is the mate of the loop, the shading of the
decided cells a later neighbour reads, one running count per clue and the flag "the
loop is closed" (``machine_layout``; docs/yajilin.md).  The algebra route builds C
first and cuts it down afterwards, which on open boards is far slower.
"""
from __future__ import annotations

import numpy as np

import zalg
from zalg.progress import Progress, reporter
from zalg.topdown import Machine, c_function, extension_machines

from ..common.board import allocate_slots, neighbours
from ..common.caches import cached
from .model import ray

__all__ = ["board_graph", "universe", "free_edges", "machine_layout", "base", "clue_family", "solve"]

METHODS = ("frontier", "algebra")

#: the machine, compiled ahead of time (``machines.c``), and its layout's names
_C = extension_machines("puzzles.yajilin._machines")
_STEP = c_function(_C["solve.step"], "step")
_FINAL = c_function(_C["solve.final"], "final")
EDGE, NO_EDGE, FREE_CELL, CLUE_CELL = range(4)
I_KIND, I_A, I_B, I_SHADE, I_NB = range(5)
I_REL = I_NB + 4
I_COUNT_AT, I_COUNTS, I_WIDTH = I_REL + 4, I_REL + 5, I_REL + 6


@cached(maxsize=32)
def board_graph(rows: int, cols: int) -> zalg.Graph:
    """The grid of cells, edges ordered across the narrow side (one graph per shape)."""
    return zalg.grid(rows, cols, order="narrow")


@cached(maxsize=32)
def universe(rows: int, cols: int) -> zalg.Universe:
    """The board's edges in ``board_graph`` order with each cell placed just after the last
    of its edges."""
    edges = board_graph(rows, cols).edges
    last: dict = {}
    for i, (a, b) in enumerate(edges):
        last[a] = last[b] = i
    after: dict[int, list] = {}
    for cell in ((r, c) for r in range(rows) for c in range(cols)):
        after.setdefault(last.get(cell, -1), []).append(cell)
    elements = list(after.get(-1, []))
    for i, e in enumerate(edges):
        elements.append(e)
        elements.extend(after.get(i, []))
    return zalg.Universe(elements)


def free_edges(p) -> list:
    """The edges between two free cells, in ``board_graph`` order."""
    return [e for e in board_graph(p.rows, p.cols).edges if e[0] not in p.clues and e[1] not in p.clues]


def _ray_room(ray_cells: list, later: set) -> int:
    """The most shaded cells among the ``later`` cells of a ray (all its cells in order;
    each run of consecutive later cells holds half of its length, rounded up)."""
    room = run = 0
    for x in ray_cells + [None]:
        if x is not None and x in later:
            run += 1
        else:
            room += (run + 1) // 2
            run = 0
    return room


def machine_layout(p, counts: bool = True) -> tuple:
    """(info, root, consts) of the frontier machine (``machines.c``) for board p over
    ``universe(p.rows, p.cols)``: one info row per element (kind; an edge's two vertex
    slots, or a cell's vertex slot, shade slot, its decided neighbours' shade slots with
    "release" flags, and its entries in the counter table); the state holds NV vertex
    slots (the mate: -1 free, -2 saturated, else the slot of the path's other end), NS
    shade slots, NC clue counters and the "closed" flag; ``counts``: the clues' counters
    (else every clue blank)."""
    U = universe(p.rows, p.cols)
    elements = U.elements
    level = {x: i for i, x in enumerate(elements)}
    free = set(p.free_cells())
    allowed = [e for e in free_edges(p)]
    first_edge: dict = {}
    for e in allowed:
        for v in e:
            first_edge[v] = min(first_edge.get(v, level[e]), level[e])
    vertex, NV = allocate_slots({v: (first_edge[v], level[v]) for v in first_edge}, 0)
    readers = {v: [n for n in neighbours(v, p.rows, p.cols) if n in free and level[n] > level[v]]
               for v in free}
    shade, NS = allocate_slots({v: (level[v], max(level[n] for n in rs)) for v, rs in readers.items() if rs}, NV)
    rays = p.counted() if counts else {}
    counter, NC = allocate_slots({q: (min(level[x] for x in cells), max(level[x] for x in cells))
                             for q, (cells, n) in rays.items() if cells}, NV + NS)
    closed = NV + NS + NC
    entries: dict = {}
    for q, (cells, n) in rays.items():
        if not cells:
            continue
        last = max(cells, key=level.get)
        for x in cells:
            later = {y for y in cells if level[y] > level[x]}
            room = _ray_room(ray(q, *p.clues[q][:1], p.rows, p.cols), later)
            entries.setdefault(x, []).append((counter[q], n, room, int(x == last)))
    info = np.full((len(elements), I_WIDTH), -1, dtype=np.int64)
    table: list = []
    for i, x in enumerate(elements):
        row = info[i]
        if isinstance(x[0], tuple):
            ok = x[0] in free and x[1] in free
            row[I_KIND] = EDGE if ok else NO_EDGE
            if ok:
                row[I_A], row[I_B] = vertex[x[0]], vertex[x[1]]
            continue
        row[I_KIND] = FREE_CELL if x in free else CLUE_CELL
        row[I_A] = vertex.get(x, -1)
        row[I_SHADE] = shade.get(x, -1)
        before = [n for n in neighbours(x, p.rows, p.cols) if x in free and n in free and level[n] < i]
        for k, n in enumerate(before):
            row[I_NB + k] = shade[n]
            row[I_REL + k] = int(max(level[y] for y in readers[n]) == i)
        for k in range(len(before), 4):
            row[I_REL + k] = 0
        row[I_COUNT_AT] = len(table)
        row[I_COUNTS] = len(entries.get(x, ()))
        table.extend(entries.get(x, ()))
    width = closed + 1
    root = np.zeros(width, dtype=np.int32)
    root[:NV] = -1
    consts = np.array([NV, closed, width] + [v for entry in table for v in entry], dtype=np.int64)
    return info, root, consts


def _sweep(p, counts: bool, report, max_width: int | None = None) -> zalg.Family:
    """The machine's family: every answer of board p (``counts``: with the clues' numbers;
    ``max_width``: ``zalg.TooWide`` rather than a level of more states)."""
    U = universe(p.rows, p.cols)
    info, root, consts = machine_layout(p, counts)
    machine = Machine(_STEP, _FINAL, info, root, consts, 1, name="yajilin sweep")
    return machine.build(U, list(range(len(U.elements))), report, max_width)


def _cycles(p, report) -> zalg.Family:
    """C: the single cycles of the grid graph on the free cells, and the empty loop."""
    U = universe(p.rows, p.cols)
    edges = free_edges(p)
    if not edges:
        return U.unit
    C = zalg.Graph(edges, order="as-is").cycles(progress=report)
    return U.adopt(C) | U.unit


def base(p, method: str = "frontier", progress: Progress = None,
         max_width: int | None = None) -> zalg.Family:
    """S₁: every loop of the free cells with the free cells off it shaded, no two shaded
    cells adjacent (the clues' numbers ignored; ``max_width``: the frontier route raises
    ``zalg.TooWide`` rather than expand a level of more states)."""
    if method == "frontier":
        with reporter(progress) as report:
            report.stage("yajilin: loops and shading (frontier)")
            return _sweep(p, False, report, max_width)
    U = universe(p.rows, p.cols)
    edges = set(free_edges(p))
    at = {v: [e for e in p.cell_edges(v) if e in edges] for v in p.free_cells()}
    with reporter(progress) as report:
        report.stage("yajilin: single cycles")
        F = _cycles(p, report)
        pairs = [(u, e[1]) for u in at for e in p.cell_edges(u) if e[0] == u and e[1] in at]
        report.stage("yajilin: no adjacent shaded cells", total=len(pairs) + len(at))
        for k, (u, v) in enumerate(pairs):
            F = F & U.at_least(1, at[u] + at[v])
            report.update(k + 1)
        for k, (v, near) in enumerate(at.items()):
            A = U.at_least(1, near)
            F = (F & A) | ((F - A) * U.single(v))
            report.update(len(pairs) + k + 1)
    return F


def clue_family(p, cell) -> zalg.Family:
    """The sets of the universe whose shaded cells keep the clue at ``cell`` (its number of
    shaded free cells along its arrow)."""
    cells, n = p.counted()[cell]
    return universe(p.rows, p.cols).exactly(n, cells)


def solve(p, method: str = "frontier", max_width: int | None = None, *,
          progress: Progress = None) -> zalg.Family:
    """Every solution of board p: a family of sets of edges and shaded cells over
    ``universe(p.rows, p.cols)`` (see the module for the formula and ``method``;
    ``max_width``: the frontier route raises ``zalg.TooWide`` rather than expand a level
    of more states)."""
    if method not in METHODS:
        raise ValueError(f"yajilin: unknown method {method!r}: one of {', '.join(METHODS)}")
    U = universe(p.rows, p.cols)
    counted = p.counted()
    if (any(not d and n is not None for d, n in p.clues.values())
            or any(not cells and n for cells, n in counted.values())):
        return U.empty
    if method == "frontier":
        with reporter(progress) as report:
            report.stage("yajilin: loops, shading and clues (frontier)")
            return _sweep(p, True, report, max_width)
    with reporter(progress) as report:
        F = base(p, "algebra", progress=report)
        report.stage("yajilin: the clues", total=len(counted))
        for k, cell in enumerate(counted):
            F = F & clue_family(p, cell)
            report.update(k + 1)
    return F
