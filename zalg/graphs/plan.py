"""The one scan of an edge order that every frontier construction starts from.

For an ordered edge list the *frontier* while edge i is processed holds the
vertices that have an edge at or before i and one at or after i.  A vertex
occupies one *slot* from its first edge to its last; slots are reused.  The
plan records, per edge, the slots of its two ends and whether each enters or
leaves the frontier there, and per vertex its first and last edge.

``plan_of(graph)`` keeps one plan per graph (weakly: it goes with the graph),
and derived data (the pairing universe, label rows) lives in ``plan.cache``.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable, Iterable

from ..errors import OutOfMemory, format_bytes
from ..memory import resident
from ..progress import Progress, reporter

__all__ = ["FrontierPlan", "plan_of", "terminal_labels", "intervals"]


#: bytes a plan holds per edge and vertex live at it (one entry of the edge's
#: ``occupant`` dict; 36 measured on a 256x256 grid)
SLOT_BYTES = 40
#: bytes of a plan that is always made (a small graph in a process already at its budget:
#: the operations after it say so)
SMALL_PLAN = 16 << 20


class FrontierPlan:
    """Static frontier data of an edge order (``edges``: a list of vertex pairs).

    ``room``: bytes the plan may take; a plan that would take more (its ``occupant``
    rows: Σ over vertices of the edges they are live at) is refused with
    ``OutOfMemory`` before it is made (``budget``: the limit that message names)."""

    def __init__(self, edges: list[tuple], room: int | None = None, budget: int | None = None):
        self.edges = list(edges)
        self.first: dict = {}
        self.last: dict = {}
        for i, (u, v) in enumerate(self.edges):
            for x in (u, v):
                self.first.setdefault(x, i)
                self.last[x] = i
        size = SLOT_BYTES * sum(self.last[x] - self.first[x] + 1 for x in self.first)
        if room is not None and size > max(room, SMALL_PLAN):
            raise OutOfMemory(f"making the frontier plan of {len(self.edges)} edges (about "
                              f"{format_bytes(size)})", budget)
        self.cu: list[int] = []
        self.cv: list[int] = []
        self.enter: list[tuple[bool, bool]] = []
        self.leave: list[tuple[bool, bool]] = []
        self.occupant: list[dict] = []  # slot -> vertex during step i
        self.leaving: list[list] = [[] for _ in self.edges]  # vertices whose last edge is i
        free: list[int] = []
        slot: dict = {}
        live: dict = {}
        width = 0
        for i, (u, v) in enumerate(self.edges):
            for x in (u, v):
                if self.first[x] == i and x not in slot:
                    if free:
                        s = min(free)
                        free.remove(s)
                    else:
                        s = width
                        width += 1
                    slot[x] = s
                    live[s] = x
            self.cu.append(slot[u])
            self.cv.append(slot[v])
            self.enter.append((self.first[u] == i, self.first[v] == i))
            self.leave.append((self.last[u] == i, self.last[v] == i))
            self.occupant.append(dict(live))
            for x in dict.fromkeys((u, v)):
                if self.last[x] == i:
                    self.leaving[i].append(x)
                    del live[slot[x]]
                    free.append(slot[x])
        self.frontier_width = width
        self.width = max(width, 1)  # slots a state row needs
        self.cache: dict = {}


_PLANS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def plan_of(graph, progress: Progress = None) -> FrontierPlan:
    """The plan of ``graph.edges`` (made once per graph; making it is a stage of
    ``progress``, see ``zalg.progress``)."""
    plan = _PLANS.get(graph)
    if plan is None:
        reporter(progress).stage(f"frontier plan of {len(graph.edges)} edges")
        plan = _PLANS[graph] = FrontierPlan(graph.edges, *_room(graph))
    return plan


def _room(graph) -> tuple[int | None, int | None]:
    """(bytes a plan of ``graph`` may take, the budget): its universe's budget, less what
    the process holds when that budget covers the whole process; (None, None) without
    a universe or a budget."""
    universe = getattr(graph, "universe", None)
    budget = universe.memory if universe is not None else 0
    if not budget:
        return None, None
    held = resident() if universe.manager.whole_process else 0
    return budget - (held or 0), budget


def terminal_labels(vertices: Iterable[Hashable], pairs) -> dict:
    """Terminal vertex -> label (0, 1, ...) for prescribed vertex pairs, validated."""
    labels: dict = {}
    vset = set(vertices)
    for k, pair in enumerate(pairs):
        try:
            s, t = pair
        except (TypeError, ValueError):
            raise ValueError(f"a pair must hold two vertices, got {pair!r}") from None
        for x in (s, t):
            if x not in vset:
                raise ValueError(f"unknown vertex {x!r} in pair {pair!r}")
            if x in labels and not (s == t):
                raise ValueError(f"vertex {x!r} is in more than one pair")
            labels[x] = k
    return labels


def intervals(spans: list[tuple[int, int]]) -> tuple[list[int], int]:
    """Slots for items alive over [first, last] steps, reused when free: (slots, width)."""
    order = sorted(range(len(spans)), key=lambda k: spans[k][0])
    slot = [0] * len(spans)
    busy: list[tuple[int, int]] = []  # (last, slot)
    free: list[int] = []
    width = 0
    for k in order:
        first, last = spans[k]
        for entry in [e for e in busy if e[0] < first]:
            busy.remove(entry)
            free.append(entry[1])
        if free:
            free.sort()
            slot[k] = free.pop(0)
        else:
            slot[k] = width
            width += 1
        busy.append((last, slot[k]))
    return slot, width
