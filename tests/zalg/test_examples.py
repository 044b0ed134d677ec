"""The algebra tour (examples/algebra_tour.py), the README's first command, runs on the
core install: sympy is optional."""
from __future__ import annotations

import math
import subprocess
import sys

import pytest

from tests.helpers.paths import ROOT

TOUR = ROOT / "examples" / "algebra_tour.py"


def run_tour(without_sympy: bool) -> subprocess.CompletedProcess:
    """The tour as a script in a fresh interpreter; ``without_sympy``: as if sympy were
    not installed (``sys.modules["sympy"] = None`` makes every import of it fail)."""
    hide = "import sys; sys.modules['sympy'] = None; " if without_sympy else ""
    code = hide + f"import runpy; runpy.run_path({str(TOUR)!r}, run_name='__main__')"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=600, cwd=ROOT)


def test_the_tour_runs_to_the_end_without_sympy():
    run = run_tour(without_sympy=True)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stderr == ""
    lines = run.stdout.splitlines()
    (sympy_line,) = [line for line in lines if "F.to_sympy()" in line]
    assert "not shown" in sympy_line and "pip install 'zalg[sympy]'" in sympy_line
    # the sections after it ran too, with exact counts
    assert lines[-2].split()[-1] == str(2 ** 300)
    assert lines[-1].split()[-1] == str(math.comb(300, 150))


def test_the_tour_shows_the_sympy_expression_where_sympy_is_installed():
    sympy = pytest.importorskip("sympy", reason="sympy is optional (pip install 'zalg[sympy]')")
    run = run_tour(without_sympy=False)
    assert run.returncode == 0, run.stderr[-2000:]
    (sympy_line,) = [line for line in run.stdout.splitlines() if "F.to_sympy()" in line]
    a, b, c, d, e = sympy.symbols("a b c d e")
    assert sympy.sympify(sympy_line.split("F.to_sympy()")[1].strip()) == a * b + a * c + d * e
