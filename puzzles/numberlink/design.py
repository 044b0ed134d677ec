"""Numberlink for designers: every good instance of a grid, and random good instances.

A *pairing* h of the rows x cols grid is a set of disjoint cell pairs (the clue
pairs of a board).  It is a *good instance* when (G, h) has exactly one solution
among all path matchings, covering or not, and that solution visits every cell
(Yoshinaka et al. 2012, section 5 and Table 5).  With the pairing relation
R = {P ∪ ends(P)} of ``zalg.graphs.pairing`` over edges and pair elements,

    good = ∃!E. R  with the one witness in R_cover
         = {h : exactly one P with P ∪ h ∈ R, and P ∪ h ∈ R_cover},

one call of ``Family.unique_exists(edges, witnesses=R_cover)``.  The result is a
family over the grid's *pair elements* ``(a, b)`` (two cells, a < b).  For few
pairs on larger grids, ``method="covering"`` takes ∃! over R_cover alone and
checks the candidates with the solver; ``method="restricted"`` takes the one ∃!
pass over R cut down to the solutions of those candidates; ``method="subset"``
builds the same family top down (``R.unique_exists(..., method="topdown")``, R's nodes pruned by
their open ends).  ``random_instance`` reaches boards far beyond enumeration by
sampling, repairing and merging (docs/numberlink.md).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from functools import partial

import numpy as np

import zalg
from zalg import Graph
from zalg.memory import default_budget
from zalg import pairing_relation, pairing_universe
from zalg.progress import Progress, Reporter, reporter

from ..common.caches import cached
from ..common.errors import PuzzleFormatError
from ..common.board import edge_components
from .giveaways import one_edge_paths, reworked
from .puzzle import Puzzle

__all__ = ["instance_graph", "pair_universe", "good_instances", "minimum_instances",
           "to_puzzle", "random_instance", "check_request", "merge_candidates",
           "covering_path_matchings", "open_ends", "covering_estimate", "estimate_text"]


def _check_shape(rows: int, cols: int) -> None:
    if not all(isinstance(v, int) and v >= 1 for v in (rows, cols)):
        raise PuzzleFormatError(f"board size must be two positive integers, got {rows}x{cols}")


@cached(maxsize=16)
def instance_graph(rows: int, cols: int) -> Graph:
    """The grid of cells with its edges ordered across the narrow side (shared per shape)."""
    _check_shape(rows, cols)
    return zalg.grid(rows, cols, order="narrow")


@cached(maxsize=16)
def pair_universe(rows: int, cols: int) -> zalg.Universe:
    """The pair elements (a, b) of the grid, in the relation's order (shared per shape)."""
    return zalg.Universe(x[1:] for x in pairing_universe(instance_graph(rows, cols)).elements
                         if x[0] == "pair")


def _pair_name(x):
    return x[1:] if x[0] == "pair" else x


#: the routes of :func:`good_instances`
METHODS = ("witness", "covering", "restricted", "subset")


def good_instances(rows: int, cols: int, max_pairs: int | None = None,
                   method: str = "subset", progress: Progress = None) -> zalg.Family:
    """Every good instance of the rows x cols grid, as a family of sets of cell pairs.

    ``max_pairs``: only those with at most that many pairs (both relations are
    then built for at most that many paths).  ``method``:

    * ``"subset"`` (the default): the ∃! with witnesses below, built top down over the
      pair elements (``Family.unique_exists(method="topdown")``: states are sets of
      R's nodes), R's nodes dropped when their open ends match no witness's (:func:`open_ends`); 5-19x
      faster than ``"witness"`` on 4x5-5x5 with less memory (docs/performance.md);
    * ``"witness"``: ∃!E. R with the witness in R_cover, one pass over R (bottom up);
    * ``"covering"``: U = ∃!E. R_cover, the pairings with exactly one covering
      solution, from the (much smaller) covering relation alone; then every
      candidate in U is solved once and kept if it has no other solution.  For
      few pairs on larger grids (6x6 with 3 pairs), where R is too big for the
      one-pass route but U has only tens of thousands of members;
    * ``"restricted"``: U as for ``"covering"``, then the one ∃! pass over
      R_U = R ∩ (U ⊔ 2^E) = {P ∪ h ∈ R : h ∈ U} (every solution of every
      candidate, and nothing else) with the witness in R_cover.  Every good
      instance is in U and keeps all its solutions in R_U, so the family is
      the same; the ∃ results of R_U's nodes range over U only.

    ``progress``: see ``zalg.progress`` (stages: the relations' levels, the ∃! pass,
    the candidates solved)."""
    G = instance_graph(rows, cols)
    if max_pairs is not None and (not isinstance(max_pairs, int) or max_pairs < 0):
        raise PuzzleFormatError(f"max_pairs must be a non-negative integer, got {max_pairs!r}")
    if method not in METHODS:
        raise PuzzleFormatError(f"method must be one of {', '.join(map(repr, METHODS))}, "
                                f"got {method!r}")
    with reporter(progress) as report:
        report.note(f"{rows}x{cols}: covering pairing relation")
        covering = pairing_relation(G, cover=True, max_paths=max_pairs, progress=report)
        if method in ("covering", "restricted"):
            with report.waiting(f"pairings with one covering solution (∃! over "
                                f"{len(G.edges)} edges)"):
                unique = covering.unique_exists(G.edges)
        if method == "covering":
            candidates = pair_universe(rows, cols).adopt(unique, rename=_pair_name)
            return _without_other_solutions(rows, cols, candidates, report)
        report.note(f"{rows}x{cols}: pairing relation")
        R = pairing_relation(G, max_paths=max_pairs, progress=report)
        if method == "restricted":
            with report.waiting("the solutions of those pairings (R ∩ (U ⊔ 2^E))"):
                R = R & (unique * R.universe.power_set(G.edges))
        if method == "subset":
            good = R.unique_exists(G.edges, witnesses=covering, method="topdown",
                                   separation=open_ends(G, R, covering), progress=report)
            return pair_universe(rows, cols).adopt(good, rename=_pair_name)
        with report.waiting(f"unique solutions (∃! over {len(G.edges)} edges)"):
            good = R.unique_exists(G.edges, witnesses=covering)
        return pair_universe(rows, cols).adopt(good, rename=_pair_name)


def open_ends(graph: Graph, R: zalg.Family, covering: zalg.Family) -> tuple | None:
    """Keys (``separation`` of ``Family.unique_exists``) that let the top-down ∃! drop
    nodes of a pairing relation R: per node the vertices its members pair, per level
    the vertices departed before it.

    Every completion of a node pairs the same departed vertices (its frontier
    state's uncommitted ends), so two nodes whose keys differ on the departed
    vertices have completions with no pair elements in common.  None past 63
    vertices (the keys are int64 bit masks)."""
    if len(graph.vertices) > 63:
        return None
    elements = R.universe.elements
    bit = {v: 1 << k for k, v in enumerate(graph.vertices)}
    pair_bits = np.array([bit[x[1]] | bit[x[2]] if x[0] == "pair" else 0 for x in elements],
                         dtype=np.int64)
    last = {}
    for i, e in enumerate(graph.edges):
        last[e[0]] = last[e[1]] = i
    edges_so_far = np.cumsum([x[0] != "pair" for x in elements] + [0]) - 1
    by_edge = np.zeros(len(graph.edges) + 1, dtype=np.int64)
    for v, i in last.items():
        by_edge[i + 1] |= bit[v]
    departed = np.bitwise_or.accumulate(by_edge)
    masks = departed[edges_so_far + 1]
    return _node_ends(R, pair_bits), _node_ends(covering, pair_bits), masks


def _node_ends(F: zalg.Family, pair_bits: np.ndarray) -> np.ndarray:
    """Per node of F, the union of ``pair_bits`` over the levels of its members (and
    its own level), computed level by level from the deepest."""
    level, hi, lo, _ = F.node_arrays()
    ends = np.zeros(len(level), dtype=np.int64)
    order = np.argsort(level[2:], kind="stable") + 2
    bounds = np.searchsorted(level[order], np.arange(len(pair_bits) + 1))
    for v in range(len(pair_bits) - 1, -1, -1):
        idx = order[bounds[v]:bounds[v + 1]]
        ends[idx] = ends[hi[idx]] | ends[lo[idx]] | pair_bits[v]
    return ends


def _without_other_solutions(rows: int, cols: int, candidates: zalg.Family,
                             report: Reporter) -> zalg.Family:
    """The members h of ``candidates`` whose board has exactly one solution."""
    report.stage("solving candidates", total=candidates.count())
    kept = []
    for n, pairs in enumerate(candidates, 1):
        if to_puzzle(rows, cols, pairs).count() == 1:
            kept.append(pairs)
        if n % 500 == 0:
            report.update(n, detail=f"{len(kept)} good")
    return pair_universe(rows, cols).family(kept)


def minimum_instances(instances: zalg.Family) -> zalg.Family:
    """The members with the fewest pairs (∅ when there are none)."""
    sizes = instances.by_size()
    if not sizes:
        return instances
    return instances.of_size(min(sizes))


def to_puzzle(rows: int, cols: int, pairs) -> Puzzle:
    """The board of a set of cell pairs, labelled 1, 2, ... in reading order."""
    ordered = sorted(tuple(sorted(p)) for p in pairs)
    return Puzzle(rows, cols, {k + 1: p for k, p in enumerate(ordered)})


def _degrees(edges) -> Counter:
    return Counter(v for e in edges for v in e)


def _path_ends(edges) -> list[tuple]:
    """The end pairs of the paths of a linear forest (a set of edges)."""
    degree = _degrees(edges)
    return [tuple(sorted(v for v in cells if degree[v] == 1)) for cells, _ in edge_components(edges)]


def _split(edges: frozenset, other: frozenset, rng: random.Random) -> frozenset | None:
    """Cut one path of ``edges`` at an inner edge that ``other`` (another solution)
    lacks, or None when every such edge ends a path (cutting it would strand a cell).
    Cuts that leave no path of one edge (a pair in adjacent cells) come first."""
    degree = _degrees(edges)
    inner = sorted(e for e in edges - other if degree[e[0]] == 2 and degree[e[1]] == 2)
    if not inner:
        return None
    before = len(one_edge_paths(edges))
    clean = [e for e in inner if len(one_edge_paths(edges - {e})) == before]
    return edges - {rng.choice(clean or inner)}


def merge_candidates(edges) -> list[tuple]:
    """Edges joining an end of one path of ``edges`` to an end of another."""
    ends = _path_ends(edges)
    path_of = {x: i for i, pair in enumerate(ends) for x in pair}
    return sorted((x, y) for x in path_of for y in path_of
                  if x < y and path_of[x] != path_of[y] and abs(x[0] - y[0]) + abs(x[1] - y[1]) == 1)


def _merge_paths(rows: int, cols: int, solution: frozenset, rng: random.Random,
                 say: Callable[[str], None]) -> frozenset:
    """Join paths end to end (random order, joins that absorb a path of one edge first)
    while the board stays unique; the drawing at the end."""
    while True:
        joins = merge_candidates(solution)
        rng.shuffle(joins)
        single = {x for e in one_edge_paths(solution) for x in e}
        joins.sort(key=lambda e: not (e[0] in single or e[1] in single))
        for e in joins:
            if _unique(rows, cols, solution | {e}):
                solution = solution | {e}
                say(f"merging paths: {len(_path_ends(solution))} pairs")
                break
        else:
            return solution


def _unique(rows: int, cols: int, drawing: frozenset) -> bool:
    """Whether the board of the drawing's path ends has exactly one solution."""
    return to_puzzle(rows, cols, _path_ends(drawing)).count() == 1


@cached(maxsize=4, ignore=("progress",))
def covering_path_matchings(rows: int, cols: int, progress: Progress = None) -> zalg.Family:
    """Every set of disjoint paths that visits every cell (shared per shape; ``progress``:
    see ``zalg.progress``, the frontier engine's levels)."""
    return instance_graph(rows, cols).path_matchings(cover=True, progress=progress)


#: covering path matchings of a grid w cells wide (its narrow side) and l long have
#: about ``COVER_NODES_10 * COVER_GROWTH ** (w - 10) * l`` ZDD nodes (measured at widths
#: 6-10, lengths 6-10: 3.8x per cell of width, nearly linear in the length; 10x10: 8.0 M)
COVER_NODES_10, COVER_GROWTH = 80_000, 3.83
#: bytes per node while they are built and kept (84 measured in CUDD at 9x9, plus the
#: frontier engine's layers)
COVER_BYTES_PER_NODE = 120


def covering_estimate(rows: int, cols: int) -> tuple[int, int]:
    """(ZDD nodes, bytes): about what :func:`covering_path_matchings` of the shape takes."""
    w, length = min(rows, cols), max(rows, cols)
    nodes = int(COVER_NODES_10 * COVER_GROWTH ** (w - 10) * length * 10)
    return nodes, nodes * COVER_BYTES_PER_NODE


#: an estimate of more nodes than this is told as a power of ten, beyond any memory
HUGE_NODES = 10 ** 15


def estimate_text(nodes: int, size: int, places: int = 1) -> str:
    """An estimate of (nodes, bytes) for people: ``8.0 M ZDD nodes, 0.9 GB`` (``places``
    decimals of the millions); past
    ``HUGE_NODES`` the power of ten nearest and no byte count:
    ``10^110 ZDD nodes, far beyond any memory``."""
    if nodes > HUGE_NODES:
        return f"10^{round(math.log10(nodes))} ZDD nodes, far beyond any memory"
    return f"{nodes / 1e6:,.{places}f} M ZDD nodes, {size / 2**30:.1f} GB"


def check_request(rows: int, cols: int, pairs: int | None = None) -> None:
    """PuzzleFormatError unless :func:`random_instance` can be asked for these (cheap:
    a batch checks before any work starts), also when the covering path matchings it
    samples from would not fit the memory budget (``zalg.memory.default_budget``)."""
    _check_shape(rows, cols)
    n = rows * cols
    if pairs is not None and (not isinstance(pairs, int) or not 1 <= pairs <= n // 2):
        raise PuzzleFormatError(f"a {rows}x{cols} board takes 1 to {n // 2} pairs, got {pairs!r}")
    if n < 2:
        raise PuzzleFormatError(f"a {rows}x{cols} board has no room for a pair")
    nodes, size = covering_estimate(rows, cols)
    budget = default_budget()
    if size > budget:
        raise PuzzleFormatError(
            f"a {rows}x{cols} board is sampled from its covering path matchings: about "
            f"{estimate_text(nodes, size, places=0)}, more than the memory budget "
            f"of {budget / 2**30:.1f} GB (--memory or ZALG_MEMORY; each cell of the narrow side "
            "takes about 3.8 times more; 10x10: 8 M nodes, about 1 GB)")


def random_instance(rows: int, cols: int, pairs: int | None = None, seed=None,
                    tries: int = 200, merge: bool = True, adjacent: bool = False,
                    progress: Progress = None) -> Puzzle:
    """A good instance of the rows x cols grid, for boards far beyond enumeration.

    Samples a covering path matching uniformly from its ZDD (with exactly ``pairs``
    paths when given: a member of n − pairs edges, drawn by
    ``Family.sample_of_size``) and takes its end pairs as clues.  While the
    solver finds another solution, it repairs the drawing: it cuts a path at an
    inner edge that the other solution lacks (one more pair, which rules that
    solution out); when no such edge exists it draws again.  Uniform drawings
    with few paths are rarely unique (a 10x10 drawing of 12 paths typically has
    10^9 to 10^12 solutions), so repairs are the rule there.

    ``merge``: then join two paths whose ends are adjacent cells, as long as
    the puzzle stays unique, until no such join does (a 10x10 instance drops
    from about 30 pairs to 12-22).  So ``pairs`` is the number of paths drawn,
    not a promise about the result.  ``adjacent``: allow pairs in adjacent cells
    (puzzle fans count them as giveaways); by default every path of one edge is
    absorbed into a neighbouring one while the puzzle stays unique
    (``giveaways.reworked``), and a drawing where that fails is drawn again.
    ``progress``: see ``zalg.progress``."""
    check_request(rows, cols, pairs)
    rng = random.Random(seed)
    with reporter(progress) as report:
        nodes, size = covering_estimate(rows, cols)
        report.stage(f"covering path matchings of the {rows}x{cols} grid (about "
                     f"{estimate_text(nodes, size)})")
        covers = covering_path_matchings(rows, cols, progress=report)
        if not covers:
            raise PuzzleFormatError(f"the {rows}x{cols} grid has no covering path matching")
        with report.waiting(f"counting the {rows}x{cols} grid's covering path matchings"):
            covers.count()
        report.stage("drawing and repairing", total=tries)
        p = _draw_unique(rows, cols, pairs, covers, rng, tries, merge, adjacent, report)
    if p is None:
        with_pairs = "" if pairs is None else f" with {pairs} pairs"
        if not adjacent:
            with_pairs += " without pairs in adjacent cells" if pairs is None else \
                ", none in adjacent cells"
        hint = "" if pairs is None else "; try more pairs or leave --pairs out"
        hint += "" if adjacent else "; --adjacent (adjacent=True) allows such pairs"
        raise PuzzleFormatError(f"no good {rows}x{cols} instance{with_pairs} in {tries} "
                                f"samples{hint}")
    return p


def _draw_unique(rows, cols, pairs, covers, rng, tries, merge, adjacent,
                 report) -> Puzzle | None:
    """The loop of :func:`random_instance`: a unique puzzle, or None after ``tries``."""
    n = rows * cols
    for attempt in range(tries):
        def say(detail: str, attempt=attempt) -> None:
            report.update(attempt + 1, detail=detail)

        if pairs is None:
            (drawn,) = covers.sample(1, seed=rng.randrange(2 ** 63))
        else:  # a covering path matching of k paths has n - k edges
            drawn = covers.sample_of_size(n - pairs, seed=rng.randrange(2 ** 63))
            if drawn is None:
                raise PuzzleFormatError(f"no covering path matching of the {rows}x{cols} grid "
                                        f"with {pairs} paths was found")
        drawn = _repaired(rows, cols, frozenset(drawn), rng, say)
        if drawn is None:
            continue
        if merge:
            drawn = _merge_paths(rows, cols, drawn, rng, say)
        if not adjacent and one_edge_paths(drawn):
            say(f"absorbing {len(one_edge_paths(drawn))} pairs in adjacent cells")
            drawn = reworked(drawn, rows, cols, partial(_unique, rows, cols), rng, join=merge)
            if drawn is None:
                continue
            if merge:
                drawn = _merge_paths(rows, cols, drawn, rng, say)
        return to_puzzle(rows, cols, _path_ends(drawn))
    return None


def _repaired(rows, cols, drawn: frozenset, rng, say) -> frozenset | None:
    """Cut the drawing's paths until its path ends make a unique board (None: no cut
    rules out the other solution found)."""
    while drawn is not None:
        p = to_puzzle(rows, cols, _path_ends(drawn))
        solutions = p.solve()
        say(f"{len(p.pairs)} pairs, {solutions.count()} solutions")
        if solutions.count() == 1:
            return drawn
        other = next(frozenset(s) for s in solutions if frozenset(s) != drawn)
        drawn = _split(drawn, other, rng)
    return None
