"""Top-down ZDD construction (frontier-based search in the style of TdZdd and SIMPATH).

A *spec* describes a family by a state machine over the elements, one element per
level in universe order: ``root()`` gives the start state and
``child(state, level, bit)`` the state after deciding that the element at
``level`` is absent (bit 0) or present (bit 1), or ``REJECT`` (0) / ``ACCEPT`` (1)
to end the path there (ACCEPT: every later element absent).  States are any
hashable values other than the integers 0 and 1; equal states are merged.

The engine builds the decision diagram layer by layer (breadth first), keeping
one entry per distinct state, then creates all CUDD nodes bottom-up in one
compiled call (``assemble``), which also applies the ZDD reduction rules.
Built-in graph specs (``zalg.graphs.paths``) run their layers in compiled code instead
of one Python call per state (``frontier.run``); they share the assembly step.

Specs compose: ``intersection(a, b)`` is the spec of the members both accept
(TdZdd's ``zddIntersection``), built in one pass without building either family.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Protocol

import numpy as np

from ..progress import Progress, reporter
from .assemble import assemble

__all__ = ["Spec", "REJECT", "ACCEPT", "build", "intersection"]

REJECT = 0
ACCEPT = 1


class Spec(Protocol):
    def root(self) -> Hashable: ...

    def child(self, state: Hashable, level: int, bit: int) -> Hashable: ...


def build(universe, spec: Spec, elements: Iterable[Hashable] | None = None,
          progress: Progress = None):
    """The family described by ``spec`` over ``elements`` (default: the whole universe).

    ``elements`` must be in universe order; the spec's level i decides the i-th of them."""
    els = list(universe.elements if elements is None else elements)
    levels = [universe.level(x) for x in els]
    if any(b <= a for a, b in zip(levels, levels[1:])):
        raise ValueError("the elements of a spec must follow the universe order")
    root = spec.root()
    if _is_terminal(root):
        return universe.unit if root == ACCEPT else universe.empty
    if not els:
        raise ValueError("a spec over no elements must return ACCEPT or REJECT from root()")
    current = [root]
    layers = []
    report = reporter(progress).stage("spec levels", total=len(els))
    for i in range(len(els)):
        index: dict = {}
        nxt: list = []
        codes = (np.empty(len(current), dtype=np.int64), np.empty(len(current), dtype=np.int64))
        last = i == len(els) - 1
        for j, state in enumerate(current):
            for bit in (0, 1):
                c = spec.child(state, i, bit)
                if _is_terminal(c):
                    code = -2 if c == ACCEPT else -1
                elif last:
                    raise ValueError(f"spec returned a state after the last level ({els[i]!r}); "
                                     "it must return ACCEPT or REJECT there")
                else:
                    code = index.get(c)
                    if code is None:
                        code = index[c] = len(nxt)
                        nxt.append(c)
                codes[bit][j] = code
        layers.append(codes)
        report.update(i + 1, detail=f"{len(nxt)} states")
        current = nxt
    report.close()
    return assemble(universe, levels, layers)


def _is_terminal(x) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool) and x in (0, 1)


class _AllAbsent:
    """The state of a spec that has accepted: every later element must be absent."""

    def __repr__(self) -> str:
        return "ALL_ABSENT"


_ALL_ABSENT = _AllAbsent()


def _advance(spec: Spec, state, level: int, bit: int):
    if state is _ALL_ABSENT:
        return REJECT if bit else _ALL_ABSENT
    child = spec.child(state, level, bit)
    if _is_terminal(child) and child == ACCEPT:
        return _ALL_ABSENT
    return child


class _Intersection:
    def __init__(self, a: Spec, b: Spec):
        self.a, self.b = a, b

    @staticmethod
    def _pair(sa, sb):
        if (_is_terminal(sa) and sa == REJECT) or (_is_terminal(sb) and sb == REJECT):
            return REJECT
        if sa is _ALL_ABSENT and sb is _ALL_ABSENT:
            return ACCEPT
        return (sa, sb)

    def root(self):
        ra, rb = self.a.root(), self.b.root()
        ra = _ALL_ABSENT if _is_terminal(ra) and ra == ACCEPT else ra
        rb = _ALL_ABSENT if _is_terminal(rb) and rb == ACCEPT else rb
        return self._pair(ra, rb)

    def child(self, state, level: int, bit: int):
        sa, sb = state
        return self._pair(_advance(self.a, sa, level, bit), _advance(self.b, sb, level, bit))


def intersection(a: Spec, b: Spec) -> Spec:
    """The spec of the sets both ``a`` and ``b`` accept (over the same elements).

    States are pairs; a side that returns ACCEPT keeps going as "every later
    element absent", so ``build(U, intersection(a, b)) == build(U, a) & build(U, b)``
    without either family being built."""
    return _Intersection(a, b)
