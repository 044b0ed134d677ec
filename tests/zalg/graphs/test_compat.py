"""zalg.compat: Graphillion's names for the common calls give the graphs Graphillion's
own calls give, on random graphs (the same universe, edge order as given)."""

from __future__ import annotations

import pytest

from tests.helpers import graph_reference as R
from zalg.compat import GraphSet


def as_sets(graphs) -> set:
    """Graphs as sets of unordered edges (each library orders an edge's ends its own way)."""
    return {frozenset(frozenset(e) for e in g) for g in graphs}


def calls(Z, S, V) -> list:
    """The same calls on zalg's GraphSet (Z) and Graphillion's (S)."""
    a, b, c = V[0], V[-1], V[len(V) // 2]
    e = next(iter(Z.universe()))
    return [
        (Z.graphs(), S.graphs()), (Z.graphs(num_edges=2), S.graphs(num_edges=2)),
        (Z.paths(a, b), S.paths(a, b)), (Z.paths(a, b, is_hamilton=True), S.paths(a, b, is_hamilton=True)),
        (Z.cycles(), S.cycles()), (Z.cycles(is_hamilton=True), S.cycles(is_hamilton=True)),
        (Z.trees(), S.trees()), (Z.trees(c), S.trees(c)),
        (Z.trees(is_spanning=True), S.trees(is_spanning=True)),
        (Z.forests([a, b]), S.forests([a, b])),
        (Z.cycles().including(e), S.cycles().including(e)),
        (Z.trees().excluding(e[::-1]), S.trees().excluding(e[::-1])),
        (Z.cycles().including(c), S.cycles().including(c)),
        (Z.trees().excluding(c), S.trees().excluding(c)),
        (Z.trees().including([e]), S.trees().including([e])),
        (Z.trees().excluding(Z.paths(a, c)), S.trees().excluding(S.paths(a, c))),
        ((Z.trees() | Z.cycles()) - Z.paths(a, b), (S.trees() | S.cycles()) - S.paths(a, b)),
        (Z.trees() & Z.paths(a, b), S.trees() & S.paths(a, b)),
    ]


@R.needs_graphillion
@pytest.mark.parametrize("seed", range(6))
def test_the_same_graphs_as_graphillion(seed):
    G = R.random_graph(seed)
    Peer = R.graphset_on(G)
    GraphSet.set_universe(G.edges)
    V = sorted({x for e in G.edges for x in e})  # the universes' vertices: those with edges
    for k, (mine, theirs) in enumerate(calls(GraphSet, Peer, V)):
        assert mine.len() == theirs.len() and as_sets(mine) == as_sets(theirs), (k, G.edges)
    for g in GraphSet.trees():
        assert g in GraphSet.trees() and g not in GraphSet.cycles()


def test_without_a_universe_or_with_a_foreign_edge():
    GraphSet.set_universe([(0, 1), (1, 2)])
    with pytest.raises(ValueError):
        GraphSet([[(0, 2)]])
    assert GraphSet([[(1, 0)], []]).len() == 2 and [] in GraphSet([[]])
