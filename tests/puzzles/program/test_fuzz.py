"""The fuzz suite: about 1,500 hostile or careless command lines, each ending cleanly.

See ``fuzz_cases.py`` for the input classes and what counts as clean;
``benchmarks/experiments/fuzz_cli.py`` runs more cases and prints the table of
docs/reliability.md."""
from __future__ import annotations

import pytest

from tests.helpers import fuzz_cases as FC


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    out = []
    base = tmp_path_factory.mktemp("fuzz")
    for k, case in enumerate(FC.all_cases(seed=20261123)):
        outcome, detail = FC.run_case(case, base / str(k))
        out.append((case, outcome, detail))
    return out


def test_every_cli_case_ends_cleanly(results):
    bad = [(c.cls, c.argv[:4], outcome, detail) for c, outcome, detail in results
           if outcome not in ("ok", "error")]
    assert bad == []
    assert len(results) > 1000


def test_every_input_class_is_exercised_both_ways(results):
    table = FC.summarise(results)
    for cls in ("url", "pzprv3", "text", "bytes", "path", "option", "size", "loop", "family",
                "npz", "huge", "env"):
        assert table[cls]["error"] > 0, cls
    for cls in ("url", "pzprv3", "text", "family", "npz"):
        assert table[cls]["ok"] > 0, cls


def test_solution_counts_of_accepted_inputs_are_checked_by_brute_force(results):
    checked = [c for c, outcome, _ in results
               if outcome == "ok" and c.cls in ("url", "pzprv3", "text") and c.oracle is not None]
    assert len(checked) > 100


def test_minato_texts():
    import random
    outcomes = FC.run_minato(FC.minato_texts(random.Random(7), 1500))
    assert set(outcomes) <= {"ok", "error"}, outcomes
    assert outcomes["ok"] > 50 and outcomes["error"] > 500
