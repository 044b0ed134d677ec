"""``zalg doctor``: what a bug report needs (the compiled extensions' build among it), and a
self-check whose failure shows in its output and its exit status."""
from __future__ import annotations

import importlib.util
import subprocess
import sys

import zalg
from zalg.tools import commands, doctor


def _facts(stdout: str) -> dict[str, str]:
    return dict((k.strip(), v.strip()) for k, v in
                (line.split(":", 1) for line in stdout.splitlines()))


def test_doctor_names_each_extension_with_its_compiler_and_flags():
    run = subprocess.run([sys.executable, "-m", "puzzles", "doctor"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    facts = _facts(run.stdout)
    assert {"platform", "python", "dd", "CUDD", "CUDD routines", "jit extra",
            "memory budget", "self-check", *doctor.EXTENSIONS} <= set(facts)
    for name in doctor.EXTENSIONS:
        assert facts[name].startswith("built by ") and "-O3" in facts[name], facts[name]
    assert facts["zalg"].endswith(f"({zalg.__path__[0]})")
    assert facts["CUDD"][:1].isdigit() and facts["CUDD routines"].split()[0].isdigit()
    assert facts["self-check"] == doctor.PASSED
    has_numba = importlib.util.find_spec("numba") is not None
    assert facts["jit extra"].startswith("installed" if has_numba else "not installed")


def test_doctor_imports_no_numba():
    code = ("import sys\nfrom zalg.tools import doctor\nrows = dict(doctor.facts())\n"
            "print(rows['self-check'] == doctor.PASSED, 'numba' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert (run.returncode, run.stdout) == (0, "True False\n"), run.stderr


def test_a_failing_self_check_says_what_and_exits_1(monkeypatch, capsys):
    def broken() -> int:
        raise RuntimeError("no kernel")
    monkeypatch.setattr(doctor, "CHECKS", (*doctor.CHECKS[:1], ("a wrong answer", lambda: 3, 4),
                                           ("a broken case", broken, 1)))
    assert commands.main(["doctor"]) == 1
    said = _facts(capsys.readouterr().out)["self-check"]
    assert said == "FAILED: a wrong answer: 3 instead of 4; a broken case: RuntimeError: no kernel"


def test_a_missing_extension_says_how_to_build_it():
    said = doctor.extension_facts("zalg.no_such_extension")
    assert said.startswith("not built") and "C compiler" in said and "pip install -e ." in said
