"""The evaluation kernels over node arrays (the extension zalg.eval._kernels):
export checked against the members and the shape a reduced ZDD must have, on random
families; counts, counts by size and cost bounds on families thousands of levels deep,
against closed formulas (powers of two, binomials, a product of choices)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zalg
from tests.helpers.processes import interrupt_inside, prompt
from zalg.eval import reading

NAMES = [f"x{i}" for i in range(8)]
families = st.sets(st.frozensets(st.sampled_from(NAMES), max_size=6), max_size=14)


def members(level, hi, lo, node, names) -> set[frozenset]:
    """The members below a node of the arrays, by plain recursion (small families)."""
    if node <= 1:
        return {frozenset()} if node == 1 else set()
    with_x = {m | {names[int(level[node])]} for m in members(level, hi, lo, int(hi[node]), names)}
    return with_x | members(level, hi, lo, int(lo[node]), names)


@settings(max_examples=80, deadline=None)
@given(families)
def test_export_gives_the_members_as_a_reduced_diagram_children_first(A):
    U = zalg.Universe(NAMES)
    F = U.family(A)
    level, hi, lo, root = F.node_arrays()
    n = len(level)
    assert level.dtype == hi.dtype == lo.dtype == np.int64
    assert members(level, hi, lo, root, NAMES) == A
    assert list(level[:2]) == [len(NAMES)] * 2 and list(hi[:2]) == [0, 0]
    assert root == (n - 1 if n > 2 else (1 if A == {frozenset()} else 0))
    inner = range(2, n)
    assert all(hi[i] < i and lo[i] < i and hi[i] != 0 for i in inner)
    assert all(level[i] < level[hi[i]] and level[i] < level[lo[i]] for i in inner)
    assert len({(level[i], hi[i], lo[i]) for i in inner}) == n - 2  # no node twice
    assert [F.node_counts()[i] for i in range(n)] == [
        len(members(level, hi, lo, i, NAMES)) for i in range(n)]


def test_the_terminals_export_as_ids_0_and_1():
    U = zalg.Universe(NAMES)
    for F, root in ((U.empty, 0), (U.unit, 1)):
        level, hi, lo, r = F.node_arrays()
        assert r == root and len(level) == 2 and F.count() == root


def test_a_power_set_ten_thousand_levels_deep():
    n = 10_000
    P = zalg.Universe(range(n)).power_set()
    level, hi, lo, root = P.node_arrays()
    assert P.node_count() == n and root == n + 1
    assert list(level[2:]) == list(range(n - 1, -1, -1))  # the bottom level first
    assert P.count() == 2**n == P.node_counts().root()
    c = P.node_counts()
    assert all(c[i] == 2 ** (i - 1) for i in (2, 64, 65, 66, 5000, n + 1))


def choices(m: int):
    """The node arrays of "exactly one of each of m disjoint triples" (elements 3i, 3i+1,
    3i+2): 3^m members, three nodes a triple, built from the bottom triple up."""
    level, hi, lo = [3 * m, 3 * m], [0, 0], [0, 1]
    below = 1
    for i in range(m - 1, -1, -1):
        for k in (2, 1, 0):  # node of element 3i + k: with it, or one of the later ones
            level.append(3 * i + k)
            hi.append(below)
            lo.append(0 if k == 2 else len(level) - 2)
        below = len(level) - 1
    return level, hi, lo, below


def test_a_product_of_choices_counts_three_to_the_m():
    m = 1500  # 3^1500 is about 2^2377
    U = zalg.Universe(range(3 * m))
    F = U.build_arrays(*choices(m), "a product of choices")
    assert F.count() == 3**m and F.node_count() == 3 * m
    c = F.node_counts()
    level, hi, lo, root = F.node_arrays()
    tops = [i for i in range(2, len(level)) if level[i] % 3 == 0]
    assert sorted(c[i] for i in tops) == [3**k for k in range(1, m + 1)]
    assert F.by_size() == {m: 3**m}
    assert reading.count_at(hi, lo, root) == 3**m


def test_counts_by_size_of_a_deep_power_set_are_the_binomials():
    n = 1200
    P = zalg.Universe(range(n)).power_set()
    assert P.by_size() == {k: math.comb(n, k) for k in range(n + 1)}


def test_cost_bounds_on_a_deep_power_set():
    n = 3000
    U = zalg.Universe(range(n))
    P = U.power_set()
    assert P.cost_le([1] * n, 2).count() == 1 + n + math.comb(n, 2)
    assert P.cost_ge([1] * n, n - 1).count() == n + 1
    assert P.probability({0: 0.5, 1: 1.0}) == 1.0
    assert U.exactly(2).probability([0.5] * n) == pytest.approx(
        math.comb(n, 2) * 0.5**n, rel=1e-9)


@pytest.mark.parametrize("n", [64, 65, 200])
def test_weights_and_sampling_tables_on_power_sets(n):
    P = zalg.Universe(range(n)).power_set()
    w = [i - n // 2 for i in range(n)]
    assert P.min_weight(w)[0] == sum(x for x in w if x < 0)
    assert P.max_weight(w)[0] == sum(x for x in w if x > 0)
    assert len(P.sample_of_size(n // 3, seed=1)) == n // 3


def test_ctrl_c_stops_a_long_count_promptly():
    """The count of a power set of 600,000 levels (limbs up to 9,375 wide at every
    level) runs for seconds; Ctrl-C stops it and the process counts again."""
    setup = ("import numpy as np\nfrom zalg.eval.extension import kernels as K\n"
             "n = 600_000\nhi = np.arange(-1, n + 1, dtype=np.int64)\nhi[:3] = [0, 0, 1]\n")
    rc, said, took, printed, err = interrupt_inside(
        setup, "K.count_root(hi, hi, n + 1)", "K.count_root(hi[:70], hi[:70], 69)[1][:9].hex()",
        1.0)
    assert rc == 0 and said == "interrupted" and err == "", err
    assert printed == (2**68).to_bytes(9, "little").hex()  # node 69 of the power set: 2^68
    assert prompt(took), took


def test_a_missing_extension_names_the_fix():
    from zalg.eval.extension import required
    with pytest.raises(ImportError, match=r"zalg\.no_such_extension.*pip install -e \."):
        required("zalg.no_such_extension")
