"""Numberlink instance enumeration: the pairing relation, good instances, minimum
instances, random good instances and the ``zalg numberlink instances/generate`` CLI.

Evidence: the pairing relation is compared member by member with a brute-force
enumeration of edge subsets; good instances with an independent brute force
(group every linear forest of the grid by its end pairs) and with the published
counts of Yoshinaka et al. 2012 (Table 5) and the seed slides (4x4 by number of
pairs); every good instance of 3x3 is solved again with the solver; random
instances are checked with the solver.
"""
from __future__ import annotations

import random
import re
import subprocess
import sys
from collections import Counter, defaultdict
from functools import lru_cache, partial
from itertools import combinations

import pytest

import zalg
from puzzles.numberlink import design as NI
from puzzles.numberlink import giveaways as G
from puzzles.common.errors import PuzzleFormatError
from puzzles.numberlink import Puzzle
from puzzles.program.cli import main
from zalg.graphs.graph import Graph
from zalg.graphs.pairing import pair_element, pairing_relation, pairing_universe
from tests.helpers.paths import ROOT
from zalg.topdown.unique_exists import unique_exists_topdown

# ------------------------------------------------------------------ brute force


def linear_forest_ends(graph: Graph, edges) -> list | None:
    """The end pairs of the paths formed by ``edges``, or None if they do not form
    vertex-disjoint paths (a vertex of degree 3, or a cycle)."""
    adj = defaultdict(list)
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    if any(len(nb) > 2 for nb in adj.values()):
        return None
    seen, ends = set(), []
    for x in adj:
        if x in seen:
            continue
        stack, comp = [x], []
        seen.add(x)
        while stack:
            y = stack.pop()
            comp.append(y)
            for z in adj[y]:
                if z not in seen:
                    seen.add(z)
                    stack.append(z)
        comp_edges = sum(len(adj[y]) for y in comp) // 2
        if comp_edges != len(comp) - 1:
            return None  # a cycle
        a, b = [y for y in comp if len(adj[y]) == 1]
        ends.append((a, b) if a <= b else (b, a))
    return ends


def brute_forests(graph: Graph) -> tuple:
    """(edge set, end pairs, covers every vertex) for every linear forest of the graph."""
    return _brute_forests(tuple(graph.edges), tuple(graph.vertices))


@lru_cache(maxsize=None)  # by edges and vertices: a graph (and its universe) is not kept
def _brute_forests(edges: tuple, vertices: tuple) -> tuple:
    graph = Graph(edges, vertices=vertices)
    out = []
    for r in range(len(graph.edges) + 1):
        for S in combinations(graph.edges, r):
            ends = linear_forest_ends(graph, S)
            if ends is not None:
                touched = {v for e in S for v in e}
                out.append((frozenset(S), frozenset(ends), len(touched) == len(graph.vertices)))
    return tuple(out)


def brute_relation(graph: Graph, cover: bool, max_paths) -> set:
    return {S | {pair_element(s, t) for s, t in ends}
            for S, ends, covers in brute_forests(graph)
            if (covers or not cover) and (max_paths is None or len(ends) <= max_paths)}


def brute_good(rows: int, cols: int) -> set:
    """Pairings with exactly one linear forest, which covers every cell."""
    solutions = defaultdict(list)
    for S, ends, covers in brute_forests(zalg.grid(rows, cols)):
        solutions[ends].append(covers)
    return {h for h, found in solutions.items() if found == [True]}


def random_graph(seed: int) -> Graph:
    rng = random.Random(seed)
    nv = rng.randint(4, 7)
    edges = rng.sample(list(combinations(range(nv), 2)), rng.randint(nv - 1, min(11, nv * (nv - 1) // 2)))
    return Graph(edges, vertices=list(range(nv)) + ([99] if seed % 2 else []))


# ------------------------------------------------------------------ the pairing relation


GRAPHS = [zalg.grid(2, 2), zalg.grid(2, 3), zalg.grid(3, 3), zalg.grid(2, 4, order="narrow")] + [
    random_graph(s) for s in range(4)]


@pytest.mark.parametrize("graph", GRAPHS, ids=lambda g: f"{len(g.vertices)}v{len(g.edges)}e")
@pytest.mark.parametrize("cover", [False, True])
def test_pairing_relation_equals_brute_force(graph, cover):
    U = pairing_universe(graph)
    for max_paths in (None, 0, 1, 2, 3):
        R = pairing_relation(graph, cover=cover, max_paths=max_paths)
        members = list(R)
        assert set(members) == brute_relation(graph, cover, max_paths), max_paths
        assert R == U.family(members)  # canonical: the same ZDD as built member by member


def test_pairing_universe_places_each_pair_after_its_later_end():
    G = zalg.grid(2, 3)
    order = pairing_universe(G).elements
    last = {v: i for i, e in enumerate(order) if e[0] != "pair" for v in e}
    for k, x in enumerate(order):
        if x[0] == "pair":
            assert k > max(last[x[1]], last[x[2]])
    n_pairs = sum(x[0] == "pair" for x in order)
    assert n_pairs == 6 * 5 // 2 and len(order) == n_pairs + len(G.edges)
    assert pairing_universe(G) is pairing_universe(G)  # shared per graph


# ------------------------------------------------------------------ good instances


def in_child(script: str, *args: str) -> str:
    """The standard output of ``script`` run by a fresh interpreter (a case whose families
    this process would keep: the suite's peak memory)."""
    run = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True,
                         cwd=ROOT, timeout=1800)
    assert run.returncode == 0, run.stderr[-3000:]
    return run.stdout



def test_witness_method_equals_brute_force():
    for rows, cols in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]:
        got = NI.good_instances(rows, cols, method="witness")
        assert set(got) == brute_good(rows, cols), (rows, cols)


# Yoshinaka et al. 2012, Table 5 (number of good instances of the rows x cols grid).
PAPER_TABLE_5 = {(2, 2): 2, (2, 3): 10, (2, 4): 36, (2, 5): 126, (2, 6): 454, (2, 7): 1632,
                 (3, 3): 86, (3, 4): 807, (3, 5): 6690, (3, 6): 58422, (3, 7): 499733,
                 (4, 4): 16410, (4, 5): 338460}


#: the counts of the default route, in one child process: the relations of the larger
#: grids (4x5, 3x7) take about 0.6 GB that this process would keep (the suite's peak
#: memory); "rows cols count" per line
COUNTS = """
import sys
from puzzles.numberlink import design as NI
for shape in sys.argv[1:]:
    rows, cols = map(int, shape.split("x"))
    print(rows, cols, NI.good_instances(rows, cols).count())
"""


@lru_cache(maxsize=None)
def default_route_counts(shapes: tuple) -> dict:
    out = in_child(COUNTS, *(f"{r}x{c}" for r, c in shapes))
    lines = [tuple(map(int, line.split())) for line in out.splitlines()]
    return {(rows, cols): count for rows, cols, count in lines}


TRANSPOSED = ((5, 2), (4, 3))


@pytest.mark.parametrize("shape", list(PAPER_TABLE_5), ids=lambda s: f"{s[0]}x{s[1]}")
def test_good_instance_counts_match_the_paper(shape):
    assert default_route_counts(tuple(PAPER_TABLE_5) + TRANSPOSED)[shape] == PAPER_TABLE_5[shape]


def test_transposed_grids_have_the_same_count():
    counts = default_route_counts(tuple(PAPER_TABLE_5) + TRANSPOSED)
    for cols, rows in TRANSPOSED:
        assert counts[(cols, rows)] == PAPER_TABLE_5[(rows, cols)]


def test_four_by_four_by_number_of_pairs_and_minimum():
    good = NI.good_instances(4, 4)
    assert good.by_size() == {3: 496, 4: 3454, 5: 6820, 6: 4652, 7: 952, 8: 36}  # seed slides
    low = NI.minimum_instances(good)
    assert low == good.of_size(3) and low.count() == 496
    assert good.minimal() == good  # an antichain: no good instance contains another
    assert NI.good_instances(4, 4, max_pairs=4) == good.of_size(3) | good.of_size(4)
    assert not NI.good_instances(4, 4, max_pairs=2)
    assert NI.minimum_instances(good & NI.pair_universe(4, 4).empty) == NI.pair_universe(4, 4).empty


def test_both_routes_agree():
    """∃! with covering witnesses in one pass == ∃!(R) ∩ ∃(R_cover), on 3x4."""
    G = NI.instance_graph(3, 4)
    R = pairing_relation(G)
    Rc = pairing_relation(G, cover=True)
    two_pass = R.unique_exists(G.edges) & Rc.exists(G.edges)
    one_pass = R.unique_exists(G.edges, witnesses=Rc)
    assert one_pass == two_pass and one_pass.count() == 807


@pytest.mark.parametrize("rows, cols, max_pairs", [(3, 4, None), (2, 5, 2)])
def test_covering_first_method_agrees(rows, cols, max_pairs):
    """∃!(R_cover) and a solver check per candidate == one ∃! pass over R."""
    witness = NI.good_instances(rows, cols, max_pairs=max_pairs, method="witness")
    assert NI.good_instances(rows, cols, max_pairs=max_pairs, method="covering") == witness
    assert witness


@pytest.mark.parametrize("rows, cols, max_pairs", [(3, 4, None), (4, 4, None), (4, 4, 3),
                                                    (2, 5, 2), (3, 5, 4)])
def test_restricted_method_agrees(rows, cols, max_pairs):
    """∃! over R ∩ (∃!(R_cover) ⊔ 2^E) == one ∃! pass over R (identical families)."""
    witness = NI.good_instances(rows, cols, max_pairs=max_pairs, method="witness")
    assert NI.good_instances(rows, cols, max_pairs=max_pairs, method="restricted") == witness
    assert witness


def test_restricted_method_equals_brute_force():
    for rows, cols in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]:
        got = NI.good_instances(rows, cols, method="restricted")
        assert set(got) == brute_good(rows, cols), (rows, cols)
    assert set(NI.good_instances(3, 3, max_pairs=2, method="restricted")) == \
        {h for h in brute_good(3, 3) if len(h) <= 2}


@pytest.mark.parametrize("rows, cols, max_pairs", [(3, 3, None), (3, 4, None), (4, 4, None),
                                                    (4, 4, 3), (2, 5, 2), (3, 5, 4), (4, 5, 3)])
def test_subset_method_agrees(rows, cols, max_pairs):
    """The good family built top down (zalg.topdown.unique_exists, nodes pruned by their open
    ends) == one ∃! pass over R (identical families)."""
    witness = NI.good_instances(rows, cols, max_pairs=max_pairs, method="witness")
    assert NI.good_instances(rows, cols, max_pairs=max_pairs, method="subset") == witness
    assert witness


def test_subset_method_equals_brute_force():
    for rows, cols in [(1, 2), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]:
        got = NI.good_instances(rows, cols, method="subset")
        assert set(got) == brute_good(rows, cols), (rows, cols)
    assert set(NI.good_instances(3, 3, max_pairs=2, method="subset")) == \
        {h for h in brute_good(3, 3) if len(h) <= 2}


@pytest.mark.parametrize("rows, cols, max_pairs", [(3, 4, None), (4, 4, 3)])
def test_open_ends_prune_without_changing_the_family(rows, cols, max_pairs):
    """With the open-ends keys the construction keeps fewer states (3x4: 136 against
    230 on the widest level) and builds the same family."""
    G = NI.instance_graph(rows, cols)
    R, R_cover = pairing_relation(G, max_paths=max_pairs), \
        pairing_relation(G, cover=True, max_paths=max_pairs)
    plain, pruned = [], []
    without = unique_exists_topdown(R, G.edges, witnesses=R_cover, widths=plain)
    keys = NI.open_ends(G, R, R_cover)
    with_keys = unique_exists_topdown(R, G.edges, witnesses=R_cover, separation=keys,
                                      widths=pruned)
    assert with_keys == without == R.unique_exists(G.edges, witnesses=R_cover)
    assert len(plain) == len(pruned) == rows * cols * (rows * cols - 1) // 2
    assert sum(n for n, _ in pruned) < sum(n for n, _ in plain)
    if (rows, cols, max_pairs) == (3, 4, None):
        assert max(n for n, _ in plain) == 230 and max(n for n, _ in pruned) == 136


#: Table 7's bounds, in a child process: the covering relations of the 6x6 grid take
#: about 0.4 GB that this process would keep (the suite's peak memory)
TWO_PAIRS = """
from puzzles.numberlink import design as NI
print(NI.good_instances(6, 6, max_pairs=2, method="covering").count(),
      NI.good_instances(5, 5, max_pairs=2, method="covering").count())
"""


def test_six_by_six_has_no_good_instance_with_two_pairs():
    """Paper, Table 7: the fewest pairs of a good 6x6 instance is 3 (the 304 with
    3 pairs: about 75 CPU s by the default route, benchmarks/bench_numberlink.py --big)."""
    assert in_child(TWO_PAIRS).split() == ["0", "0"]


def test_every_good_three_by_three_instance_has_one_covering_solution():
    good = NI.good_instances(3, 3)
    for pairs in good:
        p = NI.to_puzzle(3, 3, pairs)
        solutions = p.solve()
        assert solutions.count() == 1
        assert p.solve(cover=True) == solutions
    bad = pairing_relation(NI.instance_graph(3, 3)).exists(NI.instance_graph(3, 3).edges)
    bad = NI.pair_universe(3, 3).adopt(bad, rename=lambda x: x[1:] if x[0] == "pair" else x) - good
    for pairs in bad.sample(60, seed=1):
        p = NI.to_puzzle(3, 3, pairs)
        assert p.solve().count() > 1 or p.solve(cover=True).count() == 0


def test_minimal_instances_equal_brute_force():
    good = NI.good_instances(3, 3)
    brute = brute_good(3, 3)
    minimal = {h for h in brute if not any(g < h for g in brute)}
    assert set(good.minimal()) == minimal
    assert set(NI.minimum_instances(good)) == {h for h in brute if len(h) == min(map(len, brute))}


def test_to_puzzle_labels_in_reading_order():
    p = NI.to_puzzle(2, 3, [((1, 0), (1, 2)), ((0, 2), (0, 0))])
    assert p.pairs == {1: ((0, 0), (0, 2)), 2: ((1, 0), (1, 2))}


def test_bad_sizes():
    with pytest.raises(PuzzleFormatError, match="positive"):
        NI.good_instances(0, 3)
    with pytest.raises(PuzzleFormatError, match="max_pairs"):
        NI.good_instances(3, 3, max_pairs=-1)
    with pytest.raises(PuzzleFormatError, match="method"):
        NI.good_instances(3, 3, method="guess")


# ------------------------------------------------------------------ random instances


def is_good(p: Puzzle) -> bool:
    F = p.solve()
    return F.count() == 1 and p.solve(cover=True) == F


@pytest.mark.parametrize("seed", range(4))
def test_random_instance_is_good(seed):
    p = NI.random_instance(6, 6, seed=seed)
    assert is_good(p)
    assert NI.random_instance(6, 6, seed=seed).pairs == p.pairs  # reproducible
    q = NI.random_instance(6, 6, pairs=5, seed=seed, merge=False)  # no joins: no fewer pairs
    assert is_good(q) and len(q.pairs) >= 5


@pytest.mark.parametrize("seed", range(3))
def test_merging_leaves_no_join_that_keeps_the_instance_unique(seed):
    p = NI.random_instance(6, 6, seed=seed)
    unmerged = NI.random_instance(6, 6, seed=seed, merge=False)
    assert is_good(unmerged) and len(p.pairs) <= len(unmerged.pairs)
    solution = p.solution()
    joins = NI.merge_candidates(solution)
    for e in joins:
        merged = NI._path_ends(solution | {e})
        assert len(merged) == len(p.pairs) - 1
        assert NI.to_puzzle(6, 6, merged).count() > 1


def test_merge_candidates():
    edges = {((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 2), (1, 2))}
    assert NI.merge_candidates(edges) == [((0, 0), (1, 0)), ((0, 1), (0, 2)), ((0, 1), (1, 1)),
                                          ((1, 1), (1, 2))]


def test_random_instance_is_one_of_the_enumerated_good_instances():
    good = NI.good_instances(3, 4)
    for seed in range(5):
        p = NI.random_instance(3, 4, seed=seed)
        assert frozenset(p.pairs.values()) in good


#: a generated 8x8 instance, in a child process: its covering family and solver caches
#: would stay in this process (the suite's peak memory)
EIGHT_BY_EIGHT = """
from puzzles.numberlink import Puzzle, design as NI
p = NI.random_instance(8, 8, seed=7)
F = p.solve()
print(p.rows, p.cols, F.count(), p.solve(cover=True) == F,
      Puzzle.from_url(p.to_url()).pairs == p.pairs)
"""


def test_random_eight_by_eight_instance():
    # good, and read back
    assert in_child(EIGHT_BY_EIGHT).split() == ["8", "8", "1", "True", "True"]


def test_one_edge_paths_and_adjacent_pairs():
    edges = {((0, 0), (0, 1)), ((1, 0), (1, 1)), ((1, 1), (1, 2)), ((0, 2), (0, 3))}
    assert G.one_edge_paths(edges) == [((0, 0), (0, 1)), ((0, 2), (0, 3))]
    ends = NI._path_ends(edges)
    assert sorted(G.adjacent_pairs(ends)) == [((0, 0), (0, 1)), ((0, 2), (0, 3))]


@pytest.mark.parametrize("seed", range(6))
def test_reworked_drawings_have_no_adjacent_pairs_and_stay_unique(seed):
    """From a unique drawing with paths of one edge, every move keeps the cover and the
    uniqueness, and the result (when found) has no pair in adjacent cells."""
    rng = random.Random(seed)
    unique = partial(NI._unique, 5, 5)
    for _ in range(20):  # drawings with a one-edge path, repaired to be unique
        (drawn,) = NI.covering_path_matchings(5, 5).sample(1, seed=rng.randrange(2 ** 62))
        drawn = NI._repaired(5, 5, frozenset(drawn), rng, lambda detail: None)
        if drawn is not None and G.one_edge_paths(drawn):
            break
    else:
        pytest.skip("no unique drawing with a one-edge path among 20 samples")
    cells = {(r, c) for r in range(5) for c in range(5)}
    for path in G.one_edge_paths(drawn):
        for move in G._moves(drawn, path, 5, 5):
            assert {v for e in move for v in e} == cells          # still covers every cell
            assert max(Counter(v for e in move for v in e).values()) <= 2  # still paths
    result = G.reworked(drawn, 5, 5, unique, random.Random(seed))
    if result is not None:
        assert not G.one_edge_paths(result) and unique(result)
        assert {v for e in result for v in e} == cells


@pytest.mark.parametrize("seed", range(5))
def test_random_instances_have_no_adjacent_pairs_unless_asked(seed):
    p = NI.random_instance(7, 7, seed=seed)
    assert is_good(p) and G.adjacent_pairs(p.pairs.values()) == []
    assert NI.random_instance(7, 7, seed=seed).pairs == p.pairs  # reproducible


def test_adjacent_pairs_are_allowed_on_request():
    found = [G.adjacent_pairs(NI.random_instance(6, 6, seed=s, adjacent=True).pairs.values())
             for s in range(8)]
    assert any(found)  # the plain generator makes them (38 of 40 at 10x10)


ESTIMATED = ((6, 6), (8, 8), (7, 10), (9, 9))
#: the measured node counts, in one child process: the covering families up to 9x9 take
#: about 0.3 GB that this process would keep (the suite's peak memory)
NODES = """
import sys
from puzzles.numberlink import design as NI
for shape in sys.argv[1:]:
    print(NI.covering_path_matchings(*map(int, shape.split("x"))).node_count())
"""


@lru_cache(maxsize=None)
def measured_covering_nodes() -> dict:
    out = in_child(NODES, *(f"{r}x{c}" for r, c in ESTIMATED))
    return dict(zip(ESTIMATED, map(int, out.split())))


@pytest.mark.parametrize("shape", ESTIMATED)
def test_the_covering_estimate_is_within_a_third_of_the_measured_nodes(shape):
    nodes, _ = NI.covering_estimate(*shape)
    measured = measured_covering_nodes()[shape]
    assert abs(nodes - measured) < measured / 3, (nodes, measured)


def test_a_board_beyond_the_memory_budget_is_refused_at_once():
    """``numberlink generate 12x12`` is refused by its size estimate before any work
    (building it would take about 4.2 GB)."""
    from zalg.memory import set_default_budget
    previous = set_default_budget("4G")
    try:
        with pytest.raises(PuzzleFormatError, match=r"12x12 .* about 1\d\d M ZDD nodes, .* more "
                                                    r"than the memory budget of 4.0 GB"):
            NI.check_request(12, 12)
        NI.check_request(10, 10)  # 8 M nodes: fits
    finally:
        set_default_budget(previous)
    run = run_cli("--memory", "4G", "numberlink", "generate", "12x12", "--seed", "7")
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert "more than the memory budget of 4.0 GB" in run.stderr


def test_an_estimate_far_beyond_any_memory_is_told_as_a_power_of_ten():
    """A 256x256 board's estimate (about 10^110 nodes) is no 110-digit number: the power
    of ten nearest the estimate, and no byte count; ordinary estimates keep millions."""
    import math
    nodes, size = NI.covering_estimate(256, 256)
    text = NI.estimate_text(nodes, size)
    assert text == f"10^{round(math.log10(nodes))} ZDD nodes, far beyond any memory"
    assert len(text) < 50
    with pytest.raises(PuzzleFormatError) as refused:
        NI.check_request(256, 256)
    assert "far beyond any memory" in str(refused.value) and len(str(refused.value)) < 300
    assert NI.estimate_text(8_000_000, 2**30) == "8.0 M ZDD nodes, 1.0 GB"
    assert NI.estimate_text(10**15, 10**17, places=0) == "1,000,000,000 M ZDD nodes, 93132257.5 GB"


def test_random_instance_bad_requests():
    with pytest.raises(PuzzleFormatError, match="1 to 8 pairs"):
        NI.random_instance(4, 4, pairs=9)
    with pytest.raises(PuzzleFormatError, match="1 to 8 pairs"):
        NI.random_instance(4, 4, pairs=0)
    with pytest.raises(PuzzleFormatError, match="no room"):
        NI.random_instance(1, 1)
    with pytest.raises(PuzzleFormatError, match="positive"):
        NI.random_instance(-2, 3)


# ------------------------------------------------------------------ CLI


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "puzzles", *args], capture_output=True, text=True,
                          timeout=300)


class TestCli:
    def test_instances_by_size_and_minimum(self, capsys):
        assert main(["numberlink", "instances", "4x4", "--by-size", "--minimum", "--list", "2"]) == 0
        out = capsys.readouterr().out
        assert out.startswith("good instances of the 4x4 grid: 16410\n")
        assert "    3  496\n" in out and "    8  36\n" in out
        assert "minimum instances: 496 with 3 pairs" in out
        urls = re.findall(r"https://puzz\.link/p\?numlin/\S+", out)
        assert len(urls) == 2
        good = NI.good_instances(4, 4)
        for url in urls:
            p = Puzzle.from_url(url)
            assert len(p.pairs) == 3 and frozenset(p.pairs.values()) in good

    def test_instances_max_pairs_and_seeded_list(self, capsys):
        assert main(["numberlink", "instances", "3x4", "--max-pairs", "3", "--list", "3",
                     "--seed", "5", "--method", "covering"]) == 0
        out = capsys.readouterr().out
        good = NI.good_instances(3, 4)
        expected = sum(n for k, n in good.by_size().items() if k <= 3)
        assert out.startswith(f"good instances of the 3x4 grid with at most 3 pairs: {expected}\n")
        urls = re.findall(r"https://puzz\.link/p\?numlin/\S+", out)
        assert len(urls) == 3 and all(len(Puzzle.from_url(u).pairs) <= 3 for u in urls)

    def test_generate(self, capsys, tmp_path):
        svg = tmp_path / "g.svg"
        assert main(["numberlink", "generate", "5x5", "--seed", "3", "--svg", str(svg)]) == 0
        out = capsys.readouterr().out
        (url,) = re.findall(r"https://puzz\.link/p\?numlin/\S+", out)
        p = Puzzle.from_url(url)
        assert is_good(p) and out.startswith(f"numberlink 5x5, {len(p.pairs)} pairs, unique solution")
        assert p.render(p.solution()) in out and svg.read_text().startswith("<svg")
        assert main(["numberlink", "generate", "5x5", "--seed", "3", "--no-merge"]) == 0
        (unmerged,) = re.findall(r"https://puzz\.link/p\?numlin/\S+", capsys.readouterr().out)
        assert unmerged == NI.random_instance(5, 5, seed=3, merge=False).to_url()
        assert url == NI.random_instance(5, 5, seed=3).to_url()

    @pytest.mark.parametrize("args, message", [
        (["instances", "4by4"], "board size must look like 4x5"),
        (["instances", "0x3"], "rows must be a positive integer, got 0"),
        (["instances", "99999x99999"], "larger than the limit"),
        (["instances", "3x3", "--max-pairs", "-2"], "expected an integer from 0 to"),
        (["instances", "3x3", "--max-pairs", "99999999999999999999"], "expected an integer from 0"),
        (["instances", "3x3", "--method", "magic"], "invalid choice"),
        (["generate", "4x4", "--pairs", "20"], "takes 1 to 8 pairs"),
        (["generate", "1x1"], "no room for a pair"),
    ])
    def test_bad_input_is_one_line_and_status_2(self, args, message):
        run = run_cli("numberlink", *args)
        assert run.returncode == 2
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and message in lines[0] and "Traceback" not in run.stderr


def test_example_script_prints_the_table_and_a_minimum_instance():
    script = ROOT / "examples" / "numberlink_instances.py"
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "good instances of the 4x4 grid: 16410" in run.stdout
    assert "    3        496\n" in run.stdout and "    8         36\n" in run.stdout
    (url,) = re.findall(r"https://puzz\.link/p\?numlin/\S+(?=\))", run.stdout)
    p = Puzzle.from_url(url)
    assert len(p.pairs) == 3 and is_good(p)
