"""Drawing a Masyu board and a loop as text or SVG."""
from __future__ import annotations

from ..common.board import edge_set
from ..common.render import num, svg_document, svg_grid_lines, svg_mark_segment

__all__ = ["picture", "text", "svg", "marks", "LINE_COLOUR"]

LINE_COLOUR = "#2e8b57"


def picture(p, solution, fmt: str) -> str:
    """The board with the loop edges ``solution`` (None: none) as ``fmt`` "text" or "svg"."""
    lines = frozenset() if solution is None else edge_set(p, solution, "masyu drawing")
    return text(p, lines) if fmt == "text" else svg(p, lines)


def text(p, lines: frozenset = frozenset()) -> str:
    """The board as text: ``.`` empty cell (``+`` when the loop passes it), ``o`` white
    and ``x`` black pearls, ``-`` and ``|`` joining cells on the loop::

        +-o-+
        |   |
        x---+
    """
    on_loop = {x for e in lines for x in e}
    grid = p.grid()
    out = []
    for r in range(p.rows):
        row = []
        for c in range(p.cols):
            ch = grid[r][c]
            row.append("+" if ch == "." and (r, c) in on_loop else ch)
            if c + 1 < p.cols:
                row.append("-" if ((r, c), (r, c + 1)) in lines else " ")
        out.append("".join(row).rstrip())
        if r + 1 < p.rows:
            out.append(" ".join("|" if ((r, c), (r + 1, c)) in lines else " "
                                for c in range(p.cols)).rstrip())
    return "\n".join(out) + "\n"


def svg(p, lines: frozenset = frozenset(), cell: float = 40) -> str:
    """An SVG drawing: the grid, the loop through the cell centres, the pearls on top
    (``class="white"``: white with a black outline, ``class="black"``: filled)."""
    m = cell / 2

    def centre(v) -> tuple[float, float]:
        return m + (v[1] + 0.5) * cell, m + (v[0] + 0.5) * cell

    body = list(svg_grid_lines(p.rows, p.cols, cell, m, m))
    if lines:
        d = " ".join(f"M{num(centre(a)[0])} {num(centre(a)[1])} L{num(centre(b)[0])} {num(centre(b)[1])}"
                     for a, b in sorted(lines))
        body.append(f'<path class="loop" d="{d}" fill="none" stroke="{LINE_COLOUR}" '
                    f'stroke-width="{num(cell * 0.14)}" stroke-linecap="round" stroke-linejoin="round"/>')
    for v, kind in p.pearls.items():
        x, y = centre(v)
        fill = "#ffffff" if kind == "w" else "#000000"
        body.append(f'<circle class="{"white" if kind == "w" else "black"}" cx="{num(x)}" cy="{num(y)}" '
                    f'r="{num(cell * 0.32)}" fill="{fill}" stroke="#000000" '
                    f'stroke-width="{num(cell * 0.05)}"/>')
    return svg_document(p.cols * cell + 2 * m, p.rows * cell + 2 * m, body, f"Masyu {p.rows}x{p.cols}")


def marks(p, edges, cell: float = 40) -> list[str]:
    """SVG marks (as :func:`svg` places them) on the edges where solutions differ."""
    m = cell / 2

    def centre(v):
        return m + (v[1] + 0.5) * cell, m + (v[0] + 0.5) * cell

    return [svg_mark_segment(*centre(a), *centre(b), 3) for a, b in sorted(edges)]
