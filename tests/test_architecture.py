"""The shape of the code: no import circles, the library never imports its applications,
and every registered genre has the same package shape.

Imports are read from the source (AST), module-level and inside functions alike;
only imports under ``if TYPE_CHECKING:`` are left out (they never run)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from puzzles import genre as G

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("zalg", "puzzles")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    mods = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            mods[module_name(path)] = path
    return mods


def _type_checking_blocks(tree: ast.AST) -> set[int]:
    """ids of import nodes inside ``if TYPE_CHECKING:``."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, (ast.Name, ast.Attribute)) \
                and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING":
            for sub in node.body:
                for inner in ast.walk(sub):
                    skip.add(id(inner))
    return skip


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that module ``name`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_blocks(tree)
    is_pkg = path.name == "__init__.py"
    base = name.split(".") if is_pkg else name.split(".")[:-1]
    out = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                root = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                mod = ".".join(root + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            # ``from pkg import sub`` depends on the submodule; ``from pkg import name``
            # on pkg itself (its __init__ defines the name)
            targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in modules else mod
                       for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in modules:
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_the_import_graph_is_read_correctly():
    graph = import_graph()
    assert "zalg.kernels.driver" in graph["zalg.kernels.manager"]
    assert "zalg.kernels.ops.nonsup" in graph["zalg.kernels.ops.minimal"]
    assert "puzzles.cli" in graph["puzzles.slitherlink.cli"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles():
    assert cycles(import_graph()) == []


def test_the_library_never_imports_its_applications():
    graph = import_graph()
    offenders = {m: sorted(t for t in targets if t.startswith("puzzles"))
                 for m, targets in graph.items() if m.startswith("zalg")}
    assert {m: t for m, t in offenders.items() if t} == {}
    # and not by name either (importlib with a string such as "puzzles.commands")
    for name, path in project_modules().items():
        if name.startswith("zalg"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names = [n.value for n in ast.walk(tree)
                     if isinstance(n, ast.Constant) and isinstance(n.value, str)
                     and re.fullmatch(r"puzzles(\.\w+)*", n.value)]
            assert names == [], name


@pytest.mark.parametrize("name", G.GENRES)
def test_every_genre_has_the_package_shape(name):
    folder = ROOT / "puzzles" / name
    for part in ("__init__", "model", "solve", "design", "draw", "cli"):
        assert (folder / f"{part}.py").is_file(), f"{name}/{part}.py"
    module = G.genre(name)
    assert isinstance(module, G.Genre)
    assert isinstance(module.Puzzle, type) and module.NAME == name
