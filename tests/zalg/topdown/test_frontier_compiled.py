"""The frontier driver and the graph machines compiled ahead of time (zalg/topdown/frontier.c,
zalg/graphs/machines.c) against the numba driver running the numba machines: node for node
the same reduced diagrams; Ctrl-C noticed before the reduction returns."""
import ctypes
import sys

import numpy as np
import pytest

import zalg
from zalg.cudd.compiling import HAVE_NUMBA
from zalg.cudd.native import fn_address
from zalg.cudd.nodes import C_CHECKSIG, INTERRUPTED, OK
import zalg.topdown.run  # noqa: F401  (the module, not the function the package exports)

run = sys.modules["zalg.topdown.run"]
functions = sys.modules["zalg.topdown.functions"]
pytestmark = [
    pytest.mark.skipif(run.c_sweep is None, reason="the C extension is not built"),
    pytest.mark.skipif(not HAVE_NUMBA, reason="the numba driver is the reference")]


C_ONLY = ("components.", "degrees.")


def _families(n: int):
    G = zalg.grid(n, n)
    return {"paths": lambda: G.paths((0, 0), (n - 1, n - 1)),
            "cycles": G.cycles,
            "matchings": lambda: G.degree_constrained({v: (0, 1) for v in G.vertices}),
            "linear forests": G.path_matchings,
            "cycle sets": G.cycle_sets,
            "oriented": lambda: G.oriented_cycles(visit=[(0, 0)]),
            "one way": lambda: G.oriented_cycles(one_way={((0, 0), (0, 1)): ((0, 1), (0, 0))}),
            "pairs": lambda: G.path_matchings([((0, 0), (n - 1, 0)), ((0, n - 1), (n - 1, n - 1))],
                                              cover=True),
            "pairing": lambda: zalg.pairing_relation(G, max_paths=2) if n <= 4 else G.universe.empty}


@pytest.mark.parametrize("n", range(2, 7))
def test_the_c_driver_gives_the_numba_drivers_diagram(n, monkeypatch):
    compiled = {name: make() for name, make in _families(n).items()}
    monkeypatch.setattr(run, "c_sweep", None)
    native = functions.native_address
    # machines written only in C (no numba source) keep their compiled addresses
    monkeypatch.setattr(functions, "native_address",
                        lambda name: native(name) if name.startswith(C_ONLY) else None)
    for name, make in _families(n).items():
        F = make()
        got, want = compiled[name].node_arrays(), F.node_arrays()
        for a, b in zip(got[:3], want[:3]):
            assert np.array_equal(a, b), (n, name)
        assert got[3] == want[3], (n, name)
        assert compiled[name].count() == F.count()


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
        status = run.c_reduce(codes.copy(), start, levels, 1, M.ctx, 0, 16)[0]
    finally:
        M.ctx[C_CHECKSIG] = saved
    assert status == INTERRUPTED
    status, level, hi, lo, root = run.c_reduce(codes.copy(), start, levels, 1, M.ctx,
                                                       0, 16)
    arrays = [list(np.frombuffer(a, dtype=np.int64)) for a in (level, hi, lo)]
    assert (status, arrays, root) == (OK, [[1, 1, 0], [0, 0, 1], [0, 0, 1]], 2)
