"""A layered decision diagram, given as child codes, into a family.

For constructions that compute their layers themselves (the Python spec engine,
the pairing relation's layers): the codes are checked and renumbered into the
driver's form (nodes numbered level group by level group, children after their
parents), then reduced by ``driver.reduce`` and created by ``output``: the same
path as every machine's diagram.  A bad code (out of range, levels out of order)
is a ``ValueError``, never a broken ZDD.
"""

from __future__ import annotations

import numpy as np

from ..errors import OutOfMemory
from ..cudd.nodes import NOMEM
from . import driver
from .output import family_of
from .run import reduce_codes

__all__ = ["assemble"]


def _int64(a) -> np.ndarray:
    return np.ascontiguousarray(a, dtype=np.int64).ravel()


def assemble(universe, levels: list[int], layers: list[tuple]):
    """The family of a layered diagram, built into ``universe``'s CUDD manager.

    ``layers[i] = (lo, hi)`` gives, for each node of layer i (layer 0 holds just the
    root), its children: an index into layer i + 1, or -1 for REJECT, -2 for ACCEPT.
    Layer i decides the element at universe level ``levels[i]``."""
    if not layers:
        raise ValueError("a diagram needs at least one layer")
    levels = _int64(levels)
    m = len(layers)
    if len(levels) != m or np.any(np.diff(levels) <= 0) or levels[0] < 0 \
            or levels[-1] >= len(universe):
        raise ValueError("a frontier diagram: one increasing universe level per layer")
    if any(len(layer) != 2 for layer in layers):
        raise ValueError("a frontier diagram: each layer is (lo, hi)")
    sizes = np.array([len(layer[0]) for layer in layers], dtype=np.int64)
    lo = np.concatenate([_int64(layer[0]) for layer in layers])
    hi = np.concatenate([_int64(layer[1]) for layer in layers])
    if sizes[0] != 1 or any(len(layer[0]) != len(layer[1]) for layer in layers):
        raise ValueError("a frontier diagram: layer sizes and codes do not match")
    # node numbers: layer by layer from 1 (0 is ACCEPT's code row)
    first = 1 + np.concatenate(([0], np.cumsum(sizes)[:-1]))
    node_layer = np.repeat(np.arange(m), sizes)
    total = int(first[-1] + sizes[-1])
    if total > driver.MAX_NODES:
        raise OutOfMemory(f"building a frontier diagram: {total} nodes, more than "
                          f"{driver.MAX_NODES}", universe.manager.budget or None)
    codes = np.empty(2 * total, dtype=driver.CODE)
    codes[0], codes[1] = 1, driver.REJECT_CODE
    gid = np.arange(1, total)
    for side, mine in enumerate((lo, hi)):
        codes[2 * gid + side] = _renumber(mine, node_layer, sizes, first)
    start = np.append(first, total).astype(np.int64)
    M = universe.manager
    status, level, h, low, root = reduce_codes(codes, start, levels, len(universe), M.ctx,
                                               M.uncounted(codes.nbytes))
    if status == NOMEM:
        raise OutOfMemory(f"building a frontier diagram: reducing {total - 1} nodes",
                          M.budget or None)
    return family_of(universe, level, h, low, root, "building a frontier diagram")


def _renumber(code, layer, sizes, first):
    """Node numbers for the child codes of nodes in ``layer``; a code naming nothing
    valid is a ValueError."""
    m = len(sizes)
    out = code.copy()
    nxt = layer + 1
    down = code >= 0
    room = np.where(nxt < m, sizes[np.minimum(nxt, m - 1)], 0)
    if np.any(down & (code >= room)):
        raise ValueError("a frontier diagram: a child code out of range")
    out[down] = first[np.minimum(nxt, m - 1)][down] + code[down]
    if np.any((code < 0) & (code != -1) & (code != -2)):
        raise ValueError("a frontier diagram: a bad code")
    return out
