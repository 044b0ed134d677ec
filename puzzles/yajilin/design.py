"""Every good set of shown clue numbers of a solved Yajilin board, by the algebra of
Slitherlink's and Masyu's designers.

A designer has a board p whose solution X* is unique.  Its clue cells stay clue cells;
each numbered clue's number may be shown or left blank.  Y is the set of numbered clues
(or the candidates given, a subset); a set K ⊆ Y is *good* when the board with only K's
numbers shown has X* as its only solution.  With B the solutions of the board with every
clue blank (``solve.base``) and A_q the sets that keep clue q's count
(``solve.clue_family``), K is good iff every X ∈ B − {X*} breaks some clue of K:
K meets viol(X) = {q ∈ Y : X ∉ A_q}.  The relation

    W = { X ∪ viol(X) : X ∈ B, X ≠ X* }

is built with the algebra over the board's universe, each clue q standing for itself by
its cell's element (a clue cell is never shaded, so that element is free): W starts as
B − {X*} and W ← (W ∩ A_q) ∪ ((W − A_q) ⊔ {{q}}) for q ∈ Y; then H = ``W.hitting(Y)``
(a set of clues meets viol(X) exactly when it meets X ∪ viol(X)).  H is up-closed; its
minimal members are ``H.minimal(upclosed=True)``, the minimum ones its members of least
size.  ``literal`` evaluates the paper's ∀ form H(y) = ∀x.(¬B(x) ∨ X*(x) ∨ ⋁_q (y_q ∧ ¬A_q(x)))
as it reads (small boards, for the tests).
"""
from __future__ import annotations

import random

import zalg
from zalg import union
from zalg.progress import Progress, reporter

from ..common.board import neighbours
from ..common.errors import PuzzleFormatError
from ..common.loops import outline
from ..common.solving import one_solution
from .model import ray
from .puzzle import Puzzle
from .solve import base, clue_family, solve, universe

#: the widest sweep level ``random_puzzle`` lets a drawn board's solving build
WIDTH = 20_000
#: the widest level of the blank board's sweep (every clue's number hidden) ``random_puzzle``
#: builds for a drawn board's good sets; a wider board is drawn again
BLANK_WIDTH = 1 << 20

__all__ = ["candidates", "violation_relation", "instances", "literal", "minimal", "minimum",
           "puzzle_of", "random_puzzle"]


def candidates(p: Puzzle, cells=None) -> list:
    """The numbered clues of p (an arrow and a number), on ``cells`` only if given."""
    counted = p.counted()
    if cells is None:
        return list(counted)
    for cell in cells:
        if cell not in counted:
            raise PuzzleFormatError(f"yajilin candidates: {cell!r} is no clue with an arrow and a number")
    return sorted(set(cells))


def _blank(p: Puzzle) -> Puzzle:
    """The board with every clue blank (its cells kept)."""
    return Puzzle(p.rows, p.cols, {cell: ("", None) for cell in p.clues})


def violation_relation(p: Puzzle, cells=None, progress: Progress = None,
                       max_width: int | None = None) -> tuple[zalg.Family, list]:
    """(W, Y): W = {X ∪ viol(X) : X ∈ B, X ≠ X*} over ``universe(p.rows, p.cols)`` and the
    candidate clues Y; p must have exactly one solution X*  (``max_width``: ``zalg.TooWide``
    rather than a sweep of B with a wider level)."""
    Y = candidates(p, cells)
    U = universe(p.rows, p.cols)
    with reporter(progress) as report:
        star = one_solution(p, "yajilin design", progress=report)
        report.stage("yajilin design: the other solutions")
        W = base(_blank(p), progress=report, max_width=max_width) - U.family([star])
        report.stage("yajilin design: the clues they break", total=len(Y))
        for k, cell in enumerate(Y):
            A = clue_family(p, cell)
            W = (W & A) | ((W - A) * U.single(cell))
            report.update(k + 1)
    return W, Y


def instances(p: Puzzle, cells=None, progress: Progress = None,
              max_width: int | None = None) -> zalg.Family:
    """H: every good set of shown clue numbers (a family of clue-cell sets;
    ``max_width`` as :func:`violation_relation`'s)."""
    W, Y = violation_relation(p, cells, progress, max_width)
    with reporter(progress) as report:
        with report.waiting("yajilin design: hitting sets"):
            return W.hitting(Y)


def literal(p: Puzzle, cells=None) -> zalg.Family:
    """H(y) = ∀x.(¬B(x) ∨ X*(x) ∨ ⋁_q (y_q ∧ ¬A_q(x))), written as it reads (small boards)."""
    Y = candidates(p, cells)
    U = universe(p.rows, p.cols)
    star = one_solution(p, "yajilin design")
    X = [x for x in U.elements if x not in set(Y)]
    PY = U.power_set(Y)
    B = base(_blank(p)) * PY
    Xstar = U.family([star]) * PY
    wrong = union((U.var(q) - clue_family(p, q) for q in Y), universe=U)
    return (~B | Xstar | wrong).forall(X) & PY


def minimal(H: zalg.Family, progress: Progress = None) -> zalg.Family:
    """The minimal good clue sets (H is up-closed)."""
    return H.minimal(upclosed=True, method="auto", progress=progress)


def minimum(H: zalg.Family) -> zalg.Family:
    """The good clue sets of least size (∅ if H is empty)."""
    sizes = H.by_size()
    return H.of_size(min(sizes)) if sizes else H


def puzzle_of(p: Puzzle, member) -> Puzzle:
    """The board p with only the numbers of the clues in ``member`` shown (the others blank)."""
    member = set(member)
    return Puzzle(p.rows, p.cols, {cell: clue if cell in member else ("", None)
                                   for cell, clue in p.clues.items()})


def _ring(sq) -> list:
    r, c = sq
    return [(r - 1, c - 1), (r - 1, c), (r - 1, c + 1), (r, c + 1),
            (r + 1, c + 1), (r + 1, c), (r + 1, c - 1), (r, c - 1)]


def _may_add(region: set, sq, holes: bool) -> bool:
    """Adding square ``sq`` keeps the region a disk (its 8 neighbours switch between in and
    out twice, with an edge neighbour in) and, unless ``holes``, leaves no corner inside
    (every corner of a region square stays on the outline: the loop passes it)."""
    ring = [x in region for x in _ring(sq)]
    if sum(ring[i] != ring[i - 1] for i in range(8)) != 2 or not any(ring[i] for i in (1, 3, 5, 7)):
        return False
    if holes:
        return True
    r, c = sq
    for pr, pc in ((r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)):
        around = [(pr - 1, pc - 1), (pr - 1, pc), (pr, pc - 1), (pr, pc)]
        if all(x == sq or x in region for x in around):
            return False
    return True


def _thin_loop(rows: int, cols: int, rng: random.Random) -> frozenset:
    """A random loop through many cells: the outline of a random disk of the squares between
    cell centres, grown one square at a time; a square that puts a cell inside the disk
    is taken with a probability drawn per loop (0.1 to 0.6), else passed over."""
    share = rng.uniform(0.1, 0.6)
    squares = [(r, c) for r in range(rows - 1) for c in range(cols - 1)]
    region = {rng.choice(squares)}
    grown = True
    while grown:
        grown = False
        cand = sorted({x for sq in region for x in _ring(sq)[1::2]
                       if 0 <= x[0] < rows - 1 and 0 <= x[1] < cols - 1 and x not in region})
        rng.shuffle(cand)
        for sq in cand:
            if _may_add(region, sq, rng.random() < share):
                region.add(sq)
                grown = True
                break
    return outline(region)


def _random_board(rows: int, cols: int, rng: random.Random) -> Puzzle:
    """A random solved board: a random loop through many cells (``_thin_loop``), a random
    set of non-adjacent shaded cells off it (most of those it may shade), every other cell a clue with a
    random arrow and its true count."""
    loop = _thin_loop(rows, cols, rng)
    on = {x for e in loop for x in e}
    off = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in on]
    rng.shuffle(off)
    shaded: set = set()
    share = rng.uniform(0.4, 0.9)
    for v in off:
        if not any(n in shaded for n in neighbours(v, rows, cols)) and rng.random() < share:
            shaded.add(v)
    clues = {}
    for v in off:
        if v in shaded:
            continue
        d = rng.choice([d for d in "udlr" if ray(v, d, rows, cols)])
        clues[v] = (d, sum(x in shaded for x in ray(v, d, rows, cols)))
    return Puzzle(rows, cols, clues)


def random_puzzle(rows: int, cols: int, seed=None, tries: int = 100,
                  progress: Progress = None) -> Puzzle:
    """A random puzzle with a unique solution and a minimal set of shown numbers: a random
    solved board (``_random_board``; drawn again while its numbers allow another
    solution), then, with H its good sets of shown numbers (``instances``), numbers
    blanked in random order while the set left is in H (H is up-closed: a number needed
    once is needed in every smaller set, so the set left is minimal).  A drawn board whose
    sweep grows wider than ``WIDTH`` states, or its blank board's wider than
    ``BLANK_WIDTH``, is drawn again."""
    if not (isinstance(rows, int) and isinstance(cols, int) and rows >= 2 and cols >= 2):
        raise PuzzleFormatError(f"yajilin generate: a board needs at least 2x2 cells, got {rows}x{cols}")
    rng = random.Random(seed)
    with reporter(progress) as report:
        for _ in range(tries):
            p = _random_board(rows, cols, rng)
            try:  # a board of wide open regions has too many answers to build: draw again
                if solve(p, max_width=WIDTH).count() != 1:
                    continue
                H = instances(p, progress=report, max_width=BLANK_WIDTH)
            except zalg.TooWide:
                continue
            kept = set(p.counted())
            order = sorted(kept)
            rng.shuffle(order)
            report.stage("blanking clue numbers", total=len(order))
            for tried, cell in enumerate(order, 1):
                report.update(tried, detail=f"{len(kept)} numbers")
                if kept - {cell} in H:
                    kept.discard(cell)
            return puzzle_of(p, kept)
    raise PuzzleFormatError(f"yajilin generate: no {rows}x{cols} board with a unique solution "
                            f"in {tries} draws")
