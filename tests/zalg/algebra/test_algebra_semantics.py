"""Semantics that the rest of the project relies on: the Minato identities, the two
views (single vs var), cylinders, growing universes, deep ZDDs, errors."""

from __future__ import annotations

import math
import sys
from itertools import combinations

import pytest

from tests.helpers import reference as R
from zalg import Universe, union
from zalg.ops.extension import kernels


def test_minato_identities():
    U = Universe("abcde")
    a = U.single("a")
    F = U.parse("b + c + d")
    G = a * F
    assert G == U.parse("a*b + a*c + a*d")
    assert F + G == U.parse("(a + 1)*(b + c + d)")
    F = U.parse("a*(b + c) + d*e")
    assert F / a == U.parse("b + c")
    assert F % a == U.parse("d*e")
    assert F / "a" == F / a  # an element stands for {{x}}


def test_single_and_var_are_different_views():
    U = Universe(["x", "y", "z"])
    assert list(U.single("x")) == [frozenset({"x"})]
    assert U.var("x").count() == 4  # {x}, {x,y}, {x,z}, {x,y,z}
    assert U.single("x") < U.var("x")
    assert U.unit.count() == 1 and list(U.unit) == [frozenset()]
    assert U.empty.count() == 0
    assert ~U.empty == U.power_set() and ~U.power_set() == U.empty


def test_cylinder_is_needed_before_complement():
    """The classic mistake: complementing a predicate C(x) of the x elements alone."""
    U = Universe(["x1", "x2", "y"])
    X, Y = ["x1", "x2"], ["y"]
    C = U.family([{"x1"}, {"x2"}])  # C(x): exactly one of x1, x2
    Cx = C * U.power_set(Y)  # the cylinder: C(x) with y free
    assert Cx.count() == 4
    # wrong: ~C holds every set that has y, so "for all x, not C" is not vacuous false
    assert (~C).forall(X) == U.single("y")
    # right: no y value makes C false for every x
    assert (~Cx).forall(X) == U.empty
    # and for all x, C(x) or x1 = x2 holds for both values of y
    same = U.family([set(), {"x1", "x2"}]) * U.power_set(Y)
    assert (Cx | same).forall(X) == U.power_set(Y)


def test_adding_elements_keeps_meaning():
    U = Universe(["a", "b"])
    F = U.parse("a + a*b + 1")
    before = set(F)
    U.add(["c", "d"])
    assert set(F) == before
    assert F.count() == 3
    assert (~F).count() == 16 - 3  # complement is over the current universe
    assert U.parse("c*a") * F == U.parse("a*c + a*b*c")
    with pytest.raises(ValueError, match="already"):
        U.add(["a"])


def test_tuple_elements_such_as_edges():
    edges = [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))]
    U = Universe(edges)
    square = U.family([edges])
    assert edges[0] in U
    assert set(edges) in square
    assert U.exactly(2, edges).count() == 6
    assert U.exactly(2).exists(edges[0]).count() == 3 + 3


def test_deep_zdds_have_no_recursion_limit():
    n = 5000
    U = Universe(range(n))
    P = U.power_set()
    chain = U.family([range(n)])
    assert (P * chain).count() == 1
    evens = U.family([range(0, n, 2)])
    odds = U.family([range(1, n, 2)])
    F = evens | odds | U.unit
    assert F.minimal() == U.unit
    assert F.maximal() == evens | odds
    assert (F * F).count() == 4
    assert F.meet(F).count() == 3
    assert (F / evens) == U.unit
    assert F.exists(range(0, n, 2)).count() == 2
    assert F.forall(range(n)) == U.empty
    assert F.hitting().minimal().count() == 0  # {∅} can never be hit
    assert (evens | odds).hitting().minimal().count() == (n // 2) ** 2
    assert U.exactly(3).count() == math.comb(n, 3)
    assert chain.change(0).count() == 1 and F.nonsup(odds) == evens | U.unit
    drop_evens = U.relation([(range(0, n, 2), ()), ((), (n - 1,))])
    assert (evens | odds).image(drop_evens) == U.unit | odds | evens * U.single(n - 1)
    assert chain.image([((x,), ()) for x in range(0, n, 50)]).count() == n // 50
    assert sys.getrecursionlimit() < n


def test_three_way_unions_deeper_than_the_native_stack():
    # join's and meet's steps take the union of three families in one recursion
    # (OP_UNION3 of zalg/ops/setop.c); past MAX_DEPTH levels the call runs again on a deep
    # stack.  The three chains below agree on every level of the common part C, so the
    # recursion stays three-way all the way down C
    MAX_DEPTH = kernels.MAX_DEPTH
    m = MAX_DEPTH + 1000
    C = set(range(1, m))
    p, q, r, s = (frozenset(C | {m + i}) for i in range(4))
    U = Universe(range(m + 4))
    A = [p | {0}, q]
    B = [r | {0}, s]
    F, G = U.family(A), U.family(B)
    assert set(F * G) == R.join(A, B)
    assert set(F.meet(G)) == R.meet(A, B)


def test_quotients_deeper_than_the_native_stack():
    # a one-member divisor (OP_QUOT_SET) and F.quotients' mask pass run again on a deep
    # stack past MAX_DEPTH levels
    MAX_DEPTH = kernels.MAX_DEPTH
    m = MAX_DEPTH + 1000
    U = Universe(range(m + 2))
    top, bottom = frozenset(range(m)), frozenset({0, m, m + 1})
    F = U.family([top | {m + 1}, bottom, top])
    assert set(F / U.family([{m + 1, 0}])) == {top - {0}, frozenset({m})}
    assert [set(Q) for Q in F.quotients([m + 1, m, 5])] == \
        [{top, frozenset({0, m})}, {frozenset({0, m + 1})}, {top - {5} | {m + 1}, top - {5}}]
    assert [set(Q) for Q in F.quotients([1, 0])] == \
        [{top - {1} | {m + 1}, top - {1}}, {top - {0} | {m + 1}, top - {0}, frozenset({m, m + 1})}]


def test_errors_are_clear():
    U, V = Universe("abc"), Universe("abc")
    with pytest.raises(ValueError, match="different universes"):
        U.single("a") | V.single("a")
    with pytest.raises(ValueError, match="unknown element"):
        U.single("z")
    with pytest.raises(TypeError):
        U.single("a") * 3
    with pytest.raises(ValueError, match="empty family"):
        U.single("a") / U.empty
    with pytest.raises(ValueError, match="length 3"):
        U.power_set().min_weight([1, 2])
    with pytest.raises(TypeError):
        U.power_set().min_weight({"a": "heavy"})
    with pytest.raises(ValueError, match="unknown element"):
        U.parse("a + q")
    with pytest.raises(ValueError, match="cannot parse"):
        U.parse("a + * b")
    with pytest.raises(TypeError, match="not hashable"):
        Universe([["a"]])
    with pytest.raises(TypeError):
        U.family(["ab"])
    F = U.parse("a*b + c")
    with pytest.raises(ValueError, match="unknown element"):
        F.image([("a", "q")])
    with pytest.raises(TypeError, match="relation row"):
        F.image(["ab"])
    with pytest.raises(TypeError, match="relation row"):
        F.image([("a", "b", "c", "a")])
    with pytest.raises(ValueError, match="another universe"):
        F.image(V.relation([("a", "b")]))
    with pytest.raises(TypeError, match="same universe"):
        U.relation([("a", "b")]) | V.relation([("a", "b")])


def test_relations_compile_to_the_reduced_transition_diagram():
    U = Universe("abcd")
    table, root = U.relation([((), ())]).compiled()
    assert root == 1 and len(table) == 10  # the identity needs no node
    assert U.relation([]).compiled()[1] == 0
    assert U.relation([("a", "b", "a")]).compiled()[1] == 0  # must hold and avoid a: never
    once = U.relation([("a", "b")]).compiled()
    assert len(once[0]) == len(U.relation([("a", "b"), (["a"], ["b"])]).compiled()[0])
    # one node per named level on the row's chain: a (1 -> 0), b (0 or 1 -> 1)
    assert len(once[0]) // 5 == 2 + 2
    F = U.parse("b + b*c + d")
    assert F.image(U.relation([("a", "b")]).inverse()) == F.preimage([("a", "b")])
    # S ↦ (S ∖ a) ∪ b lands on b from a and a*b, on b*c from a*c and a*b*c
    assert F.preimage([("a", "b")]) == U.parse("a + a*b + a*c + a*b*c")


def test_parse_and_to_sympy():
    U = Universe("abcd")
    assert U.parse("0") == U.empty and U.parse("1") == U.unit
    assert U.parse("a*a + b") == U.parse("a + b")  # join is idempotent on singletons
    F = U.parse("a*b + c + 1")
    sympy = pytest.importorskip("sympy", reason="to_sympy needs the optional sympy")
    a, b, c = sympy.symbols("a b c")
    assert sympy.simplify(F.to_sympy() - (a * b + c + 1)) == 0


def test_hitting_sets_of_a_small_hypergraph():
    U = Universe(range(1, 6))
    edges = [{1, 2}, {2, 3}, {3, 4}, {4, 5}]
    H = U.family(edges).hitting()
    brute = {S for S in R.subsets(range(1, 6)) if all(S & e for e in edges)}
    assert set(H) == brute
    assert set(H.minimal()) == {frozenset(s) for s in ({2, 4}, {1, 3, 4}, {2, 3, 5}, {1, 3, 5})}


def test_large_family_count_and_sampling_are_consistent():
    U = Universe(range(40))
    F = union(U.family([c]) for c in combinations(range(10), 3)) * U.power_set(range(10, 40))
    assert F.count() == 120 * 2 ** 30
    members = F.sample(50, seed=3)
    assert all(m in F for m in members)
    assert F.by_size() == {3 + k: 120 * math.comb(30, k) for k in range(31)}


def test_sample_of_size_is_uniform_within_the_size():
    """Members of one size are drawn equally often, however the sizes are skewed."""
    U = Universe(range(12))
    small = [frozenset(c) for c in combinations(range(12), 2)][:6]  # six members of size 2
    F = U.family(small) | U.exactly(6) | U.exactly(7)  # 1716 members that outweigh them
    draws = [F.sample_of_size(2, seed=s) for s in range(1200)]
    counts = [draws.count(m) for m in small]
    assert sum(counts) == 1200
    expected = 200
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 25, counts  # 5 degrees of freedom: p < 0.0002 for a fair sampler
    assert F.sample_of_size(3, seed=1, tries=200) is None
    big = U.power_set()
    assert all(len(big.sample_of_size(k, seed=k)) == k for k in range(13))


def test_a_worked_example_agrees_with_the_reference():
    """Join, quotient, minimal members, hitting sets, a cardinality family and ∀ on one
    pair of families, against the frozenset reference."""
    U = Universe("abcdef")
    F = U.parse("a*(b + c) + d*e + f + 1")
    G = U.parse("a + d + b*c")
    A, B = set(F), set(G)
    assert set(F * G) == R.join(A, B)
    assert set(F / G) == R.quotient(A, B)
    assert set(F.minimal()) == R.minimal(A)
    assert set(F.hitting().minimal()) == R.minimal(R.hitting(A, set("abcdef")))
    assert U.exactly(3).count() == math.comb(6, 3)
    assert set(F.forall("f")) == R.forall(A, set("abcdef"), {"f"})
