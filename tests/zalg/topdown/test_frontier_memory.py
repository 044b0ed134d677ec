"""The frontier driver's lean layout: node codes as 32-bit numbers grown in
place, a reduction whose outputs grow with the reduced nodes.

Evidence: the reduction of random layered diagrams is the family a walk of their
paths lists (the identical CUDD node); sweeps whose codes and outputs start at two
entries and whose arena starts at one chunk, so that they grow (in place) at every
level, give the identical family as the default sizes on random boards, free and
covering, and the brute force on tiny grids; a toy machine of 20,000 unreduced
nodes counts exactly."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zalg
from zalg.topdown import assemble, driver, run
from tests.helpers.toy_machine import machine as toy_machine


@pytest.fixture
def tiny_arrays(monkeypatch):
    """Codes and reduction outputs that start at two entries, an arena of one chunk
    (they grow at once)."""
    monkeypatch.setattr(run, "FIRST_CODES", 2)
    monkeypatch.setattr(driver, "FIRST_OUTPUT", 2)
    monkeypatch.setattr(run, "FIRST_CHUNKS", 1)


@st.composite
def layered_diagrams(draw):
    """(levels, layers) for ``assemble``: 1-7 layers of 1-5 nodes (layer 0: the
    root), each child a node of the next layer, REJECT (-1) or ACCEPT (-2)."""
    m = draw(st.integers(1, 7))
    sizes = [1] + [draw(st.integers(1, 5)) for _ in range(m - 1)]
    layers = []
    for i in range(m):
        below = sizes[i + 1] if i + 1 < m else 0
        code = st.sampled_from([-1, -2] + list(range(below)))
        layers.append(tuple(np.array([draw(code) for _ in range(sizes[i])]) for _ in range(2)))
    levels = sorted(draw(st.sets(st.integers(0, 9), min_size=m, max_size=m)))
    return levels, layers


def members(levels, layers) -> set[frozenset]:
    """The sets a walk of every root-to-ACCEPT path of the diagram spells."""
    out: set[frozenset] = set()

    def walk(i, node, chosen):
        for bit in (0, 1):
            code = int(layers[i][bit][node])
            taken = chosen | ({levels[i]} if bit else set())
            if code == -2:
                out.add(frozenset(taken))
            elif code >= 0:
                walk(i + 1, code, taken)
    walk(0, 0, frozenset())
    return out


@settings(max_examples=150, deadline=None)
@given(layered_diagrams(), st.booleans())
def test_reduction_gives_the_walked_family(diagram, tiny):
    levels, layers = diagram
    U = zalg.Universe(range(10))
    old = driver.FIRST_OUTPUT
    driver.FIRST_OUTPUT = 2 if tiny else old
    try:
        F = assemble(U, levels, layers)
    finally:
        driver.FIRST_OUTPUT = old
    expected = members(levels, layers)
    assert F == U.family(expected)  # the identical node
    assert set(F) == expected and F.count() == len(expected)


def random_pairs(rng: random.Random, rows: int, cols: int) -> list[tuple]:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    k = rng.randint(1, min(4, len(cells) // 2))
    pick = rng.sample(cells, 2 * k)
    return [(pick[2 * i], pick[2 * i + 1]) for i in range(k)]


def test_grown_codes_give_the_identical_family_on_random_boards(monkeypatch):
    rng = random.Random(34)
    cases = []
    for _ in range(25):
        rows, cols = rng.randint(3, 6), rng.randint(3, 6)
        G = zalg.grid(rows, cols, order=rng.choice(["as-is", "narrow"]))
        pairs = random_pairs(rng, rows, cols)
        for cover in (False, True):
            cases.append((G, pairs, cover, G.path_matchings(pairs=pairs, cover=cover)))
    monkeypatch.setattr(run, "FIRST_CODES", 2)
    monkeypatch.setattr(driver, "FIRST_OUTPUT", 2)
    monkeypatch.setattr(run, "FIRST_CHUNKS", 1)
    grown = []
    grow_arena = run._grow_arena

    def spy(rows, src, nxt, free, chunks, meta, what, M):
        grown.append(rows.flags.owndata and src.flags.owndata)  # never the driver's copy
        return grow_arena(rows, src, nxt, free, chunks, meta, what, M)
    monkeypatch.setattr(run, "_grow_arena", spy)
    counts = set()
    for G, pairs, cover, default in cases:
        F = G.path_matchings(pairs=pairs, cover=cover)
        assert F == default, (pairs, cover)
        counts.add(min(F.count(), 2))
    assert counts >= {0, 2}  # boards without solutions and with several both met
    assert len(grown) > 50 and all(grown)  # the arena grew in place, level after level


def brute_matchings(G, pairs, cover: bool) -> set[frozenset]:
    """Edge sets of G made of one path per pair (joining its two vertices) and nothing
    else; with ``cover`` every vertex lies on a path."""
    ends = {x: i for i, pair in enumerate(pairs) for x in pair}
    out = set()
    for n in range(len(G.edges) + 1):
        for S in itertools.combinations(G.edges, n):
            degree = dict.fromkeys(G.vertices, 0)
            root = {x: x for x in G.vertices}

            def find(x):
                while root[x] != x:
                    x = root[x]
                return x
            acyclic = True
            for u, v in S:
                degree[u] += 1
                degree[v] += 1
                a, b = find(u), find(v)
                acyclic &= a != b
                root[a] = b
            if not acyclic or any(degree[x] != (1 if x in ends else degree[x] and 2)
                                  for x in G.vertices) or cover and 0 in degree.values():
                continue
            if all(find(s) == find(t) for s, t in pairs):
                out.add(frozenset(S))
    return out


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 3), (2, 4)])
def test_grown_codes_agree_with_the_brute_force(tiny_arrays, rows, cols):
    rng = random.Random(rows * 10 + cols)
    G = zalg.grid(rows, cols)
    for _ in range(4):
        pairs = random_pairs(rng, rows, cols)
        for cover in (False, True):
            expected = brute_matchings(G, pairs, cover)
            F = G.path_matchings(pairs=pairs, cover=cover)
            assert set(F) == expected, (pairs, cover)


def fibonacci(n: int) -> int:
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def test_a_long_toy_run_grows_its_codes_and_counts_exactly(tiny_arrays):
    """No two adjacent elements of a path of 200, at most 100 of them: 10,000-20,000
    unreduced nodes (codes grown about forty times from two entries); every
    independent set of the path has at most 100 members, so the count is
    Fibonacci(202)."""
    n = 200
    U = zalg.Universe(range(n))
    F = toy_machine.machine(n, n // 2).build(U, np.arange(n))
    assert F.count() == fibonacci(n + 2)
