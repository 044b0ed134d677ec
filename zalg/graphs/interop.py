"""Families to and from Graphillion (``setset``, ``GraphSet``).  Graphillion is optional
(``pip install 'zalg[interop]'``); it is imported only when these functions are
called.  (A member as a networkx graph: ``Graph.to_networkx``.)

A family crosses over as its ZDD, node arrays to Graphillion's text dump and back
(no member is enumerated).  The ZDD is the same diagram on both sides only when
the two libraries order the elements alike: zalg's order is the universe's,
Graphillion's is ``setset.universe()`` (``GraphSet.universe()``, which its
``set_universe`` reorders unless ``traversal="as-is"``).  :func:`graphillion_universe`
sets Graphillion's universe from a zalg universe or graph; a family whose elements
Graphillion orders differently is refused with a ValueError that says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .graph import Graph
from ..algebra.universe import Universe

if TYPE_CHECKING:
    import graphillion

    from ..algebra.family import Family

__all__ = ["graphillion_universe", "to_setset", "from_setset", "to_graphset", "from_graphset"]


def _graphillion():
    try:
        import graphillion
    except ImportError:
        raise ImportError("this needs Graphillion: pip install 'zalg[interop]'") from None
    return graphillion


def graphillion_universe(source: Universe | Graph) -> None:
    """Make Graphillion's universe that of ``source``, in the same order: a Graph sets
    ``GraphSet``'s (its edges, ``traversal="as-is"``), a Universe sets ``setset``'s."""
    gl = _graphillion()
    if hasattr(source, "edges") and hasattr(source, "universe"):
        gl.GraphSet.set_universe(list(source.edges), traversal="as-is")
    else:
        gl.setset.set_universe(list(source.elements))


def _edge_key(x) -> Any:
    """An edge without its weight, as an unordered pair (Graphillion may store (v, u, w))."""
    if isinstance(x, tuple) and len(x) in (2, 3):
        return frozenset(x[:2])
    return x


def _dump_text(family: Family, var_of: dict) -> str:
    """Graphillion's dump of the family: lines ``id var lo hi`` children first, B and T
    the terminals, ``.`` at the end; ``var_of`` maps a zalg level to its variable."""
    level, hi, lo, root = family.node_arrays()
    if root < 2:
        return ("T" if root == 1 else "B") + "\n.\n"
    n = len(level)
    levels = level[2:]
    lut = np.zeros(len(family.universe) + 1, dtype=np.int64)
    for lev, var in var_of.items():
        lut[lev] = var
    table = np.stack([np.arange(2, n), lut[levels], lo[2:], hi[2:]], axis=1).astype(str)
    for col, ids in ((2, lo[2:]), (3, hi[2:])):
        table[ids == 0, col] = "B"
        table[ids == 1, col] = "T"
    return "\n".join(map(" ".join, table.tolist())) + "\n.\n"


def _keeps_order(mapping: dict) -> bool:
    """Whether ``mapping`` (one library's positions -> the other's) is increasing."""
    keys = sorted(mapping)
    return all(mapping[a] < mapping[b] for a, b in zip(keys, keys[1:]))


def to_setset(family: Family) -> graphillion.setset:
    """The family as a Graphillion ``setset`` (whose universe must hold every element of
    the family's support, in the same relative order)."""
    gl = _graphillion()
    ours = {x: i + 1 for i, x in enumerate(gl.setset.universe())}
    return gl.setset.loads(_dump_text(family, _vars(family, ours, lambda x: x, "setset")))


def to_graphset(family: Family) -> graphillion.GraphSet:
    """The family of edge sets as a Graphillion ``GraphSet`` (its universe must hold the
    edges of the family's support in the same relative order)."""
    gl = _graphillion()
    ours = {_edge_key(x): i + 1 for i, x in enumerate(gl.GraphSet.universe())}
    text = _dump_text(family, _vars(family, ours, _edge_key, "GraphSet"))
    return gl.GraphSet.loads(text)


def _vars(family: Family, var_of_key: dict, key, what: str) -> dict:
    """{zalg level: Graphillion variable} for the levels the family uses."""
    level = family.node_arrays()[0][2:]
    els = family.universe.elements
    out = {}
    for lev in np.unique(level).tolist():
        k = key(els[lev])
        if k not in var_of_key:
            raise ValueError(f"Graphillion's {what} universe lacks the element {els[lev]!r}")
        out[lev] = var_of_key[k]
    if not _keeps_order(out):
        raise ValueError(f"Graphillion's {what} universe orders the family's elements "
                         "differently from its zalg universe; call "
                         "zalg.graphs.interop.graphillion_universe(...) first")
    return out


def _from_dump(text: str, elements: list, universe: Universe, key, what: str) -> Family:
    """A family of ``universe`` from Graphillion's dump whose variable i names
    ``elements[i - 1]``."""
    tokens = np.array(text.split())
    if tokens.size and tokens[-1] == ".":
        tokens = tokens[:-1]
    if tokens.size == 1 and tokens[0] in ("B", "T"):
        return universe.unit if tokens[0] == "T" else universe.empty
    if tokens.size == 0 or tokens.size % 4:
        raise ValueError(f"unexpected Graphillion dump of a {what}")
    rows = tokens.reshape(-1, 4)
    ids = rows[:, 0].astype(np.int64)
    by_id = np.argsort(ids)

    def index_of(column):  # Graphillion's node ids -> ours (2, 3, ...), B -> 0, T -> 1
        out = np.zeros(len(column), dtype=np.int64)
        out[column == "T"] = 1
        inner = (column != "B") & (column != "T")
        keys = column[inner].astype(np.int64)
        at = by_id[np.searchsorted(ids, keys, sorter=by_id)]
        out[inner] = at + 2
        return out

    lo = np.concatenate([[0, 0], index_of(rows[:, 2])])
    hi = np.concatenate([[0, 0], index_of(rows[:, 3])])
    vars_ = rows[:, 1].astype(np.int64)
    mine = {key(x): universe.level(x) for x in universe.elements}
    lut = {}
    for v in np.unique(vars_).tolist():
        k = key(elements[v - 1])
        if k not in mine:
            raise ValueError(f"the zalg universe lacks the element {elements[v - 1]!r} of the {what}")
        lut[v] = mine[k]
    if not _keeps_order(lut):
        raise ValueError(f"the zalg universe orders the {what}'s elements differently from "
                         "Graphillion; build it in Graphillion's order")
    level_of = np.zeros(max(lut) + 1, dtype=np.int64)
    level_of[list(lut)] = list(lut.values())
    level = np.concatenate([[len(universe)] * 2, level_of[vars_]])
    return universe.build_arrays(level, hi, lo, len(level) - 1, f"a Graphillion {what}")


def from_setset(ss, universe: Universe | None = None) -> Family:
    """A Graphillion ``setset`` as a family of ``universe`` (default: a new universe of
    Graphillion's elements, in its order)."""
    gl = _graphillion()
    elements = list(gl.setset.universe())
    if universe is None:
        universe = Universe(elements)
    return _from_dump(ss.dumps(), elements, universe, lambda x: x, "setset")


def from_graphset(gs, universe: Universe | Graph | None = None) -> Family:
    """A Graphillion ``GraphSet`` as a family of edge sets of ``universe`` (a zalg Graph
    or its universe; default: a new universe of Graphillion's edges in its order)."""
    gl = _graphillion()
    edges = [tuple(e[:2]) for e in gl.GraphSet.universe()]
    if universe is None:
        universe = Graph(edges, order="as-is").universe
    elif hasattr(universe, "universe") and hasattr(universe, "edges"):
        universe = universe.universe
    return _from_dump(gs.dumps(), edges, universe, _edge_key, "GraphSet")
