"""Machines compiled ahead of time handed to ``Machine`` by address (``zalg.topdown.c_function``,
``extension_machines``): the graph machines of zalg's extension given through that public API
build the families they build today, whose counts are the published ones; a bad address
or kind is refused, and a C function is not callable from Python."""
import numpy as np
import pytest

import zalg
from zalg.graphs import mate, oriented
from zalg.topdown import c_function, extension_machines

TABLE = extension_machines("zalg.topdown._frontier")


def _through_the_public_api(monkeypatch, module, prefix: str, state) -> None:
    for kind in ("step", "final", "takes"):
        monkeypatch.setattr(module, kind, c_function(TABLE[f"{prefix}.{kind}"], kind, state))


@pytest.mark.parametrize("n", range(2, 7))
def test_graph_machines_by_address_build_todays_families(n, monkeypatch):
    G = zalg.grid(n, n)
    makes = {"paths": lambda: G.paths((0, 0), (n - 1, n - 1)), "cycles": G.cycles,
             "oriented": lambda: G.oriented_cycles(visit=[(0, 0)])}
    today = {name: make() for name, make in makes.items()}
    _through_the_public_api(monkeypatch, mate, "mate", mate.STATE)
    _through_the_public_api(monkeypatch, oriented, "oriented", np.int32)
    for name, make in makes.items():
        F = make()
        got, want = F.node_arrays(), today[name].node_arrays()
        assert all(np.array_equal(a, b) for a, b in zip(got[:3], want[:3])), name
        assert got[3] == want[3] and F.count() == today[name].count(), name


def test_grid_paths_by_address_count_the_published_numbers(monkeypatch):
    # OEIS A007764: corner-to-corner self-avoiding paths on an n x n grid of vertices
    _through_the_public_api(monkeypatch, mate, "mate", mate.STATE)
    for n, count in {2: 2, 3: 12, 4: 184, 5: 8512, 6: 1262816}.items():
        assert zalg.grid(n, n).paths((0, 0), (n - 1, n - 1)).count() == count


def test_c_functions_are_checked_and_run_only_in_the_driver():
    f = c_function(TABLE["mate.final"], "final", mate.STATE)
    assert f.entry() == TABLE["mate.final"] and f.state_type == np.dtype(mate.STATE)
    with pytest.raises(TypeError):
        f(np.zeros(4, dtype=mate.STATE), np.zeros(7, dtype=np.int64), np.zeros(1, dtype=np.int64))
    with pytest.raises(ValueError):
        c_function(TABLE["mate.step"], "stepp")
    with pytest.raises(ValueError):
        c_function(0, "step")
    with pytest.raises(ValueError):
        c_function(TABLE["mate.step"], "step", state=np.int64)


def test_an_extension_that_is_not_built_names_the_fix():
    with pytest.raises(ImportError, match=r"zalg\.no_such_extension.*pip install -e \."):
        extension_machines("zalg.no_such_extension")
