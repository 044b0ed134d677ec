"""Solving Slitherlink to a ZDD of all solutions (Yoshinaka et al. 2012, Algorithm 5).

A solution is a single cycle of the dot grid whose number of edges around every
hinted cell equals its hint.  ``solve`` runs the frontier engine for single
cycles with one counter per hinted cell (``zalg.graphs.paths.build(..., counts=...)``),
after the sound deductions of ``deduce`` (propagation and probing to a fixpoint),
splitting the board on an edge where the frontier still grows too wide.
``solve_algebra`` is the independent cross-check route written with the family
algebra: ``cycles ∩ ⋂_E exactly(h(E), edges of E)``.
"""

from __future__ import annotations

import zalg
from zalg.graphs import build
from zalg.progress import Progress, reporter

from ..common.board import square_sides
from ..common.caches import cached
from ..common.split import split_sweep
from .deduce import Contradiction, deduce

__all__ = ["board_graph", "prepass", "solve", "solve_algebra", "Contradiction"]


@cached(maxsize=32)
def board_graph(rows: int, cols: int) -> zalg.Graph:
    """The dot grid of a rows x cols board, edges ordered with the narrow side across.

    Row-major (each dot's right edge, then its down edge) when cols <= rows, else
    column-major: the frontier then spans min(rows, cols) + 2 dots."""
    return zalg.grid(rows + 1, cols + 1, order="narrow")


#: states per level within which a board is swept without probing first
QUICK_WIDTH = 1 << 16
#: undecided edges (after the propagation) past which the board is probed at once: a
#: sweep that fails at QUICK_WIDTH costs more there than the probing (20x20 to 40x40
#: boards of Loopy's hardest levels: 0.3-0.6 s against 0.2-0.5 s at 20x20)
QUICK_OPEN = 256

def prepass(p) -> dict:
    """Edges fixed by sound local rules: {edge: 1 (line) or 0 (no line)}.

    Rules: a 0 has no line around it; a 3 in a corner has both outer sides; a 1 in
    a corner has neither; two orthogonally adjacent 3s have their shared side and
    both far sides (unless the loop could be their 2-cell outline: only when no
    positive hint lies elsewhere); two diagonal 3s have the sides away from their
    common corner;
    then to a fixpoint: a dot has degree 0 or 2 (two lines: the rest are off; one
    line and one open edge: it is on; no line and one open edge: it is off), a
    cell with its hint of lines has its other sides off, a cell that needs all its
    open sides has them on.  Raises ``Contradiction`` if the rules clash."""
    R, C = p.rows, p.cols
    fixed: dict = {}

    def put(e, v):
        old = fixed.get(e)
        if old is None:
            fixed[e] = v
            return True
        if old != v:
            raise Contradiction(f"edge {e} must be both on and off")
        return False

    hints = p.hints
    corners = {(0, 0): (0, 1), (0, C - 1): (0, 2), (R - 1, 0): (1, 3), (R - 1, C - 1): (2, 3)}
    for cell, h in hints.items():
        sides = square_sides(cell)
        if h == 0:
            for e in sides:
                put(e, 0)
        if cell in corners and (R, C) != (1, 1):
            i, j = corners[cell]
            if h == 3:
                put(sides[i], 1)
                put(sides[j], 1)
            elif h == 1:
                put(sides[i], 0)
                put(sides[j], 0)
    def elsewhere(block):
        """Some positive hint shares no side with the block: the loop is not its outline."""
        near = set(block)
        for (r, c) in block:
            near |= {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
        return any(h > 0 and cell not in near for cell, h in hints.items())

    for (r, c), h in hints.items():
        if h != 3:
            continue
        # two adjacent 3s: the loop is the 2-cell outline, or it takes the three
        # parallel sides (the outline is ruled out by a positive hint elsewhere)
        if hints.get((r, c + 1)) == 3 and elsewhere([(r, c), (r, c + 1)]):
            put(((r, c), (r + 1, c)), 1)
            put(((r, c + 1), (r + 1, c + 1)), 1)
            put(((r, c + 2), (r + 1, c + 2)), 1)
        if hints.get((r + 1, c)) == 3 and elsewhere([(r, c), (r + 1, c)]):
            put(((r, c), (r, c + 1)), 1)
            put(((r + 1, c), (r + 1, c + 1)), 1)
            put(((r + 2, c), (r + 2, c + 1)), 1)
        for dc in (-1, 1):
            if hints.get((r + 1, c + dc)) == 3:
                here, there = square_sides((r, c)), square_sides((r + 1, c + dc))
                put(here[0], 1)  # top of the upper 3
                put(here[1] if dc == 1 else here[2], 1)  # its side away from the lower one
                put(there[3], 1)  # bottom of the lower 3
                put(there[2] if dc == 1 else there[1], 1)

    dot_edges = {}
    for e in p.edges():
        for d in e:
            dot_edges.setdefault(d, []).append(e)
    changed = True
    while changed:
        changed = False
        for es in dot_edges.values():
            on = sum(fixed.get(e) == 1 for e in es)
            open_ = [e for e in es if e not in fixed]
            if on > 2:
                raise Contradiction("a dot with three lines")
            if on == 2:
                for e in open_:
                    changed |= put(e, 0)
            elif on == 1 and len(open_) == 1:
                changed |= put(open_[0], 1)
            elif on == 1 and not open_:
                raise Contradiction("a dead end")
            elif on == 0 and len(open_) == 1:
                changed |= put(open_[0], 0)
        for cell, h in hints.items():
            sides = square_sides(cell)
            on = sum(fixed.get(e) == 1 for e in sides)
            open_ = [e for e in sides if e not in fixed]
            if on > h or on + len(open_) < h:
                raise Contradiction(f"cell {cell} cannot have {h} lines")
            if on == h:
                for e in open_:
                    changed |= put(e, 0)
            elif on + len(open_) == h:
                for e in open_:
                    changed |= put(e, 1)
    return fixed


def solve(p, use_prepass: bool = True, method: str = "frontier", *,
          progress: Progress = None) -> zalg.Family:
    """Every solution of board p as a family of edge sets (single loops).

    ``use_prepass``: first fix the edges every solution agrees on (the local rules
    of ``prepass``, then ``deduce.deduce``'s propagation) and sweep with a width
    limit of ``QUICK_WIDTH`` states when at most ``QUICK_OPEN`` edges are open; past
    it (or with more open edges), probe (``deduce.deduce``) and sweep,
    splitting on an edge when the frontier grows too wide (``puzzles.common.split``).
    Without it the bare board is swept.
    ``method``: ``"frontier"`` (the compiled engine with one counter per hinted
    cell) or ``"algebra"`` (the mate-ZDD algebra, each hint applied as one image as
    soon as its cell's sides are decided); the same family either way."""
    report = reporter(progress)  # one reporter: every step says what it does as it starts
    report.stage("slitherlink: the board's graph")
    G = board_graph(p.rows, p.cols)
    counts = [(square_sides(cell), h) for cell, h in p.hints.items()]

    def sweep(fixed, max_width=None):
        F = build(G, "cycle", counts=counts, fixed=fixed, progress=report, method=method,
                  **({} if max_width is None else {"max_width": max_width}))
        if p.variant == "full":
            F = F & G.degree_constrained({d: {2} for d in G.vertices})
        return F

    if not use_prepass:
        return sweep(None)
    try:
        report.stage("slitherlink: deductions")
        fixed = deduce(p, probe=False, given=prepass(p))
        if method != "frontier":
            return sweep(fixed)
        try:  # boards with few open edges the sweep finds easy stay cheap: no probing
            if len(G.edges) - len(fixed) <= QUICK_OPEN:
                return sweep(fixed, QUICK_WIDTH)
        except zalg.TooWide:
            pass
        report.stage("slitherlink: deductions with probing")
        fixed = deduce(p, given=fixed)
    except Contradiction:
        return G.universe.empty
    return split_sweep(sweep, lambda given: deduce(p, given=given), fixed, G.edges,
                       Contradiction, G.universe.empty, progress=report)


def solve_algebra(p) -> zalg.Family:
    """The same family by the algebra: all cycles, intersected with one cardinality
    family per hinted cell (slow; for cross-checking small boards)."""
    G = board_graph(p.rows, p.cols)
    U = G.universe
    F = G.cycles()
    for cell, h in p.hints.items():
        F = F & U.exactly(h, square_sides(cell))
    if p.variant == "full":
        F = F & G.degree_constrained({d: {2} for d in G.vertices})
    return F
