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
from collections.abc import Iterable, Iterator, Mapping

import zalg
from zalg import union
from zalg.progress import Progress, reporter

from ..common.caches import cached
from ..common.errors import PuzzleFormatError
from ..common.loops import maze_loop, random_loop
from ..common.solving import one_solution
from .model import Board, admits, check_solution, local_edges, loop_pearls
from .puzzle import Puzzle
from .solve import board_graph, pearl_family, solve

__all__ = ["instance_universe", "read_loop", "candidates", "violation_relation", "instances",
           "literal", "minimal", "minimum", "minimum_lazy", "loop_cycles", "puzzle_of", "difficulty",
           "difficulty_weights", "rank_by_difficulty", "reduce", "random_puzzle"]

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


#: other loops drawn per refuted candidate of ``minimum_lazy``; the ``CORES`` of them that
#: break the fewest candidates give violation sets, each shrunk towards a core
DRAWN, CORES = 32, 3
#: solver calls that shrink one violation set towards a core
SHRINK = 6
#: candidate sets of the current size tried with the solver per round
TRIES = 16


def minimum_lazy(loop, rows: int, cols: int, cells=None, progress: Progress = None,
                 proof: list | None = None) -> zalg.Family:
    """The good pearl sets of fewest pearls, without H (implicit hitting sets).

    V holds violation sets T ⊆ Y (Y − T is not good, so every good set meets T), most of
    them cores (minimal ones: Y − T ∪ {p} is good for every p ∈ T).  They come from the
    dense boards Y − {p} and from every candidate the solver refutes (``_Oracle.cores``).
    A lower bound k is the number of pairwise disjoint sets of V; the family H_k of the
    k-sets within Y that meet every set of V is kept as a ZDD and cut by each new one.
    Members of H_k are tried with the solver: a refuted one adds violation sets that it
    misses; an empty H_k proves that no good set has k pearls (each good set meets every
    set of V), and k grows.  When every member of H_k is confirmed good, H_k is the family
    of minimum good sets (each good k-set meets every set of V, so it is in H_k).  The
    same family as ``minimum(instances(...))`` over ``instance_universe``.  ``proof``: a
    list that receives V (each set leaves another loop when its pearls are taken from Y;
    the answer is the good members among the least hitting sets of V, all of them)."""
    Y = candidates(rows, cols, loop, cells)
    U = zalg.Universe(list(Y))
    oracle = _Oracle(rows, cols, loop, Y)
    with reporter(progress) as report:
        report.stage("masyu design: the pearls every good set needs", total=len(Y))
        if oracle.others(frozenset(Y)) is not None:
            return instance_universe(rows, cols).empty    # not even Y is good
        V: set = set()
        for k, cell in enumerate(Y):                      # Y − {p} not good: {p} is a core
            if oracle.others(frozenset(Y) - {cell}) is not None:
                V.add(frozenset([cell]))
            report.update(k + 1)
        report.stage("masyu design: minimum pearl sets without H")
        k, H, good = _disjoint(V), None, set()
        while True:
            if frozenset() in V:                          # another loop breaks no candidate
                return instance_universe(rows, cols).empty
            if H is None:
                H = _meeting(U.exactly(k, list(Y)), U, Y, V)
            if not H:
                k, H = k + 1, None
                continue
            new = _try(H, good, oracle)
            report.note(f"{len(V)} violation sets, size {k}, {oracle.calls} solver calls, "
                        f"{len(good)} good")
            if not new and len(good) == H.count():
                if proof is not None:
                    proof.extend(sorted(V, key=lambda T: (len(T), sorted(T))))
                return instance_universe(rows, cols).family(good)
            V |= new
            H = _meeting(H, U, Y, new)
            if _disjoint(V) > k:
                k, H = _disjoint(V), None


def _meeting(H: zalg.Family, U: zalg.Universe, Y: Mapping, sets: Iterable) -> zalg.Family:
    """The members of H that meet every set of ``sets`` (the smallest first: they cut most)."""
    for T in sorted(sets, key=len):
        H = H - (H & U.power_set([c for c in Y if c not in T]))
    return H


def _disjoint(V: set) -> int:
    """A lower bound on the size of V's hitting sets: pairwise disjoint sets of V picked
    greedily, smallest first."""
    used: set = set()
    n = 0
    for T in sorted(V, key=lambda T: (len(T), sorted(T))):
        if not T & used:
            used |= T
            n += 1
    return n


def _try(H: zalg.Family, good: set, oracle: _Oracle) -> set:
    """New violation sets from up to ``TRIES`` members of H not yet confirmed (every one when
    that many are left; else drawn at random); confirmed members join ``good``."""
    rest = H - H.universe.family(good) if good else H
    n = rest.count()
    picks = list(rest) if n <= TRIES else rest.sample(TRIES, seed=n)
    new: set = set()
    for S in picks:
        S = frozenset(S)
        if any(not (S & T) for T in new):
            continue                                       # already refuted
        others = oracle.others(S)
        if others is None:
            good.add(S)
        else:
            new |= oracle.cores(S, others)
    return new


class _Oracle:
    """The solver on pearl subsets of Y (the loop's kinds), with the loops it finds
    turned into violation sets."""

    def __init__(self, rows: int, cols: int, loop, Y: Mapping):
        self.rows, self.cols, self.loop, self.Y = rows, cols, loop, Y
        self.near = {cell: local_edges(cell, rows, cols) for cell in Y}
        self.calls = 0

    def others(self, S: frozenset) -> zalg.Family | None:
        """The solutions of the pearls S other than the loop (None: there are none)."""
        self.calls += 1
        F = solve(Puzzle(self.rows, self.cols, {cell: self.Y[cell] for cell in S}))
        others = F - F.universe.family([self.loop])
        return others if others else None

    def broken(self, others: zalg.Family, k: int) -> list:
        """The violation sets viol(L') of up to k loops among ``DRAWN`` drawn from
        ``others``, fewest broken candidates first, distinct."""
        n = others.count()
        found = {frozenset(c for c, kind in self.Y.items() if not admits(kind, self.near[c], L))
                 for L in others.sample(min(n, DRAWN), seed=n)}
        return sorted(found, key=lambda T: (len(T), sorted(T)))[:k]

    def cores(self, S: frozenset, others: zalg.Family) -> set:
        """Violation sets missing S, one from each of ``CORES`` violation sets T of other
        loops of S, shrunk with up to ``SHRINK`` solver calls: a chunk of T's pearls (half
        of those not yet known to be needed) is added to Y − T; when another loop L''
        remains, T becomes viol(L'') (a subset of T without the chunk), else the chunk
        halves, and a single pearl whose addition leaves the loop unique is needed.  A T
        whose pearls are all needed is a core (a minimal violation set); any T is a
        violation set (every good set meets it)."""
        out = set()
        Y = frozenset(self.Y)
        for T in self.broken(others, CORES):
            needed: set = set()
            size = max(1, len(T) // 2)
            for _ in range(SHRINK):
                rest = sorted(T - needed)
                if not rest:
                    break
                chunk = set(rest[:size])
                more = self.others(Y - T | chunk)
                if more is not None:
                    T = self.broken(more, 1)[0]
                elif size == 1:
                    needed |= chunk
                else:
                    size = max(1, size // 2)
            out.add(T)
        return out


def difficulty(member: Iterable, kinds: Mapping) -> tuple[int, int]:
    """The ranking key of a pearl set: (pearls, black pearls); smaller is harder.  Fewer
    pearls leave more to deduce, and a black pearl fixes four edges where a white one
    fixes two."""
    member = list(member)
    return len(member), sum(kinds[cell] == "b" for cell in member)


def difficulty_weights(kinds: Mapping) -> dict:
    """One weight per cell encoding the key: B for a white pearl, B + 1 for a black one
    (B above any number of pearls), so total weight B·pearls + blacks orders as the key."""
    B = len(kinds) + 1
    return {cell: B + (kind == "b") for cell, kind in kinds.items()}


def rank_by_difficulty(F: zalg.Family, loop, rows: int, cols: int) -> Iterator[tuple[frozenset, tuple]]:
    """The members of F (pearl sets of the loop), hardest first by :func:`difficulty`,
    with their keys, lazily (``iter_by_weight`` on :func:`difficulty_weights`)."""
    kinds = loop_pearls(loop, rows, cols)
    for _, member in F.iter_by_weight(difficulty_weights(kinds)):
        yield member, difficulty(member, kinds)


def reduce(puzzle: Puzzle, progress: Progress = None) -> tuple[frozenset, zalg.Family, zalg.Family]:
    """(L*, H, M) of a puzzle with one solution L*: H the good subsets of its pearls (the
    pearls as candidates), M the minimal ones (every minimal pearl subset that keeps L*
    the only solution).  PuzzleFormatError when the puzzle has no or several solutions."""
    with reporter(progress) as report:
        report.stage("masyu reduce: solving the puzzle")
        loop = one_solution(puzzle, "masyu reduce", report)
        H = instances(loop, puzzle.rows, puzzle.cols, cells=list(puzzle.pearls), progress=report)
        report.stage("masyu reduce: the minimal pearl sets")
        return loop, H, minimal(H)


def puzzle_of(rows: int, cols: int, loop, member) -> Puzzle:
    """The board with the pearls of ``member`` (the kinds the loop admits there)."""
    kinds = loop_pearls(loop, rows, cols)
    return Puzzle(rows, cols, {cell: kinds[cell] for cell in member})


def random_puzzle(rows: int, cols: int, seed=None, tries: int = 100,
                  progress: Progress = None) -> Puzzle:
    """A random puzzle with a unique solution and a pearl set minimal among those whose
    sweep stays within ``WIDTH`` states a level.

    A random loop (``puzzles.common.loops.random_loop``; on even boards of at least
    ``MAZE_CELLS`` cells ``maze_loop``, through every cell) gets every pearl it admits, P.
    While P allows other loops, the loop moves to the one of ``SAMPLES`` solutions of P
    (drawn uniformly) that admits the most pearls: a solution of P keeps every pearl of
    P, so its own full set holds P, and the solutions shrink; a loop that admits no
    more pearls than P is drawn again.  Then pearls are removed in random order while
    the solution stays unique and its sweep within ``WIDTH`` (a pearl needed once is
    needed in every smaller set: without the width the set left is minimal)."""
    if not (isinstance(rows, int) and isinstance(cols, int) and rows >= 2 and cols >= 2):
        raise PuzzleFormatError(f"masyu generate: a board needs at least 2x2 cells, got {rows}x{cols}")
    rng = random.Random(seed)
    with reporter(progress) as report:
        for draw in range(tries):
            report.stage(f"loop {draw + 1}: a full pearl set with one solution")
            pearls = _unique_full_set(rows, cols, rng)
            if pearls is None:
                continue
            order = sorted(pearls)
            rng.shuffle(order)
            report.stage("removing pearls", total=len(order))
            for tried, cell in enumerate(order, 1):
                report.update(tried, detail=f"{len(pearls)} pearls")
                kind = pearls.pop(cell)
                if _count(Puzzle(rows, cols, pearls)) != 1:
                    pearls[cell] = kind
            return Puzzle(rows, cols, pearls)
    raise PuzzleFormatError(f"masyu generate: no {rows}x{cols} loop with a unique full pearl "
                            f"set in {tries} draws")


#: solutions drawn from a full pearl set with several, the next loop chosen among them
SAMPLES = 16
#: the widest sweep level ``random_puzzle`` lets a board's solving build
WIDTH = 1 << 16
#: even boards of at least this many cells draw loops through every cell (a random loop's
#: pearls leave regions without pearls whose sweep is too wide)
MAZE_CELLS = 256


def _count(p: Puzzle) -> int | None:
    """The solutions of p, None when its sweep passes ``WIDTH`` states a level."""
    try:
        return solve(p, "frontier", WIDTH).count()
    except zalg.TooWide:
        return None


def _unique_full_set(rows: int, cols: int, rng: random.Random) -> dict | None:
    """The full pearl set of a random loop moved until it has one solution (None: stuck)."""
    if rows % 2 == 0 and cols % 2 == 0 and rows * cols >= MAZE_CELLS:
        loop = maze_loop(rows, cols, seed=rng.randrange(2 ** 62))
    else:
        loop = random_loop(rows - 1, cols - 1, seed=rng.randrange(2 ** 62))
    pearls = loop_pearls(loop, rows, cols)
    while True:
        try:
            F = solve(Puzzle(rows, cols, pearls), "frontier", WIDTH)
        except zalg.TooWide:
            return None
        n = F.count()
        if n == 1:
            return pearls
        drawn = [loop_pearls(L, rows, cols) for L in F.sample(min(n, SAMPLES), seed=rng.randrange(2 ** 62))]
        best = max(drawn, key=len)
        if len(best) <= len(pearls):
            return None
        pearls = best
