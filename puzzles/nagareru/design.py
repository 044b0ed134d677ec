"""Nagareru for designers: interesting instances of a loop, and reducing hand-made puzzles.

An *interesting* instance (Ishihata & Tokumasu, SEA 2022) has exactly one
solution, no white arrow that cannot be used (a wind of another direction on
it, fewer than two usable neighbours), no ineffective fan (blowing at the border
or a black cell, or facing an opposite fan), and no redundant clue: removing
any one white arrow, fan or plain black cell lets another solution in.

The paper generates one by adding and removing clues and rebuilding the
solution ZDD after every change (26-282 solver runs per instance, 318 s at
13x13).  Here a target loop C with a travel direction is drawn, and every clue
consistent with it is an element (arrows on its straight cells, plain black
cells and fans off it).  A clue set makes C unique exactly when it *hits* the
violation set of every other oriented loop, so violation sets are the currency:

1. the instance showing every clue must have C as its only solution (one quick
   solve of a dense board; otherwise another target is drawn);
2. fans that this dense instance does not need are dropped;
3. violation sets of loops near C and of random loops are collected without any
   solver run;
4. clues are removed one at a time, those that hit the fewest known violation
   sets first.  A clue that is the only one left in a known violation set is
   kept without a test; every other removal is tested by one solve, and a failed
   test returns the other solutions' violation sets at once.

Every board solved on the way is at least as dense as the result: solving a
sparse candidate (a hitting set of the few violation sets known early, as an
implicit hitting set search would) can cost seconds at 13x13, a dense one a few
milliseconds (docs/nagareru.md has the measurements).  Removing a clue only
removes constraints, so a clue needed once is needed at the end: the result has
no redundant clue.  ``reduce`` enumerates every minimal clue set of a hand-made
puzzle by implicit hitting sets (``puzzles.common.hitting``).

Clues are made independent so that violation sets are exact: a fan's wind runs
to the border, and a fan never stands together with a black cell or a fan on
its wind's path, nor with a white arrow of another direction there.  Then every
clue is one cell and its violation by a loop is a property of that loop alone.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable

import zalg
from zalg.progress import Progress, Reporter, reporter

from ..common.board import STEP
from ..common.errors import PuzzleFormatError
from ..common.hitting import HittingSearch
from ..common.loops import outline, random_region
from ..common.solving import one_solution
from .puzzle import Puzzle

__all__ = ["generate", "reduce", "target_loop", "clue_options", "violations"]

_OPP = {"u": "d", "d": "u", "l": "r", "r": "l"}
_AXIS = {"u": "v", "d": "v", "l": "h", "r": "h"}


def _region_loop(rows: int, cols: int, fill: float, rng: random.Random) -> frozenset | None:
    """A random loop through cell centres: the outline of a simply connected region of
    the (rows-1) x (cols-1) squares between cell centres."""
    if rows < 2 or cols < 2:
        return None
    region = random_region(rows - 1, cols - 1, fill, rng.randrange(2 ** 62))
    return outline(region) if region else None


def target_loop(rows: int, cols: int, seed=None, min_length: int = 4,
                max_length: int | None = None, tries: int = 200) -> list:
    """A random loop with a random travel direction, as its cells in travel order."""
    rng = random.Random(seed)
    top = max_length if max_length is not None else rows * cols
    for _ in range(tries):
        edges = _region_loop(rows, cols, rng.uniform(0.25, 0.75), rng)
        if not edges or not min_length <= len(edges) <= top:
            continue
        order = _cycle_order(edges)
        if order is None:
            continue
        return order if rng.random() < 0.5 else [order[0]] + order[:0:-1]
    raise PuzzleFormatError(f"nagareru generate: no {rows}x{cols} loop with length in "
                            f"{min_length}..{top} found")


_DIRECTION = {(-1, 0): "u", (1, 0): "d", (0, -1): "l", (0, 1): "r"}


def _moves(order: list) -> dict:
    """cell -> (direction moved into it, direction moved out of it)."""
    out = {}
    prev = order[-1]
    into = None
    for x in order + order[:1]:
        d = _DIRECTION[(x[0] - prev[0], x[1] - prev[1])]
        if into is not None:
            out[prev] = (into, d)
        into, prev = d, x
    return out


def _cycle_order(edges) -> list | None:
    """The cells of a single cycle (an edge set of the grid) in one travel order, or None
    when the edges are not one cycle."""
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    if not adj or any(len(v) != 2 for v in adj.values()):
        return None
    start = min(adj)
    order, prev, x = [start], None, start
    while True:
        a, b = adj[x]
        nxt = b if a == prev else a
        if nxt == start:
            break
        order.append(nxt)
        prev, x = x, nxt
    return order if len(order) == len(adj) else None


def _both_ways(edges) -> list:
    """The two travel orders of a single cycle ([] when the edges are not one)."""
    order = _cycle_order(edges)
    return [] if order is None else [order, [order[0]] + order[:0:-1]]


def _path(x, d: str, rows: int, cols: int) -> list:
    out = []
    r, c = x[0] + STEP[d][0], x[1] + STEP[d][1]
    while 0 <= r < rows and 0 <= c < cols:
        out.append((r, c))
        r, c = r + STEP[d][0], c + STEP[d][1]
    return out


def violations(clues: dict, order: list) -> frozenset:
    """The clues (ids -> (cell, token)) that the oriented loop ``order`` breaks: a white
    arrow it does not pass straight along, a black cell it passes."""
    moves = _moves(order)
    bad = set()
    for cid, (cell, token) in clues.items():
        if token in "udlr":
            if moves.get(cell) != (token, token):
                bad.add(cid)
        elif cell in moves:
            bad.add(cid)
    return frozenset(bad)


def obeys_fans(fans: list, order: list) -> bool:
    """Whether the oriented loop avoids the fans' cells and obeys their winds."""
    moves = _moves(order)
    return all(cell not in moves and _wind_ok(token.lower(), path, moves)
               for cell, token, path in fans)


def _wind_ok(d: str, path: list, moves: dict) -> bool:
    """The loop neither moves against wind d between two cells of the path nor crosses
    it straight at a cell of the path."""
    on_path = set(path)
    back = _OPP[d]
    for x in path:
        m = moves.get(x)
        if m is None:
            continue
        into, out = m
        if into == out and _AXIS[into] != _AXIS[d]:
            return False  # straight across the wind
        prev = (x[0] - STEP[into][0], x[1] - STEP[into][1])
        if into == back and prev in on_path:
            return False  # moved against the wind from a windy cell into this one
    return True


def fan_options(rows: int, cols: int, order: list) -> list:
    """Every fan off the loop whose wind (to the border) the oriented loop obeys:
    (cell, token, wind path)."""
    moves = _moves(order)
    out = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in moves:
                continue
            for d in "udlr":
                path = _path((r, c), d, rows, cols)
                if path and _wind_ok(d, path, moves):
                    out.append(((r, c), d.upper(), tuple(path)))
    return out


def choose_fans(rows: int, cols: int, order: list, count: int, rng: random.Random) -> list:
    """Up to ``count`` fans the loop obeys, none on another's wind path and none
    blowing across a white arrow cell... (arrows come later: only the loop's cells)."""
    chosen: list = []
    options = fan_options(rows, cols, order)
    for option in rng.sample(options, k=len(options)):
        if len(chosen) >= count:
            break
        cell, _, path = option
        if any(cell == c or cell in p or c in path for c, _, p in chosen):
            continue
        chosen.append(option)
    return chosen


def clue_options(rows: int, cols: int, order: list, fans: list) -> dict:
    """The clues the search chooses from, given fixed fans: id -> (cell, token).

    White arrows on the loop's straight cells (in the travel direction) that no
    fan blows across, and plain black cells off the loop and off every fan's wind
    path (a black cell there would cut the wind)."""
    moves = _moves(order)
    blown: dict = {}
    for cell, token, path in fans:
        for y in path:
            blown.setdefault(y, set()).add(token.lower())
    fan_cells = {cell for cell, _, _ in fans}
    clues: dict = {}
    for x, (into, out) in moves.items():
        if into == out and blown.get(x, {into}) <= {into}:
            clues[len(clues)] = (x, into)
    for r in range(rows):
        for c in range(cols):
            x = (r, c)
            if x not in moves and x not in blown and x not in fan_cells:
                clues[len(clues)] = (x, "N")
    return clues


def instance(rows: int, cols: int, clues: dict, chosen: Iterable, fans: list = ()) -> Puzzle:
    """The puzzle showing the chosen clues and the fans."""
    cells = {cell: token for cell, token, _ in fans}
    cells.update({clues[c][0]: clues[c][1] for c in chosen})
    return Puzzle(rows, cols, cells)


def _nearby_loops(order: list, rows: int, cols: int, rng: random.Random, n: int) -> list:
    """Loops close to the target: the outline of its region with squares toggled."""
    edges = {tuple(sorted((order[i], order[(i + 1) % len(order)]))) for i in range(len(order))}
    # the squares inside the loop: flood from the outside of the (rows-1)x(cols-1) squares
    squares = [(r, c) for r in range(rows - 1) for c in range(cols - 1)]
    region = _inside(edges, rows, cols)
    out = []
    for _ in range(n):
        changed = set(region)
        for _ in range(rng.randint(1, 3)):
            changed ^= {rng.choice(squares)}
        if not changed or changed == region:
            continue
        loop = outline(changed)
        if _cycle_order(loop) is not None:
            out.append(loop)
    return out


def _inside(edges: set, rows: int, cols: int) -> set:
    """The squares (r, c) (between cells (r, c) and (r+1, c+1)) enclosed by a loop."""
    inside = set()
    for r in range(rows - 1):
        crossings = 0
        for c in range(cols - 1):
            if ((r, c), (r + 1, c)) in edges:
                crossings += 1
            if crossings % 2:
                inside.add((r, c))
    return inside


def near_loops(others: zalg.Family, target_edges: frozenset, k: int, rng: random.Random) -> list:
    """Up to k distinct members of ``others`` close to the target loop: each the member of
    least weight under random weights, negative on the target's edges and positive off it
    (so it shares many edges with the target and adds few)."""
    elements = others.universe.elements
    found: dict = {}
    for _ in range(k):
        weights = [(-1.0 if e in target_edges else 1.0) * (1.0 + rng.random()) for e in elements]
        _, loop = others.min_weight(weights)
        found[loop] = None
    return list(found)


def _counterexamples(S: zalg.Family, clues: dict, fans: list, target_edges: frozenset,
                     samples: int, rng: random.Random) -> list:
    """Violation sets of solutions in S other than the target: half of them close to the
    target (few broken clues: strong constraints), half uniform samples."""
    others = S - S.universe.family([target_edges])
    loops = near_loops(others, target_edges, samples // 2, rng)
    loops += others.sample(min(samples - len(loops), others.count()), seed=rng.randrange(2 ** 62))
    found = []
    for loop in loops:
        for way in _both_ways(loop):
            if obeys_fans(fans, way):
                found.append(violations(clues, way))
    return found


def _seed_sets(order, rows, cols, clues, fans, target_edges, warmup, rng) -> list:
    """Violation sets of loops near the target and of random loops (obeying the fans)."""
    loops = _nearby_loops(order, rows, cols, rng, warmup)
    for _ in range(warmup // 3):
        loop = _region_loop(rows, cols, rng.uniform(0.1, 0.9), rng)
        if loop and _cycle_order(loop) is not None:
            loops.append(loop)
    out = []
    for loop in loops:
        if loop == target_edges:
            continue
        for way in _both_ways(loop):
            if obeys_fans(fans, way):
                out.append(violations(clues, way))
    return out


class _Trials:
    """The solver runs of one generation (instances of one target loop), counted and timed."""

    def __init__(self, rows: int, cols: int, clues: dict, stats: dict, report: Reporter):
        self.rows, self.cols, self.clues = rows, cols, clues
        self.stats, self.report = stats, report

    def solve(self, K, fans) -> zalg.Family:
        """Every solution of the instance showing clues K and the fans."""
        p = instance(self.rows, self.cols, self.clues, K, fans)
        t = time.perf_counter()
        S = p.solve()
        self.stats["solve seconds"] += time.perf_counter() - t
        self.stats["solves"] += 1
        if self.report.active:
            self.report.update(self.stats["solves"], detail=f"loop {self.stats['loops']}: "
                               f"{len(K)} clues, {len(fans)} fans, {S.count()} solutions")
        return S


def _necessary_fans(trials: _Trials, K: set, fans: list) -> list:
    """The fans whose removal, with every clue of K shown, lets another loop in (tested
    while the board is dense, so each test is a quick solve)."""
    kept = list(fans)
    for fan in fans:
        rest = [f for f in kept if f is not fan]
        if trials.solve(K, rest).count() == 1:
            kept = rest
    return kept


def _neighbourhoods(clues: dict, K: set, radius: int) -> dict:
    """clue id -> the other clues of K within ``radius`` rows and columns of its cell."""
    ids = sorted(K)
    near = {c: [] for c in ids}
    for i, a in enumerate(ids):
        (ra, ca), _ = clues[a]
        for b in ids[i + 1:]:
            (rb, cb), _ = clues[b]
            if abs(ra - rb) <= radius and abs(ca - cb) <= radius:
                near[a].append(b)
                near[b].append(a)
    return near


def _strip_clues(trials: _Trials, K: set, fans: list, V: list, target_edges: frozenset,
                 samples: int, rng: random.Random, white: float | None = None,
                 spread: int = 2) -> set:
    """Remove clues from K while the target stays the only solution.

    The next clue tried is one of the kind (white arrow or black cell) above its
    share ``white`` of the clues (when given), then one with the most clues around
    it (within ``spread`` rows and columns, so that the clues left are spread over
    the board), then one that hits the fewest known violation sets, then at random.
    A clue that is the only one of K in a known violation set (V) stays without a
    test: the loop behind that set would come back.  Every other removal is tested
    by one solve of a board at least as dense as the result, and a failed test adds
    the other solutions' violation sets to V.  Removing a clue only removes
    constraints, so a clue needed once is needed at the end: the result has no
    redundant clue."""
    clues = trials.clues
    hits = dict.fromkeys(K, 0)

    def count_hits(sets) -> None:
        for v in sets:
            for c in v:
                if c in hits:
                    hits[c] += 1

    count_hits(V)
    near = _neighbourhoods(clues, K, spread) if spread > 0 else {c: [] for c in K}
    crowd = {c: len(near[c]) for c in K}
    tiebreak = {c: rng.random() for c in K}
    arrows = sum(1 for c in K if clues[c][1] in "udlr")
    untested = set(K)
    while untested:
        over = None  # the kind above its share: True for arrows, False for black cells
        if white is not None and K:
            over = arrows / len(K) > white

        def priority(c):
            kind = clues[c][1] in "udlr"
            return (kind == over, crowd[c], -hits[c], tiebreak[c])

        c = max(untested, key=priority)
        untested.discard(c)
        if any(c in v and len(v & K) == 1 for v in V):
            continue
        K.discard(c)
        S = trials.solve(K, fans)
        if S.count() == 1:
            arrows -= clues[c][1] in "udlr"
            for b in near[c]:
                crowd[b] -= 1
            continue
        K.add(c)
        found = _counterexamples(S, clues, fans, target_edges, samples, rng)
        V.extend(found)
        count_hits(found)
    return K


def generate(rows: int, cols: int, seed=None, fans: int | None = None, min_length: int = 4,
             max_length: int | None = None, white: float | None = None, spread: int = 2,
             samples: int = 16, warmup: int = 300, stats: dict | None = None,
             progress: Progress = None) -> Puzzle:
    """An interesting instance of a rows x cols board (see the module docstring).

    ``fans``: how many fans to try (default: a random number up to (rows + cols) / 4);
    ``min_length`` / ``max_length``: bounds on the loop's length; ``white``: the share
    of white arrows among the arrows and plain black cells to aim for (0 to 1; None:
    no preference); ``spread``: clues with the most others within this many rows and
    columns are removed first, so the clues left are spread over the board (0: no
    preference, the clues that exclude the fewest known loops go first); ``samples``:
    other solutions taken from each failed removal test; ``warmup``: random and
    nearby loops whose violation sets are known before any solver run.  ``stats``, if
    given, receives the number of solver runs and their time; ``progress`` (see
    ``zalg.progress``) is told of every solver run."""
    if not (isinstance(rows, int) and isinstance(cols, int) and rows >= 2 and cols >= 2):
        raise PuzzleFormatError(f"nagareru generate: a board needs at least 2x2 cells, "
                                f"got {rows}x{cols}")
    if white is not None and not 0 <= white <= 1:
        raise PuzzleFormatError(f"nagareru generate: the share of white arrows must be "
                                f"between 0 and 1, got {white}")
    if not isinstance(spread, int) or spread < 0:
        raise PuzzleFormatError(f"nagareru generate: spread must be a whole number >= 0, "
                                f"got {spread}")
    rng = random.Random(seed)
    stats = stats if stats is not None else {}
    stats.update({"solves": 0, "solve seconds": 0.0, "loops": 0})
    with reporter(progress) as report:
        report.stage("solver runs")
        return _generate(rows, cols, fans, min_length, max_length, white, spread, samples,
                         warmup, stats, rng, report)


def _generate(rows, cols, fans, min_length, max_length, white, spread, samples, warmup, stats,
              rng, report: Reporter) -> Puzzle:
    """The search of :func:`generate` (its arguments checked)."""
    for _ in range(200):
        order = target_loop(rows, cols, rng.randrange(2 ** 62), min_length, max_length)
        stats["loops"] += 1
        want = rng.randint(0, max(1, (rows + cols) // 4)) if fans is None else fans
        fixed = choose_fans(rows, cols, order, want, rng)
        clues = clue_options(rows, cols, order, fixed)
        target_edges = frozenset(tuple(sorted((order[i], order[(i + 1) % len(order)])))
                                 for i in range(len(order)))
        trials = _Trials(rows, cols, clues, stats, report)
        K = set(clues)
        if trials.solve(K, fixed).count() != 1:
            continue  # even every clue at once leaves another loop: try another target
        fixed = _necessary_fans(trials, K, fixed)
        V = _seed_sets(order, rows, cols, clues, fixed, target_edges, warmup, rng)
        K = _strip_clues(trials, K, fixed, V, target_edges, samples, rng, white, spread)
        return instance(rows, cols, clues, K, fixed)
    raise PuzzleFormatError(f"nagareru generate: no interesting {rows}x{cols} instance found")


def reduce(p: Puzzle, progress: Progress = None) -> zalg.Family:
    """Every minimal set of the puzzle's clue cells that keeps its solution unique
    (clues outside the set become empty white cells), as a family of cell sets.

    A black cell that stops a wind is kept in every set (removing it would lengthen
    the wind, adding constraints rather than removing them); all other removals
    only remove constraints, so uniqueness is monotone and the answer is exact
    (``puzzles.common.hitting``).  First every clue is taken away on its own: a clue whose
    removal lets another loop in is in every minimal set, and those loops' violation
    sets start the search, so every board solved afterwards shows at least those
    clues (a generated interesting instance needs all its clues: one solve each and
    it is done).  ``progress``: see ``zalg.progress``."""
    with reporter(progress) as report:
        report.stage("solving the puzzle")
        return _Reduction(p, one_solution(p, "reduce", report), report).run()


class _Reduction:
    """The search of :func:`reduce`: clue cells, the solver as the oracle, the answer."""

    def __init__(self, p: Puzzle, target: frozenset, report: Reporter):
        self.p, self.target, self.report = p, target, report
        stoppers = set()
        for fan, d in p.fans().items():
            end = p.blown_cells(fan)
            last = end[-1] if end else fan
            y = (last[0] + STEP[d][0], last[1] + STEP[d][1])
            if p.inside(y) and p.is_black(y):
                stoppers.add(y)
        self.stoppers = stoppers
        self.removable = [c for c in p.cells if c not in stoppers]

    def board(self, K) -> Puzzle:
        """The puzzle showing the clues of K and the wind stoppers."""
        cells = {c: self.p.cells[c] for c in self.stoppers}
        cells.update({c: self.p.cells[c] for c in K})
        return Puzzle(self.p.rows, self.p.cols, cells)

    def oracle(self, K: frozenset) -> list:
        """[] when K keeps the solution unique, else violation sets of other loops."""
        S = self.board(K).solve()
        if S.count() == 1:
            return []
        found = []
        others = S - S.universe.family([self.target])
        for loop in others.sample(min(32, S.count() - 1), seed=len(K)):
            for way in _both_ways(loop):
                found.append(frozenset(c for c in self.removable if _breaks(self.p, c, way)))
        return found

    def run(self) -> zalg.Family:
        everything = frozenset(self.removable)
        self.report.stage("each clue taken away", total=len(self.removable))
        seeds: list = []
        for done, c in enumerate(self.removable, 1):
            seeds += self.oracle(everything - {c})
            self.report.update(done)
        needed = {c for v in seeds if len(v) == 1 for c in v}
        self.report.stage(f"minimal clue sets ({len(needed)} of {len(self.removable)} clues "
                          "needed in every one): solver runs")
        search = HittingSearch(self.removable, self.oracle, seed_sets=seeds)
        good = search.find_all(progress=self.report)
        U = zalg.Universe(sorted(self.p.cells))
        return U.family([set(m) | self.stoppers for m in good])


def _breaks(p: Puzzle, cell, order: list) -> bool:
    """Whether the clue at ``cell`` (with the puzzle's winds) rules out the oriented loop."""
    token = p.cells[cell]
    moves = _moves(order)
    if token in "udlr":
        return moves.get(cell) != (token, token)
    if cell in moves:
        return True
    if token in "UDLR":
        return not _wind_ok(token.lower(), p.blown_cells(cell), moves)
    return False
