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

__all__ = ["FrontierPlan", "plan_of", "terminal_labels", "intervals"]


class FrontierPlan:
    """Static frontier data of an edge order (``edges``: a list of vertex pairs)."""

    def __init__(self, edges: list[tuple]):
        self.edges = list(edges)
        self.first: dict = {}
        self.last: dict = {}
        for i, (u, v) in enumerate(self.edges):
            for x in (u, v):
                self.first.setdefault(x, i)
                self.last[x] = i
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


def plan_of(graph) -> FrontierPlan:
    """The plan of ``graph.edges`` (made once per graph)."""
    plan = _PLANS.get(graph)
    if plan is None:
        plan = _PLANS[graph] = FrontierPlan(graph.edges)
    return plan


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
