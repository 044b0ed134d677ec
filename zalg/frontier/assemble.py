"""Assembling a layered decision diagram into a universe's CUDD manager.

Every frontier construction, the generic spec engine and the compiled graph
layers alike, ends here: the layers' child codes become node arrays, checked and
created in one compiled call (``Universe.build_arrays``), which also applies the
ZDD reduction rules.  A bad array (a child code out of range, levels out of
order) is a ``ValueError``, never a broken ZDD.
"""

from __future__ import annotations

import numpy as np

__all__ = ["assemble", "assemble_flat"]


def _resolve_codes(codes, child_base, aux_base) -> np.ndarray:
    """Node ids for layer codes: -1 REJECT, -2 ACCEPT, k ≥ 0 child k, k ≤ -3 aux node -3 - k
    (``child_base`` and ``aux_base``: scalars or arrays matching ``codes``)."""
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
    node's children are codes too, naming only aux nodes before it).

    The codes of all layers are resolved to node ids in one vectorised pass (a
    diagram has hundreds of layers, most of them small)."""
    if not layers:
        raise ValueError("a diagram needs at least one layer")
    # ids: 0, 1 terminals; deeper layers first so that children come before parents
    parts_level = [np.full(2, len(universe), dtype=np.int64)]
    parts_hi = [np.zeros(2, dtype=np.int64)]
    parts_lo = [np.zeros(2, dtype=np.int64)]
    codes_hi, codes_lo, child_bases, aux_bases, sizes = [], [], [], [], []
    nxt = 2
    child_base = 0
    for i in range(len(layers) - 1, -1, -1):
        layer = layers[i]
        aux_base = nxt
        if len(layer) > 2 and len(layer[2]):
            parts_level.append(np.asarray(layer[2], dtype=np.int64))
            codes_hi.append(layer[3])
            codes_lo.append(layer[4])
            child_bases.append(child_base)
            aux_bases.append(aux_base)
            sizes.append(len(layer[2]))
            nxt += len(layer[2])
        n = len(layer[0])
        parts_level.append(np.full(n, levels[i], dtype=np.int64))
        codes_lo.append(layer[0])
        codes_hi.append(layer[1])
        child_bases.append(child_base)
        aux_bases.append(aux_base)
        sizes.append(n)
        child_base = nxt
        nxt += n
    root = child_base
    counts = np.asarray(sizes, dtype=np.int64)
    cb = np.repeat(np.asarray(child_bases, dtype=np.int64), counts)
    ab = np.repeat(np.asarray(aux_bases, dtype=np.int64), counts)
    level = np.concatenate(parts_level)
    hi = np.concatenate(parts_hi + [_resolve_codes(np.concatenate(codes_hi), cb, ab)])
    lo = np.concatenate(parts_lo + [_resolve_codes(np.concatenate(codes_lo), cb, ab)])
    return universe.build_arrays(level, hi, lo, root, "a frontier diagram")


def assemble_flat(universe, levels, sizes, lo, hi):
    """``assemble`` for layers given flat: ``sizes[i]`` nodes in layer i (one in layer
    0), their lo / hi codes concatenated in layer order (codes as in ``assemble``,
    no aux nodes)."""
    sizes = np.asarray(sizes, dtype=np.int64)
    lo = np.asarray(lo, dtype=np.int64)
    hi = np.asarray(hi, dtype=np.int64)
    m = len(sizes)
    if m == 0 or len(levels) != m or int(sizes.sum()) != len(lo) or len(lo) != len(hi):
        raise ValueError("a diagram needs one size per layer and one code pair per node")
    # ids: 0, 1 terminals; deeper layers first, so that children come before parents
    base = np.empty(m + 1, dtype=np.int64)
    base[m] = 0
    base[m - 1] = 2
    for i in range(m - 2, -1, -1):
        base[i] = base[i + 1] + sizes[i + 1]
    total = len(lo)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    ids = np.repeat(base[:m], sizes) + (np.arange(total) - np.repeat(starts, sizes))
    child = np.repeat(base[1:], sizes)
    n = 2 + total
    level = np.empty(n, dtype=np.int64)
    out_hi = np.zeros(n, dtype=np.int64)
    out_lo = np.zeros(n, dtype=np.int64)
    level[:2] = len(universe)
    level[ids] = np.repeat(np.asarray(levels, dtype=np.int64), sizes)
    out_hi[ids] = _resolve_codes(hi, child, 0)
    out_lo[ids] = _resolve_codes(lo, child, 0)
    return universe.build_arrays(level, out_hi, out_lo, int(base[0]), "a frontier diagram")
