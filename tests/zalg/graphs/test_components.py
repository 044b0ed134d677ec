"""Trees, forests, Steiner trees, connected induced subgraphs and partitions: against
a brute force over every edge subset of small graphs, the matrix-tree theorem, and
Graphillion's counts on grids."""

from __future__ import annotations

import pytest

from zalg import Graph, grid
from tests.helpers import graph_reference as R
from tests.helpers.graph_reference import random_graph


def classes(G: Graph, seed: int) -> list:
    V, E = G.vertices, G.edges
    r, roots, terms = V[seed % len(V)], V[:2], V[1:3]
    return [
        (G.trees(), lambda S: R.is_tree(V, S)),
        (G.trees(r), lambda S: R.is_tree(V, S, r)),
        (G.trees(spanning=True), lambda S: R.is_tree(V, S, spanning=True)),
        (G.trees(r, spanning=True), lambda S: R.is_tree(V, S, r, True)),
        (G.forests(), lambda S: R.is_forest(V, S)),
        (G.forests(spanning=True), lambda S: R.is_forest(V, S, spanning=True)),
        (G.forests(roots), lambda S: R.is_forest(V, S, roots)),
        (G.forests(roots, True), lambda S: R.is_forest(V, S, roots, True)),
        (G.steiner_trees(terms), lambda S: R.is_steiner_tree(V, S, terms)),
        (G.steiner_trees([r]), lambda S: R.is_steiner_tree(V, S, [r])),
        (G.induced_graphs(), lambda S: R.is_induced(E, S)),
        (G.partitions(), lambda S: R.is_partition(V, E, S, 1, len(V))),
        (G.partitions(2, 3), lambda S: R.is_partition(V, E, S, 2, 3)),
    ]


@pytest.mark.parametrize("seed", range(24))
def test_component_classes_against_brute_force(seed):
    G = random_graph(seed)
    for k, (F, test) in enumerate(classes(G, seed)):
        assert {frozenset(S) for S in F} == R.family(G.edges, test), (k, G.edges)


@pytest.mark.parametrize("seed", range(8))
def test_every_range_of_parts_against_brute_force(seed):
    """Partitions into lo..hi parts for every range (a state dies as soon as its parts
    cannot fit), and Steiner trees for growing terminal sets."""
    G = random_graph(100 + seed)
    V, E = G.vertices, G.edges
    parts = {}  # each partition's edge set -> its number of parts
    for S in R.subsets(E):
        if R.is_partition(V, E, S, 1, len(V)):
            parts[frozenset(S)] = len(R.components(V, S))
    for lo in range(1, len(V) + 1):
        for hi in range(lo, len(V) + 1):
            got = {frozenset(S) for S in G.partitions(lo, hi)}
            assert got == {S for S, k in parts.items() if lo <= k <= hi}, (lo, hi, E)
    for k in range(2, len(V) + 1):
        terms = V[:k]
        got = {frozenset(S) for S in G.steiner_trees(terms)}
        assert got == R.family(E, lambda S: R.is_steiner_tree(V, S, terms)), (terms, E)


def test_edgeless_and_tiny_graphs():
    G = Graph([(0, 1)], vertices=[2])
    assert G.trees(spanning=True).count() == 0
    assert G.trees(2).count() == 1 and G.trees().count() == 1
    assert G.forests([2], spanning=True).count() == 0
    assert G.forests(spanning=True).count() == 0
    assert G.partitions(2, 2).count() == 1 and G.partitions(3, 3).count() == 1
    assert G.partitions(1, 1).count() == 0
    assert G.steiner_trees([2]).count() == 1 and G.steiner_trees([0, 2]).count() == 0
    with pytest.raises(ValueError):
        G.trees(root=7)


@pytest.mark.parametrize("rows,cols", [(2, 2), (3, 4), (4, 4), (5, 5), (6, 6)])
def test_spanning_trees_by_the_matrix_tree_theorem(rows, cols):
    G = grid(rows, cols)
    assert G.trees(spanning=True).count() == R.spanning_tree_count(G.vertices, G.edges)


@R.needs_graphillion
@pytest.mark.parametrize("n", [3, 4])
def test_counts_equal_graphillions(n):
    G = grid(n, n)
    GS = R.graphset_on(G)
    ends = [(0, 0), (n - 1, n - 1)]
    pairs = [(G.trees(), GS.trees()), (G.trees((0, 0)), GS.trees((0, 0))),
             (G.trees(spanning=True), GS.trees(is_spanning=True)),
             (G.forests(), GS.forests([])), (G.forests(ends), GS.forests(ends)),
             (G.forests(ends, True), GS.forests(ends, is_spanning=True)),
             (G.steiner_trees(ends + [(0, n - 1)]), GS.steiner_trees(ends + [(0, n - 1)])),
             (G.induced_graphs(), GS.induced_graphs()),
             (G.partitions(2, 3), GS.partitions(num_comp_lb=2, num_comp_ub=3))]
    for k, (F, gs) in enumerate(pairs):
        assert F.count() == len(gs), k



def test_frontiers_past_sixteen_slots_give_the_narrow_orders_families():
    """A frontier of more than 16 slots renumbers its labels in memory rather than in
    registers: the same graph in a narrow order gives the same counts."""
    edges = [(0, k) for k in range(1, 17)] + [(k, 100 + k) for k in range(1, 17)] \
        + [(1, 2), (3, 4)]  # a star whose leaves stay until their pendant edges, two triangles
    wide, narrow = Graph(edges, order="as-is"), Graph(edges)
    assert wide.frontier_width() > 16 >= narrow.frontier_width()
    for build in (lambda G: G.forests([0, 5]), lambda G: G.bipartite_graphs(),
                  lambda G: G.induced_graphs(), lambda G: G.partitions(2, 3)):
        assert build(wide).count() == build(narrow).count()


def test_wide_frontiers_are_refused_before_work():
    """Partitions keep a separation mask per label (30 at most), induced subgraphs a slot
    mask of earlier neighbours (62 at most): a wider frontier is one ValueError."""
    def star(n):  # every leaf stays on the frontier until its pendant edge
        return Graph([(0, k) for k in range(1, n)] + [(k, 100 + k) for k in range(1, n)],
                     order="as-is")
    with pytest.raises(ValueError, match="wider"):
        star(40).partitions(2, 3)
    with pytest.raises(ValueError, match="wider"):
        star(70).induced_graphs()
