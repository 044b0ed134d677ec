"""Assembling a layered decision diagram into a universe's CUDD manager.

Every frontier construction, the generic spec engine and the compiled graph
layers alike, ends here: the layers' child codes become node arrays, checked and
created in one compiled call (``Universe.build_arrays``), which also applies the
ZDD reduction rules.  A bad array (a child code out of range, levels out of
order) is a ``ValueError``, never a broken ZDD.
"""

from __future__ import annotations

import numpy as np

__all__ = ["assemble"]


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
