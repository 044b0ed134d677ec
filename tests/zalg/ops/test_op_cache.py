"""The operation cache across calls (CUDD's computed table, ``CACHED`` operations): a
repeated call is answered at once, results equal the reference with the cache on and
off, and stay right after CUDD's garbage collection drops entries."""

from __future__ import annotations

import ctypes
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import reference as R
from zalg import Universe
from zalg.cudd import native

NAMES = [f"x{i}" for i in range(10)]


def random_family(rng, count):
    return {frozenset(rng.sample(NAMES, rng.randint(0, 5))) for _ in range(count)}


def as_set(F):
    return set(F)


def test_a_repeated_call_is_answered_by_the_cache():
    rng = random.Random(7)
    U = Universe(NAMES)
    F, G = U.family(random_family(rng, 60)), U.family(random_family(rng, 30))
    first = F.meet(G)
    before = U.manager.stats()
    again = F.meet(G)
    after = U.manager.stats()
    assert again == first
    assert after["cache"] == before["cache"] + 1  # the root itself, found at once
    assert after["stored"] == before["stored"]  # nothing new was computed


def test_the_cache_can_be_switched_off():
    rng = random.Random(8)
    U = Universe(NAMES)
    U.manager.op_cache = False
    F, G = U.family(random_family(rng, 60)), U.family(random_family(rng, 30))
    first = F * G
    before = U.manager.stats()
    assert F * G == first
    after = U.manager.stats()
    assert after["cache"] == before["cache"] == 0
    assert after["stored"] == before["stored"] == 0


OPS = {
    "join": (lambda F, G: F * G, R.join),
    "meet": (lambda F, G: F.meet(G), R.meet),
    "quotient": (lambda F, G: F / G, R.quotient),
    "remainder": (lambda F, G: F % G, R.remainder),
    "nonsup": (lambda F, G: F.nonsup(G), R.nonsup),
    "nonsub": (lambda F, G: F.nonsub(G), R.nonsub),
    "minimal": (lambda F, G: F.minimal(), lambda A, B: R.minimal(A)),
    "maximal": (lambda F, G: F.maximal(), lambda A, B: R.maximal(A)),
    "minimal upclosed": (lambda F, G: F.hitting(NAMES[:6]).minimal(),
                         lambda A, B: R.minimal(R.hitting(A, NAMES[:6]))),
}


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(OPS)), st.integers(0, 5), st.integers(0, 5),
                          st.booleans()), min_size=1, max_size=25),
       st.integers(0, 2**32 - 1))
def test_a_sequence_of_operations_on_one_manager_matches_the_reference(steps, seed):
    # one universe for the whole sequence, so later calls meet earlier calls' entries;
    # garbage collections in between drop the entries of dead nodes
    rng = random.Random(seed)
    U = Universe(NAMES)
    sets = [random_family(rng, rng.randint(0, 15)) for _ in range(6)]
    sets = [s - {frozenset()} if s and i % 2 else s for i, s in enumerate(sets)]
    fams = [U.family(s) for s in sets]
    for name, i, j, collect in steps:
        ours, ref = OPS[name]
        if name in ("quotient", "remainder") and not sets[j]:
            continue  # division by the empty family is an error
        result = ours(fams[i], fams[j])
        assert as_set(result) == ref(sets[i], sets[j]), name
        k = (i + j) % 6  # results replace operands: later calls reach new nodes
        sets[k], fams[k] = ref(sets[i], sets[j]), result
        if collect:
            del result
            native.recover(U.manager.mgr)  # a garbage collection


def _collections(U) -> int:
    """How many garbage collections U's CUDD manager has run."""
    read = ctypes.PyDLL(native.LIB._name).Cudd_ReadGarbageCollections
    read.restype, read.argtypes = ctypes.c_int, [ctypes.c_int64]
    return read(U.manager.mgr)


def test_join_and_meet_stay_right_when_cudd_collects_garbage_during_them():
    # a tight budget makes CUDD collect garbage in the middle of each call, while the
    # three-way unions of its steps sit in CUDD's three-key entries (OP_UNION3): the
    # collector must drop every entry whose third operand died
    rng = random.Random(3)
    U = Universe(range(40), memory="24M")
    A = {frozenset(rng.sample(range(40), rng.randint(1, 8))) for _ in range(1000)}
    B = {frozenset(rng.sample(range(40), rng.randint(1, 8))) for _ in range(200)}
    F, G = U.family(A), U.family(B)
    for name, ours, ref in (("join", lambda: F * G, R.join), ("meet", lambda: F.meet(G), R.meet)):
        before = _collections(U)
        result = ours()
        assert _collections(U) > before, name  # the premise: CUDD collected during the call
        assert as_set(result) == ref(A, B), name
