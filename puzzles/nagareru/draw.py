"""Text and SVG drawings of Nagareru boards and loops.

``edges`` is a set of line edges (sorted pairs of adjacent cells); ``order``, when
given, is the loop as a directed cell sequence (as returned by
:func:`~puzzles.nagareru.model.orient`): its consecutive cells (and last -> first)
give the travel direction drawn on the edges they join.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from ..common.board import direction_of, edge_set, make_edge
from ..common.render import svg_document, svg_grid_lines, svg_mark_segment
from .model import orient

if TYPE_CHECKING:  # pragma: no cover
    from .model import Board, Cell, Edge

__all__ = ["picture", "marks", "text", "svg", "LINE_COLOUR"]

LINE_COLOUR = "#2e8b57"
#: the travel direction's heads: the loop's own colour, so they read as part of the line
#: and never as the black arrows of the clues
HEAD_COLOUR = LINE_COLOUR
WIND_COLOUR = "#dcecff"
_TEXT_CONNECTOR = {"r": ">", "l": "<", "d": "v", "u": "^"}
# an arrow pointing up in a unit cell centred on (0, 0)
_ARROW_UP = ((0, -0.38), (0.24, -0.1), (0.09, -0.1), (0.09, 0.36), (-0.09, 0.36), (-0.09, -0.1), (-0.24, -0.1))
_HEAD_UP = ((0, -0.16), (0.16, 0.1), (-0.16, 0.1))


def picture(p: Board, solution: Iterable[Edge] | None, fmt: str) -> str:
    """The board and the loop ``solution`` (None: none) as ``fmt`` "text" or "svg", with
    travel arrows when the loop can be oriented (:func:`~puzzles.nagareru.model.orient`)."""
    lines = frozenset() if solution is None else edge_set(p, solution, "nagareru drawing")
    order = orient(p, lines) if lines else None
    return text(p, lines, order) if fmt == "text" else svg(p, lines, order)


def _directions(edges: frozenset[Edge], order: Sequence[Cell] | None) -> dict[Edge, str]:
    """Travel direction of each edge of ``edges`` joined by consecutive cells of ``order``."""
    out: dict[Edge, str] = {}
    if not order:
        return out
    seq = list(order)
    for a, b in zip(seq, seq[1:] + seq[:1]):
        try:
            e = make_edge(a, b)
        except TypeError:
            continue
        if e in edges:
            out[e] = direction_of(a, b)
    return out


def text(p: Board, edges: Iterable[Edge] = frozenset(), order: Sequence[Cell] | None = None) -> str:
    """The board as text: ``.`` empty cell (``+`` when the loop passes it), ``u d l r``
    white arrow cells, ``#`` plain black cells, ``U D L R`` fans; ``-`` / ``|`` join
    cells on the loop, or ``> <`` / ``v ^`` when ``order`` gives the travel direction.
    The 2 x 2 loop, plain and oriented clockwise::

        +-+      +>+
        | |      ^ v
        +-+      +<+
    """
    lines = edge_set(p, edges, "nagareru drawing")
    heading = _directions(lines, order)
    on_loop = {x for e in lines for x in e}
    out = []
    for r in range(p.rows):
        row = []
        for c in range(p.cols):
            t = p.token((r, c))
            row.append("#" if t == "N" else "+" if t == "." and (r, c) in on_loop else t)
            e = ((r, c), (r, c + 1))
            if c + 1 < p.cols:
                row.append(_TEXT_CONNECTOR[heading[e]] if e in heading else "-" if e in lines else " ")
        out.append("".join(row).rstrip())
        if r + 1 < p.rows:
            marks = []
            for c in range(p.cols):
                e = ((r, c), (r + 1, c))
                marks.append(_TEXT_CONNECTOR[heading[e]] if e in heading else "|" if e in lines else " ")
            out.append(" ".join(marks).rstrip())
    return "\n".join(out) + "\n"


def _n(x: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _rotate(points: Sequence[tuple[float, float]], d: str) -> list[tuple[float, float]]:
    """Rotate shapes drawn pointing up so that they point in direction ``d``."""
    turn = {"u": lambda x, y: (x, y), "d": lambda x, y: (-x, -y),
            "r": lambda x, y: (-y, x), "l": lambda x, y: (y, -x)}[d]
    return [turn(x, y) for x, y in points]


def _polygon(points: Sequence[tuple[float, float]], d: str, cx: float, cy: float, size: float,
             fill: str, cls: str, outline: str = "") -> str:
    pts = " ".join(f"{_n(cx + x * size)},{_n(cy + y * size)}" for x, y in _rotate(points, d))
    return f'<polygon class="{cls}" points="{pts}" fill="{fill}"{outline}/>'


def svg(p: Board, edges: Iterable[Edge] = frozenset(), order: Sequence[Cell] | None = None,
        cell: float = 40) -> str:
    """The board as an SVG document: cells with wind tinted light blue, black cells
    filled (``class="black"``, one rect each), fans with a white arrow, white arrow
    cells with a black arrow, the loop as a thick line through the cell centres and,
    when ``order`` is given, an arrowhead on each loop edge showing the travel direction.
    ``cell`` is the side of a cell in pixels."""
    lines = edge_set(p, edges, "nagareru drawing")
    heading = _directions(lines, order)
    margin = cell / 2
    width, height = p.cols * cell + 2 * margin, p.rows * cell + 2 * margin

    def corner(v: Cell) -> tuple[float, float]:
        return margin + v[1] * cell, margin + v[0] * cell

    def centre(v: Cell) -> tuple[float, float]:
        x, y = corner(v)
        return x + cell / 2, y + cell / 2

    body: list[str] = []
    for v in p.winds():
        x, y = corner(v)
        body.append(f'<rect class="wind" x="{_n(x)}" y="{_n(y)}" width="{_n(cell)}" height="{_n(cell)}" '
                    f'fill="{WIND_COLOUR}"/>')
    body.extend(svg_grid_lines(p.rows, p.cols, cell, margin, margin))
    for v in p.black_cells():
        x, y = corner(v)
        body.append(f'<rect class="black" x="{_n(x)}" y="{_n(y)}" width="{_n(cell)}" height="{_n(cell)}" '
                    'fill="#000000"/>')
    if lines:
        parts = []
        for a, b in sorted(lines):
            (xa, ya), (xb, yb) = centre(a), centre(b)
            parts.append(f"M{_n(xa)} {_n(ya)} L{_n(xb)} {_n(yb)}")
        body.append(f'<path class="loop" d="{" ".join(parts)}" fill="none" stroke="{LINE_COLOUR}" '
                    f'stroke-width="{_n(cell * 0.14)}" stroke-linecap="round" stroke-linejoin="round"/>')
    arrows = p.arrows()
    for (a, b), d in sorted(heading.items()):
        if a in arrows or b in arrows:
            continue  # the black arrow on the cell shows the way already
        (xa, ya), (xb, yb) = centre(a), centre(b)
        body.append(_polygon(_HEAD_UP, d, (xa + xb) / 2, (ya + yb) / 2, cell, HEAD_COLOUR,
                             "heading"))
    for v, d in p.fans().items():
        body.append(_polygon(_ARROW_UP, d, *centre(v), cell, "#ffffff", "fan"))
    for v, d in arrows.items():  # on top of the loop, outlined in white: clues, not the loop
        body.append(_polygon(_ARROW_UP, d, *centre(v), cell, "#000000", "arrow",
                             outline=f' stroke="#ffffff" stroke-width="{_n(cell * 0.03)}"'))
    return svg_document(width, height, body, f"Nagareru {p.rows}x{p.cols}")


def marks(p, edges, cell: float = 40) -> list[str]:
    """SVG marks (as :func:`svg` places them) on the edges where solutions differ."""
    margin = cell / 2

    def centre(v):
        return margin + (v[1] + 0.5) * cell, margin + (v[0] + 0.5) * cell

    return [svg_mark_segment(*centre(a), *centre(b), 3) for a, b in sorted(edges)]
