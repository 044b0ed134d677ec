"""Matchings, b-matchings, factors and degree-constrained subgraphs: against a brute
force over every edge subset of small graphs and Graphillion's counts on grids."""

from __future__ import annotations

import random

import pytest

from zalg import Graph, grid
from tests.helpers import graph_reference as R
from tests.helpers.graph_reference import random_graph


def classes(G: Graph, seed: int) -> list:
    V = G.vertices
    rnd = random.Random(seed)
    b = {x: rnd.randint(0, 2) for x in V[1:]}
    f = {x: rnd.randint(0, 3) for x in V[:-1]}
    some = {x: set(rnd.sample(range(5), rnd.randint(1, 3))) for x in V[::2]}

    def within(bound):
        return {x: range(bound(x) + 1) for x in V}
    return [
        (G.matchings(), within(lambda x: 1)),
        (G.matchings(perfect=True), {x: {1} for x in V}),
        (G.k_matchings(2), within(lambda x: 2)),
        (G.b_matchings(b), within(lambda x: b.get(x, 0))),
        (G.k_factors(2), {x: {2} for x in V}),
        (G.f_factors(f), {x: {f.get(x, 0)} for x in V}),
        (G.subgraphs(some), some),
        (G.degree_constrained(some), some),
    ]


@pytest.mark.parametrize("seed", range(24))
def test_degree_classes_against_brute_force(seed):
    G = random_graph(seed)
    for k, (F, allowed) in enumerate(classes(G, seed)):
        want = R.family(G.edges, lambda S: R.degrees_ok(G.vertices, S, allowed))
        assert {frozenset(S) for S in F} == want, (k, G.edges)


def test_degree_edge_cases():
    G = Graph([(0, 1)], vertices=[2])
    assert G.matchings(perfect=True).count() == 0
    assert G.subgraphs({0: 1, 1: [1]}).count() == 1
    assert G.subgraphs({0: [5]}).count() == 0
    with pytest.raises(ValueError):
        G.subgraphs({9: [1]})
    with pytest.raises(ValueError):
        G.subgraphs({0: [-1]})


@R.needs_graphillion
@pytest.mark.parametrize("n", [3, 4, 5])
def test_counts_equal_graphillions(n):
    G = grid(n, n)
    GS = R.graphset_on(G)
    b = {x: (x[0] + x[1]) % 3 for x in G.vertices}
    f = {x: 1 + (x[0] * x[1]) % 2 for x in G.vertices}
    pairs = [(G.matchings(), GS.matchings()), (G.matchings(True), GS.perfect_matchings()),
             (G.k_matchings(2), GS.k_matchings(2)), (G.b_matchings(b), GS.b_matchings(b)),
             (G.k_factors(2), GS.k_factors(2)), (G.f_factors(f), GS.f_factors(f))]
    for k, (F, gs) in enumerate(pairs):
        assert F.count() == len(gs), k
