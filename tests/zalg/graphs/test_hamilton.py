"""Hamiltonian cycles and paths: against a brute force over every edge subset of small
graphs and Graphillion's counts on grids."""

from __future__ import annotations

import pytest

from zalg import grid
from tests.helpers import graph_reference as R
from tests.helpers.graph_reference import random_graph


@pytest.mark.parametrize("seed", range(24))
def test_hamilton_cycles_and_paths_against_brute_force(seed):
    G = random_graph(seed)
    V, E = G.vertices, G.edges
    s, t = V[0], V[-1]
    got = {frozenset(S) for S in G.cycles(hamilton=True)}
    assert got == R.family(E, lambda S: R.is_hamilton_cycle(V, S))
    got = {frozenset(S) for S in G.paths(s, t, hamilton=True)}
    assert got == R.family(E, lambda S: R.is_hamilton_path(V, S, s, t))


@R.needs_graphillion
@pytest.mark.parametrize("n", [3, 4, 5])
def test_counts_equal_graphillions(n):
    G = grid(n, n)
    GS = R.graphset_on(G)
    assert G.cycles(hamilton=True).count() == len(GS.cycles(is_hamilton=True))
    far = (n - 1, n - 1)
    assert G.paths((0, 0), far, hamilton=True).count() == \
        len(GS.paths((0, 0), far, is_hamilton=True))
