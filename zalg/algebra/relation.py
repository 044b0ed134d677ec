"""``Relation``: a relation between sets, given by rewriting rows, for ``Family.image``.

A row (A, B) rewrites a set S that contains A into (S ∖ A) ∪ B; a row (A, B, C)
also requires S ∩ C = ∅.  A relation is a union of rows, so

    image(F, R) = {(S ∖ A) ∪ B : S ∈ F, (A, B, C) ∈ R, A ⊆ S, S ∩ C = ∅}.

It is the family-algebra counterpart of the relational product of BDD model
checking, with the frame rule built in: an element no row names is left as it
is.  Kept per level, a row allows some of the four *transitions* (in S, in T) at
every level it names: v ∈ A allows (1, 0), or (1, 1) when v ∈ B too; v ∈ C allows
(0, 0), or (0, 1) when v ∈ B; v ∈ B alone allows (0, 1) and (1, 1); an unnamed
level allows (0, 0) and (1, 1).  Swapping (0, 1) and (1, 0) everywhere gives the
inverse relation (``preimage``).

``compile_relation`` turns the rows into the transition diagram the ``image``
kernel walks (``ops/image.py``): one node per distinct (level, rows still
possible), its four children the rows that allow each transition there.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .universe import Universe

__all__ = ["Relation"]

#: transition bits: (in S, in T) = (0, 0), (0, 1), (1, 0), (1, 1)
T00, T01, T10, T11 = 1, 2, 4, 8
KEEP = T00 | T11
#: the level of the two terminal nodes (below every level)
BOTTOM = 1 << 62


class Relation:
    """A relation between sets of one universe, as rewriting rows (see the module).

    Build it with ``U.relation(rows)``, each row ``(A, B)`` or ``(A, B, C)`` of
    element collections; ``R | R2`` is the union, ``R.inverse()`` the converse."""

    def __init__(self, universe: Universe, rows: Iterable):
        self.universe = universe
        self._rows: list[dict[int, int]] = []
        for row in rows:
            self._rows.extend(_row_masks(universe, row))
        self._compiled: tuple[np.ndarray, int] | None = None

    @classmethod
    def _of_masks(cls, universe: Universe, masks: list) -> Relation:
        R = cls(universe, ())
        R._rows = masks
        return R

    def __len__(self) -> int:
        """The number of rows (after dropping rows that can never apply)."""
        return len(self._rows)

    def __or__(self, other: Relation) -> Relation:
        """The union of two relations of one universe."""
        if not isinstance(other, Relation) or other.universe is not self.universe:
            raise TypeError("can only join relations of the same universe")
        return Relation._of_masks(self.universe, self._rows + other._rows)

    def inverse(self) -> Relation:
        """The converse relation {(T, S) : (S, T) ∈ R}: its image is R's preimage."""
        def swap(m):
            return m & (T00 | T11) | (T10 if m & T01 else 0) | (T01 if m & T10 else 0)
        return Relation._of_masks(self.universe,
                                  [{v: swap(m) for v, m in row.items()} for row in self._rows])

    def __repr__(self) -> str:
        return f"<Relation: {len(self._rows)} rows over {len(self.levels())} elements>"

    def levels(self) -> list[int]:
        """The levels some row names, top first."""
        return sorted({v for row in self._rows for v in row})

    def compiled(self) -> tuple[np.ndarray, int]:
        """(table, root): the transition diagram for the kernel (``compile_relation``)."""
        if self._compiled is None:
            self._compiled = compile_relation(self._rows)
        return self._compiled


def _row_masks(universe: Universe, row) -> list[dict[int, int]]:
    """The row as {level: allowed transitions}; [] when no set satisfies it."""
    if isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
        raise TypeError(f"a relation row is (A, B) or (A, B, C), got {row!r}")
    parts = tuple(row)
    if len(parts) not in (2, 3):
        raise TypeError(f"a relation row is (A, B) or (A, B, C), got {len(parts)} parts")
    A, B, C = (set(universe.levels(p)) for p in parts + ((),) * (3 - len(parts)))
    if A & C:
        return []  # S would have to hold and avoid the same element
    masks = {}
    for v in A | B | C:
        if v in A:
            masks[v] = T11 if v in B else T10
        elif v in C:
            masks[v] = T01 if v in B else T00
        else:  # v in B only
            masks[v] = T01 | T11
    return [masks]


def compile_relation(rows: list[dict[int, int]]) -> tuple[np.ndarray, int]:
    """(table, root): the transition diagram of rows, flattened: node r is
    ``table[5r : 5r + 5]`` = (level, child for (0,0), (0,1), (1,0), (1,1)); node 0 is ∅,
    node 1 the identity (both at level BOTTOM).  Nodes are shared (equal level and
    children: one node), and a level where every remaining row keeps the element
    gets no node, so the diagram is the reduced one.

    A state is a set of rows still possible and the next level one of them names;
    states are expanded once each, on an explicit stack (no recursion limit)."""
    nodes: list = [(BOTTOM, 0, 0, 0, 0), (BOTTOM, 1, 1, 1, 1)]
    if not rows:
        return np.array(nodes, dtype=np.int64).reshape(-1), 0
    named: dict[int, list] = {}  # level -> [(row, allowed transitions)]
    for i, row in enumerate(rows):
        for v, mask in row.items():
            named.setdefault(v, []).append((i, mask))
    levels = sorted(named)
    place = {v: j for j, v in enumerate(levels)}

    def state(rs: frozenset, start: int):
        """(rs, the first level from ``levels[start]`` on that a row of rs names)."""
        for j in range(start, len(levels)):
            if any(i in rs for i, _ in named[levels[j]]):
                return rs, levels[j]
        return rs, BOTTOM

    def children(rs: frozenset, v: int) -> list:
        """The four states below (rs, v), one per transition; None for no row."""
        here = [(i, m) for i, m in named[v] if i in rs]
        out = []
        for bit in (T00, T01, T10, T11):
            if bit & KEEP:  # rows not naming v keep it
                sub = rs.difference([i for i, m in here if not m & bit])
            else:
                sub = frozenset(i for i, m in here if m & bit)
            out.append(state(sub, place[v] + 1) if sub else None)
        return out

    unique: dict = {}
    done: dict = {}
    root = state(frozenset(range(len(rows))), 0)
    stack = [root]
    while stack:
        st = stack[-1]
        if st in done:
            stack.pop()
            continue
        rs, v = st
        if v == BOTTOM:
            done[st] = 1
            stack.pop()
            continue
        kids = children(rs, v)
        waiting = [k for k in kids if k is not None and k not in done]
        if waiting:
            stack.extend(waiting)
            continue
        stack.pop()
        ids = [0 if k is None else done[k] for k in kids]
        if ids[1] == ids[2] == 0 and ids[0] == ids[3]:
            done[st] = ids[0]
            continue
        key = (v, *ids)
        if key not in unique:
            unique[key] = len(nodes)
            nodes.append(key)
        done[st] = unique[key]
    return np.array(nodes, dtype=np.int64).reshape(-1), done[root]
