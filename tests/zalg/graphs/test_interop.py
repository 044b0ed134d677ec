"""Cost bounds, probability, descending weights, notebook HTML, Graphillion and networkx.

Each result is checked against a plain-Python computation over the members, and
the Graphillion conversions against Graphillion's own constructions.
"""

from __future__ import annotations

import importlib.util
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import zalg
from zalg import Universe

from tests.helpers.strategies import universe_and_families


def weight(member, w) -> int:
    return sum(w.get(x, 0) for x in member)


@given(universe_and_families(count=1), st.data())
def test_cost_bounds_against_the_members(data, draw):
    names, (A,) = data
    U = Universe(names)
    F = U.family(A)
    w = {x: draw.draw(st.integers(-6, 6)) for x in names}
    bound = draw.draw(st.integers(-15, 15))
    assert set(F.cost_le(w, bound)) == {S for S in A if weight(S, w) <= bound}
    assert set(F.cost_ge(w, bound)) == {S for S in A if weight(S, w) >= bound}
    # a weight vector in universe order means the same
    assert F.cost_le([w[x] for x in names], bound) == F.cost_le(w, bound)


def test_cost_le_on_grid_paths_equals_the_size_classes():
    G = zalg.grid(6, 6)
    P = G.paths((0, 0), (5, 5))
    sizes = P.by_size()
    unit = {e: 1 for e in G.edges}
    for bound in (9, 10, 12, 16, 35):
        Q = P.cost_le(unit, bound)
        assert Q <= P
        assert Q.count() == sum(n for k, n in sizes.items() if k <= bound)
    # weights that differ: every member of the result is within the bound, every
    # member left out is over it (checked on a sample of each)
    w = {e: (i * 7) % 5 - 1 for i, e in enumerate(G.edges)}
    Q = P.cost_le(w, 12)
    assert all(weight(S, w) <= 12 for S in Q.sample(200, seed=1))
    assert all(weight(S, w) > 12 for S in (P - Q).sample(200, seed=2))
    assert P.cost_ge(w, 13) == P - Q


def test_cost_bounds_refuse_non_integers():
    U = Universe("ab")
    F = U.parse("a + b")
    with pytest.raises(TypeError):
        F.cost_le({"a": 1.5}, 1)
    with pytest.raises(TypeError):
        F.cost_le({"a": 1}, 1.0)
    with pytest.raises(ValueError):
        F.cost_le({"a": 2 ** 60}, 1)


@given(universe_and_families(count=1), st.data())
def test_probability_against_the_members(data, draw):
    names, (A,) = data
    U = Universe(names)
    F = U.family(A)
    p = {x: draw.draw(st.sampled_from([Fraction(0), Fraction(1), Fraction(1, 3),
                                       Fraction(3, 4), Fraction(1, 2)])) for x in names}
    exact = sum(math.prod(p[x] if x in S else 1 - p[x] for x in names) for S in A)
    assert F.probability({x: float(q) for x, q in p.items()}) == pytest.approx(float(exact),
                                                                                abs=1e-12)


def test_probability_of_simple_families():
    U = Universe(range(40))
    assert U.power_set().probability({x: 0.3 for x in range(40)}) == pytest.approx(1.0)
    assert U.unit.probability({x: 0.5 for x in range(40)}) == pytest.approx(0.5 ** 40)
    assert U.empty.probability({}) == 0.0
    # all sets of exactly 2 of the first 10 elements, p = 1/2: C(10, 2) / 2^10
    F = U.exactly(2, range(10))
    assert F.probability({x: 0.5 for x in range(10)}) == pytest.approx(45 / 1024)
    with pytest.raises(ValueError):
        F.probability({0: 1.5})


def test_iteration_by_weight_both_ways():
    G = zalg.grid(4, 4)
    P = G.paths((0, 0), (3, 3))
    w = {e: (i * 5) % 7 for i, e in enumerate(G.edges)}
    up = list(P.iter_by_weight(w))
    down = list(P.iter_by_weight(w, descending=True))
    assert [v for v, _ in up] == sorted(weight(S, w) for S in P)
    assert [v for v, _ in down] == sorted((weight(S, w) for S in P), reverse=True)
    assert {S for _, S in down} == set(P)
    assert all(v == weight(S, w) for v, S in down)


def test_html_view_for_notebooks():
    U = Universe(["<a>", "b"])
    F = U.family([["<a>"], ["b"], ["<a>", "b"]])
    html = F._repr_html_()
    assert "members</th><td>3<" in html
    assert "&lt;a&gt;" in html and "<a>" not in html
    many = Universe(range(20)).power_set()._repr_html_()
    assert "1,048,576" in many and "more" in many


# ---- Graphillion and networkx ---------------------------------------------------------

needs_graphillion = pytest.mark.skipif(importlib.util.find_spec("graphillion") is None,
                                       reason="Graphillion is not installed (no wheel for "
                                              "this Python)")


@needs_graphillion
def test_graphset_round_trip_is_graphillions_family():
    from graphillion import GraphSet
    G = zalg.grid(5, 5)
    zalg.graphs.interop.graphillion_universe(G)
    P = G.paths((0, 0), (4, 4))
    gs = zalg.graphs.interop.to_graphset(P)
    assert gs == GraphSet.paths((0, 0), (4, 4))   # Graphillion's own construction
    assert gs.len() == P.count()
    assert zalg.graphs.interop.from_graphset(gs, G) == P
    assert zalg.graphs.interop.from_graphset(GraphSet.cycles(), G) == G.cycles()


@needs_graphillion
def test_setset_round_trip_and_terminals():
    from graphillion import setset
    U = Universe("abcde")
    F = U.parse("a*b + c + d*e + 1")
    zalg.graphs.interop.graphillion_universe(U)
    ss = zalg.graphs.interop.to_setset(F)
    assert {frozenset(S) for S in ss} == set(F)
    assert zalg.graphs.interop.from_setset(ss, U) == F
    assert set(zalg.graphs.interop.from_setset(ss)) == set(F)   # into a new universe
    assert len(zalg.graphs.interop.to_setset(U.empty)) == 0
    assert [set(S) for S in zalg.graphs.interop.to_setset(U.unit)] == [set()]
    assert zalg.graphs.interop.from_setset(setset([]), U) == U.empty


@needs_graphillion
def test_a_different_order_is_refused():
    from graphillion import GraphSet
    G = zalg.grid(4, 4)
    GraphSet.set_universe(G.edges)      # Graphillion reorders the edges ("greedy")
    if [tuple(e[:2]) for e in GraphSet.universe()] == list(G.edges):
        pytest.skip("Graphillion kept the order; nothing to refuse")
    with pytest.raises(ValueError, match="orders"):
        zalg.graphs.interop.to_graphset(G.paths((0, 0), (3, 3)))


def test_member_as_a_networkx_graph():
    nx = pytest.importorskip("networkx", reason="needs networkx")
    G = zalg.grid(4, 4)
    path = next(iter(G.paths((0, 0), (3, 3))))
    H = G.to_networkx(path)
    assert nx.is_connected(H) and H.number_of_edges() == len(path)
    assert sorted(d for _, d in H.degree()).count(1) == 2   # a path: two ends
    whole = G.to_networkx()
    assert whole.number_of_nodes() == 16 and whole.number_of_edges() == len(G.edges)
    with pytest.raises(ValueError):
        G.to_networkx([((0, 0), (3, 3))])
