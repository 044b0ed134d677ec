"""Plain-text and SVG drawings of puzzle boards (no dependencies: SVG is written by hand).

General helpers (usable by any genre): :func:`xml_escape`, :func:`svg_document`,
:func:`svg_grid_lines`, :func:`components`.  Numberlink: :func:`numberlink_text`
and :func:`numberlink_svg`, also reachable as ``Puzzle.render``.

Geometry is that of the board models: cells ``(row, col)``, an edge is a sorted
pair of adjacent cells.  A line edge of a Numberlink drawing joins two cell centres.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from .numberlink import Edge, Puzzle

__all__ = ["xml_escape", "svg_document", "svg_grid_lines", "components", "PALETTE",
           "numberlink_text", "numberlink_svg"]

#: Path colours, one per label in label order (repeats after 12 labels).
PALETTE = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4",
           "#f032e6", "#9a6324", "#808000", "#469990", "#000075", "#bfef45")
#: Colour of a line that touches no label (only in drawings of wrong answers).
UNLABELLED = "#888888"


# ------------------------------------------------------------------ general helpers


def xml_escape(text: object) -> str:
    """``text`` as XML character data or attribute value (``& < > " '`` escaped)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def _num(x: float) -> str:
    """A coordinate without a trailing ``.0``."""
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def svg_document(width: float, height: float, body: Iterable[str], title: str | None = None) -> str:
    """A standalone SVG document of the given pixel size around the ``body`` elements."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
            f'viewBox="0 0 {_num(width)} {_num(height)}">')
    lines = [head]
    if title is not None:
        lines.append(f"  <title>{xml_escape(title)}</title>")
    lines.append(f'  <rect x="0" y="0" width="{_num(width)}" height="{_num(height)}" fill="white"/>')
    lines.extend("  " + element for element in body)
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def svg_grid_lines(rows: int, cols: int, cell: float, x0: float, y0: float,
                   inner: str = "#bbbbbb", outer: str = "#000000") -> list[str]:
    """Lines between the ``rows`` x ``cols`` cells of side ``cell`` whose top-left
    corner is at ``(x0, y0)``; thin ``inner`` lines and a thicker ``outer`` frame."""
    w, h = cols * cell, rows * cell
    out = []
    for r in range(1, rows):
        y = y0 + r * cell
        out.append(f'<line x1="{_num(x0)}" y1="{_num(y)}" x2="{_num(x0 + w)}" y2="{_num(y)}" '
                   f'stroke="{inner}" stroke-width="1"/>')
    for c in range(1, cols):
        x = x0 + c * cell
        out.append(f'<line x1="{_num(x)}" y1="{_num(y0)}" x2="{_num(x)}" y2="{_num(y0 + h)}" '
                   f'stroke="{inner}" stroke-width="1"/>')
    out.append(f'<rect x="{_num(x0)}" y="{_num(y0)}" width="{_num(w)}" height="{_num(h)}" '
               f'fill="none" stroke="{outer}" stroke-width="2"/>')
    return out


def components(edges: Iterable[tuple]) -> list[tuple[frozenset, list[tuple]]]:
    """Connected pieces of an edge set: ``(vertices, sorted edges)``, ordered by
    their smallest vertex."""
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, []).append((a, b))
        adj.setdefault(b, []).append((a, b))
    seen: set = set()
    out = []
    for start in sorted(adj):
        if start in seen:
            continue
        stack, verts, es = [start], {start}, set()
        while stack:
            for e in adj[stack.pop()]:
                es.add(e)
                for x in e:
                    if x not in verts:
                        verts.add(x)
                        stack.append(x)
        seen |= verts
        out.append((frozenset(verts), sorted(es)))
    return out


# ------------------------------------------------------------------------ numberlink


def _lines(p: "Puzzle", solution: Iterable["Edge"] | None) -> frozenset:
    from .numberlink import _edge_set
    return frozenset() if solution is None else _edge_set(p, solution, "numberlink drawing")


def numberlink_text(p: "Puzzle", solution: Iterable["Edge"] | None = None) -> str:
    """The board as text: labels in their cells, ``.`` for an empty cell, ``+`` for
    an empty cell on a line, ``-`` and ``|`` for the line edges.  Every cell is as
    wide as the longest label (short ones centred); one column or one text line
    separates neighbouring cells.  The 2 x 3 board ``1.2/1.2`` without and with
    its solution, and the 1 x 3 board ``1.1`` solved::

        1 . 2        1 . 2        1-+-1
                     |   |
        1 . 2        1 . 2
    """
    lines = _lines(p, solution)
    clues = p.clues
    width = max([1] + [len(str(v)) for v in clues.values()])
    mid = (width - 1) // 2
    on_line = {x for e in lines for x in e}
    out = []
    for r in range(p.rows):
        row = []
        for c in range(p.cols):
            cell = (r, c)
            text = str(clues[cell]) if cell in clues else "+" if cell in on_line else "."
            left = min(max(0, mid - (len(text) - 1) // 2), width - len(text))
            right = width - left - len(text)
            left_edge = c > 0 and ((r, c - 1), cell) in lines
            right_edge = c + 1 < p.cols and (cell, (r, c + 1)) in lines
            row.append(("-" if left_edge else " ") * left + text + ("-" if right_edge else " ") * right)
            if c + 1 < p.cols:
                row.append("-" if right_edge else " ")
        out.append("".join(row).rstrip())
        if r + 1 < p.rows:
            below = ["|" if ((r, c), (r + 1, c)) in lines else " " for c in range(p.cols)]
            out.append(" ".join(" " * mid + mark + " " * (width - mid - 1) for mark in below).rstrip())
    return "\n".join(out) + "\n"


def _label_colours(labels: Sequence) -> dict:
    from .numberlink import _sorted_labels
    return {label: PALETTE[i % len(PALETTE)] for i, label in enumerate(_sorted_labels(labels))}


def numberlink_svg(p: "Puzzle", solution: Iterable["Edge"] | None = None, cell: float = 40,
                   colours: Mapping | None = None) -> str:
    """The board as an SVG document: grid lines, each line piece drawn through the
    cell centres in the colour of the label it touches (grey if none), and the
    labels in circles on top.  ``cell`` is the side of a cell in pixels."""
    lines = _lines(p, solution)
    clues = p.clues
    colour_of = dict(colours) if colours is not None else _label_colours(list(p.pairs))
    margin = cell / 2
    width, height = p.cols * cell + 2 * margin, p.rows * cell + 2 * margin

    def centre(v):
        r, c = v
        return margin + (c + 0.5) * cell, margin + (r + 0.5) * cell

    body = svg_grid_lines(p.rows, p.cols, cell, margin, margin)
    for verts, es in components(lines):
        labels = {clues[v] for v in verts if v in clues}
        colour = colour_of.get(next(iter(labels)), UNLABELLED) if len(labels) == 1 else UNLABELLED
        d = " ".join(f"M{_num(centre(a)[0])} {_num(centre(a)[1])} L{_num(centre(b)[0])} {_num(centre(b)[1])}"
                     for a, b in es)
        body.append(f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_num(cell / 4)}" '
                    f'stroke-linecap="round" stroke-linejoin="round"/>')
    for v, label in clues.items():
        x, y = centre(v)
        text = str(label)
        size = cell * min(0.5, 0.8 / len(text))
        body.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(cell * 0.36)}" fill="white" '
                    f'stroke="{colour_of.get(label, UNLABELLED)}" stroke-width="2"/>')
        body.append(f'<text x="{_num(x)}" y="{_num(y)}" font-family="sans-serif" font-size="{_num(size)}" '
                    f'text-anchor="middle" dominant-baseline="central">{xml_escape(text)}</text>')
    title = f"Numberlink {p.rows}x{p.cols}"
    return svg_document(width, height, body, title)
