"""Every good pearl set of a drawn Masyu loop, by the algebra of Slitherlink's designer.

A designer draws a loop L* on a rows x cols board.  At each cell of L* the loop admits
at most one pearl (``model.pearl_kind``: white where it goes straight with a turn
before or after, black where it turns with straight arms); Y is the set of those cells
(or the candidate cells given, a subset).  A pearl set S ⊆ Y is *good* when L* is the
only solution of the board with the pearls of S.  In the paper's ∀ form

    H(y) = ∀x.( ¬C(x) ∨ L*(x) ∨ ⋁_{p∈Y} ( y_p ∧ ¬A_p(x) ) )

(x: edges, y: pearls, C: single cycles, A_p: the loops that keep pearl p,
``solve.pearl_family``).  For a loop L' ≠ L* let viol(L') be the pearls of Y that L'
breaks; S is good iff it meets every viol(L').  The relation

    W = { L' ∪ viol(L') : L' ∈ C, L' ≠ L* }

is built with the algebra: W starts as C − {L*} (over the edges) and each candidate p
adds itself to the members that break it, W ← (W ∩ A_p) ∪ ((W − A_p) ⊔ {{p}}); then
H = ``W.hitting(Y)`` (a set of pearls meets viol(L') exactly when it meets L' ∪ viol(L'),
so the projection ∃x.W is never built), as ``puzzles.slitherlink.design`` does.  H is
up-closed; its minimal members are ``H.minimal(upclosed=True)``, the minimum ones its
members of least size.  ``literal`` evaluates the ∀ form as it reads (small boards,
for the tests).
"""
from __future__ import annotations

import random

import zalg
from zalg import union
from zalg.progress import Progress, reporter

from ..common.caches import cached
from ..common.errors import PuzzleFormatError
from ..common.loops import random_loop
from .model import Board, check_solution, local_edges, loop_pearls
from .puzzle import Puzzle
from .solve import board_graph, pearl_family

__all__ = ["instance_universe", "read_loop", "candidates", "violation_relation", "instances",
           "literal", "minimal", "minimum", "loop_cycles", "puzzle_of",
           "random_puzzle"]

#: the loop's characters: the directions each joins (F ┌, 7 ┐, L └, J ┘)
LOOP_CHARS = {"-": "lr", "─": "lr", "|": "ud", "│": "ud", "F": "rd", "┌": "rd", "7": "ld",
              "┐": "ld", "L": "ur", "└": "ur", "J": "ul", "┘": "ul"}


@cached(maxsize=16)
def instance_universe(rows: int, cols: int) -> zalg.Universe:
    """The board's edges in ``board_graph`` order with each cell (a pearl) placed just
    after the last of its nearby edges (``model.local_edges``)."""
    edges = board_graph(rows, cols).edges
    index = {e: i for i, e in enumerate(edges)}
    after: dict[int, list] = {}
    for cell in ((r, c) for r in range(rows) for c in range(cols)):
        near = local_edges(cell, rows, cols)
        last = max((index[e] for part in near.values() for e in part.values()), default=-1)
        after.setdefault(last, []).append(cell)
    elements = list(after.get(-1, []))
    for i, e in enumerate(edges):
        elements.append(e)
        elements.extend(after.get(i, []))
    return zalg.Universe(elements)


@cached(maxsize=4)
def loop_cycles(rows: int, cols: int) -> zalg.Family:
    """Every single loop of the rows x cols board (shared per shape)."""
    return board_graph(rows, cols).cycles()


def read_loop(text: str) -> tuple[int, int, frozenset]:
    """(rows, cols, edges) of a drawn loop: a text grid, ``.`` (or a blank) off the loop and
    ``- | F 7 L J`` (or ``─ │ ┌ ┐ └ ┘``) on it, one character a cell; or a pzprv3 file
    with an answer.  The drawing must be one loop."""
    what = "masyu loop"
    if text.lstrip().startswith("pzprv3"):
        board, answer = Board.read_pzprv3(text)
        if not answer:
            raise PuzzleFormatError(f"{what}: the pzprv3 file has no answer")
        rows, cols, loop = board.rows, board.cols, answer
    else:
        lines = [line.rstrip() for line in text.splitlines() if line.strip()]
        if not lines:
            raise PuzzleFormatError(f"{what}: no rows")
        rows, cols = len(lines), max(len(line) for line in lines)
        Board(rows, cols, {})  # checks the size
        joins = {}
        for r, line in enumerate(lines):
            for c, ch in enumerate(line.ljust(cols)):
                if ch in LOOP_CHARS:
                    joins[(r, c)] = LOOP_CHARS[ch]
                elif ch not in ". ":
                    raise PuzzleFormatError(f"{what}: unknown character {ch!r} at row {r}, col {c} "
                                            "(expected . - | F 7 L J or ─ │ ┌ ┐ └ ┘)")
        loop = set()
        for (r, c), ds in joins.items():
            for d, other, back in (("r", (r, c + 1), "l"), ("d", (r + 1, c), "u")):
                if (d in ds) != (back in joins.get(other, "")):
                    raise PuzzleFormatError(f"{what}: the line at row {r}, col {c} does not meet "
                                            f"its neighbour {'right' if d == 'r' else 'below'}")
                if d in ds:
                    loop.add(((r, c), other))
            if (r == 0 and "u" in ds) or (c == 0 and "l" in ds):
                raise PuzzleFormatError(f"{what}: the line at row {r}, col {c} leaves the board")
        loop = frozenset(loop)
    bad = check_solution(Board(rows, cols, {}), loop)
    if bad:
        raise PuzzleFormatError(f"{what}: not one loop ({bad[0]})")
    return rows, cols, loop


def candidates(rows: int, cols: int, loop, cells=None) -> dict:
    """The pearls the loop admits (cell -> kind), on ``cells`` only if given."""
    kinds = loop_pearls(loop, rows, cols)
    if cells is None:
        return kinds
    out = {}
    for cell in cells:
        if cell not in kinds:
            raise PuzzleFormatError(f"masyu candidates: the loop admits no pearl at {cell!r}")
        out[cell] = kinds[cell]
    return dict(sorted(out.items()))


def violation_relation(rows: int, cols: int, loop, cells=None,
                       progress: Progress = None) -> tuple[zalg.Family, dict]:
    """(W, Y): W = {L' ∪ viol(L') : L' ≠ L*} over ``instance_universe(rows, cols)`` and the
    candidate pearls Y (cell -> kind)."""
    Y = candidates(rows, cols, loop, cells)
    U = instance_universe(rows, cols)
    with reporter(progress) as report:
        report.stage("masyu design: the other loops")
        W = U.adopt(loop_cycles(rows, cols)) - U.family([loop])
        report.stage("masyu design: the pearls they break", total=len(Y))
        for k, (cell, kind) in enumerate(Y.items()):
            A = pearl_family(U, kind, cell, rows, cols)
            W = (W & A) | ((W - A) * U.single(cell))
            report.update(k + 1)
    return W, Y


def instances(loop, rows: int, cols: int, cells=None, progress: Progress = None) -> zalg.Family:
    """H: every good pearl set (a family of cell sets over ``instance_universe``)."""
    W, Y = violation_relation(rows, cols, loop, cells, progress)
    with reporter(progress) as report:
        with report.waiting("masyu design: hitting sets"):
            return W.hitting(list(Y))


def literal(loop, rows: int, cols: int, cells=None) -> zalg.Family:
    """H(y) = ∀x.(¬C(x) ∨ L*(x) ∨ ⋁_p (y_p ∧ ¬A_p(x))), written as it reads (small boards)."""
    Y = candidates(rows, cols, loop, cells)
    U = instance_universe(rows, cols)
    X = list(board_graph(rows, cols).edges)
    PY = U.power_set(list(Y))
    C = U.adopt(loop_cycles(rows, cols)) * PY
    Lstar = U.family([loop]) * PY
    wrong = union((U.var(p) - pearl_family(U, kind, p, rows, cols) for p, kind in Y.items()),
                  universe=U)
    return (~C | Lstar | wrong).forall(X) & PY


def minimal(H: zalg.Family, progress: Progress = None) -> zalg.Family:
    """The minimal good pearl sets (H is up-closed)."""
    return H.minimal(upclosed=True, method="auto", progress=progress)


def minimum(H: zalg.Family) -> zalg.Family:
    """The good pearl sets of least size (∅ if H is empty)."""
    sizes = H.by_size()
    return H.of_size(min(sizes)) if sizes else H


def puzzle_of(rows: int, cols: int, loop, member) -> Puzzle:
    """The board with the pearls of ``member`` (the kinds the loop admits there)."""
    kinds = loop_pearls(loop, rows, cols)
    return Puzzle(rows, cols, {cell: kinds[cell] for cell in member})


def random_puzzle(rows: int, cols: int, seed=None, tries: int = 100,
                  progress: Progress = None) -> Puzzle:
    """A random puzzle with a unique solution and a minimal pearl set: a random loop
    (``puzzles.common.loops.random_loop``) with every pearl it admits (drawn again while
    those allow another loop), then pearls removed in random order while the solution
    stays unique (a pearl needed once is needed in every smaller set: the set left is
    minimal)."""
    if not (isinstance(rows, int) and isinstance(cols, int) and rows >= 2 and cols >= 2):
        raise PuzzleFormatError(f"masyu generate: a board needs at least 2x2 cells, got {rows}x{cols}")
    rng = random.Random(seed)
    with reporter(progress) as report:
        for _ in range(tries):
            loop = random_loop(rows - 1, cols - 1, seed=rng.randrange(2 ** 62))
            pearls = loop_pearls(loop, rows, cols)
            if Puzzle(rows, cols, pearls).count() != 1:
                continue
            order = sorted(pearls)
            rng.shuffle(order)
            report.stage("removing pearls", total=len(order))
            for tried, cell in enumerate(order, 1):
                report.update(tried, detail=f"{len(pearls)} pearls")
                kind = pearls.pop(cell)
                if Puzzle(rows, cols, pearls).count() != 1:
                    pearls[cell] = kind
            return Puzzle(rows, cols, pearls)
    raise PuzzleFormatError(f"masyu generate: no {rows}x{cols} loop with a unique full pearl "
                            f"set in {tries} draws")
