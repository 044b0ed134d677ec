"""``zalg.topdown.unique_exists``: ∃! built top down equals the bottom-up ∃! and the brute force."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import reference as R
from tests.helpers.strategies import universe_and_families
from zalg import Universe
from zalg.topdown.unique_exists import Separation, unique_exists_topdown


def as_set(F):
    return set(F)


@given(universe_and_families(count=1), st.data())
def test_topdown_unique_exists_is_the_one_pass_unique_exists(data, draw):
    names, (A,) = data
    U = Universe(names)
    F = U.family(A)
    X = draw.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    widths: list = []
    got = unique_exists_topdown(F, X, widths=widths)
    assert as_set(got) == R.unique_exists(A, names, X)
    assert got == F.unique_exists(X)
    assert all(n >= 1 for n, _ in widths)  # a level without states ends the construction
    W = {a for a in A if draw.draw(st.booleans())} | draw.draw(st.sets(st.frozensets(
        st.sampled_from(names), max_size=len(names)), max_size=4) if names else st.just(set()))
    got = unique_exists_topdown(F, X, witnesses=U.family(W))
    assert as_set(got) == R.unique_exists(A, names, X, W)
    assert got == F.unique_exists(X, witnesses=U.family(W))


def test_a_separation_that_separates_nothing_changes_nothing():
    members = [set(m) for m in ("ab", "ac", "bd", "ce", "a", "def", "", "bf", "abf")]
    witnesses = [set(m) for m in ("ab", "bd", "", "bf")]
    U = Universe("abcdef")
    F, W = U.family(members), U.family(witnesses)
    flat = Separation(np.full(F.node_count() + 2, 5), np.full(W.node_count() + 2, 5),
                      np.full(len(U) + 1, -1))
    for X in ("a", "be", "acf", ""):
        expected = R.unique_exists({frozenset(m) for m in members}, list("abcdef"), set(X),
                                   {frozenset(m) for m in witnesses})
        assert as_set(unique_exists_topdown(F, X, W, separation=flat)) == expected
        assert unique_exists_topdown(F, X, W) == F.unique_exists(X, witnesses=W)


def test_bad_arguments_are_refused():
    U, V = Universe("abc"), Universe("abc")
    F = U.family([{"a", "b"}, {"c"}])
    with pytest.raises(ValueError, match="another universe"):
        unique_exists_topdown(F, "a", witnesses=V.family([{"a", "b"}]))
    with pytest.raises(ValueError, match="one key per node"):
        unique_exists_topdown(F, "a", separation=Separation(np.zeros(1), np.zeros(1), np.zeros(1)))


class _Room:
    """A manager stand-in for ``layer_step``: ``room`` bytes free under a budget."""
    budget = 1 << 20

    def __init__(self, room: int):
        self.room_left = room

    def room(self, look: bool = False, held: int = 0) -> int:
        return self.room_left - held


def test_a_layer_step_doubles_its_scratch_and_runs_out_with_one_named_error():
    from zalg.errors import OutOfMemory
    from zalg.topdown.unique_exists import DONE, SCRATCH, layer_step
    data = np.zeros(100, dtype=np.int64)  # 800 bytes: the next layer needs room for 2,400
    sizes = []

    def kernel(size):  # too small twice, then done
        sizes.append(size)
        return (DONE if len(sizes) == 3 else SCRATCH), "data", "off", 7, "lo", "hi"

    outputs, size = layer_step(_Room(10_000), "test", 4, 9, data, 5, 0, 16, kernel)
    assert outputs == ("data", "off", 7, "lo", "hi") and sizes == [16, 32, 64] and size == 64
    with pytest.raises(OutOfMemory, match=r"test: level 5 of 9, 5 states"):
        layer_step(_Room(10_000), "test", 4, 9, data, 5, 8_000, 16, kernel)  # held: no room

    def failing(size):
        raise MemoryError

    with pytest.raises(OutOfMemory, match=r"test: level 1 of 2, 3 states"):
        layer_step(_Room(10_000), "test", 0, 2, data, 3, 0, 16, failing)

    from zalg.topdown.unique_exists import STOPPED, named_out_of_memory
    with pytest.raises(KeyboardInterrupt):  # a kernel that noticed Ctrl-C
        layer_step(_Room(10_000), "test", 0, 2, data, 3, 0, 16,
                   lambda size: (STOPPED, "data", "off", 0, "lo", "hi"))
    with pytest.raises(OutOfMemory, match="while tables") as caught:  # a plain MemoryError
        with named_out_of_memory(_Room(10_000), "tables"):
            raise MemoryError
    assert caught.value.limit == 1 << 20
    with pytest.raises(OutOfMemory, match="while the first"):  # a named one stays as it is
        with named_out_of_memory(_Room(10_000), "tables"):
            raise OutOfMemory("the first")


@given(universe_and_families(count=1), st.data())
def test_scratch_lists_too_small_at_first_are_grown(data, draw):
    """Scratch lists of 2 entries: the root and most levels ask for larger ones (SCRATCH),
    and the result is still the brute force's."""
    import zalg.topdown.unique_exists as module
    names, (A,) = data
    U = Universe(names)
    X = draw.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    first = module.FIRST_SCRATCH
    module.FIRST_SCRATCH = 2
    try:
        got = unique_exists_topdown(U.family(A), X)
    finally:
        module.FIRST_SCRATCH = first
    assert as_set(got) == R.unique_exists(A, names, X)
