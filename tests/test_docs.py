"""The documentation (docs/*.md and README.md) is true to the code.

Every python snippet runs: all the ```python blocks of a document run in order in one
fresh namespace, as a reader would type them; none is left out.

The documentation states rules, not history: no issue or route numbers and no dated
run labels outside ``docs/lab/`` (where the history of the runs is kept).

Every source path the documentation names exists:

* paths with a folder (``zalg/graphs/mate.py``, ``benchmarks/data/...``; ``<...>`` is a
  placeholder for one name), from the project root or below one of its top folders
  (``ops/build.c`` is ``zalg/ops/build.c``);
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


def snippets(doc: Path) -> list[tuple[int, str]]:
    """The python blocks of ``doc``: (line, code)."""
    text = doc.read_text(encoding="utf-8")
    out = []
    for m in _SNIPPET.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        indent = len(m.group("indent"))
        code = "".join(row[indent:] + "\n" for row in m.group("code").splitlines())
        out.append((line, code))
    return out


def run_snippets(doc: Path) -> int:
    """Run every block of ``doc`` (in order, one namespace); how many ran.  A block that
    fails raises, its traceback naming ``<doc>:<line>``."""
    namespace: dict = {"__name__": f"docs.{doc.stem}"}
    for line, code in snippets(doc):
        exec(compile(code, f"{doc.name}:{line}", "exec"), namespace)  # our docs, not input
    return len(snippets(doc))


def test_the_runner_runs_blocks_in_order_and_sees_failures(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text("Text.\n\n```python\nx = 2\n```\n\n* item:\n\n  ```python\n  y = x + 1\n"
                   "  assert y == 3\n  ```\n")
    assert [line for line, _ in snippets(doc)] == [3, 9]
    assert run_snippets(doc) == 2
    doc.write_text("```python\nfrom puzzles import slitherlink_instances\n```\n")
    with pytest.raises(ImportError):
        run_snippets(doc)


@pytest.mark.parametrize("doc", [d for d in DOCS if snippets(d)], ids=lambda p: p.name)
def test_every_python_snippet_runs(doc):
    """Each doc in a child process of its own, as a reader runs it (a fresh interpreter),
    and so that the families a doc builds (numberlink.md's 10x10 designer: 1.1 GB) do not
    stay in the test run's memory."""
    child = subprocess.run(
        [sys.executable, "-c", "import sys\nfrom pathlib import Path\n"
         "from tests.test_docs import run_snippets\nprint(run_snippets(Path(sys.argv[1])))",
         str(doc)], cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert child.returncode == 0, child.stderr[-3000:]
    assert int(child.stdout.split()[-1]) == len(snippets(doc))


def test_the_checker_sees_stale_names(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text("See `zalg/_kernels.py`, ops/build.c, zalg/topdown/<name>.py, "
                   "gone.py, [a](nowhere.md), `zalg.memory.no_such`, `zalg.memory.parse_size`.\n"
                   "```python\nfrom puzzles import slitherlink_instances as I\n```\n")
    assert missing(doc) == ["zalg/_kernels.py", "gone.py", "nowhere.md", "zalg.memory.no_such",
                            "from puzzles import slitherlink_instances"]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_path_the_docs_name_exists(doc):
    assert missing(doc) == []


#: Where text must state rules, not history: files, or folders searched for *.md.
RULE_ROOTS = ("README.md", "docs", "zalg", "puzzles")
#: the files below a rule root that are read: documents, and the code's comments and help texts
RULE_SUFFIXES = (".md", ".py", ".js", ".html", ".c", ".h")
#: Below a rule root, the one place where dates, issue and route numbers may stay.
HISTORY_ALLOWED = ("docs/lab",)
_DATE = r"\b20\d\d-\d\d-\d\d\b"
_RUN = r"\b(?:runs?|sessions?|measured)\b"
_HISTORY = re.compile(r"\bissues?\s+#?\d+|\broutes?\s+\d+"
                      rf"|{_RUN}[^.|]{{0,30}}?{_DATE}|{_DATE}[^.|]{{0,30}}?{_RUN}", re.I)


def rule_documents() -> list[Path]:
    """The documents under RULE_ROOTS, without those under HISTORY_ALLOWED."""
    out = []
    for root in map(ROOT.joinpath, RULE_ROOTS):
        out += [root] if root.is_file() else sorted(p for p in root.rglob("*")
                                                    if p.suffix in RULE_SUFFIXES)
    allowed = [ROOT / a for a in HISTORY_ALLOWED]
    return [d for d in out if not any(d.is_relative_to(a) for a in allowed)]


def history(text: str) -> list[str]:
    """The places in ``text`` that tell history: "issue N", "route N", a date beside
    "run", "session" or "measured"."""
    return [" ".join(m.group(0).split()) for m in _HISTORY.finditer(text)]


def test_the_history_checker_sees_history():
    text = ("Fixed in issue 34 by route 9 (routes 16-19, Issue #27).  The run of\n"
            "2026-11-26 (evening) was faster; 2026-11-25 session; measured 2024-01-02.\n"
            "A 2x2 board; 2026-11-26 | interleaved |; the third route, an issue with it.")
    assert history(text) == ["issue 34", "route 9", "routes 16", "Issue #27",
                             "run of 2026-11-26", "2026-11-25 session", "measured 2024-01-02"]
    assert ROOT / "docs" / "performance.md" in rule_documents()
    assert ROOT / "README.md" in rule_documents()
    assert ROOT / "zalg" / "ops" / "driver.c" in rule_documents()
    assert ROOT / "puzzles" / "studio" / "static" / "studio.js" in rule_documents()
    assert not [d for d in rule_documents() if "lab" in d.relative_to(ROOT).parts]


@pytest.mark.parametrize("doc", rule_documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_docs_state_rules_not_history(doc):
    assert history(doc.read_text(encoding="utf-8")) == []


def test_the_performance_reference_opens_with_the_peer_table_and_stays_short():
    lines = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 400
    headings = [line for line in lines if line.startswith("## ")]
    assert headings[0] == "## zalg against its peers"
    first_table = next(i for i, line in enumerate(lines) if line.startswith("|"))
    assert first_table > lines.index(headings[0])
    benches = sorted(p.name for p in (ROOT / "benchmarks").glob("bench_*.py"))
    assert [b for b in benches if not any(b in h for h in headings)] == []
