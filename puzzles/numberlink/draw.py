"""Drawing a Numberlink board and its paths as text or SVG.

Geometry is that of the board model: cells ``(row, col)``, an edge is a sorted
pair of adjacent cells; a line edge joins two cell centres.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from ..common.board import edge_components, edge_set
from ..common.render import num, svg_document, svg_grid_lines, svg_mark_segment, svg_text

if TYPE_CHECKING:  # pragma: no cover
    from .model import Board, Edge

__all__ = ["picture", "marks", "text", "svg", "colours"]

#: Colour of a line that touches no label (only in drawings of wrong answers).
UNLABELLED = "#888888"
#: the radius of a label's circle, in cells
CIRCLE = 0.36


def picture(p: "Board", solution: Iterable["Edge"] | None, fmt: str) -> str:
    """The board with the paths ``solution`` (None: none) as ``fmt`` "text" or "svg"."""
    return text(p, solution) if fmt == "text" else svg(p, solution)


def _lines(p: "Board", solution: Iterable["Edge"] | None) -> frozenset:
    return frozenset() if solution is None else edge_set(p, solution, "numberlink drawing")


def text(p: "Board", solution: Iterable["Edge"] | None = None) -> str:
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


#: the hues (degrees) no path gets: reds, the colour of the marks where solutions differ
RED_HUES = 60


def colours(labels: Sequence) -> dict:
    """A colour per label (in the order given), all different: hues spread by the
    golden angle over the circle without its reds (:data:`RED_HUES` degrees around
    0, kept for the marks where solutions differ), so any number of labels gets
    distinct colours, and neighbours in label order far apart; the first is blue."""
    out = {}
    span = 360 - RED_HUES
    for i, label in enumerate(labels):
        hue = RED_HUES / 2 + (200 + i * 137.508) % span
        light = 38 + 12 * (i % 3)
        out[label] = f"hsl({hue:.1f}, 75%, {light}%)"
    return out


def svg(p: "Board", solution: Iterable["Edge"] | None = None, cell: float = 40,
        palette: Mapping | None = None) -> str:
    """The board as an SVG document: grid lines, each line piece drawn through the
    cell centres in the colour of the label it touches (grey if none), and the
    labels in circles on top.  ``cell`` is the side of a cell in pixels."""
    lines = _lines(p, solution)
    clues = p.clues
    colour_of = dict(palette) if palette is not None else colours(p.labels())
    margin = cell / 2
    width, height = p.cols * cell + 2 * margin, p.rows * cell + 2 * margin

    def centre(v):
        r, c = v
        return margin + (c + 0.5) * cell, margin + (r + 0.5) * cell

    body = svg_grid_lines(p.rows, p.cols, cell, margin, margin)
    for verts, es in edge_components(lines):
        labels = {clues[v] for v in verts if v in clues}
        colour = colour_of.get(next(iter(labels)), UNLABELLED) if len(labels) == 1 else UNLABELLED
        d = " ".join(f"M{num(centre(a)[0])} {num(centre(a)[1])} L{num(centre(b)[0])} {num(centre(b)[1])}"
                     for a, b in es)
        body.append(f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{num(cell / 4)}" '
                    f'stroke-linecap="round" stroke-linejoin="round"/>')
    for v, label in clues.items():
        x, y = centre(v)
        shown = str(label)
        size = cell * min(0.5, 0.8 / len(shown))
        body.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(cell * CIRCLE)}" fill="white" '
                    f'stroke="{colour_of.get(label, UNLABELLED)}" stroke-width="2"/>')
        body.append(svg_text(x, y, shown, size))
    title = f"Numberlink {p.rows}x{p.cols}"
    return svg_document(width, height, body, title)


def marks(p, edges, cell: float = 40) -> list[str]:
    """SVG marks (as :func:`svg` places them) on the edges where solutions differ; a mark
    stops at the circle of a label, which it never crosses."""
    margin = cell / 2
    stop = cell * CIRCLE + 3  # the circle's radius, its stroke, and a gap

    def end(v, towards):
        x, y = margin + (v[1] + 0.5) * cell, margin + (v[0] + 0.5) * cell
        if v not in p.clues:
            return x, y
        return x + (towards[1] - v[1]) * stop, y + (towards[0] - v[0]) * stop

    return [svg_mark_segment(*end(a, b), *end(b, a), 3) for a, b in sorted(edges)]
