"""Compile (or load) every kernel ahead, for a Docker image or a classroom (``zalg warmup``).

Kernels compile on first use, one operation or machine at a time; ``warm_up`` uses
each once on a tiny input, through the public API, so that later commands find
them all in the cache.  ``TASKS`` lists what it runs: every operation of the table
(``kernels.ops``; a test checks that none is missing), the set operations, the
readers (count, sizes, samples, weights, costs), saving and loading, and the
frontier machines of the graph families.
"""

from __future__ import annotations

from collections.abc import Callable

from ..graphs.graph import grid
from ..cudd.compiling import skip_note
from ..persist import loads as decode
from ..progress import Progress, reporter
from ..algebra.universe import Universe

__all__ = ["TASKS", "warm_up"]


def _algebra():
    U = Universe("abcd")
    F = U.family([["a", "b"], ["b", "c"], ["d"]])
    G = U.family([["b"], ["c", "d"]])
    return U, F, G


def _operations() -> None:
    U, F, G = _algebra()
    (F * G, F.meet(G), F / G, F.nonsup(G), F.nonsub(G), F.minimal(), F.maximal(),
     F.hitting().minimal(), F.onset("a"), F.offset("a"), F.change("a"), F.of_size(1),
     F.exists("a"), F.exists("a", within=G), F.exists_minimal("a"), F.forall("a"),
     F.unique_exists("a"), F.image([("a", "b")]))


def _set_operations() -> None:
    U, F, G = _algebra()
    (F | G, F & G, F - G, ~F, U.exactly(2), U.power_set("ab"))


def _readers() -> None:
    U, F, G = _algebra()
    (F.count(), F.by_size(), F.sample(2, seed=0), F.min_weight({"a": 1, "b": -2}),
     F.cost_le({"a": 1, "b": 2}, 2), F.probability({"a": 0.5}), list(F))


def _persistence() -> None:
    U, F, G = _algebra()
    stored = decode(F.dumps())
    U.from_arrays(stored.elements, stored.level, stored.hi, stored.lo, stored.root, "warm-up")


def _frontier() -> None:
    g = grid(2, 3)
    g.paths((0, 0), (1, 2)).count()
    g.cycles().count()
    g.path_matchings(cover=True).count()


#: (what, run) in the order ``warm_up`` runs them
TASKS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("family operations", _operations),
    ("set operations and builders", _set_operations),
    ("counting, sampling, weights", _readers),
    ("saving and loading", _persistence),
    ("frontier machines (graph families)", _frontier),
)


def warm_up(progress: Progress = True) -> None:
    """Compile every kernel zalg has (or load it from the cache), showing progress."""
    skip_note()
    with reporter(progress) as r:
        r.stage("compiling kernels", total=len(TASKS))
        for done, (what, run) in enumerate(TASKS):
            r.update(done, detail=what)
            run()
        r.update(len(TASKS), detail="done")
