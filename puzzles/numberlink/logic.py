"""Sound deductions on a Numberlink board before the frontier search: edges that every
solution uses or that none uses.

Every rule below holds in *every* solution, so fixing the edges it names changes
no count: the solver only stops exploring what cannot lead anywhere.

* degrees: a terminal has exactly one edge; any other cell none or two (exactly
  two when every cell must be used): a terminal with one possible edge takes it,
  a cell with two edges in use drops the rest, a path cell with one edge in use
  and one possible edge left takes it, an unused cell with one possible edge
  (none or two) drops it, a covered cell with two possible edges takes both;
* fragments: edges already in use form path fragments; an edge joining the two
  ends of one fragment would close a cycle, an edge joining fragments that reach
  terminals of different labels would join two labels: neither is possible.

The rules run to a fixed point (``deduce``).  On boards drawn for people most
clues sit where these rules bite (corners, walls of used cells), and every fixed
edge is one decision fewer for every state of the sweep.
"""
from __future__ import annotations

from collections.abc import Iterable

__all__ = ["deduce", "Contradiction"]


class Contradiction(Exception):
    """The board has no solution (a rule found a cell that cannot be satisfied)."""


def deduce(rows: int, cols: int, pairs: dict, edges: Iterable[tuple],
           cover: bool = False) -> dict:
    """{edge: 1 or 0} for the edges every solution uses or none uses.

    ``pairs``: label -> (cell, cell); ``edges``: the board's edges.  Raises
    ``Contradiction`` when no solution can exist."""
    edges = list(edges)
    at: dict = {}
    for e in edges:
        for x in e:
            at.setdefault(x, []).append(e)
    label_of = {x: label for label, pair in pairs.items() for x in pair}
    value: dict = {}
    changed = True

    def fix(e, bit: int) -> None:
        nonlocal changed
        old = value.get(e)
        if old is None:
            value[e] = bit
            changed = True
        elif old != bit:
            raise Contradiction(f"edge {e} must be both used and unused")

    while changed:
        changed = False
        for x, around in at.items():
            on = [e for e in around if value.get(e) == 1]
            free = [e for e in around if e not in value]
            if x in label_of:
                if len(on) > 1 or (not on and not free):
                    raise Contradiction(f"terminal {x} cannot have exactly one edge")
                if on:
                    for e in free:
                        fix(e, 0)
                elif len(free) == 1:
                    fix(free[0], 1)
                continue
            if len(on) > 2 or (len(on) == 1 and not free):
                raise Contradiction(f"cell {x} cannot have two edges")
            if len(on) == 2:
                for e in free:
                    fix(e, 0)
            elif len(on) == 1:
                if len(free) == 1:
                    fix(free[0], 1)
            elif cover:
                if len(free) < 2:
                    raise Contradiction(f"cell {x} cannot be covered")
                if len(free) == 2:
                    for e in free:
                        fix(e, 1)
            elif len(free) == 1:
                fix(free[0], 0)
        _fragments(at, label_of, value, fix)
    return value


def _fragments(at: dict, label_of: dict, value: dict, fix) -> None:
    """Rule out edges that would close a cycle or join two labels (union-find over the
    edges in use)."""
    parent: dict = {}

    def find(x):
        while parent.get(x, x) != x:
            parent[x] = parent.get(parent[x], parent[x])
            x = parent[x]
        return x

    for e, bit in value.items():
        if bit == 1:
            a, b = find(e[0]), find(e[1])
            if a == b:
                raise Contradiction(f"the edges in use close a cycle at {e}")
            parent[a] = b
    label: dict = {}
    for x, lab in label_of.items():
        root = find(x)
        if label.setdefault(root, lab) != lab:
            raise Contradiction(f"labels {label[root]} and {lab} are joined")
    for around in at.values():
        for e in around:
            if e in value:
                continue
            a, b = find(e[0]), find(e[1])
            if a == b or (a in label and b in label and label[a] != label[b]):
                fix(e, 0)
