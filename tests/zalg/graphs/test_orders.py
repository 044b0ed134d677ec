"""Edge orders of general graphs: the path-decomposition heuristic (``order="auto"``)
against the other orders, and the 48-state map (examples/us_states.py) against the
matrix-tree theorem, a brute force on its small pieces, and Graphillion."""

from __future__ import annotations

import random
import runpy

import pytest

from zalg import Graph
from zalg.graphs.order import frontier_sizes
from tests.helpers import graph_reference as R
from tests.helpers.paths import ROOT

EXAMPLE = runpy.run_path(str(ROOT / "examples" / "us_states.py"))


def random_sparse(seed: int, n: int = 40) -> list[tuple]:
    rnd = random.Random(seed)
    pairs = {tuple(sorted(rnd.sample(range(n), 2))) for _ in range(2 * n)}
    return sorted(pairs)


@pytest.mark.parametrize("seed", range(8))
def test_auto_is_a_permutation_no_wider_than_the_others(seed):
    edges = random_sparse(seed)
    G = Graph(edges)
    assert sorted(G.edges) == edges
    for order in ("as-is", "bfs", "frontier"):
        assert G.frontier_width() <= Graph(edges, order=order).frontier_width(), order
    assert frontier_sizes(G.edges)[0] == G.frontier_width()


@pytest.mark.parametrize("seed", range(6))
def test_families_agree_across_orders(seed):
    G = R.random_graph(seed)
    H = Graph(G.edges, order="as-is", vertices=G.vertices)
    s, t = G.vertices[0], G.vertices[-1]
    for make in (lambda X: X.paths(s, t), lambda X: X.trees(spanning=True),
                 lambda X: X.partitions(2, 2), lambda X: X.cycles()):
        assert {frozenset(S) for S in make(G)} == {frozenset(S) for S in make(H)}


def test_the_order_of_a_graph_without_edges_or_with_isolated_vertices():
    assert Graph([], vertices=[1, 2]).edges == []
    G = Graph([(0, 1), (2, 3)], vertices=[9])
    assert sorted(G.edges) == [(0, 1), (2, 3)] and G.frontier_width() == 2


def test_the_state_map():
    edges = EXAMPLE["load"]()
    G = Graph(edges)
    assert len(G.vertices) == 48 and len(edges) == 105
    assert G.frontier_width() <= 8  # the given (alphabetical) order: 30
    assert G.trees(spanning=True).count() == R.spanning_tree_count(G.vertices, G.edges)
    # New England, a piece small enough for the brute force
    ne = [e for e in edges if set(e) <= {"ME", "NH", "VT", "MA", "CT", "RI", "NY"}]
    H = Graph(ne)
    V = H.vertices
    assert {frozenset(S) for S in H.partitions(2, 2)} == \
        R.family(H.edges, lambda S: R.is_partition(V, H.edges, S, 2, 2))


@R.needs_graphillion
def test_the_state_map_counts_equal_graphillions():
    G = Graph(EXAMPLE["load"]())
    GS = R.graphset_on(G)
    assert G.paths("CA", "NY").count() == GS.paths("CA", "NY").len()
    assert G.trees(spanning=True).count() == GS.trees(is_spanning=True).len()
    assert G.partitions(2, 2).count() == GS.partitions(num_comp_lb=2, num_comp_ub=2).len()
