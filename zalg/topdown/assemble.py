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

__all__ = ["assemble"]


def _int64(a) -> np.ndarray:
    return np.ascontiguousarray(a, dtype=np.int64).ravel()


def assemble(universe, levels: list[int], layers: list[tuple]):
    """The family of a layered diagram, built into ``universe``'s CUDD manager.

    ``layers[i] = (lo, hi)`` gives, for each node of layer i (layer 0 holds just the
    root), its children: an index into layer i + 1, or -1 for REJECT, -2 for ACCEPT.
    Layer i decides the element at universe level ``levels[i]``.  A layer may also
    be ``(lo, hi, aux_level, aux_hi, aux_lo)``: extra nodes at universe levels
    between level i and level i + 1 (a code k ≤ -3 names aux node -3 - k; an aux
    node's children are codes too, naming only aux nodes of deeper levels)."""
    if not layers:
        raise ValueError("a diagram needs at least one layer")
    levels = _int64(levels)
    m = len(layers)
    if len(levels) != m or np.any(np.diff(levels) <= 0) or levels[0] < 0 \
            or levels[-1] >= len(universe):
        raise ValueError("a frontier diagram: one increasing universe level per layer")
    aux = [layer if len(layer) > 2 else (None, None, (), (), ()) for layer in layers]
    sizes = np.array([len(layer[0]) for layer in layers], dtype=np.int64)
    counts = np.array([len(a[2]) for a in aux], dtype=np.int64)
    lo = np.concatenate([_int64(layer[0]) for layer in layers])
    hi = np.concatenate([_int64(layer[1]) for layer in layers])
    alev = np.concatenate([_int64(a[2]) for a in aux])
    alo = np.concatenate([_int64(a[4]) for a in aux])
    ahi = np.concatenate([_int64(a[3]) for a in aux])
    if sizes[0] != 1 or any(len(layer[0]) != len(layer[1]) for layer in layers) \
            or not len(alev) == len(alo) == len(ahi):
        raise ValueError("a frontier diagram: layer sizes and codes do not match")
    # node numbers: per layer its nodes, then its aux nodes by level (deeper later)
    first = 1 + np.concatenate(([0], np.cumsum(sizes + counts)[:-1]))
    layer_of = np.repeat(np.arange(m), counts)
    astart = np.concatenate(([0], np.cumsum(counts)[:-1]))
    order = np.lexsort((np.arange(len(alev)), alev, layer_of))
    rank = np.empty(len(alev), dtype=np.int64)
    rank[order] = np.arange(len(alev)) - astart[layer_of[order]]
    aux_gid = first[layer_of] + sizes[layer_of] + rank
    below = np.append(levels[1:], len(universe))
    if np.any(alev <= levels[layer_of]) or np.any(alev >= below[layer_of]):
        raise ValueError("a frontier diagram: an aux node's level is not between its layers")
    node_layer = np.repeat(np.arange(m), sizes)
    total = int(first[-1] + sizes[-1] + counts[-1])
    if total > driver.MAX_NODES:
        raise OutOfMemory(f"building a frontier diagram: {total} nodes, more than "
                          f"{driver.MAX_NODES}", universe.manager.budget or None)
    codes = np.empty(2 * total, dtype=driver.CODE)
    codes[0], codes[1] = 1, driver.REJECT_CODE
    mstart = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    gid = first[node_layer] + np.arange(len(lo)) - mstart[node_layer]
    for side, (mine, theirs) in enumerate(((lo, alo), (hi, ahi))):
        codes[2 * gid + side] = _renumber(mine, node_layer, np.full(len(mine), -1), sizes, counts,
                                          first, astart, aux_gid, alev)
        codes[2 * aux_gid + side] = _renumber(theirs, layer_of, alev, sizes, counts, first,
                                              astart, aux_gid, alev)
    start, vlevels = _groups(levels, sizes, counts, first, alev, order, layer_of)
    M = universe.manager
    status, level, h, low, root = driver.reduce(codes, start, vlevels, len(universe), M.ctx,
                                                M.uncounted(codes.nbytes), driver.FIRST_OUTPUT)
    if status == NOMEM:
        raise OutOfMemory(f"building a frontier diagram: reducing {total - 1} nodes",
                          M.budget or None)
    return family_of(universe, level, h, low, root, "building a frontier diagram")


def _renumber(code, layer, own_level, sizes, counts, first, astart, aux_gid, alev):
    """Node numbers for the codes of nodes in ``layer`` (aux nodes: at ``own_level``,
    -1 for main nodes); a code naming nothing valid is a ValueError."""
    m = len(sizes)
    out = code.copy()
    nxt = layer + 1
    down = code >= 0
    room = np.where(nxt < m, sizes[np.minimum(nxt, m - 1)], 0)
    if np.any(down & (code >= room)):
        raise ValueError("a frontier diagram: a child code out of range")
    out[down] = first[np.minimum(nxt, m - 1)][down] + code[down]
    side = code <= -3
    k = -3 - code[side]
    if np.any(k >= counts[layer[side]]):
        raise ValueError("a frontier diagram: an aux code out of range")
    target = astart[layer[side]] + k
    if np.any(alev[target] <= own_level[side]):
        raise ValueError("a frontier diagram: an aux child not below its parent")
    out[side] = aux_gid[target]
    if np.any((code < 0) & (code > -3) & (code != -1) & (code != -2)):
        raise ValueError("a frontier diagram: a bad code")
    return out


def _groups(levels, sizes, counts, first, alev, order, layer_of):
    """(start, universe levels) of the level groups in node-number order: each layer's
    nodes, then its aux nodes level by level."""
    starts, vlevels = [], []
    by_layer = np.split(alev[order], np.cumsum(counts)[:-1]) if len(counts) > 1 else [alev[order]]
    for i in range(len(sizes)):
        starts.append(int(first[i]))
        vlevels.append(int(levels[i]))
        g = int(first[i] + sizes[i])
        lv = by_layer[i]
        if len(lv):
            cut = np.flatnonzero(np.diff(lv)) + 1
            for a, b in zip(np.concatenate(([0], cut)), np.concatenate((cut, [len(lv)]))):
                starts.append(g + int(a))
                vlevels.append(int(lv[a]))
    starts.append(int(first[-1] + sizes[-1] + counts[-1]))
    return np.array(starts, dtype=np.int64), np.array(vlevels, dtype=np.int64)
