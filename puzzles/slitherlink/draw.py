"""Drawing a Slitherlink board and a loop as text or SVG."""

from __future__ import annotations

from ..common.board import edge_set
from ..common.render import svg_document, svg_mark_segment, svg_text

__all__ = ["picture", "text", "svg", "marks"]


def picture(p, solution, fmt: str) -> str:
    """The board with the loop edges ``solution`` (None: none) as ``fmt`` "text" or "svg"."""
    lines = frozenset() if solution is None else edge_set(p, solution, "slitherlink solution")
    return text(p, lines) if fmt == "text" else svg(p, lines)


def text(p, lines: frozenset) -> str:
    """Dots as ``+``, loop edges as ``---`` and ``|``, hints in the cells."""
    out = []
    for r in range(p.rows + 1):
        row = "+"
        for c in range(p.cols):
            row += ("---" if ((r, c), (r, c + 1)) in lines else "   ") + "+"
        out.append(row.rstrip())
        if r == p.rows:
            break
        row = ""
        for c in range(p.cols + 1):
            row += "|" if ((r, c), (r + 1, c)) in lines else " "
            if c < p.cols:
                h = p.hints.get((r, c))
                row += f" {h} " if h is not None else (" ? " if (r, c) in p.unknown_hints else "   ")
        out.append(row.rstrip())
    return "\n".join(out) + "\n"


def svg(p, lines: frozenset, cell: int = 32) -> str:
    """An SVG drawing: dots, hints ("?" clues too), and the loop in thick lines."""
    m = cell // 2
    parts = []
    for (r1, c1), (r2, c2) in sorted(lines):
        parts.append(f'<line x1="{m + c1 * cell}" y1="{m + r1 * cell}" x2="{m + c2 * cell}" '
                     f'y2="{m + r2 * cell}" stroke="#1a5fb4" stroke-width="4" stroke-linecap="round"/>')
    for r in range(p.rows + 1):
        for c in range(p.cols + 1):
            parts.append(f'<circle cx="{m + c * cell}" cy="{m + r * cell}" r="2.5" fill="#000"/>')
    clues = dict(p.hints)
    clues.update({cell_: "?" for cell_ in p.unknown_hints})
    for (r, c), h in clues.items():
        x, y = m + c * cell + cell / 2, m + r * cell + cell / 2
        parts.append(svg_text(x, y, h, cell * 0.6))
    return svg_document(p.cols * cell + 2 * m, p.rows * cell + 2 * m, parts, title="Slitherlink")


def marks(p, edges, cell: int = 32) -> list[str]:
    """SVG marks (as :func:`svg` places them) on the edges where solutions differ."""
    m = cell // 2
    return [svg_mark_segment(m + c1 * cell, m + r1 * cell, m + c2 * cell, m + r2 * cell, 3)
            for (r1, c1), (r2, c2) in sorted(edges)]
