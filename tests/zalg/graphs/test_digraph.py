"""Directed paths, cycles, Hamiltonian paths and arborescences of ``zalg.DiGraph``
against a brute force over every arc subset of small digraphs."""

from __future__ import annotations

import pytest

from zalg import DiGraph
from tests.helpers import graph_reference as R


@pytest.mark.parametrize("seed", range(30))
def test_directed_classes_against_brute_force(seed):
    D = R.random_digraph(seed)
    V, A = D.vertices, D.edges
    s, t, r = V[seed % len(V)], V[(seed + 1) % len(V)], V[(seed + 2) % len(V)]
    cases = [
        (D.paths(s, t), lambda S: R.is_directed_path(V, S, s, t)),
        (D.paths(s, t, hamilton=True), lambda S: R.is_directed_path(V, S, s, t, True)),
        (D.paths(s, s), lambda S: not S),
        (D.cycles(), lambda S: R.is_directed_cycle(V, S)),
        (D.cycles(hamilton=True), lambda S: R.is_directed_cycle(V, S, True)),
        (D.arborescences(r), lambda S: R.is_arborescence(V, S, r)),
        (D.arborescences(r, spanning=True), lambda S: R.is_arborescence(V, S, r, True)),
    ]
    for k, (F, test) in enumerate(cases):
        assert {frozenset(S) for S in F} == R.family(A, test), (k, A)


def test_orders_and_bad_input():
    arcs = [(0, 1), (1, 2), (2, 0), (2, 1)]
    D = DiGraph(arcs)
    assert sorted(D.edges) == sorted(arcs) and D.universe is not None
    assert DiGraph(arcs, order="as-is").edges == arcs
    assert DiGraph(arcs, order=arcs[::-1]).edges == arcs[::-1]
    for bad in ([(0, 0)], [(0, 1, 2)]):
        with pytest.raises(ValueError):
            DiGraph(bad)
    with pytest.raises(ValueError):
        DiGraph(arcs, order=arcs[:2])
    with pytest.raises(ValueError):
        D.paths(0, 9)
    with pytest.raises(ValueError):
        D.arborescences(9)


def test_a_directed_cycle_of_length_n_and_its_arborescences():
    n = 7
    D = DiGraph([(k, (k + 1) % n) for k in range(n)])
    assert D.cycles().count() == 1 == D.cycles(hamilton=True).count()
    assert D.paths(0, n - 1, hamilton=True).count() == 1
    assert D.paths(n - 1, 0).count() == 1 and D.paths(1, 0).count() == 1
    assert D.arborescences(0, spanning=True).count() == 1
    assert D.arborescences(0).count() == n  # the paths 0 -> 1 -> ... -> k, k < n


@pytest.mark.parametrize("seed", range(3))
def test_spanning_arborescences_by_tuttes_matrix_tree_theorem(seed):
    import random
    rnd = random.Random(seed)
    n = 9
    arcs = [(a, b) for a in range(n) for b in range(n) if a != b and rnd.random() < 0.35]
    D = DiGraph(arcs, vertices=range(n))
    # the in-degree Laplacian without the root's row and column
    L = [[0] * n for _ in range(n)]
    for u, v in arcs:
        L[v][v] += 1
        L[u][v] -= 1
    minor = [[L[i][j] for j in range(1, n)] for i in range(1, n)]
    assert D.arborescences(0, spanning=True).count() == R.determinant(minor)
