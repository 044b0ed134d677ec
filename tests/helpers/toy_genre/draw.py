"""Rooks pictures (the tests' toy genre): text and SVG."""
from __future__ import annotations

from typing import Iterable

from puzzles.common.board import cell_set
from puzzles.common.render import num, svg_document, svg_grid_lines, svg_mark_cell

from .model import Board, Cell

__all__ = ["picture", "marks", "text", "svg"]

CELL = 32


def picture(p: Board, solution: Iterable[Cell] | None, fmt: str) -> str:
    """The board with the rooks ``solution`` (None: none) as ``fmt`` "text" or "svg"."""
    rooks = frozenset() if solution is None else cell_set(p, solution, "rooks drawing")
    return text(p, rooks) if fmt == "text" else svg(p, rooks)


def text(p: Board, rooks: frozenset) -> str:
    """``#`` blocked, ``R`` a rook, ``.`` free, one row a line."""
    return "".join("".join("#" if (r, c) in p.blocked else "R" if (r, c) in rooks else "."
                           for c in range(p.cols)) + "\n" for r in range(p.rows))


def svg(p: Board, rooks: frozenset) -> str:
    """Blocked cells filled, rooks as circles."""
    m = CELL / 2
    body = [f'<rect x="{num(m + c * CELL)}" y="{num(m + r * CELL)}" width="{CELL}" '
            f'height="{CELL}" fill="#333333"/>' for r, c in sorted(p.blocked)]
    body += svg_grid_lines(p.rows, p.cols, CELL, m, m)
    body += [f'<circle cx="{num(m + (c + 0.5) * CELL)}" cy="{num(m + (r + 0.5) * CELL)}" '
             f'r="{num(CELL * 0.3)}" fill="#1a5fb4"/>' for r, c in sorted(rooks)]
    return svg_document(p.cols * CELL + 2 * m, p.rows * CELL + 2 * m, body, "Rooks")


def marks(p: Board, cells: Iterable[Cell]) -> list[str]:
    """SVG marks on the cells where solutions differ."""
    m = CELL / 2
    return [svg_mark_cell(m + c * CELL, m + r * CELL, CELL) for r, c in sorted(cells)]
