"""``zalg doctor``: what a bug report needs, the compiled extensions' build among it."""
from __future__ import annotations

import subprocess
import sys

import zalg
from zalg.tools import doctor


def test_doctor_names_each_extension_with_its_compiler_and_flags():
    run = subprocess.run([sys.executable, "-m", "puzzles", "doctor"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    facts = dict((k.strip(), v.strip()) for k, v in
                 (line.split(":", 1) for line in run.stdout.splitlines()))
    assert {"platform", "python", "dd", "CUDD", "CUDD routines", "numba",
            "memory budget", *doctor.EXTENSIONS} <= set(facts)
    for name in doctor.EXTENSIONS:
        assert facts[name].startswith("built by ") and "-O3" in facts[name], facts[name]
    assert facts["zalg"].endswith(f"({zalg.__path__[0]})")


def test_a_missing_extension_says_how_to_build_it():
    said = doctor.extension_facts("zalg.no_such_extension")
    assert said.startswith("not built") and "C compiler" in said
