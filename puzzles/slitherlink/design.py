"""Every good hint set of a Slitherlink loop (Yoshinaka et al. 2012, sections 6-8).

A designer draws a loop C* and marks candidate cells Y.  A hint set S ⊆ Y (each
cell E showing h(E) = |C* ∩ E|) is *good* when C* is the only solution.  The
paper's instance space is

    H(y) = ∀x.( ¬C(x) ∨ C*(x) ∨ ⋁_E ( y_E ∧ h(E) ≠ Σ_{e∈E} x_e ) )

(x: edges, y: cells, C: single cycles).  ``instances(..., method="literal")``
evaluates exactly this expression with the family algebra; it is the definition
and is feasible on small boards only.  The other methods use an equivalent
formulation: for a cycle C' ≠ C*, let viol(C') be the candidate cells
whose hint C' would contradict.  S is good iff it meets every viol(C'), so

    H = hitting sets (within Y) of the minimal members of V = {viol(C') : C' ≠ C*}.

The relation W = {C' ∪ viol(C')} over edges and cells is built top-down by the
frontier engine (each cell element just below its cell's last edge, its bit
forced by the cell's edge count).  A set S of cells meets viol(C') exactly when it
meets C' ∪ viol(C'), so H = hitting(W) over the cells alone: the hitting-set
recursion runs on W directly (at an edge level it intersects the two cofactors'
hitting families), and neither the projection ∃x.W (5x7 board: 52 M violation
sets) nor its minimal members are ever built.  That took the 5x7 board with all
35 cells from 5.2 s (minimal projection, then hitting sets) to 0.5 s.  Both
routes give the same family (tested on small boards, and against brute force).
``method="topdown"`` builds the same H top down (``W.hitting(Y, method="topdown")``)
and the default ``method="auto"`` takes it, or the bottom-up ``W.hitting(Y)`` when it
would pass the memory budget (``W.hitting(Y, method="auto")``).
``sweep`` builds W (and H) on the board turned by one of its 8 symmetries, the
elements named back (``sweep_universe``); ``sweep="auto"`` picks the side by a trial of
H's first levels from each (6x6 loop B: H 18 s against 60 s from the top).
The minimal good hint sets are ``minimal(H)``: H is up-closed, and
``H.minimal(method="auto")`` builds its minimal members top down (6x6 loop A: 7 s
against 45 s for ``H.minimal()``, docs/performance.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

import zalg
from zalg import union
from zalg.graphs import build_recorded
from zalg.progress import Progress, reporter

from ..common.board import square_sides
from ..common.caches import cached
from ..common.errors import PuzzleFormatError
from .model import check_solution
from .puzzle import Puzzle
from .solve import board_graph

__all__ = ["instance_universe", "sweep_universe", "SWEEPS", "instances", "sweep_trials",
           "best_sweep", "board_shape", "checked_loop", "candidate_cells", "violation_relation", "minimal", "minimum", "rank_by_difficulty", "difficulty",
           "difficulty_weights", "zero_hint_sets", "loop_hints", "board_cycles", "random_puzzle"]


@cached(maxsize=16)
def instance_universe(rows: int, cols: int) -> zalg.Universe:
    """Edges of the board (narrow side across) with every cell right after its last edge."""
    G = board_graph(rows, cols)
    last = {}
    for i, e in enumerate(G.edges):
        for r in range(rows):
            for c in range(cols):
                if e in square_sides((r, c)):
                    last[(r, c)] = i
    after: dict = {}
    for cell, i in last.items():
        after.setdefault(i, []).append(cell)
    order = []
    for i, e in enumerate(G.edges):
        order.append(e)
        order += sorted(after.get(i, []))
    return zalg.Universe(order)


#: the board's symmetries, by the side and direction the turned board's sweep starts from
#: (its first row, read left to right): 0 the top row from the left (the identity), 1 the
#: left column from the bottom, 2 the bottom row from the right, 3 the right column from
#: the top, 4 the left column from the top, 5 the top row from the right, 6 the bottom row
#: from the left, 7 the right column from the bottom (names for a turned board at least as
#: tall as wide: ``board_graph`` sweeps a wider one by columns)
SWEEPS = ("top", "left, upwards", "bottom, leftwards", "right", "left", "top, leftwards",
          "bottom", "right, upwards")


def _turn(k: int, rows: int, cols: int) -> tuple[tuple[int, int], Callable]:
    """Symmetry k (``SWEEPS``) of a rows x cols board: (the turned board's shape, the map
    of a point (r, c) of a rows x cols grid of points into the turned grid)."""
    def point(p: tuple[int, int], R: int, C: int) -> tuple[int, int]:
        r, c = p
        return ((r, c), (c, R - 1 - r), (R - 1 - r, C - 1 - c), (C - 1 - c, r), (c, r),
                (r, C - 1 - c), (R - 1 - r, c), (C - 1 - c, R - 1 - r))[k]
    return ((rows, cols) if k in (0, 2, 5, 6) else (cols, rows)), point


def _turned(k: int, rows: int, cols: int) -> tuple[tuple[int, int], Callable]:
    """(shape, map of a cell or an edge of the rows x cols board to the turned board's)."""
    shape, point = _turn(k, rows, cols)
    def element(x: tuple) -> tuple:
        if isinstance(x[0], int):  # a cell
            return point(x, rows, cols)
        a, b = point(x[0], rows + 1, cols + 1), point(x[1], rows + 1, cols + 1)
        return (a, b) if a < b else (b, a)
    return shape, element


@cached(maxsize=16)
def sweep_universe(rows: int, cols: int, k: int) -> zalg.Universe:
    """The edges and cells of the rows x cols board in the order of the turned board's
    ``instance_universe`` (symmetry k of ``SWEEPS``), named as on this board: the
    relation W built in that order sweeps from side ``SWEEPS[k]``.  k = 0: the
    ``instance_universe(rows, cols)`` itself."""
    if k == 0:
        return instance_universe(rows, cols)
    shape, _ = _turned(k, rows, cols)
    back = _back(k, rows, cols)
    return zalg.Universe([back[x] for x in instance_universe(*shape).elements])


def _back(k: int, rows: int, cols: int) -> dict:
    """The turned board's elements (symmetry k) to this board's."""
    _, element = _turned(k, rows, cols)
    return {element(x): x for x in instance_universe(rows, cols).elements}


def board_shape(puzzle_or_shape) -> tuple[int, int]:
    """(rows, cols) of a puzzle or of a (rows, cols) pair."""
    if hasattr(puzzle_or_shape, "rows"):
        return puzzle_or_shape.rows, puzzle_or_shape.cols
    rows, cols = puzzle_or_shape
    return int(rows), int(cols)


def checked_loop(rows: int, cols: int, loop: Iterable, multi: bool) -> frozenset:
    """The loop's edges, checked to be one cycle (or disjoint cycles when ``multi``)."""
    edges = frozenset(loop)
    p = Puzzle(rows, cols)
    bad = [e for e in edges if not p.is_edge(e)]
    if bad:
        raise PuzzleFormatError(f"loop: {bad[0]!r} is not an edge of the {rows}x{cols} board")
    problems = [v for v in check_solution(p, edges) if not (multi and v.rule == "more than one loop")]
    if problems:
        raise PuzzleFormatError(f"loop: not a single cycle ({problems[0].message})"
                                if not multi else f"loop: not a set of disjoint cycles "
                                f"({problems[0].message})")
    return edges


def loop_hints(loop: Iterable, rows: int, cols: int) -> dict:
    """h(E) = number of loop edges around cell E, for every cell."""
    loop = frozenset(loop)
    return {(r, c): sum(e in loop for e in square_sides((r, c)))
            for r in range(rows) for c in range(cols)}


def instances(puzzle_or_shape, cycle: Iterable, candidates: Iterable | None = None,
              method: str = "auto", multi: bool = False, progress: Progress = None,
              sweep: int | str = 0) -> zalg.Family:
    """All good hint sets: cell sets S ⊆ candidates for which ``cycle`` is the only
    solution when every cell of S shows its loop count.

    ``multi=True``: solutions are sets of disjoint cycles (the paper's Figure 11,
    hidden-message puzzles) and ``cycle`` may be such a set.  The result is a family
    over the cell elements of ``instance_universe(rows, cols)``.  ``method``: "auto"
    (the default: top down, and bottom up when the top-down route would pass the
    memory budget, with a progress line saying so), "topdown"
    (``W.hitting(Y, method="topdown")``: the cells decided in order, carrying the set of W's
    nodes still avoiding them, the last (up to 16) by truth tables; H 2-3x faster on 6x6
    loops and 30x on the 2012 program's 5x7 loop, at up to twice the memory,
    docs/performance.md), "hitting" (``W.hitting(Y)``, bottom up) or "literal" (the
    paper's expression).

    ``sweep``: the side the relation W (and the top-down H) is swept from, a symmetry
    of the board (``SWEEPS``; 0, the default: the top, the result over
    ``instance_universe``), or "auto": the sweep whose first levels of the top-down H
    hold the fewest nodes (``TRIAL_LEVELS`` levels of each of the 8 sweeps; the side
    changes H's time up to 5x: 6x6 loop B 18-76 s, loop A 7-37 s).  With k ≠ 0 (and
    candidates left) the result is the same set of hint sets over
    ``sweep_universe(rows, cols, k)`` (the same cells, in the turned board's order): a
    family of another universe than the default's.  "literal" ignores it."""
    rows, cols = board_shape(puzzle_or_shape)
    loop = checked_loop(rows, cols, cycle, multi)
    Y = candidate_cells(rows, cols, loop, candidates)
    kind = "cycles" if multi else "cycle"
    if method == "literal":
        return _literal(rows, cols, loop, Y, loop_hints(loop, rows, cols), kind)
    if method not in ("auto", "hitting", "topdown"):
        raise ValueError(f"unknown method {method!r}: use 'auto', 'hitting', 'topdown' or "
                         f"'literal'")
    if not Y:
        return _only_solution(rows, cols, loop, kind, instance_universe(rows, cols))
    with reporter(progress) as report:
        if sweep == "auto":
            W, k = _best_sweep(rows, cols, loop, Y, multi, report)
        elif sweep in range(len(SWEEPS)):
            W = _swept_relation(rows, cols, loop, Y, multi, sweep, report)
        else:
            raise ValueError(f"sweep: 'auto' or 0-{len(SWEEPS) - 1}, got {sweep!r}")
        # S ⊆ Y meets viol(C') iff it meets C' ∪ viol(C')
        return W.hitting(Y, method="bottomup" if method == "hitting" else method,
                         progress=report)


#: the levels of the top-down H each sweep's trial builds (``instances(sweep="auto")``): on
#: the 6x6 loops A and B the entries of the first 12 levels rank the 8 sweeps as H's
#: time does (docs/performance.md), for 0.8-1.6 CPU s in all
TRIAL_LEVELS = 12


def _swept_relation(rows: int, cols: int, loop: frozenset, Y: list, multi: bool, k: int,
                    report) -> zalg.Family:
    """W (``violation_relation``) built on the board turned by symmetry k, as a family of
    ``sweep_universe(rows, cols, k)`` (named as on this board)."""
    if k == 0:
        return violation_relation((rows, cols), loop, Y, multi, report)[0]
    shape, element = _turned(k, rows, cols)
    W, _, _ = violation_relation(shape, [element(e) for e in loop], [element(E) for E in Y],
                                 multi, report)
    return _named_back(W, rows, cols, k)


def _named_back(W: zalg.Family, rows: int, cols: int, k: int) -> zalg.Family:
    """W of the board turned by symmetry k, as the same family of this board's elements
    (over ``sweep_universe(rows, cols, k)``, the same order)."""
    if k == 0:
        return W
    return sweep_universe(rows, cols, k).adopt(W, rename=_back(k, rows, cols).__getitem__)


def sweep_trials(rows: int, cols: int, loop: frozenset, Y: list, multi: bool = False,
                 levels: int | None = None, sides: Iterable[int] | None = None,
                 progress: Progress = None) -> list[tuple[int, zalg.Family, list]]:
    """(k, W, widths) for each symmetry k of ``sides`` (all of ``SWEEPS`` when None): the
    relation W swept from that
    side (a family of the turned board's ``instance_universe``) and the (states,
    entries) of the first ``levels`` (``TRIAL_LEVELS``) levels of its top-down H
    (``Family.hitting_trial``; fewer when H ends sooner)."""
    out = []
    for k in range(len(SWEEPS)) if sides is None else sides:
        shape, element = _turned(k, rows, cols)
        W, Yk, _ = violation_relation(shape, [element(e) for e in loop],
                                      [element(E) for E in Y], multi, progress)
        out.append((k, W, W.hitting_trial(Yk, TRIAL_LEVELS if levels is None else levels)))
    return out


def best_sweep(trials: list[tuple[int, zalg.Family, list]], rows: int, cols: int
               ) -> tuple[zalg.Family, int, list]:
    """(W, k, widths) of the trial (``sweep_trials``) whose levels hold the fewest entries
    (W's nodes over all its states and levels), ties to the smaller k; W named as on
    this board (over ``sweep_universe(rows, cols, k)``).  (A trial that ends early, H
    being empty, counts what it built.)"""
    k, W, widths = min(trials, key=lambda t: (sum(e for _, e in t[2]), t[0]))
    return _named_back(W, rows, cols, k), k, widths


def _best_sweep(rows: int, cols: int, loop: frozenset, Y: list, multi: bool,
                report) -> tuple[zalg.Family, int]:
    """(W, k): the relation swept from the side of least trial work (``best_sweep``)."""
    with report.waiting(f"choosing the sweep: {TRIAL_LEVELS} levels of H from each side"):
        W, k, _ = best_sweep(sweep_trials(rows, cols, loop, Y, multi), rows, cols)
    report.note(f"sweeping from the {SWEEPS[k]} (the least work in {len(SWEEPS)} sweeps' "
                f"first {TRIAL_LEVELS} levels of H)")
    return W, k


def candidate_cells(rows: int, cols: int, loop: frozenset, candidates: Iterable | None) -> list:
    """The candidate cells, sorted (every cell when None), each checked to be a cell."""
    U = instance_universe(rows, cols)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    Y = cells if candidates is None else sorted(set(candidates))
    for cell in Y:
        if cell not in U or len(cell) != 2 or cell in loop:
            raise PuzzleFormatError(f"candidates: {cell!r} is not a cell of the {rows}x{cols} board")
    return Y


def violation_relation(puzzle_or_shape, cycle: Iterable, candidates: Iterable | None = None,
                       multi: bool = False, progress: Progress = None):
    """(W, Y, U): W = {C' ∪ viol(C') : C' ≠ C*} over the edges and the candidate
    cells Y (viol(C'): the cells of Y whose hint C' contradicts), built top-down by
    the frontier engine, in the universe U = ``instance_universe(rows, cols)``."""
    rows, cols = board_shape(puzzle_or_shape)
    loop = checked_loop(rows, cols, cycle, multi)
    Y = candidate_cells(rows, cols, loop, candidates)
    U = instance_universe(rows, cols)
    h = loop_hints(loop, rows, cols)
    with reporter(progress) as report:
        W = build_recorded(board_graph(rows, cols), "cycles" if multi else "cycle", U,
                           {E: (square_sides(E), h[E]) for E in Y}, exclude=loop,
                           progress=report)
        if report.active:  # node_count exports W: only when someone listens
            report.note(f"relation of other cycles and their violation sets: "
                        f"{W.node_count()} nodes")
    return W, Y, U


def _only_solution(rows, cols, loop, kind, U) -> zalg.Family:
    """With no candidates, the empty hint set is good iff the loop is the only cycle (set)."""
    G = board_graph(rows, cols)
    family = G.cycles() if kind == "cycle" else G.cycle_sets()
    return U.unit if family.count() == 1 and loop in family else U.empty


def _literal(rows, cols, loop, Y, h, kind) -> zalg.Family:
    """H(y) = ∀x.(¬C(x) ∨ C*(x) ∨ ⋁_E (y_E ∧ h(E) ≠ Σ_{e∈E} x_e)), written as it reads."""
    U = instance_universe(rows, cols)
    G = board_graph(rows, cols)
    X = list(G.edges)
    C = U.adopt(G.cycles() if kind == "cycle" else G.cycle_sets())  # C(x), over edges only
    Cstar = U.family([loop])                                        # C*(x)
    PY = U.power_set(Y)
    Cx, Sx = C * PY, Cstar * PY          # lifted to cylinders before complementing
    wrong = union((U.var(E) & ~U.exactly(h[E], square_sides(E)) for E in Y), universe=U)
    return (~Cx | Sx | wrong).forall(X) & PY


def minimal(H: zalg.Family, progress: Progress = None) -> zalg.Family:
    """The minimal good hint sets: the members of H (from :func:`instances`, which is
    up-closed: a superset of a good hint set is good) with no good proper subset,
    built top down (``H.minimal(method="auto")``); the same family as ``H.minimal()``,
    which is taken (with a progress line saying so) when the top-down route would
    pass the memory budget."""
    return H.minimal(upclosed=True, method="auto", progress=progress)


def minimum(H: zalg.Family) -> zalg.Family:
    """The members of least size (the minimum instances); ∅ if H is empty."""
    sizes = H.by_size()
    return H.of_size(min(sizes)) if sizes else H


_PRECEDENCE = (4, 0, 3, 1, 2)  # the paper: fewest 4s, then 0s, 3s, 1s, 2s


def difficulty(member: Iterable, h: dict) -> tuple:
    """The paper's key: (number of hints valued 4, 0, 3, 1, 2); smaller is harder."""
    values = [h[cell] for cell in member]
    return tuple(values.count(v) for v in _PRECEDENCE)


def difficulty_weights(cells: Iterable, h: dict) -> dict:
    """One weight per cell encoding the key: B^4 for a 4, B^3 for a 0, ..., 1 for a 2
    (B above any count), so the order of total weight is the key's order."""
    cells = list(cells)
    B = len(cells) + 1
    return {cell: B ** (len(_PRECEDENCE) - 1 - _PRECEDENCE.index(h[cell])) for cell in cells}


def rank_by_difficulty(H: zalg.Family, cycle: Iterable) -> Iterator[tuple[frozenset, tuple]]:
    """The members of H, hardest first, with their difficulty keys, lazily.

    The lexicographic key is encoded as one weight per cell (base B above any
    count), so ``iter_by_weight`` delivers members in exactly this order."""
    cells = [x for x in H.universe.elements if len(x) == 2 and isinstance(x[0], int)]
    rows = 1 + max((r for r, _ in cells), default=0)
    cols = 1 + max((c for _, c in cells), default=0)
    h = loop_hints(cycle, rows, cols)
    for _, member in H.iter_by_weight(difficulty_weights(cells, h)):
        yield member, difficulty(member, h)


def zero_hint_sets(rows: int, cols: int, candidates: Iterable | None = None,
                   progress: Progress = None) -> zalg.Family:
    """Every set S of cells such that a 0 in each cell of S leaves no loop at all.

    A 0 in cell E rules out exactly the cycles that touch E, so S works iff it
    meets the set of touched cells of every cycle: the hitting sets of those.
    ``progress``: see ``zalg.progress``."""
    U = instance_universe(rows, cols)
    G = board_graph(rows, cols)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    Y = cells if candidates is None else sorted(set(candidates))
    with reporter(progress) as report:
        W = build_recorded(G, "cycle", U, {E: (square_sides(E), 0) for E in Y}, progress=report)
        with report.waiting("hitting sets"):
            return W.hitting(Y)


@cached(maxsize=4, ignore=("progress",))
def board_cycles(rows: int, cols: int, progress: Progress = None) -> zalg.Family:
    """Every single loop of the rows x cols board (shared per shape; ``progress``: see
    ``zalg.progress``)."""
    return board_graph(rows, cols).cycles(progress=progress)


#: hint sets up to this size are reduced to a minimum one exhaustively (by ``instances``)
EXHAUSTIVE = 25


def random_puzzle(rows: int, cols: int, seed=None, exhaustive: int = EXHAUSTIVE,
                  tries: int = 100, progress: Progress = None):
    """A random puzzle with a unique solution and a minimal hint set.

    Draws a loop uniformly from :func:`board_cycles` and shows every cell's hint (a
    loop whose full hints allow another loop is drawn again).  Hints are removed in
    random order while the solution stays unique, down to ``exhaustive`` hints;
    then one of the *minimum* subsets of those that keep it unique is drawn
    uniformly (``instances`` + ``minimum``, as ``reduce`` does).  If no more hints
    can go before that, every hint is needed: the set is minimal.  Exhaustive
    reduction of all 49 hints of a 7x7 board takes minutes, of 25 under a second;
    the whole run takes 0.1-0.3 s at 5x5, 0.2-0.5 s at 7x7, about 1 s at 10x10.
    ``progress``: see ``zalg.progress`` (the cycles, then the hints tried)."""
    if not (isinstance(rows, int) and isinstance(cols, int) and rows >= 1 and cols >= 1):
        raise PuzzleFormatError(f"slitherlink generate: board size must be two positive "
                                f"integers, got {rows}x{cols}")
    rng = random.Random(seed)
    with reporter(progress) as report:
        with report.waiting(f"cycles of the {rows}x{cols} board"):
            cycles = board_cycles(rows, cols)
        return _reduced_random(rows, cols, cycles, rng, exhaustive, tries, report)


def _reduced_random(rows, cols, cycles, rng, exhaustive, tries, report):
    """The draws of :func:`random_puzzle`."""
    for _ in range(tries):
        (drawn,) = cycles.sample(1, seed=rng.randrange(2 ** 62))
        loop = frozenset(drawn)
        h = loop_hints(loop, rows, cols)
        hints = dict(h)
        if Puzzle(rows, cols, hints).count() != 1:
            continue
        order = sorted(hints)
        rng.shuffle(order)
        report.stage("removing hints", total=len(order))
        for tried, cell in enumerate(order, 1):
            report.update(tried, detail=f"{len(hints)} hints")
            if len(hints) <= exhaustive:
                break
            value = hints.pop(cell)
            if Puzzle(rows, cols, hints).count() != 1:
                hints[cell] = value  # needed now, so needed in every smaller set
        if len(hints) <= exhaustive:
            with report.waiting(f"minimum subsets of {len(hints)} hints"):
                best = minimum(instances((rows, cols), loop, candidates=list(hints)))
            (chosen,) = best.sample(1, seed=rng.randrange(2 ** 62))
            hints = {cell: h[cell] for cell in chosen}
        return Puzzle(rows, cols, hints)
    raise PuzzleFormatError(f"slitherlink generate: no {rows}x{cols} loop with unique full "
                            f"hints in {tries} draws")
