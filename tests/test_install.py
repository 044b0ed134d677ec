"""The wheel route: zalg installs from scratch with pip, which builds its C extensions, and
passes a smoke subset on every CPython 3.11-3.13 this machine has (each in a new virtual
environment, dd from its manylinux wheel): the extensions load from the environment,
numba is not installed, and ``zalg doctor``'s self-check passes.  The interpreter that runs
the suite is checked by the suite itself, installed the same way.  An interpreter that is
absent, or a package index that cannot be reached, skips with the reason."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.helpers.paths import ROOT

SMOKE = """
import importlib, importlib.util, sys
import zalg
from zalg.tools import doctor
U = zalg.Universe("abcd")
F = U.parse("a*(b + c) + d")
assert (F * U.parse("1 + d")).count() == 5
assert F.minimal() == F
assert zalg.__file__.startswith(sys.prefix), zalg.__file__
for name in (*doctor.EXTENSIONS, "puzzles.nurimeizu._machines"):
    path = importlib.import_module(name).__file__
    assert path.startswith(sys.prefix) and path.endswith(".so"), path
assert importlib.util.find_spec("numba") is None, "numba installed without the jit extra"
print("smoke ok", zalg.__version__)
"""


def _interpreter(version: str) -> str | None:
    """A CPython ``version`` (3.X) on PATH or under pyenv, or None."""
    found = shutil.which(f"python{version}")
    if found and subprocess.run([found, "-c", "pass"], capture_output=True).returncode == 0:
        return found
    root = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    for path in sorted(glob.glob(os.path.join(root, "versions", f"{version}.*", "bin", "python"))):
        return path
    return None


VERSIONS = ("3.11", "3.12", "3.13")
SUITES = f"{sys.version_info.major}.{sys.version_info.minor}"


def _install(version: str, folder) -> tuple[str, object]:
    """("skip", reason), ("fail", pip's stderr) or ("ok", the new environment's folder)."""
    python = _interpreter(version)
    if python is None:
        return "skip", f"no CPython {version} on this machine"
    venv = folder / f"venv{version}"
    subprocess.run([python, "-m", "venv", str(venv)], check=True, timeout=300)
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                          str(ROOT)], capture_output=True, text=True, timeout=1500)
    if pip.returncode == 0:
        return "ok", venv
    if "Could not find a version" in pip.stderr or "No matching distribution" in pip.stderr \
            or "connection" in pip.stderr.lower():
        return "skip", f"cannot reach a package index for CPython {version}: " + pip.stderr.strip()[-200:]
    return "fail", pip.stderr[-2000:]


@pytest.fixture(scope="module")
def installs(tmp_path_factory):
    """Every other interpreter's install, made side by side (pip waits on the index and the
    compiler in turn, so two installs take little more wall time than one)."""
    folder = tmp_path_factory.mktemp("installs")
    others = [v for v in VERSIONS if v != SUITES]
    with ThreadPoolExecutor(len(others)) as pool:
        done = pool.map(lambda v: _install(v, folder), others)
    return dict(zip(others, done))


@pytest.mark.parametrize("version", VERSIONS)
def test_the_wheel_route_installs_and_works(version, installs, tmp_path):
    if version == SUITES:
        pytest.skip(f"CPython {version} runs this suite: its own install (.ci/run: pip install "
                    "-e '.[test]', dd from its wheel) is the wheel route's check here")
    outcome, venv = installs[version]
    if outcome == "skip":
        pytest.skip(venv)
    assert outcome == "ok", venv
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run([str(venv / "bin" / "python"), "-c", SMOKE], capture_output=True,
                         text=True, cwd=tmp_path, env=env, timeout=900)
    assert run.returncode == 0 and run.stdout.startswith("smoke ok"), run.stderr[-2000:]
    # the zalg command as pip installs it: the console script of [project.scripts], which
    # starts this environment's interpreter and calls the program
    script = (venv / "bin" / "zalg").read_text()
    assert script.splitlines()[0] == f"#!{venv / 'bin' / 'python'}", script
    assert "from puzzles.program import program" in script, script
    command = subprocess.run([str(venv / "bin" / "zalg"), "--version"], capture_output=True,
                             text=True, cwd=tmp_path, env=env, timeout=300)
    assert command.returncode == 0 and command.stdout.startswith("zalg "), command.stderr
    doctor = subprocess.run([str(venv / "bin" / "zalg"), "doctor"], capture_output=True,
                            text=True, cwd=tmp_path, env=env, timeout=300)
    assert doctor.returncode == 0 and "self-check:" in doctor.stdout, doctor.stdout + doctor.stderr
