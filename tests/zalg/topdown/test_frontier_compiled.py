"""The frontier drivers against a brute force: random table machines (every step a table
entry: DEAD, ACCEPT or a next state; ``takes`` answering 0 and SKIP where it may) give
the family that running every bit vector through the table lists, on the plain-Python
driver and, with numba, on the compiled driver, node for node the same diagram; the
graph machines count the published numbers; the compiled reduction notices Ctrl-C
before it returns; the plain-Python driver keeps ``max_width`` and the budget."""
import ctypes
import importlib.util
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zalg
from zalg.cudd.native import fn_address
from zalg.cudd.nodes import C_CHECKSIG, INTERRUPTED, OK
from zalg.topdown import (DEAD, GOING, SKIP, Machine, final_function, functions, run,
                          step_function, takes_function)
from tests.helpers.toy_machine import machine as toy

ACCEPT = 1
#: the table's codes besides a next state
T_DEAD, T_ACCEPT = -1, -2


# A table machine over K states: state [q]; info row j holds, for state q, the codes of
# bit 0 and bit 1 (columns 2q, 2q + 1) and what ``takes`` answers (column 2K + q);
# consts [K, final of state 0, ..., final of state K - 1].
@step_function(state=np.int16)
def table_step(s, t, bit, row, consts, work):
    code = row[2 * s[0] + bit]
    if code == T_DEAD:
        return DEAD
    if code == T_ACCEPT:
        return ACCEPT
    t[0] = code
    return GOING


@final_function(state=np.int16)
def table_final(t, consts, work):
    return consts[1 + t[0]]


@takes_function(state=np.int16)
def table_takes(s, row, consts, work):
    return row[2 * consts[0] + s[0]]


def _takes_column(codes: np.ndarray) -> np.ndarray:
    """What ``takes`` may answer per state: 0 where bit 1 is DEAD, SKIP where moreover bit 0
    leaves the state as it is, else 1."""
    K = codes.shape[0]
    out = np.ones(K, dtype=np.int64)
    for q in range(K):
        if codes[q, 1] == T_DEAD:
            out[q] = SKIP if codes[q, 0] == q else 0
    return out


@st.composite
def table_machines(draw):
    """(codes per level (m, K, 2), finals (K,)) of a random table machine."""
    m = draw(st.integers(1, 7))
    K = draw(st.integers(1, 4))
    code = st.sampled_from([T_DEAD, T_ACCEPT] + list(range(K)))
    codes = np.array([[[draw(code), draw(code)] for _ in range(K)] for _ in range(m)])
    finals = np.array([draw(st.integers(0, 1)) for _ in range(K)])
    return codes, finals


def table_machine(codes: np.ndarray, finals: np.ndarray, mode: str) -> Machine:
    m, K, _ = codes.shape
    info = np.concatenate([codes.reshape(m, 2 * K),
                           np.array([_takes_column(c) for c in codes])], axis=1)
    consts = np.concatenate(([K], finals))
    options = {"exact": {}, "none": {"lookahead": False}, "takes": {"takes": table_takes}}[mode]
    return Machine(table_step, table_final, info, np.zeros(1, dtype=np.int16), consts,
                   name="table", **options)


def brute(codes: np.ndarray, finals: np.ndarray) -> set[frozenset]:
    """The members: every bit vector run through the table."""
    out = set()
    for bits in itertools.product((0, 1), repeat=len(codes)):
        q = 0
        for j, bit in enumerate(bits):
            code = codes[j, q, bit]
            if code == T_DEAD:
                break
            if code == T_ACCEPT:
                if not any(bits[j + 1:]):
                    out.add(frozenset(i for i, b in enumerate(bits) if b))
                break
            q = code
        else:
            if finals[q] == 1:
                out.add(frozenset(i for i, b in enumerate(bits) if b))
    return out


def plain_python(monkeypatch) -> None:
    """Python machines run on the plain-Python driver, as without numba."""
    monkeypatch.setattr(functions, "numba_ready", lambda: False)


needs_numba = pytest.mark.skipif(importlib.util.find_spec("numba") is None,
                                 reason="the compiled driver runs Python machines through numba")


def over_table_machines(test):
    """``test(machine, mode)`` over random table machines, in each lookahead mode."""
    cases = given(machine=table_machines())(settings(max_examples=80, deadline=None)(test))
    return pytest.mark.parametrize("mode", ["exact", "none", "takes"])(cases)


@over_table_machines
def test_the_plain_python_driver_gives_the_brute_force_family(machine, mode):
    codes, finals = machine
    U = zalg.Universe(range(len(codes)))
    with pytest.MonkeyPatch.context() as patch:
        plain_python(patch)
        F = table_machine(codes, finals, mode).build(U, np.arange(len(codes)))
    assert set(F) == brute(codes, finals)
    assert F.node_count() == U.family(brute(codes, finals)).node_count()


@needs_numba
@over_table_machines
def test_the_compiled_driver_gives_the_plain_drivers_diagram(machine, mode):
    codes, finals = machine
    U = zalg.Universe(range(len(codes)))
    compiled = table_machine(codes, finals, mode).build(U, np.arange(len(codes)))
    with pytest.MonkeyPatch.context() as patch:
        plain_python(patch)
        plain = table_machine(codes, finals, mode).build(U, np.arange(len(codes)))
    got, want = compiled.node_arrays(), plain.node_arrays()
    assert all(np.array_equal(a, b) for a, b in zip(got[:3], want[:3])) and got[3] == want[3]
    assert set(compiled) == brute(codes, finals)


def test_the_plain_python_driver_keeps_max_width_and_the_budget(monkeypatch):
    plain_python(monkeypatch)
    U = zalg.Universe(range(12))
    with pytest.raises(zalg.TooWide):
        toy.machine(12, 6).build(U, np.arange(12), max_width=3)
    assert toy.machine(12, 6).build(U, np.arange(12), max_width=100).count() == \
        toy.machine(12, 6).build(U, np.arange(12)).count()
    tight = zalg.Universe(range(12), memory="64 MB")
    monkeypatch.setattr(type(tight.manager), "room", lambda self, look=False, held=0: 1)
    with pytest.raises(zalg.OutOfMemory, match="toy"):
        toy.machine(12, 6).build(tight, np.arange(12))


def test_grid_path_counts_are_the_published_ones():
    # OEIS A007764: corner-to-corner self-avoiding paths on an n x n grid of vertices
    published = {2: 2, 3: 12, 4: 184, 5: 8512, 6: 1262816, 7: 575780564}
    for n, count in published.items():
        assert zalg.grid(n, n).paths((0, 0), (n - 1, n - 1)).count() == count


def test_the_c_reduction_looks_for_ctrl_c_before_it_returns():
    M = zalg.grid(2, 2).universe.manager
    codes = np.array([1, -1, -2, -2], dtype=np.int32)  # {{}, {a}}: one node, lo = hi = 1
    start, levels = np.array([1, 2]), np.array([0])
    saved = int(M.ctx[C_CHECKSIG])
    # getpid: a routine without arguments returning nonzero, in PyErr_CheckSignals' place
    M.ctx[C_CHECKSIG] = fn_address(ctypes.CDLL(None).getpid)
    try:
        status = run.reduce_codes(codes.copy(), start, levels, 1, M.ctx, 0)[0]
    finally:
        M.ctx[C_CHECKSIG] = saved
    assert status == INTERRUPTED
    status, level, hi, lo, root = run.reduce_codes(codes.copy(), start, levels, 1, M.ctx, 0)
    arrays = [list(a) for a in (level, hi, lo)]
    assert (status, arrays, root) == (OK, [[1, 1, 0], [0, 0, 1], [0, 0, 1]], 2)
