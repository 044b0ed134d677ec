"""Drawing a Yajilin board and an answer (loop and shaded cells) as text or SVG."""
from __future__ import annotations

from ..common.render import num, svg_document, svg_grid_lines, svg_mark_cell, svg_mark_segment, svg_text
from .model import split_answer

__all__ = ["picture", "text", "svg", "marks", "LINE_COLOUR"]

LINE_COLOUR = "#2e8b57"
_ARROW_GLYPH = {"u": "↑", "d": "↓", "l": "←", "r": "→"}


def picture(p, solution, fmt: str) -> str:
    """The board with an answer ``solution`` (``{"edges", "shaded"}`` or one set; None:
    none) as ``fmt`` "text" or "svg"."""
    edges, shaded = (frozenset(), frozenset()) if solution is None else split_answer(p, solution)
    return text(p, edges, shaded) if fmt == "text" else svg(p, edges, shaded)


def text(p, lines: frozenset = frozenset(), shaded: frozenset = frozenset()) -> str:
    """The board as text, every cell a token padded to one width: ``.`` empty (``+`` on
    the loop, ``#`` shaded), the clues as ``^2 v0 <1 >3`` (``?`` blank); ``-`` and ``|``
    join cells on the loop::

        +---+ ^1
        |   |
        +-+ # .
    """
    on_loop = {x for e in lines for x in e}
    tokens = [[("#" if (r, c) in shaded else "+" if (r, c) in on_loop else p.token((r, c)))
               for c in range(p.cols)] for r in range(p.rows)]
    w = max(len(t) for row in tokens for t in row)
    out = []
    for r in range(p.rows):
        row = []
        for c in range(p.cols):
            joined = c + 1 < p.cols and ((r, c), (r, c + 1)) in lines
            fill = "-" if joined else " "
            row.append(tokens[r][c].ljust(w, fill) + (fill if c + 1 < p.cols else ""))
        out.append("".join(row).rstrip())
        if r + 1 < p.rows:
            out.append("".join(("|" if ((r, c), (r + 1, c)) in lines else " ").ljust(w + 1)
                               for c in range(p.cols)).rstrip())
    return "\n".join(out) + "\n"


def svg(p, lines: frozenset = frozenset(), shaded: frozenset = frozenset(), cell: float = 40) -> str:
    """An SVG drawing: the grid, shaded cells (``class="shaded"``), clue cells
    (``class="clue"``: the number and its arrow, a grey square when blank), the loop
    through the cell centres (``class="loop"``)."""
    m = cell / 2

    def centre(v) -> tuple[float, float]:
        return m + (v[1] + 0.5) * cell, m + (v[0] + 0.5) * cell

    body = list(svg_grid_lines(p.rows, p.cols, cell, m, m))
    for r, c in sorted(shaded):
        body.append(f'<rect class="shaded" x="{num(m + c * cell)}" y="{num(m + r * cell)}" '
                    f'width="{num(cell)}" height="{num(cell)}" fill="#000000"/>')
    for v, (d, n) in p.clues.items():
        x, y = centre(v)
        if n is None:
            body.append(f'<rect class="clue" x="{num(x - cell / 2)}" y="{num(y - cell / 2)}" '
                        f'width="{num(cell)}" height="{num(cell)}" fill="#b0b0b0"/>')
            if d:
                body.append(svg_text(x, y, _ARROW_GLYPH[d], cell * 0.5, **{"class": "clue"}))
            continue
        label = (_ARROW_GLYPH[d] if d else "") + str(n)
        body.append(svg_text(x, y, label, cell * (0.45 if len(label) <= 2 else 0.32), **{"class": "clue"}))
    if lines:
        d = " ".join(f"M{num(centre(a)[0])} {num(centre(a)[1])} L{num(centre(b)[0])} {num(centre(b)[1])}"
                     for a, b in sorted(lines))
        body.append(f'<path class="loop" d="{d}" fill="none" stroke="{LINE_COLOUR}" '
                    f'stroke-width="{num(cell * 0.14)}" stroke-linecap="round" stroke-linejoin="round"/>')
    return svg_document(p.cols * cell + 2 * m, p.rows * cell + 2 * m, body, f"Yajilin {p.rows}x{p.cols}")


def marks(p, units, cell: float = 40) -> list[str]:
    """SVG marks (as :func:`svg` places them) on the edges and cells where solutions differ."""
    m = cell / 2

    def centre(v):
        return m + (v[1] + 0.5) * cell, m + (v[0] + 0.5) * cell

    out = []
    for u in sorted(units):
        if isinstance(u[0], tuple):
            out.append(svg_mark_segment(*centre(u[0]), *centre(u[1]), 3))
        else:
            out.append(svg_mark_cell(m + u[1] * cell, m + u[0] * cell, cell))
    return out
