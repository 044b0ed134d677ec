"""Drawing a Nurimeizu board, a colouring and its S-G route as text or SVG."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from ..common.board import cell_set
from ..common.render import svg_document, svg_grid_lines, svg_mark_cell, xml_escape
from . import model

if TYPE_CHECKING:  # pragma: no cover
    from .model import Board, Cell

__all__ = ["picture", "marks", "text", "svg"]

ROUTE_COLOUR = "#1a5fb4"
BLACK_FILL = "#333333"


def picture(p: "Board", solution: Iterable["Cell"] | None, fmt: str) -> str:
    """The board with the black cells ``solution`` (None: none) and their S-G route as
    ``fmt`` "text" or "svg"."""
    black = frozenset() if solution is None else cell_set(p, solution, "nurimeizu drawing")
    path = None if solution is None else model.route(p, black)
    return text(p, black, path) if fmt == "text" else svg(p, black, path)


def _inputs(p: "Board", black: Iterable["Cell"], route: Sequence["Cell"] | None, what: str):
    """The black cells and the route, each cell checked."""
    path = list(route) if route else []
    cell_set(p, path, what)
    return cell_set(p, black, what), path


def text(p: "Board", black: Iterable["Cell"] = frozenset(), route: Sequence["Cell"] | None = None) -> str:
    """The board as text: ``+`` at every grid point, ``---`` and ``|`` for room walls and
    the frame (blank inside a room), ``###`` for a black cell (``#S#`` for an icon on
    it; ``#`` also between two black cells of a room), the icon letter (``S G o t``)
    in a white cell and ``*`` in a route cell without icon.  The 2 x 3 board of rooms
    ``AAB/CCB`` with S at the top left and G at the bottom right, unsolved and
    with its solution (room C black)::

        +---+---+---+        +---+---+---+
        | S     |   |        | S   * | * |
        +---+---+   +        +---+---+   +
        |       | G |        |#######| G |
        +---+---+---+        +---+---+---+
    """
    blk, path = _inputs(p, black, route, "nurimeizu drawing")
    on_route = set(path)
    walls = set(p.borders())
    out = []
    for r in range(p.rows + 1):
        line = "+"
        for c in range(p.cols):
            wall = r in (0, p.rows) or ((r - 1, c), (r, c)) in walls
            solid = not wall and (r - 1, c) in blk and (r, c) in blk
            line += ("---" if wall else "###" if solid else "   ") + "+"
        out.append(line)
        if r == p.rows:
            break
        line = ""
        for c in range(p.cols + 1):
            wall = c in (0, p.cols) or ((r, c - 1), (r, c)) in walls
            line += "|" if wall else "#" if (r, c - 1) in blk and (r, c) in blk else " "
            if c < p.cols:
                cell, icon = (r, c), p.icons.get((r, c))
                if cell in blk:
                    line += f"#{icon}#" if icon else "###"
                else:
                    line += f" {icon} " if icon else " * " if cell in on_route else "   "
        out.append(line.rstrip())
    return "\n".join(out) + "\n"


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def svg(p: "Board", black: Iterable["Cell"] = frozenset(), route: Sequence["Cell"] | None = None,
        cell: float = 40) -> str:
    """The board as an SVG document: black cells filled, thin grid lines, thick room
    walls and frame, the S-G route as a line through the cell centres, and the icons
    (S and G as letters, a circle, a triangle; white on a black cell)."""
    blk, path = _inputs(p, black, route, "nurimeizu drawing")
    m = cell / 2

    def centre(v: "Cell") -> tuple[float, float]:
        return m + (v[1] + 0.5) * cell, m + (v[0] + 0.5) * cell

    body = [f'<rect x="{_num(m + c * cell)}" y="{_num(m + r * cell)}" width="{_num(cell)}" '
            f'height="{_num(cell)}" fill="{BLACK_FILL}"/>' for r, c in sorted(blk)]
    body += svg_grid_lines(p.rows, p.cols, cell, m, m)
    if path:
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in map(centre, path))
        body.append(f'<polyline points="{points}" fill="none" stroke="{ROUTE_COLOUR}" '
                    f'stroke-width="{_num(cell * 0.15)}" stroke-opacity="0.7" '
                    f'stroke-linecap="round" stroke-linejoin="round"/>')
    for (r1, c1), (r2, c2) in p.borders():
        if r1 == r2:
            x1 = x2 = m + c2 * cell
            y1, y2 = m + r1 * cell, m + (r1 + 1) * cell
        else:
            y1 = y2 = m + r2 * cell
            x1, x2 = m + c1 * cell, m + (c1 + 1) * cell
        body.append(f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" '
                    f'stroke="#000000" stroke-width="3" stroke-linecap="square"/>')
    body.append(f'<rect x="{_num(m)}" y="{_num(m)}" width="{_num(p.cols * cell)}" '
                f'height="{_num(p.rows * cell)}" fill="none" stroke="#000000" stroke-width="3"/>')
    for v, icon in p.icons.items():
        x, y = centre(v)
        colour = "#ffffff" if v in blk else "#000000"
        if icon == "o":
            body.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(cell * 0.3)}" fill="none" '
                        f'stroke="{colour}" stroke-width="2"/>')
        elif icon == "t":
            h, w = cell * 0.26, cell * 0.3
            pts = f"{_num(x)},{_num(y - h)} {_num(x - w)},{_num(y + h)} {_num(x + w)},{_num(y + h)}"
            body.append(f'<polygon points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
        else:
            size = cell * 0.6
            body.append(f'<text x="{_num(x)}" y="{_num(y + 0.35 * size)}" font-family="sans-serif" '
                        f'font-size="{_num(size)}" font-weight="bold" text-anchor="middle" '
                        f'fill="{colour}">{xml_escape(icon)}</text>')
    return svg_document(p.cols * cell + 2 * m, p.rows * cell + 2 * m, body, f"Nurimeizu {p.rows}x{p.cols}")


def marks(p, cells, cell: float = 40) -> list[str]:
    """SVG marks (as :func:`svg` places them) on the cells where solutions differ."""
    m = cell / 2
    return [svg_mark_cell(m + c * cell, m + r * cell, cell) for r, c in sorted(cells)]
