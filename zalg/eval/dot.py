"""A family's ZDD as Graphviz DOT text (``Family.to_dot``, ``zalg info FILE --dot``).

Each decision node is drawn as a circle labelled by the element of its level; its
``hi`` edge (the members that contain the element) is solid, its ``lo`` edge (those
that do not) dashed.  The terminals are boxes: ⊥ is the empty family ∅, ⊤ the family
{∅}.  Nodes of one level share a rank, so the variable order reads top to bottom.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import numpy as np

from ..text import safe

__all__ = ["MAX_DOT_NODES", "dot_text", "check_dot_size"]

#: the most decision nodes a DOT text is written for (Graphviz lays out far fewer)
MAX_DOT_NODES = 100_000


def check_dot_size(nodes: int, limit: int = MAX_DOT_NODES) -> None:
    """ValueError, before any text is made, when ``nodes`` decision nodes exceed ``limit``."""
    if nodes > limit:
        raise ValueError(f"the ZDD has {nodes:,} nodes, more than the {limit:,} a DOT "
                         "diagram is written for (pass a larger limit to draw it anyway)")


def _quoted(text: str) -> str:
    """A DOT string: printable, with backslashes and double quotes escaped."""
    return '"' + safe(text, 80).replace("\\", "\\\\").replace('"', '\\"') + '"'


def dot_text(level: np.ndarray, hi: np.ndarray, lo: np.ndarray, root: int,
             elements: Sequence[Hashable], name: Callable[[Hashable], str] = str) -> str:
    """DOT text of the node arrays of ``Family.node_arrays()`` (ids 0 and 1 the
    terminals ⊥ and ⊤), decision nodes labelled ``name(element of their level)``."""
    n = len(level)
    lines = ["digraph ZDD {", '  node [shape=circle, fontname="Helvetica"];']
    used = {int(root)} | {int(c) for c in hi[2:]} | {int(c) for c in lo[2:]}
    for t, mark in ((0, "⊥"), (1, "⊤")):
        if t in used:
            lines.append(f'  n{t} [shape=box, label="{mark}"];')
    ranks: dict[int, list[int]] = {}
    for i in range(2, n):
        lv = int(level[i])
        ranks.setdefault(lv, []).append(i)
        lines.append(f"  n{i} [label={_quoted(name(elements[lv]))}];")
    for lv in sorted(ranks):
        lines.append("  { rank=same; " + " ".join(f"n{i};" for i in ranks[lv]) + " }")
    for i in range(2, n):
        lines.append(f"  n{i} -> n{int(hi[i])};")
        lines.append(f"  n{i} -> n{int(lo[i])} [style=dashed];")
    lines.append("}")
    return "\n".join(lines) + "\n"
