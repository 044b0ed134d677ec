"""Paths, path matchings and cycles of a ``Graph`` as families of edge sets.

``build(graph, kind, ...)`` dispatches to one of two constructions that give the
identical ZDD:

* ``method="frontier"`` (default): top-down frontier-based search with mate arrays:
  the machines ``frontier.mate`` and ``frontier.oriented`` run on the compiled
  frontier driver (``frontier.run_machine``);
* ``method="algebra"``: the bottom-up mate-ZDD construction of Kawahara et al.
  written with the family algebra (``zalg.graphs.mate_algebra``).
"""

from __future__ import annotations

import numpy as np

from . import mate as M
from . import oriented as O
from .plan import FrontierPlan, intervals, plan_of, terminal_labels
from ..topdown.machine import Machine
from .mate_algebra import build_algebra
from ..progress import Progress

__all__ = ["build", "build_recorded"]

KINDS = {"cycle": M.CYCLE, "cycles": M.CYCLES, "paths": M.PAIRS, "matchings": M.PAIRS}


def _blank_info(n: int) -> np.ndarray:
    """n info rows: no counted group, both edge values allowed, no loop to compare."""
    info = np.zeros((n, M.INFO_WIDTH), dtype=np.int64)
    info[:, M.I_GA] = -1
    info[:, M.I_GB] = -1
    info[:, M.I_ALLOWED] = 3
    info[:, M.I_LOOPBIT] = -1
    info[:, M.I_RECHECK] = 1
    return info


def _edge_row(row: np.ndarray, plan: FrontierPlan, i: int) -> None:
    """The frontier columns of an info row for edge i: slots, entering, leaving."""
    row[M.I_CU], row[M.I_CV] = plan.cu[i], plan.cv[i]
    row[M.I_ENTER_U], row[M.I_ENTER_V] = plan.enter[i]
    row[M.I_LEAVE_U], row[M.I_LEAVE_V] = plan.leave[i]


def _info(graph, plan, counts, fixed) -> tuple[np.ndarray, int]:
    """Per-edge rows of ``_mate`` info, and the number of counter slots."""
    edges = graph.edges
    m = len(edges)
    pos = {e: i for i, e in enumerate(edges)}
    info = _blank_info(m)
    for i in range(m):
        _edge_row(info[i], plan, i)
    for e, bit in (fixed or {}).items():
        if e not in pos:
            raise ValueError(f"fixed edge {e!r} is not an edge of the graph")
        info[pos[e], M.I_ALLOWED] &= 2 if bit else 1
    groups = []
    for members, need in counts or []:
        idx = sorted({pos[e] for e in members})
        if need < 0 or need > len(idx):
            return info, -1  # unsatisfiable
        if idx:
            groups.append((idx, need))
        elif need:
            return info, -1
    slots, width = intervals([(g[0][0], g[0][-1]) for g in groups])
    base = plan.width + M.FLAGS
    for (idx, need), slot in zip(groups, slots):
        for r, i in enumerate(idx):
            col = 0 if info[i, M.I_GA] < 0 else 1
            if col == 1 and info[i, M.I_GB] >= 0:
                raise ValueError("an edge may belong to at most two counted groups")
            info[i, (M.I_GA, M.I_GB)[col]] = base + slot
            info[i, (M.I_NEED_A, M.I_NEED_B)[col]] = need
            info[i, (M.I_OPEN_A, M.I_OPEN_B)[col]] = r == 0
            info[i, (M.I_CLOSE_A, M.I_CLOSE_B)[col]] = r == len(idx) - 1
            info[i, (M.I_LATER_A, M.I_LATER_B)[col]] = len(idx) - 1 - r
    return info, width


def build(graph, kind: str, pairs=None, cover: bool = False, method: str = "frontier",
          progress: Progress = None, counts=None, fixed=None, max_width: int | None = None,
          planar_cut: bool = True):
    """The family of ``kind`` over ``graph``'s edges.

    ``counts``: a list of (edges, k): exactly k of those edges are chosen (each edge
    in at most two such groups; Slitherlink's hints).  ``fixed``: edge -> 0 or 1,
    edges decided in advance.  Both methods take them.  ``planar_cut``: path
    matchings with pairs on a graph with a ``frontier_key`` drop states whose labels
    would have to cross (``mate.crosses``; the same family either way)."""
    U = graph.universe
    if method == "algebra":
        return build_algebra(graph, kind, pairs=pairs, cover=cover, counts=counts, fixed=fixed)
    if method != "frontier":
        raise ValueError(f"unknown method {method!r}: use 'frontier' or 'algebra'")
    mode = KINDS[kind]
    labels: dict = {}
    if kind in ("paths", "matchings"):
        if pairs is None:
            mode = M.FREE
        else:
            labels = terminal_labels(graph.vertices, pairs)
            loops = [p for p in pairs if p[0] == p[1]]
            if loops:  # a path from s to s is the empty path: only the empty set can do it
                if len(pairs) > 1 or cover and len(graph.vertices) > 1:
                    return U.empty
                return U.unit
    degree = {x: 0 for x in graph.vertices}
    for u, v in graph.edges:
        degree[u] += 1
        degree[v] += 1
    if any(degree[x] == 0 for x in labels):
        return U.empty  # a terminal without edges can never be joined
    if cover and any(d == 0 for d in degree.values()):
        return U.empty
    if not graph.edges:
        ok = mode in (M.CYCLES, M.FREE) or (mode == M.PAIRS and not labels)
        return U.unit if ok and not any(k for _, k in counts or []) else U.empty
    plan = plan_of(graph, progress)
    W = plan.width
    info, groups = _info(graph, plan, counts, fixed)
    if groups < 0:
        return U.empty
    slot_label = np.full((len(graph.edges), W), -1, dtype=np.int32)
    for i, occ in enumerate(plan.occupant):
        for s, x in occ.items():
            if x in labels:
                slot_label[i, s] = labels[x]
    states = np.full((1, W + M.FLAGS + groups), M.EMPTY, dtype=np.int32)
    states[0, W + M.F_CLOSED] = 0  # no cycle closed yet
    states[0, W + M.F_SAME] = 0  # no loop to exclude
    levels = [U.level(e) for e in graph.edges]
    order, lines = None, 0
    if planar_cut and mode == M.PAIRS and len(pairs) > 1 \
            and getattr(graph, "frontier_key", None) is not None:
        order, arcs = _frontier_orders(plan, graph.frontier_key, W, labels,
                                       getattr(graph, "outer_face", None))
        info[:, M.I_RECHECK] = _rechecks(plan, slot_label, arcs)
        info[:, M.I_GAP] = _gaps(plan, graph.frontier_key, getattr(graph, "outer_face", None))
        cut = _capacities(plan, graph.frontier_key, labels, len(pairs), info[:, M.I_ALLOWED])
        info[:, M.I_TIGHT] = cut[2]
        order = np.concatenate([order, cut[0]], axis=1)
        lines = cut[1]
    return _run_mate(U, levels, states, W, info, slot_label, mode, cover,
                     f"frontier ({kind})", progress, order, max_width, lines)


#: the capacity test runs on the levels where some line has fewer undecided edges across
#: it than this (or than the labels): measured on the published 13x13-15x15 boards, the
#: test cuts few states where lines still have two or more edges, and costs more there
#: than it saves (docs/numberlink.md, "Line capacity")
TIGHT = 2


def _capacities(plan, key, labels: dict, count: int, allowed) -> tuple[np.ndarray, int, list]:
    """The capacity test's columns per level (``over_capacity`` in machines.c), once the
    level's edge is decided: each slot's key (its occupant's, less the smallest key), the
    undecided edges that may be used across each line between keys k and k + 1, and
    for each of the ``count`` labels the keys of its two terminals if not yet reached
    (-1 if reached); then the number of lines, and per level where the test runs: 0
    where every line has at least ``TIGHT`` such edges (or as many as labels), else 1
    on every child, or 2 on the children the crossing test runs on when the level
    before ran it too and the capacities are the same (the others keep their parent's
    points, and their parent passed)."""
    m, W = len(plan.edges), plan.width
    low = min(key(x) for occ in plan.occupant for x in occ.values())
    lines = max(key(x) for occ in plan.occupant for x in occ.values()) - low
    cap = np.zeros((m, max(lines, 1)), dtype=np.int64)
    for i in range(m - 1, 0, -1):  # edges after level i - 1: those from i on
        cap[i - 1] = cap[i]
        a, b = sorted(key(x) - low for x in plan.edges[i])
        if allowed[i] & 2:
            cap[i - 1, a:b] += 1
    cols = np.full((m, W + lines + 2 * count), -1, dtype=np.int64)
    for i, occ in enumerate(plan.occupant):
        for slot, x in occ.items():
            cols[i, slot] = key(x) - low
    cols[:, W:W + lines] = cap[:, :lines]
    seen: dict = {}
    for x, k in labels.items():
        col = W + lines + 2 * k + seen.setdefault(k, 0)
        seen[k] += 1
        cols[:, col] = np.where(np.arange(m) < plan.first[x], key(x) - low, -1)
    if not lines:
        return cols, lines, np.zeros(m, np.int64)
    tight = (cap[:, :lines] < min(count, TIGHT)).any(axis=1).astype(np.int64)
    same = np.zeros(m, dtype=bool)  # a tight level whose capacities are the level before's
    same[1:] = (tight[:-1] == 1) & (cap[1:, :lines] == cap[:-1, :lines]).all(axis=1)
    tight[same & (tight == 1)] = 2
    return cols, lines, tight


def _frontier_orders(plan, key, W, labels=None, face=None) -> tuple[np.ndarray, list]:
    """Per level, once the level's edge is decided and its finished vertices have left:
    the frontier's slots in their order along the cut line (W columns, -1 after the
    last), then the labels of the terminals not yet reached on the outer face
    ``face``, in their order around the undecided part from the end of the cut line
    (-1 after the last); and those labels per level as lists."""
    slots, arcs = _cut_lines(plan, key, face)
    labels = labels or {}
    arcs = [[labels[x] for x in arc if x in labels] for arc in arcs]
    order = np.full((len(plan.edges), W + max(map(len, arcs), default=0)), -1, dtype=np.int64)
    order[:, :slots.shape[1]] = slots
    for i, arc in enumerate(arcs):
        order[i, W:W + len(arc)] = arc
    return order, arcs


def _rechecks(plan, slot_label, arcs) -> np.ndarray:
    """Per level, 1 where a child that leaves the edge may cross though its parent does
    not: a terminal enters the frontier there, or the labels ahead on the outer face
    are not a subsequence of the level before's (the first level: always).  Elsewhere
    the child's boundary points are its parent's in the same order, less some labels
    ahead (a terminal that leaves hands its label to its fragment's other end, in the
    same slot), and dropping a label's points never makes two others alternate."""
    out = np.ones(len(plan.edges), dtype=np.int64)
    for i in range(1, len(out)):
        ends = ((plan.cu[i], plan.enter[i][0]), (plan.cv[i], plan.enter[i][1]))
        if any(entering and slot_label[i, slot] >= 0 for slot, entering in ends):
            continue
        before = iter(arcs[i - 1])
        out[i] = not all(label in before for label in arcs[i])
    return out


def _gaps(plan, key, face) -> np.ndarray:
    """Per level i, 1 where the ends of edge i that are on the cut line before the edge
    (level i - 1's, ``_cut_lines``) and after it (level i's) are consecutive there, at
    the same place among the other vertices (which are the same on both lines); kept
    in ``plan.cache``."""
    tag = ("gaps", key, None if face is None else tuple(face))
    if tag not in plan.cache:
        plan.cache[tag] = _gaps_of(plan, _cut_lines(plan, key, face)[0])
    return plan.cache[tag]


def _gaps_of(plan, slots: np.ndarray) -> np.ndarray:
    """``_gaps`` of the cut lines ``slots``."""
    out = np.zeros(len(plan.edges), dtype=np.int64)
    for i in range(1, len(out)):
        ends = set(plan.edges[i])
        places = []
        for k in (i - 1, i):
            line = [plan.occupant[k][s] for s in slots[k] if s >= 0]
            at = [n for n, x in enumerate(line) if x in ends]
            if at and at[-1] - at[0] != len(at) - 1:
                break
            places.append((at[0] if at else None, [x for x in line if x not in ends]))
        else:
            (p, before), (q, after) = places
            out[i] = before == after and (p is None or q is None or p == q)
    return out


def _cut_lines(plan, key, face) -> tuple[np.ndarray, list[list]]:
    """The labels-free part of ``_frontier_orders``, kept in ``plan.cache``: per level
    the frontier's slots along the cut line (-1 after the last) and the untouched
    outer-face vertices ahead of it (``_ahead_on_face``'s arc)."""
    tag = ("cut lines", key, None if face is None else tuple(face))
    if tag not in plan.cache:
        slots = np.full((len(plan.edges), plan.width), -1, dtype=np.int64)
        for i, occupants in enumerate(plan.occupant):
            gone = set(plan.leaving[i])
            row = sorted((s for s, x in occupants.items() if x not in gone),
                         key=lambda s: key(occupants[s]))
            slots[i, :len(row)] = row
        arcs = [_ahead_on_face(plan, i, key, face) if face else []
                for i in range(len(plan.edges))]
        plan.cache[tag] = slots, arcs
    return plan.cache[tag]


def _ahead_on_face(plan, i, key, face) -> list:
    """The vertices of the outer face that no edge up to edge i touches, in the cyclic
    order of the undecided part's boundary after the cut line (that
    runs in ``key`` order): the arc of untouched face vertices, walked from the end
    beside the cut line's last vertex.  Empty when the untouched face vertices are
    not one arc or its ends are not told apart by ``key``."""
    n = len(face)
    ahead = [plan.first.get(x, n) > i for x in face]
    starts = [j for j in range(n) if ahead[j] and not ahead[j - 1]]
    if len(starts) != 1:
        return []
    arc, j = [], starts[0]
    while ahead[j % n]:
        arc.append(face[j % n])
        j += 1
    before, after = key(face[starts[0] - 1]), key(face[j % n])
    if before == after:
        return []
    if before < after:
        arc.reverse()
    return arc


def _run_mate(universe, levels, states, W, info, labels, mode, cover, what, progress,
              order=None, max_width=None, lines: int = 0):
    """Run the mate machine over ``levels`` (one info row and labels row each;
    ``order``: per level the frontier slots along the cut and the labels ahead, for the
    crossing test, then the capacity test's columns for ``lines`` lines)."""
    m = len(levels)
    ahead = 0 if order is None else order.shape[1] - W
    count = int(labels.max()) + 1
    if lines:
        ahead -= W + lines + 2 * count
    rows = np.full((m, M.INFO_WIDTH + W + (0 if order is None else order.shape[1])), -1,
                   dtype=np.int64)
    rows[:, :M.INFO_WIDTH] = info
    rows[:, M.INFO_WIDTH:M.INFO_WIDTH + W] = labels
    if order is not None:
        rows[:, M.INFO_WIDTH + W:] = order
    labels = count
    if W + labels >= M.STATE_MAX:
        raise ValueError(f"a frontier of {W} vertices is wider than the mate machine allows")
    consts = np.array([W, mode, int(cover), int(order is not None), labels, states.shape[1],
                       ahead, lines], dtype=np.int64)
    machine = Machine(M.step, M.final, rows, states[0], consts,
                      M.work_size(W, labels, ahead, lines),
                      takes=M.takes, name=what)
    return machine.build(universe, levels, progress, max_width)


def build_recorded(graph, kind: str, universe, outputs: dict, exclude=None,
                   progress: Progress = None):
    """{C ∪ {y : |C ∩ group(y)| ≠ need(y)} : C ∈ family of ``kind``, C ≠ exclude}.

    ``outputs`` maps an element y of ``universe`` to (group of edges, need).  The
    universe holds the graph's edges in the graph's order and every output element
    after the last edge of its group (Slitherlink: a hint element right below its
    cell's edges).  ``exclude``: an edge set left out of the family (the designer's
    loop).  Only ``kind`` "cycle" and "cycles" are supported."""
    if kind not in ("cycle", "cycles"):
        raise ValueError("recorded groups are implemented for cycles")
    mode = KINDS[kind]
    plan = plan_of(graph)
    W = plan.width
    edge_pos = {e: i for i, e in enumerate(graph.edges)}
    seq = []
    for x in universe.elements:
        if x in edge_pos:
            seq.append(("edge", x))
        elif x in outputs:
            seq.append(("out", x))
    edges_in_order = [x for kind_, x in seq if kind_ == "edge"]
    if edges_in_order != list(graph.edges):
        raise ValueError("the universe must hold the graph's edges in the graph's order")
    at = {x: k for k, (_, x) in enumerate(seq)}
    spans, items = [], []
    for y, (group, need) in outputs.items():
        idx = sorted(at[e] for e in set(group))
        if idx and idx[-1] > at[y]:
            raise ValueError(f"output element {y!r} must come after every edge of its group")
        spans.append((idx[0] if idx else at[y], at[y]))
        items.append((y, idx, need))
    slots, width = intervals(spans)
    base = W + M.FLAGS
    info = _blank_info(len(seq))
    loop = None if exclude is None else frozenset(exclude)
    for k, (kind_, x) in enumerate(seq):
        if kind_ == "edge":
            _edge_row(info[k], plan, edge_pos[x])
            if loop is not None:
                info[k, M.I_LOOPBIT] = int(x in loop)
        else:
            info[k, M.I_KIND] = M.OUTPUT_LEVEL
    for (y, idx, need), slot in zip(items, slots):
        for r, k in enumerate(idx):
            col = 0 if info[k, M.I_GA] < 0 else 1
            if col == 1 and info[k, M.I_GB] >= 0:
                raise ValueError("an edge may belong to at most two recorded groups")
            info[k, (M.I_GA, M.I_GB)[col]] = base + slot
            info[k, (M.I_NEED_A, M.I_NEED_B)[col]] = -1
            info[k, (M.I_OPEN_A, M.I_OPEN_B)[col]] = r == 0
        out = at[y]
        info[out, M.I_GA] = base + slot
        info[out, M.I_NEED_A] = need
        if not idx:  # an empty group counts 0 from its output level
            raise ValueError(f"output element {y!r} has no edges")
    labels = np.full((len(seq), W), -1, dtype=np.int32)
    states = np.full((1, W + M.FLAGS + width), M.EMPTY, dtype=np.int32)
    states[0, W + M.F_CLOSED] = 0
    states[0, W + M.F_SAME] = 1 if loop is not None else 0
    return _run_mate(universe, [universe.level(x) for _, x in seq], states, W, info, labels,
                     mode, False, f"frontier ({kind}, recorded)", progress)


def _oriented_base(graph, plan):
    """(edge -> position, local edge numbers at both ends, the info rows with nothing
    fixed), made once per graph and kept in its frontier plan."""
    if "oriented base" not in plan.cache:
        edges = graph.edges
        pos = {e: i for i, e in enumerate(edges)}
        local: dict = {}
        at: dict = {}
        loc = np.zeros((len(edges), 2), dtype=np.int64)
        for i, (u, v) in enumerate(edges):
            for side, x in enumerate((u, v)):
                loc[i, side] = local.setdefault(x, {}).setdefault(i, len(local[x]))
                at.setdefault(x, []).append((i, side))
        if any(len(d) > 62 for d in local.values()):
            raise ValueError("a vertex with more than 62 edges")
        info = np.zeros((len(edges), O.ORIENTED_INFO_WIDTH), dtype=np.int64)
        info[:, O.O_CU] = plan.cu
        info[:, O.O_CV] = plan.cv
        info[:, [O.O_ENTER_U, O.O_ENTER_V]] = np.array(plan.enter, dtype=np.int64)
        info[:, [O.O_LEAVE_U, O.O_LEAVE_V]] = np.array(plan.leave, dtype=np.int64)
        info[:, O.O_ALLOWED] = 3
        info[:, O.O_DIRS] = 3
        info[:, O.O_LOC_U] = loc[:, 0]
        info[:, O.O_LOC_V] = loc[:, 1]
        plan.cache["oriented base"] = (pos, loc, info)
        plan.cache["edge levels"] = np.array([graph.universe.level(e) for e in edges],
                                             dtype=np.int64)
        plan.cache["edges at"] = at
        plan.cache["vertex set"] = frozenset(graph.vertices)
    return plan.cache["oriented base"]


def build_oriented_cycle(graph, one_way=None, forbidden_pairs=(), visit=(), fixed=None,
                         progress: Progress = None, max_width: int | None = None):
    """Single cycles of ``graph`` that admit a travel direction in which every edge of
    ``one_way`` (edge -> (tail, head)) runs from tail to head, that never use both
    edges of a pair in ``forbidden_pairs`` (pairs of edges sharing a vertex) and
    that pass every vertex of ``visit``; ``fixed``: edge -> 0 or 1 decided in advance.
    Each cycle is one member, whatever the number of its allowed directions."""
    U = graph.universe
    edges = graph.edges
    must = set(visit)
    if not edges:
        vset = frozenset(graph.vertices)
        if must - vset:
            raise ValueError(f"unknown vertex {sorted(must - vset, key=repr)[0]!r} to visit")
        return U.empty
    plan = plan_of(graph)
    pos, loc, base = _oriented_base(graph, plan)
    vset = plan.cache["vertex set"]
    if must - vset:
        raise ValueError(f"unknown vertex {sorted(must - vset, key=repr)[0]!r} to visit")
    info = base.copy()
    at = plan.cache["edges at"]
    cells = [(i, O.O_VISIT_U + side) for x in must for i, side in at.get(x, ())]
    if cells:  # the visit flags of each vertex to visit, at each of its edges
        info[tuple(np.array(cells).T)] = 1
    if fixed:
        where = [pos.get(e, -1) for e in fixed]
        if -1 in where:
            bad = next(e for e, i in zip(fixed, where) if i < 0)
            raise ValueError(f"fixed edge {bad!r} is not an edge of the graph")
        keep = np.array([2 if bit else 1 for bit in fixed.values()], dtype=np.int64)
        info[where, O.O_ALLOWED] &= keep
    if one_way:
        where, dirs = [], []
        for e, (tail, head) in one_way.items():
            i = pos.get(e, -1)
            if i < 0 or ((tail, head) != e and (head, tail) != e):
                raise ValueError(f"one-way edge {e!r}: ({tail!r}, {head!r}) are not its ends")
            where.append(i)
            dirs.append(1 if tail == e[0] else 2)
        info[where, O.O_DIRS] &= np.array(dirs, dtype=np.int64)
    for pair in forbidden_pairs:
        e, f = pair
        i, k = pos.get(e, -1), pos.get(f, -1)
        if i < 0 or k < 0:
            raise ValueError(f"forbidden pair {pair!r}: not edges of the graph")
        shared = set(e) & set(f)
        if len(shared) != 1 or e == f:
            raise ValueError(f"forbidden pair {pair!r}: the edges must share one vertex")
        (x,) = shared
        side_e, side_f = (0 if e[0] == x else 1), (0 if f[0] == x else 1)
        info[i, O.O_FORBID_U + side_e] |= 1 << int(loc[k, side_f])
        info[k, O.O_FORBID_U + side_f] |= 1 << int(loc[i, side_e])
    W = plan.width
    if W > 0xFFFF - 4:
        raise ValueError(f"a frontier of {W} vertices is wider than the oriented machine allows")
    machine = Machine(O.step, O.final, info, O.packed_root(W)[0], np.array([W], dtype=np.int64),
                      takes=O.takes, name="frontier (oriented cycle)")
    return machine.build(U, plan.cache["edge levels"], progress, max_width)


EMPTY_STATE = M.EMPTY
