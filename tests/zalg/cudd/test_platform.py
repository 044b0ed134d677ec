"""Where zalg cannot work it says so in one line: a dd without CUDD (what pip
builds where dd ships no wheel), or a CUDD library lacking a routine zalg calls."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys

import pytest

from zalg.cudd.platform import CUDD_SYMBOLS, symbols
from tests.helpers.paths import ROOT


def test_a_library_without_cudd_routines_is_named():
    with pytest.raises(ImportError) as info:
        symbols(ctypes.CDLL(None))  # the C library: none of CUDD's routines
    message = str(info.value)
    assert "\n" not in message and all(name in message for name in CUDD_SYMBOLS)
    assert "README" in message


@pytest.fixture(scope="module")
def python_with_dd_without_cudd(tmp_path_factory):
    """A virtual environment whose dd is built from its sdist with no switches (the
    pure-Python part alone); numpy and numba come from this interpreter."""
    venv = tmp_path_factory.mktemp("dd-without-cudd")
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                   check=True, timeout=300)
    python = str(venv / "bin" / "python")
    run = subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-deps",
                          "--ignore-installed", "--no-binary", "dd", "dd==0.6.0"],
                         capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        pytest.skip("cannot build dd 0.6.0 from its sdist here (no package index reachable?): "
                    + run.stderr.strip()[-200:])
    return python


def test_import_without_cudd_is_one_clear_error(python_with_dd_without_cudd):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run([python_with_dd_without_cudd, "-c", "import zalg"], capture_output=True,
                         text=True, cwd=ROOT, env=env, timeout=300)
    assert run.returncode == 1
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: zalg needs dd.cudd_zdd")
    assert "without CUDD" in last and "README" in last and "tulip-control/dd" in last


def test_the_program_without_cudd_prints_one_line_and_exits_2(python_with_dd_without_cudd):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for argv in (["--version"], ["slitherlink", "solve", "slither/3/3/cbcbcddad"]):
        run = subprocess.run([python_with_dd_without_cudd, "-m", "puzzles", *argv],
                             capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
        assert run.returncode == 2 and run.stdout == ""
        assert len(run.stderr.splitlines()) == 1, run.stderr
        assert run.stderr.startswith("zalg: error: zalg needs dd.cudd_zdd")
