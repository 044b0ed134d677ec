"""The content of a saved family, whatever the file format: the elements and the node
arrays, and the one check every loaded array goes through (vectorised numpy).

Node ids 0 and 1 are the terminals ∅ and {∅} (level = number of elements, no
children); node i >= 2 has ``level[i]`` (an index into the elements) and the ids
``hi[i]``, ``lo[i]`` of its then- and else-child, both below i (so the diagram has
no cycle).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

import numpy as np

__all__ = ["Stored", "check", "narrow", "FORMAT"]

#: The format tag both file formats carry.
FORMAT = "zalg-family"


class Stored(NamedTuple):
    """A saved family as read back: ``source`` names where it came from (for messages)."""

    elements: list[Hashable]
    level: np.ndarray
    hi: np.ndarray
    lo: np.ndarray
    root: int
    source: str


def narrow(a: np.ndarray, largest: int) -> np.ndarray:
    """``a`` (values 0..largest) as the smallest signed integer dtype that holds them."""
    for dtype in (np.int8, np.int16, np.int32):
        if largest <= np.iinfo(dtype).max:
            return a.astype(dtype)
    return a.astype(np.int64)


def _first(bad: np.ndarray) -> int | None:
    """The node id of the first True in a mask over nodes 2..n-1 (None if none)."""
    at = np.flatnonzero(bad)
    return int(at[0]) + 2 if len(at) else None


def check(level: np.ndarray, hi: np.ndarray, lo: np.ndarray, root: int,
          n_elements: int) -> None:
    """Raise ValueError naming the first problem unless the int64 arrays describe a
    zero-suppressed diagram over ``n_elements`` levels (see the module docstring).
    Whole-array comparisons only: no Python step per node."""
    n = len(level)
    if level.ndim != 1 or hi.shape != level.shape or lo.shape != level.shape:
        raise ValueError("node arrays of different shapes")
    if n < 2:
        raise ValueError("fewer than the two terminal nodes")
    if (level[:2] != n_elements).any() or hi[:2].any() or lo[:2].any():
        raise ValueError("terminal nodes must have level = number of elements and no children")
    if not 0 <= root < n:
        raise ValueError(f"root {root} is not a node")
    lev, h, lw = level[2:], hi[2:], lo[2:]
    bad = _first((lev < 0) | (lev >= n_elements))
    if bad is not None:
        raise ValueError(f"node {bad} has level {level[bad]} outside 0..{n_elements - 1}")
    bad = _first(h == 0)
    if bad is not None:
        raise ValueError(f"node {bad} has an empty then-child (not zero-suppressed)")
    ids = np.arange(2, n)
    bad = _first((h < 0) | (h >= ids) | (lw < 0) | (lw >= ids))
    if bad is not None:
        raise ValueError(f"node {bad} points to a child that is not below it")
    bad = _first((level[h] <= lev) | (level[lw] <= lev))
    if bad is not None:
        raise ValueError(f"node {bad} is not above its children")
