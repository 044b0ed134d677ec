"""Balanced partitions, bipartite, connected and regular graphs, cliques, Steiner paths
and cycles, and reliability: against a brute force over every edge subset of small
graphs and against Graphillion's counts and reliabilities."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from zalg import Graph, grid
from tests.helpers import graph_reference as R
from tests.helpers.graph_reference import random_graph


def classes(G: Graph, seed: int) -> list:
    V, E = G.vertices, G.edges
    rnd = random.Random(seed)
    w = {x: rnd.randint(0, 3) for x in V[1:]}  # V[0] weighs 1 (not given)
    lower, upper = rnd.randint(0, 3), rnd.randint(3, 7)
    terms, s, t = V[1:3], V[0], V[-1]
    return [
        (G.balanced_partitions(w, lower, upper),
         lambda S: R.is_balanced_partition(V, E, S, w, lower, upper, 1, len(V))),
        (G.balanced_partitions(w, lower, upper, parts=2),
         lambda S: R.is_balanced_partition(V, E, S, w, lower, upper, 2, 2)),
        (G.balanced_partitions(None, 0, 3, parts=(2, 3)),
         lambda S: R.is_balanced_partition(V, E, S, {}, 0, 3, 2, 3)),
        (G.connected_graphs(), lambda S: R.is_connected_set(V, S)),
        (G.bipartite_graphs(), lambda S: R.is_bipartite(V, S, True)),
        (G.bipartite_graphs(connected=False), lambda S: R.is_bipartite(V, S, False)),
        (G.connecting(terms), lambda S: R.connects(V, S, terms)),
        (G.steiner_paths(terminals=terms), lambda S: R.is_path(V, S, terms)),
        (G.steiner_paths(s, t, terms), lambda S: R.is_path(V, S, terms, (s, t))),
        (G.steiner_cycles(terms), lambda S: R.is_cycle(V, S, terms)),
        (G.regular_graphs(2), lambda S: R.is_regular(V, S, [2], True)),
        (G.regular_graphs((1, 3), connected=False),
         lambda S: R.is_regular(V, S, [1, 2, 3], False)),
        (G.regular_graphs(), lambda S: R.is_regular(V, S, range(1, len(V)), True)),
        (G.cliques(2), lambda S: R.is_clique(V, E, S, 2)),
        (G.cliques(3), lambda S: R.is_clique(V, E, S, 3)),
        (G.cliques(4), lambda S: R.is_clique(V, E, S, 4)),
    ]


@pytest.mark.parametrize("seed", range(16))
def test_classes_against_brute_force(seed):
    G = random_graph(seed)
    for k, (F, test) in enumerate(classes(G, seed)):
        assert {frozenset(S) for S in F} == R.family(G.edges, test), (k, G.edges)


@pytest.mark.parametrize("seed", range(6))
def test_reliability_against_brute_force(seed):
    G = random_graph(seed)
    rnd = random.Random(seed)
    p = {e: Fraction(rnd.randint(0, 7), 7) for e in G.edges}
    for terms in (G.vertices, G.vertices[:2]):
        exact = G.reliability(p, terms)
        assert isinstance(exact, Fraction)
        assert exact == R.reliability(G.vertices, G.edges, p, terms)
        approx = G.reliability({e: float(q) for e, q in p.items()}, terms)
        assert isinstance(approx, float) and approx == pytest.approx(float(exact), abs=1e-12)


def test_weights_past_int16_rows_give_the_same_family():
    """Rows are int16 while every sum fits, int32 beyond: weights scaled by 3000 (a total
    past 2^15) give the same partitions as the weights themselves."""
    G = grid(4, 4)
    w = {x: 1 + (x[0] + 2 * x[1]) % 3 for x in G.vertices}
    big = {x: 3000 * k for x, k in w.items()}
    assert sum(big.values()) >= 1 << 15 > sum(w.values())
    for lower, upper, parts in ((3, 6, None), (4, 9, (2, 4))):
        small = G.balanced_partitions(w, lower, upper, parts)
        assert small == G.balanced_partitions(big, 3000 * lower, 3000 * upper, parts)
        assert small.count() > 0


def test_bad_input_is_refused():
    G = grid(2, 2)
    with pytest.raises(ValueError):
        G.balanced_partitions({(0, 0): -1})
    with pytest.raises(ValueError):
        G.balanced_partitions({(9, 9): 1})
    with pytest.raises(ValueError):
        G.reliability({((0, 0), (1, 1)): 0.5})
    with pytest.raises(ValueError):
        G.reliability({((0, 0), (0, 1)): 1.5})
    with pytest.raises(ValueError):
        G.steiner_paths((0, 0), None, [(1, 1)])
    with pytest.raises(ValueError):
        G.cliques(-1)


@R.needs_graphillion
@pytest.mark.parametrize("n", [3, 4])
def test_counts_equal_graphillions(n):
    G = grid(n, n)
    GS = R.graphset_on(G)
    V = G.vertices
    w = {x: 1 + (i % 3) for i, x in enumerate(V)}
    T = [(0, 0), (n - 1, n - 1), (0, n - 1)]
    pairs = [(G.balanced_partitions(w, 3, 8), GS.balanced_partitions(w, lower=3, upper=8)),
             (G.balanced_partitions(None, 2, 5, parts=3),
              GS.balanced_partitions(lower=2, upper=5, num_comps=3)),
             (G.bipartite_graphs(), GS.bipartite_graphs()),
             (G.bipartite_graphs(connected=False), GS.bipartite_graphs(is_connected=False)),
             (G.steiner_paths(terminals=T), GS.steiner_paths(T)),
             (G.steiner_cycles(T), GS.steiner_cycles(T)),
             (G.regular_graphs(2), GS.regular_graphs(2)),
             (G.regular_graphs((1, 3), connected=False), GS.regular_graphs((1, 3), False)),
             (G.regular_graphs(), GS.regular_graphs()),
             (G.cliques(2), GS.cliques(2))]
    for k, (F, gs) in enumerate(pairs):
        assert F.count() == len(gs), k
    p = {e: 0.5 + 0.04 * (i % 10) for i, e in enumerate(G.edges)}
    for terms in (T, V):
        assert G.reliability(p, terms) == pytest.approx(GS.reliability(p, terms), rel=1e-9)


@R.needs_graphillion
def test_cliques_on_a_dense_graph_equal_graphillions():
    G = Graph([(a, b) for a in range(6) for b in range(a + 1, 6) if (a + b) % 4])
    GS = R.graphset_on(G)
    for k in (2, 3, 4):
        assert G.cliques(k).count() == len(GS.cliques(k)), k
