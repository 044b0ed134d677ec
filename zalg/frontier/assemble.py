"""Assembling a layered decision diagram into a universe's CUDD manager.

Every frontier construction, the generic spec engine and the compiled graph
layers alike, ends here: the layers' child codes become CUDD nodes in one
compiled call that works from the bottom layer up, holding references on one
layer at a time (``kernels.build.rebuild_layers``); CUDD applies the ZDD
reduction rules as the nodes are made.  A frontier diagram often has 50 times
more unreduced nodes than reduced ones, so nothing but the codes themselves is
ever kept per unreduced node.  A bad code (out of range, levels out of order) is
a ``ValueError``, never a broken ZDD.
"""

from __future__ import annotations

import numpy as np

__all__ = ["assemble", "assemble_flat"]


def _int64(a) -> np.ndarray:
    return np.ascontiguousarray(a, dtype=np.int64)


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
    sizes = np.fromiter((len(layer[0]) for layer in layers), dtype=np.int64, count=len(layers))
    aux = [layer if len(layer) > 2 else (None, None, (), (), ()) for layer in layers]
    aux_count = np.fromiter((len(a[2]) for a in aux), dtype=np.int64, count=len(aux))
    lo = np.concatenate([_int64(layer[0]) for layer in layers])
    hi = np.concatenate([_int64(layer[1]) for layer in layers])
    aux_level = np.concatenate([_int64(a[2]) for a in aux] + [np.zeros(0, dtype=np.int64)])
    aux_hi = np.concatenate([_int64(a[3]) for a in aux] + [np.zeros(0, dtype=np.int64)])
    aux_lo = np.concatenate([_int64(a[4]) for a in aux] + [np.zeros(0, dtype=np.int64)])
    return _build(universe, levels, sizes, lo, hi, aux_count, aux_level, aux_lo, aux_hi)


def assemble_flat(universe, levels, sizes, lo, hi):
    """``assemble`` for layers given flat: ``sizes[i]`` nodes in layer i (one in layer
    0), their lo / hi codes concatenated in layer order (codes as in ``assemble``,
    no aux nodes)."""
    sizes = _int64(sizes)
    lo = _int64(lo)
    hi = _int64(hi)
    m = len(sizes)
    if m == 0 or len(levels) != m or int(sizes.sum()) != len(lo) or len(lo) != len(hi):
        raise ValueError("a diagram needs one size per layer and one code pair per node")
    empty = np.zeros(0, dtype=np.int64)
    return _build(universe, levels, sizes, lo, hi, np.zeros(m, dtype=np.int64), empty, empty,
                  empty)


def _build(universe, levels, sizes, lo, hi, aux_count, aux_level, aux_lo, aux_hi):
    """Create the diagram layer by layer from the bottom (``kernels.build.rebuild_layers``):
    only the references of one layer are held at a time, and no array spans every
    unreduced node beyond the codes themselves."""
    from ..errors import OutOfMemory
    from ..family import Family
    levels = _int64(levels)
    if len(levels) != len(sizes) or len(lo) != len(hi) or int(sizes.sum()) != len(lo) \
            or len(aux_count) != len(sizes) or int(aux_count.sum()) != len(aux_level) \
            or len(aux_level) != len(aux_lo) or len(aux_lo) != len(aux_hi) or len(sizes) == 0 \
            or sizes[0] != 1 or (sizes < 0).any():
        raise ValueError("a frontier diagram: layer sizes and codes do not match")
    M = universe.manager
    # two layers of node pointers, and the codes (twice: the caller's layers too); CUDD's
    # own limit leaves them their room while the nodes are made
    held = 16 * int(sizes.max()) + 2 * (lo.nbytes + hi.nbytes + aux_lo.nbytes + aux_hi.nbytes)
    if M.budget and M.memory_in_use() + held > M.budget:
        raise OutOfMemory(f"assembling a frontier diagram of {len(lo)} nodes", M.budget)
    with M.lending(held):
        root = M.rebuild_layers(levels, sizes, lo, hi, aux_count, aux_level, aux_lo, aux_hi,
                                "building a frontier diagram")
    return Family(universe, root)
