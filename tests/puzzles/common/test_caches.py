"""The caches of shared universes (puzzles.common.caches): values by argument as lru_cache's,
and the least recently used dropped when the CUDD memory of the universes they hold
passes the pool's limit, so a long session (a notebook, a studio worker, the test run)
does not accumulate universes."""
from __future__ import annotations

import gc
import weakref

import pytest

import zalg
from puzzles.common import caches
from puzzles.common.solving import SOLVED


@pytest.fixture
def limit():
    """Restores the pool's limit after the test."""
    previous = caches.set_limit(None)
    caches.set_limit(previous)
    yield caches.set_limit
    caches.set_limit(previous)


def grid_paths(n: int) -> zalg.Family:
    """A family that makes its universe hold some megabytes of nodes (``n`` names the
    value; every universe holds the same)."""
    return zalg.grid(6, 6).path_matchings(cover=True)


def test_values_by_argument_and_the_size_bound():
    calls = []

    @caches.cached(maxsize=2)
    def square(x: int) -> int:
        calls.append(x)
        return x * x

    assert [square(2), square(2), square(3), square(4), square(2)] == [4, 4, 9, 16, 4]
    assert calls == [2, 3, 4, 2]          # 2 was dropped when 4 came (maxsize 2)
    assert square.cache_info() == caches.CacheInfo(hits=1, misses=4, maxsize=2, currsize=2)
    square.cache_clear()
    assert len(square) == 0


def test_ignored_arguments_share_the_value():
    calls = []

    @caches.cached(maxsize=4, ignore=("progress",))
    def f(n, progress=None):
        calls.append(n)
        return n

    assert f(1, progress=True) == f(1, progress=None) == f(1) == f(n=1) == 1
    assert f(1, lambda *a: None) == 1 and f(2) == 2
    assert calls == [1, 2]


def test_universes_over_the_limit_are_dropped_oldest_first(limit):
    built = {}

    @caches.cached(maxsize=16)
    def family(n: int) -> zalg.Family:
        F = grid_paths(n)
        built[n] = weakref.ref(F.universe)
        return F

    limit(0)                               # the pool starts empty
    assert caches.held() == 0
    one = family(3).universe.memory_in_use  # CUDD's tables and nodes: a few MB per universe
    limit(int(2.5 * one))                  # room for two such universes, not three
    family(4)
    assert [k for _, k in sorted(family.stamps())] == [(3,), (4,)]
    family(5)                              # a third: the least recently used (3) goes
    assert [k for _, k in sorted(family.stamps())] == [(4,), (5,)]
    family(4)                              # a hit makes 4 the most recent
    family(6)
    assert [k for _, k in sorted(family.stamps())] == [(4,), (6,)]
    gc.collect()
    assert built[3]() is None and built[5]() is None   # gone, their CUDD memory with them
    assert built[4]() is not None and built[6]() is not None
    limit(0)
    assert len(family) == 0 and caches.held() == 0
    family(3)                              # a new value is kept even over the limit
    assert len(family) == 1
    family.cache_clear()


def test_the_solution_cache_is_in_the_pool(limit):
    from puzzles import slitherlink
    p = slitherlink.Puzzle.from_url("https://puzz.link/p?slither/4/4/233321123323112d")
    assert p.count() == 1
    key = SOLVED.key(p)
    assert any(k == key for _, k in SOLVED.stamps())
    del p
    limit(0)                               # nothing may stay: the board's entry goes
    assert all(k != key for _, k in SOLVED.stamps())


def test_held_counts_each_universe_once(limit):
    @caches.cached(maxsize=4)
    def pair(n: int):
        F = grid_paths(n)
        return F, F.universe

    before = caches.held()
    F, U = pair(4)
    assert caches.held() - before == U.memory_in_use
    pair.cache_clear()

