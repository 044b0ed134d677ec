"""SVG pieces shared by every genre's drawings (no dependencies: SVG is written by hand).

:func:`xml_escape`, :func:`num` (coordinates without trailing zeros),
:func:`svg_document`, :func:`svg_grid_lines`, :func:`svg_text` (text placed by
its baseline, so every SVG viewer centres it the same way; librsvg ignores
``dominant-baseline``), and the red dashed marks on the edges or cells where a
puzzle's solutions differ (:func:`svg_mark_segment`, :func:`svg_mark_cell`,
:func:`with_marks`).  Each genre draws its own boards in ``<genre>/draw.py``.
"""
from __future__ import annotations

from typing import Iterable

__all__ = ["xml_escape", "num", "svg_document", "svg_grid_lines", "svg_text", "svg_mark_segment",
           "svg_mark_cell", "with_marks", "DIFFER_COLOUR"]


# ------------------------------------------------------------------ general helpers


def xml_escape(text: object) -> str:
    """``text`` as XML character data or attribute value (``& < > " '`` escaped)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def num(x: float) -> str:
    """A coordinate without a trailing ``.0``."""
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def svg_document(width: float, height: float, body: Iterable[str], title: str | None = None) -> str:
    """A standalone SVG document of the given pixel size around the ``body`` elements."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
            f'viewBox="0 0 {num(width)} {num(height)}">')
    lines = [head]
    if title is not None:
        lines.append(f"  <title>{xml_escape(title)}</title>")
    lines.append(f'  <rect x="0" y="0" width="{num(width)}" height="{num(height)}" fill="white"/>')
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
        out.append(f'<line x1="{num(x0)}" y1="{num(y)}" x2="{num(x0 + w)}" y2="{num(y)}" '
                   f'stroke="{inner}" stroke-width="1"/>')
    for c in range(1, cols):
        x = x0 + c * cell
        out.append(f'<line x1="{num(x)}" y1="{num(y0)}" x2="{num(x)}" y2="{num(y0 + h)}" '
                   f'stroke="{inner}" stroke-width="1"/>')
    out.append(f'<rect x="{num(x0)}" y="{num(y0)}" width="{num(w)}" height="{num(h)}" '
               f'fill="none" stroke="{outer}" stroke-width="2"/>')
    return out


def svg_text(x: float, y: float, text: object, size: float, **attrs: str) -> str:
    """A ``<text>`` element centred on (x, y): anchored in the middle horizontally and
    placed by its baseline (y + 0.35 * size), which every viewer honours."""
    extra = "".join(f' {k.replace("_", "-")}="{xml_escape(v)}"' for k, v in attrs.items())
    return (f'<text x="{num(x)}" y="{num(y + 0.35 * size)}" font-family="sans-serif" '
            f'font-size="{num(size)}" text-anchor="middle"{extra}>{xml_escape(text)}</text>')


# ------------------------------------------------------------------ marking differences

#: the colour of the marks on the edges or cells where solutions differ
DIFFER_COLOUR = "#e01b24"


def svg_mark_segment(x1: float, y1: float, x2: float, y2: float, width: float) -> str:
    """A dashed red line from (x1, y1) to (x2, y2): an edge on which solutions differ."""
    return (f'<line class="differs" x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
            f'stroke="{DIFFER_COLOUR}" stroke-width="{num(width)}" stroke-dasharray="4 3" '
            'stroke-linecap="round"/>')


def svg_mark_cell(x: float, y: float, side: float) -> str:
    """A dashed red square inside the cell whose top-left corner is (x, y): a cell on
    which solutions differ."""
    inset = side * 0.12
    return (f'<rect class="differs" x="{num(x + inset)}" y="{num(y + inset)}" '
            f'width="{num(side - 2 * inset)}" height="{num(side - 2 * inset)}" fill="none" '
            f'stroke="{DIFFER_COLOUR}" stroke-width="3" stroke-dasharray="4 3"/>')


def with_marks(document: str, marks: list[str]) -> str:
    """An SVG document with ``marks`` drawn on top of everything else."""
    if not marks:
        return document
    end = document.rindex("</svg>")
    return document[:end] + "".join("  " + m + "\n" for m in marks) + document[end:]
