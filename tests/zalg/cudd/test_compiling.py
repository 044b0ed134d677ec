"""Compiling the kernels: nothing compiles at import, a compilation
longer than two seconds says so once, and numba's cache never serves code older than
zalg's sources, even when the edited source is a callee in another file."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from zalg.cudd.compiling import NOTE
from tests.helpers.paths import ROOT


def _python(code: str, cache, cwd=ROOT, path=None) -> subprocess.CompletedProcess:
    # the numba kernels run every operation (ZALG_COMPILED=0): their cache is tested here
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), ZALG_COMPILED="0")
    env.pop("ZALG_QUIET_COMPILE", None)  # (tests/conftest.py sets it)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=600)


def test_import_compiles_nothing(tmp_path):
    # an empty cache: every compilation would show as an event
    run = _python("""
        from numba.core import event
        seen = []
        class Listener(event.Listener):
            def on_start(self, ev): seen.append(ev.data["dispatcher"])
            def on_end(self, ev): pass
        event.register("numba:compile", Listener())
        import zalg, puzzles.program.cli
        print(len(seen))
    """, tmp_path)
    assert run.returncode == 0 and run.stdout.split() == ["0"], run.stderr
    assert run.stderr == ""


def test_a_long_compilation_says_so_once(tmp_path):
    run = _python("""
        import zalg
        U = zalg.Universe("abcd")
        F = U.family([["a", "b"], ["b", "c"], ["d"]])
        print(F.minimal().count(), F.maximal().count())
    """, tmp_path)
    assert run.returncode == 0 and run.stdout.split() == ["3", "3"], run.stderr
    assert run.stderr.splitlines() == [NOTE]
    again = _python("""
        import zalg
        U = zalg.Universe("abcd")
        print(U.family([["a", "b"], ["b", "c"], ["d"]]).minimal().count())
    """, tmp_path)
    assert again.stdout.split() == ["3"] and again.stderr == ""  # cached: silent


def _edit(path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def test_editing_a_callee_in_another_file_recompiles(tmp_path):
    # issue 28: numba keys its cache on the caller's own file; join's combine step calls
    # union3 from _common.py.  Edit union3 in a copy of zalg to drop its third operand
    # (F1⊔G0): the next run must see the smaller join, with no cache cleared by hand.
    copy = tmp_path / "src"
    shutil.copytree(ROOT / "zalg", copy / "zalg", ignore=shutil.ignore_patterns("__pycache__"))
    code = """
        import json, zalg
        U = zalg.Universe("abcd")
        F = U.family([["a"], ["b"], ["a", "c"]])
        G = U.family([["c"], ["a", "d"], []])
        print(json.dumps(sorted("".join(sorted(m)) for m in F * G)))
    """
    cache = tmp_path / "cache"
    first = _python(code, cache, cwd=copy, path=copy)
    assert first.returncode == 0, first.stderr
    expected = sorted({"".join(sorted(set(f) | set(g))) for f in ["a", "b", "ac"]
                       for g in ["c", "ad", ""]})
    assert json.loads(first.stdout) == expected
    _edit(copy / "zalg" / "ops" / "_common.py",
          "    status, r = union_of_three(env, x, y, z)\n",
          "    status, r = union_of_three(env, x, y, env[C_ZERO])\n")
    _edit(copy / "zalg" / "ops" / "_common.py",
          "from ..cudd.nodes import OK, E_AUX,", "from ..cudd.nodes import C_ZERO, OK, E_AUX,")
    second = _python(code, cache, cwd=copy, path=copy)
    assert second.returncode == 0, second.stderr
    # join's combine step now drops F1⊔G0, the third operand it hands union3
    assert set(json.loads(second.stdout)) < set(expected)


def test_plain_numba_would_serve_the_stale_callee(tmp_path):
    # the control: the same edit under numba's own cache keeps the old machine code, which
    # is what the stamped cache above prevents
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "step.py").write_text("from numba import njit\n\n@njit(cache=True)\n"
                                 "def step(x):\n    return x + 17\n")
    (pkg / "plain.py").write_text("from numba import njit\nfrom .step import step\n\n"
                                  "@njit(cache=True)\ndef run(x):\n    return step(x)\n")
    (pkg / "stamped.py").write_text("from zalg.cudd.native import jit\n"
                                    "from .step import step\n\n"
                                    "@jit\ndef run(x):\n    return step(x)\n")
    code = "from toy import plain, stamped\nprint(plain.run(100), stamped.run(100))\n"
    path = os.pathsep.join([str(tmp_path), str(ROOT)])
    assert _python(code, tmp_path / "cache", cwd=tmp_path, path=path).stdout.split() == \
        ["117", "117"]
    _edit(pkg / "step.py", "x + 17", "x + 31")
    run = _python(code, tmp_path / "cache", cwd=tmp_path, path=path)
    assert run.stdout.split() == ["117", "131"], run.stderr


def test_a_function_without_a_source_file_compiles_without_the_disk_cache():
    # typed at a prompt, run by exec or in a notebook cell: numba has no file to cache
    # it beside, so it compiles anew in each process instead of failing
    from zalg.cudd.compiling import HAVE_NUMBA, jit
    if not HAVE_NUMBA:
        pytest.skip("numba is not installed: jit returns the function itself")
    space: dict = {"jit": jit}
    exec("@jit\ndef triple(x):\n    return 3 * x\n", space)
    assert space["triple"](14) == 42


def test_an_ignored_sigint_stays_ignored_while_a_kernel_compiles(tmp_path):
    # a process started with SIGINT ignored (nohup, a background job): the guard that holds
    # a Ctrl-C back during a compilation installs nothing, so the Ctrl-C stays ignored
    done = _python("""
        import os, signal, time
        import zalg
        from zalg.cudd.compiling import COMPILE_GUARD
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        zalg.on_interrupt_while_compiling(lambda: os._exit(130))
        COMPILE_GUARD.start()
        print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN, flush=True)
        signal.raise_signal(signal.SIGINT)
        time.sleep(0.2)
        COMPILE_GUARD.end()
        time.sleep(0.2)
        print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN, "alive")
        """, tmp_path)
    assert (done.returncode, done.stdout.split()) == (0, ["True", "True", "alive"]), done.stderr
