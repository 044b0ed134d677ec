"""Every built-in path runs compiled ahead of time: in a process where numba cannot be
imported at all, each operation of the algebra, every graph family, each genre's solver
and designer on a small board, and the README's commands give the same results as in
this process (which may load numba for user-written machines only)."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.helpers.paths import ROOT

#: a child's first lines: numba and llvmlite look installed there, but importing them fails
BLOCK = (
    "import sys, importlib.machinery\n"
    "class _NoJit:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] in ('numba', 'llvmlite'):\n"
    "            return importlib.machinery.ModuleSpec(name, self)\n"
    "    def create_module(self, spec):\n"
    "        raise ImportError(f'{spec.name} is blocked: a built-in path imported it')\n"
    "    def exec_module(self, module):\n"
    "        pass\n"
    "sys.meta_path.insert(0, _NoJit())\n")

ALGEBRA = """
import zalg
U = zalg.Universe("abcdefgh")
F = U.parse("a*(b + c) + d*e + f*g*h + a*h")
G = U.parse("b + c*d + e*f + 1")
results = [F | G, F & G, F - G, F * G, F / G, F % G, F.meet(G), F.minimal(), F.maximal(),
           F.hitting(), F.hitting().minimal(), F.nonsup(G), F.nonsub(G), F.exists("a"),
           F.forall("h"), F.unique_exists("a"), F.exactly(2) if hasattr(F, "exactly") else F,
           F.image([("a", "e")]), U.exactly(3, "abcdef"), F.onset("a"), F.offset("a"),
           F.change("a")]
print([r.count() for r in results], F.count(), {"a", "b", "d"} in F, {"a", "b"} in F,
      [sorted(x) if isinstance(x, frozenset) else x
       for x in F.min_weight({"a": 3, "d": 1, "e": -4})],
      [sorted(m) for m in F.sample(2, seed=1)])
P = zalg.grid(4, 4).paths((0, 0), (3, 3))
print(P.count(), zalg.grid(4, 4).cycles().count(), P.minimal().count())
"""


def _child(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)


def test_the_algebra_and_graph_families_never_import_numba():
    here = _child(ALGEBRA)
    blocked = _child(BLOCK + ALGEBRA)
    assert here.returncode == 0, here.stderr
    assert blocked.returncode == 0, blocked.stderr
    assert blocked.stdout == here.stdout


def untimed(text: str) -> str:
    """The output with the seconds a step took ("(0.1 s)") left out."""
    return re.sub(r"\(\d+(\.\d+)? s\)", "(s)", text)


@pytest.mark.parametrize("argv", [
    ["slitherlink", "solve", "https://puzz.link/p?slither/5/5/cbcbcddad", "--count"],
    ["numberlink", "instances", "3x3"],
    ["nagareru", "--help"],
    ["nurimeizu", "generate", "6x6", "--seed", "1"],
    ["doctor"],
])
def test_the_commands_never_import_numba(argv):
    run = f"import sys\nsys.argv = ['zalg', *{argv!r}]\nfrom puzzles.program import program\nprogram()\n"
    here = _child(run)
    blocked = _child(BLOCK + run)
    assert blocked.returncode == here.returncode == 0, blocked.stderr
    assert untimed(blocked.stdout) == untimed(here.stdout)
