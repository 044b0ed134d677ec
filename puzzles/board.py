"""Grid-board helpers shared by the genre modules: points, edges, messages."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .errors import PuzzleFormatError

__all__ = ["make_edge", "is_int", "pos", "edge_set", "is_line", "components"]

_INT_RE = re.compile(r"-?[0-9]+")


def make_edge(a: tuple[int, int], b: tuple[int, int]) -> tuple:
    """The edge between two grid points (dots or cells) as a sorted tuple (adjacency is not checked)."""
    return (a, b) if a <= b else (b, a)


def is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def pos(cell: tuple[int, int]) -> str:
    return f"row {cell[0]}, col {cell[1]}"


def edge_set(p, edges: Iterable, what: str) -> frozenset:
    """The edges as sorted pairs, each checked to be an edge of board p."""
    out = set()
    for e in edges:
        try:
            norm = make_edge(*e)
        except TypeError:
            norm = e
        if not p.is_edge(norm):
            raise PuzzleFormatError(f"{what}: {e!r} is not an edge of the {p.rows}x{p.cols} board")
        out.add(norm)
    return frozenset(out)


def is_line(item: str, what: str) -> bool:
    """A pzprv3 edge item: 1 is a line; any other integer is no line."""
    if not _INT_RE.fullmatch(item):
        raise PuzzleFormatError(f"{what}: unknown edge item {item!r} (expected an integer such as 1, 0, -1)")
    return int(item) == 1


def components(adj) -> list[frozenset]:
    """Vertex sets of the connected pieces of a graph given as adjacency lists,
    ordered by their least vertex."""
    seen: set = set()
    comps = []
    for start in sorted(adj):
        if start in seen:
            continue
        stack, comp = [start], {start}
        while stack:
            for nxt in adj[stack.pop()]:
                if nxt not in comp:
                    comp.add(nxt)
                    stack.append(nxt)
        seen |= comp
        comps.append(frozenset(comp))
    return comps
