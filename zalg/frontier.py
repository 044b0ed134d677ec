"""Top-down ZDD construction (frontier-based search in the style of TdZdd and SIMPATH).

A *spec* describes a family by a state machine over the elements, one element per
level in universe order: ``root()`` gives the start state and
``child(state, level, bit)`` the state after deciding that the element at
``level`` is absent (bit 0) or present (bit 1), or ``REJECT`` (0) / ``ACCEPT`` (1)
to end the path there (ACCEPT: every later element absent).  States are any
hashable values other than the integers 0 and 1; equal states are merged.

The engine builds the decision diagram layer by layer (breadth first), keeping
one entry per distinct state, then creates all CUDD nodes bottom-up in one
compiled call (``kernels.build.rebuild``), which also applies the ZDD reduction rules.
Built-in graph specs (``zalg.paths``) run their layers in compiled code instead
of one Python call per state; they share the assembly step below.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable, Iterable
from typing import Protocol

import numpy as np


__all__ = ["Spec", "REJECT", "ACCEPT", "build", "assemble"]

REJECT = 0
ACCEPT = 1


class Spec(Protocol):
    def root(self) -> Hashable: ...

    def child(self, state: Hashable, level: int, bit: int) -> Hashable: ...


def _resolve_codes(codes, child_base: int, aux_base: int) -> np.ndarray:
    """Node ids for layer codes: -1 REJECT, -2 ACCEPT, k ≥ 0 child k, k ≤ -3 aux node -3 - k."""
    codes = np.asarray(codes, dtype=np.int64)
    return np.where(codes >= 0, codes + child_base,
                    np.where(codes == -1, 0, np.where(codes == -2, 1, aux_base - 3 - codes)))


def assemble(universe, levels: list[int], layers: list[tuple]):
    """The family of a layered diagram, built into ``universe``'s CUDD manager.

    ``layers[i] = (lo, hi)`` gives, for each node of layer i (layer 0 holds just the
    root), its children: an index into layer i + 1, or -1 for REJECT, -2 for ACCEPT.
    Layer i decides the element at universe level ``levels[i]``.  A layer may also
    be ``(lo, hi, aux_level, aux_hi, aux_lo)``: extra nodes at universe levels
    between level i and level i + 1 (a code k ≤ -3 names aux node -3 - k; an aux
    node's children are codes too, naming only aux nodes before it)."""
    if not layers:
        raise ValueError("a diagram needs at least one layer")
    # ids: 0, 1 terminals; deeper layers first so that children come before parents
    parts_level = [np.full(2, len(universe), dtype=np.int64)]
    parts_hi = [np.zeros(2, dtype=np.int64)]
    parts_lo = [np.zeros(2, dtype=np.int64)]
    nxt = 2
    child_base = 0
    for i in range(len(layers) - 1, -1, -1):
        layer = layers[i]
        aux_base = nxt
        if len(layer) > 2 and len(layer[2]):
            parts_level.append(np.asarray(layer[2], dtype=np.int64))
            parts_hi.append(_resolve_codes(layer[3], child_base, aux_base))
            parts_lo.append(_resolve_codes(layer[4], child_base, aux_base))
            nxt += len(layer[2])
        n = len(layer[0])
        parts_level.append(np.full(n, levels[i], dtype=np.int64))
        parts_lo.append(_resolve_codes(layer[0], child_base, aux_base))
        parts_hi.append(_resolve_codes(layer[1], child_base, aux_base))
        child_base = nxt
        nxt += n
    root = child_base
    level = np.concatenate(parts_level)
    hi = np.concatenate(parts_hi)
    lo = np.concatenate(parts_lo)
    return universe.build_arrays(level, hi, lo, root, "a frontier diagram")


def build(universe, spec: Spec, elements: Iterable[Hashable] | None = None,
          progress: bool = False):
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
        if progress:
            print(f"\rlevel {i + 1}/{len(els)}: {len(nxt)} states", end="", file=sys.stderr)
        current = nxt
    if progress:
        print(file=sys.stderr)
    return assemble(universe, levels, layers)


def _is_terminal(x) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool) and x in (0, 1)
