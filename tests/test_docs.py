"""The documentation (docs/*.md and README.md) is true to the code.

Every python snippet runs: the ```python blocks of a document run in order in one
namespace, as a reader would type them; a block is left out only under a comment
``<!-- docs test: not run: REASON -->`` on the line above it, with its reason.

Every source path the documentation names exists:

* paths with a folder (``zalg/graphs/mate.py``, ``benchmarks/data/...``; ``<...>`` is a
  placeholder for one name), from the project root or below one of its top folders
  (``ops/build.py`` is ``zalg/ops/build.py``);
* bare file names (``mate_algebra.py``): somewhere in the project;
* links to other documents (``[text](file.md)``);
* dotted names in code spans (```zalg.memory.default_budget_of```) and the imports of
  the examples (``from puzzles.slitherlink import design as I``): importable, and each
  name found where it is said to be."""
from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOP = ("zalg", "puzzles", "tests", "benchmarks", "examples", "docs", ".ci")
DOCS = sorted(ROOT.glob("docs/*.md")) + [ROOT / "README.md"]

_PATH = re.compile(r"(?<![\w./<>-])((?:[\w.<>-]+/)+[\w.<>*-]*\.(?:py|md|txt|toml|json)"
                   r"|(?:zalg|puzzles|tests|benchmarks|examples|docs)/(?:[\w<>-]+/)*)")
_BARE = re.compile(r"(?<![\w./<>-])([A-Za-z_]\w*\.py)\b")
_LINK = re.compile(r"\]\(([^)#:\s]+)(?:#[^)]*)?\)")
_DOTTED = re.compile(r"`((?:zalg|puzzles)(?:\.[A-Za-z_]\w*)+)")
_FROM = re.compile(r"^\s*from ((?:zalg|puzzles)(?:\.\w+)*) import \(?([\w, ]+)", re.M)
_IMPORT = re.compile(r"^\s*import ((?:zalg|puzzles)(?:\.\w+)*)", re.M)
_SNIPPET = re.compile(r"^(?P<indent>[ \t]*)```python[ \t]*\n(?P<code>.*?)^(?P=indent)```", re.S | re.M)
_NOT_RUN = re.compile(r"<!--\s*docs test: not run(?P<reason>.*?)-->\s*$")


def _exists(path: str) -> bool:
    pattern = re.sub(r"<[^>]*>", "*", path).rstrip("/")
    roots = [pattern] if pattern.split("/")[0] in TOP else [f"{t}/{pattern}" for t in TOP]
    return any(next(ROOT.glob(p), None) is not None for p in roots)


def _resolves(dotted: str) -> bool:
    """A module, then attributes of it, as far as the name goes."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for name in parts[i:]:
            if not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True
    return False


def missing(doc: Path) -> list[str]:
    """What ``doc`` names that does not exist."""
    text = doc.read_text(encoding="utf-8")
    out = []
    for m in _PATH.finditer(text):
        path = m.group(1)
        if not path.startswith(("DIR/", "shared/", "../")) and not _exists(path):
            out.append(path)
    sources = [p for t in TOP if t != "docs" for p in (ROOT / t).rglob("*.py")]
    names = {p.name for p in sources}
    out += [m.group(1) for m in _BARE.finditer(text) if m.group(1) not in names]
    out += [m.group(1) for m in _LINK.finditer(text) if not (doc.parent / m.group(1)).exists()]
    out += [m.group(1) for m in _DOTTED.finditer(text) if not _resolves(m.group(1))]
    for m in _FROM.finditer(text):
        for name in filter(None, (n.strip().split(" as ")[0] for n in m.group(2).split(","))):
            if not _resolves(f"{m.group(1)}.{name}"):
                out.append(f"from {m.group(1)} import {name}")
    out += [m.group(1) for m in _IMPORT.finditer(text) if not _resolves(m.group(1))]
    return out


def snippets(doc: Path) -> list[tuple[int, str, str | None]]:
    """The python blocks of ``doc``: (line, code, why it is not run or None)."""
    text = doc.read_text(encoding="utf-8")
    out = []
    for m in _SNIPPET.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        indent = len(m.group("indent"))
        code = "".join(row[indent:] + "\n" for row in m.group("code").splitlines())
        above = text[:m.start()].rstrip().rsplit("\n", 1)[-1]
        marker = _NOT_RUN.search(above)
        out.append((line, code, marker.group("reason").strip(" :") if marker else None))
    return out


def run_snippets(doc: Path) -> int:
    """Run the blocks of ``doc`` that are to run (in order, one namespace); how many ran.
    A block that fails raises, its traceback naming ``<doc>:<line>``."""
    namespace: dict = {"__name__": f"docs.{doc.stem}"}
    ran = 0
    for line, code, reason in snippets(doc):
        if reason is None:
            exec(compile(code, f"{doc.name}:{line}", "exec"), namespace)  # our docs, not input
            ran += 1
    return ran


def test_the_runner_runs_blocks_in_order_and_sees_failures(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text("Text.\n\n```python\nx = 2\n```\n\n* item:\n\n  ```python\n  y = x + 1\n"
                   "  assert y == 3\n  ```\n\n<!-- docs test: not run: needs a terminal -->\n"
                   "```python\nraise SystemExit\n```\n")
    assert [(line, reason) for line, _, reason in snippets(doc)] == [
        (3, None), (9, None), (15, "needs a terminal")]
    assert run_snippets(doc) == 2
    doc.write_text("```python\nfrom puzzles import slitherlink_instances\n```\n")
    with pytest.raises(ImportError):
        run_snippets(doc)


@pytest.mark.parametrize("doc", [d for d in DOCS if snippets(d)], ids=lambda p: p.name)
def test_every_python_snippet_runs(doc):
    """Each doc in a child process of its own, as a reader runs it (a fresh interpreter),
    and so that the families a doc builds (numberlink.md's 10x10 designer: 1.1 GB) do not
    stay in the test run's memory (issue 32.7)."""
    skipped = [(line, reason) for line, _, reason in snippets(doc) if reason is not None]
    assert all(reason for _, reason in skipped), f"a block left out without a reason: {skipped}"
    child = subprocess.run(
        [sys.executable, "-c", "import sys\nfrom pathlib import Path\n"
         "from tests.test_docs import run_snippets\nprint(run_snippets(Path(sys.argv[1])))",
         str(doc)], cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert child.returncode == 0, child.stderr[-3000:]
    assert int(child.stdout.split()[-1]) == len(snippets(doc)) - len(skipped)


def test_the_checker_sees_stale_names(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text("See `zalg/_kernels.py`, ops/build.py, zalg/topdown/<name>.py, "
                   "gone.py, [a](nowhere.md), `zalg.memory.no_such`, `zalg.memory.parse_size`.\n"
                   "```python\nfrom puzzles import slitherlink_instances as I\n```\n")
    assert missing(doc) == ["zalg/_kernels.py", "gone.py", "nowhere.md", "zalg.memory.no_such",
                            "from puzzles import slitherlink_instances"]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_path_the_docs_name_exists(doc):
    assert missing(doc) == []
