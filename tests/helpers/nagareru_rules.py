"""Nagareru's rules formulated a second time, independently of ``check_solution``
(written from the Nikoli rule text: :func:`natural_ok`), the hand-made boards whose
solution counts are worked out in their comments, and the pzprjs test board."""
from __future__ import annotations

from puzzles.nagareru import Puzzle
from tests.helpers import pzprjs_data

__all__ = ["STEP", "BACK", "natural_winds", "natural_direction_ok", "natural_ok", "cycle_order",
           "HAND_BOARDS", "board", "load"]


def load() -> dict:
    """The pzprjs test board of Nagareru (a skip naming the path when absent)."""
    return pzprjs_data.load("nagare")


def board(text: str) -> Puzzle:
    return Puzzle.from_text(text)


STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
BACK = {"u": "d", "d": "u", "l": "r", "r": "l"}


def natural_winds(p: Puzzle) -> dict:
    """Per white cell, the winds on it: for each direction w, look upwind past white
    cells; the wind blows if the first black cell met is a fan pointing w."""
    out = {}
    for r in range(p.rows):
        for c in range(p.cols):
            if p.token((r, c)) in "NUDLR":
                continue
            ws = set()
            for w, (dr, dc) in STEP.items():
                rr, cc = r - dr, c - dc
                while 0 <= rr < p.rows and 0 <= cc < p.cols and p.token((rr, cc)) not in "NUDLR":
                    rr, cc = rr - dr, cc - dc
                if 0 <= rr < p.rows and 0 <= cc < p.cols and p.token((rr, cc)) == w.upper():
                    ws.add(w)
            out[(r, c)] = ws
    return out


def _dir(a, b) -> str:
    return next(d for d, s in STEP.items() if (a[0] + s[0], a[1] + s[1]) == b)


def natural_direction_ok(p: Puzzle, order: list) -> bool:
    """The Nikoli rules on a simple cycle of white cells travelled in ``order``: every
    white arrow is visited and passed straight along it; in wind the loop never moves
    against the wind, turns downwind at once when it enters the wind from the side,
    and uses no cell blown on by two opposite fans."""
    winds = natural_winds(p)
    arrows = {cell: t for cell, t in p.cells.items() if t in "udlr"}
    if not set(arrows) <= set(order):
        return False
    n = len(order)
    for i, x in enumerate(order):
        din, dout = _dir(order[i - 1], x), _dir(x, order[(i + 1) % n])
        if x in arrows and not din == dout == arrows[x]:
            return False
        for w in winds[x]:
            if BACK[w] in winds[x] or BACK[w] in (din, dout):
                return False
            if din not in (w, BACK[w]) and dout != w:
                return False
    return True


def natural_ok(p: Puzzle, order: list) -> bool:
    """Some direction of travel of the cycle satisfies the rules."""
    return natural_direction_ok(p, order) or natural_direction_ok(p, order[::-1])


def cycle_order(edges) -> list:
    """The cells of a cycle (edge set) in one travel order."""
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    start = min(adj)
    order, prev, cur = [start], None, start
    while True:
        nxt = [x for x in adj[cur] if x != prev][0]
        if nxt == start:
            return order
        prev, cur = cur, nxt
        order.append(cur)


# The 3 x 3 grid graph has 13 cycles: the outlines of the face sets of its 2 x 2
# faces f00 f01 / f10 f11 that are 4 single faces, 4 dominoes, 4 L-trominoes, all 4.
HAND_BOARDS = [
    # the single cycle turns at (0,0), so the arrow is not passed straight
    ("r.\n..", 0),
    # cycles through (0,1) straight along the top row: outlines of {f00,f01},
    # {f00,f01,f10}, {f00,f01,f11}, all four; each travelled clockwise
    (".r.\n...\n...", 4),
    # every cycle but the outer ring has the centre as a corner
    ("...\n.N.\n...", 1),
    # fan at (0,1) blows down on (1,1), (2,1). Cycles avoiding (0,1) use neither f00
    # nor f01: f10 and f11 turn at (1,1)/(2,1) moving down (fine), {f10,f11}
    # crosses (1,1) straight -> 2
    (".D.\n...\n...", 2),
    # the 4 cycles of ".r." travelled clockwise; (2,0) is black: {f00,f01} stays,
    # {f00,f01,f11} runs (2,2)->(2,1) against the wind, the other two use (2,0) -> 1
    (".r.\n...\nR..", 1),
    # as above with the wind blowing left from (2,2): {f00,f01}, and {f00,f01,f10}
    # whose bottom runs (2,1)->(2,0) with the wind, entering (2,1) from above and
    # turning downwind -> 2
    (".r.\n...\n..L", 2),
    # the arrow at (1,0) points against the wind from (0,0): no solution
    ("D..\nu..\n...", 0),
    # 4 x 3 boards: with black (0,1) and (2,1) only the outline of rows 1-3 remains
    (".N.\n...\n.N.\n...", 1),
    # ... and it is lost when (1,1) is blown on by two opposite fans
    (".D.\n...\n.U.\n...", 0),
]
