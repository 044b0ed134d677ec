"""The shape of the code, read from the source (AST) of ``zalg`` and ``puzzles``:

* no import circles; the library never imports its applications; ``puzzles`` imports
  only zalg's public modules (``PUBLIC``); no genre imports another (what genres share
  lives in ``puzzles/common``);
* layers: each subpackage of ``zalg`` and of ``puzzles`` imports only its own layer and
  the layers below it (``ZALG_LAYERS``, ``PUZZLES_LAYERS``);
* few imports inside functions, each with its reason in a comment;
* no private access across modules (the rule: :func:`private_uses`);
* no function over 120 lines;
* no test module imports another (shared references live in tests/helpers);
* every registered genre has the package shape of docs/architecture.md (its studio part
  included), and the studio (puzzles/studio, its Python and its page) names no genre.

Imports are read module-level and inside functions alike; only imports under
``if TYPE_CHECKING:`` are left out (they never run).

``IN_FLIGHT`` lists exceptions that work in progress is removing; each entry must still
be found, so the list shrinks as that work lands."""
from __future__ import annotations

import ast
import importlib
import inspect
import re
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

import pytest

from puzzles.common import genre as G
from puzzles.common.solving import Solvable
from puzzles.common.studio_part import StudioPart
from puzzles.program.subcommands import GenerateCommand, SolveCommand
from tests.helpers import toy_genre

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("zalg", "puzzles")
#: the most imports of project modules that may run inside functions (zalg and puzzles)
MOST_LAZY_IMPORTS = 15
#: the longest function (lines, decorators and docstring included)
LONGEST_FUNCTION = 120

#: zalg's layers, top first: a module imports only modules of its own layer or below.
#: The root package (``zalg/__init__.py``, the public facade) sits between the command
#: line tools and the graph families; the base layer is the root's other modules.
ZALG_LAYERS = (
    ("zalg.__main__", "zalg.tools"),
    ("zalg",),
    ("zalg.graphs",),
    ("zalg.topdown",),
    ("zalg.algebra",),
    ("zalg.persist",),
    ("zalg.ops",),
    ("zalg.eval",),
    ("zalg.cudd",),
    ("zalg.errors", "zalg.memory", "zalg.progress", "zalg.settings", "zalg.text"),
)
#: puzzles' layers, top first; ``GENRES`` stands for every genre package
PUZZLES_LAYERS = (
    ("puzzles", "puzzles.__main__", "puzzles.studio"),
    ("GENRES",),
    ("puzzles.program",),
    ("puzzles.common",),
)
#: the modules of zalg that puzzles may import: its public API (docs/architecture.md)
PUBLIC = ("zalg", "zalg.errors", "zalg.memory", "zalg.progress", "zalg.topdown",
          "zalg.graphs", "zalg.tools.commands")

#: (module, what) -> the work that is removing it
IN_FLIGHT: dict = {
}

#: private names of other projects that a module may use, and why
OUTSIDE_PRIVATE = {
    ("puzzles.program.batch_engines", "_exit"): "os._exit: a documented function of os",
    ("puzzles.program.main", "_exit"): "os._exit: a documented function of os",
    ("puzzles.program.main", "_finalizer_registry"): "multiprocessing: the finalizers that "
                                                "os._exit skips (a pool's semaphores)",
    ("puzzles.program.main", "_callback"): "multiprocessing: which finalizer releases a semaphore",
    ("puzzles.program.main", "_cleanup"): "multiprocessing: SemLock's own release, as at exit",
    ("puzzles.program.batch_engines", "_processes"): "a pool's worker processes: the standard library "
                                             "has no public way to end them at once",
    ("zalg.cudd.native", "_CFuncPtr"): "ctypes: native.py binds CUDD below dd's public API",
    ("zalg.cudd.native", "_index_of_var"): "dd: native.py binds CUDD below dd's public API",
    ("zalg.cudd.native", "_var_with_index"): "dd: native.py binds CUDD below dd's public API",
    ("zalg.ops.manager", "_add_int"): "dd: a Function from a node pointer (kernels)",
}


# ---- reading the source --------------------------------------------------------------------

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
    """ids of the nodes inside ``if TYPE_CHECKING:``."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, (ast.Name, ast.Attribute)) \
                and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING":
            for sub in node.body:
                for inner in ast.walk(sub):
                    skip.add(id(inner))
    return skip


@dataclass(frozen=True)
class Import:
    target: str    # the project module imported
    line: int
    lazy: bool     # inside a function


def _functions(tree: ast.AST) -> list[ast.AST]:
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def imports(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """The imports of project modules that module ``name`` runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_blocks(tree)
    lazy = {id(n) for f in _functions(tree) for n in ast.walk(f)}
    is_pkg = path.name == "__init__.py"
    base = name.split(".") if is_pkg else name.split(".")[:-1]
    out = []
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
                out.append(Import(t, node.lineno, id(node) in lazy))
    return out


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that module ``name`` imports."""
    return {i.target for i in imports(name, path, modules)}


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


def has_reason(lines: list[str], lineno: int) -> bool:
    """A comment on the import's line or on the line just above it."""
    here = lines[lineno - 1]
    above = lines[lineno - 2].strip() if lineno > 1 else ""
    return "#" in here.split("import", 1)[-1] or (above.startswith("#") and len(above) > 2)


def lazy_imports() -> list[tuple[str, Import, bool]]:
    """(module, import, has a reason) for every import statement inside a function that
    imports a project module (one a module and line)."""
    modules = project_modules()
    out = []
    for name, path in sorted(modules.items()):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i in sorted(set(imports(name, path, modules)), key=lambda i: (i.line, i.target)):
            if i.lazy:
                out.append((name, i, has_reason(lines, i.line)))
    return out


_ACCESSORS = ("getattr", "setattr", "hasattr", "delattr")


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined_names(tree: ast.AST) -> set[str]:
    """Every name a module defines: functions, classes, assignment targets, parameters,
    ``__slots__`` entries, and attributes it sets on ``self``, ``cls`` or anything else
    (``x._n = ...``, ``object.__setattr__(self, "_n", ...)``)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.Call) and len(node.args) >= 2 \
                and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str) \
                and ast.unparse(node.func) in ("setattr", "object.__setattr__"):
            out.add(node.args[1].value)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__"
                                                  for t in node.targets):
            out |= {n.value for n in ast.walk(node.value)
                    if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return out


def private_uses(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, name) for every use of a private name that the module does not define.

    A name with one leading underscore is private to the module that defines it (see
    :func:`defined_names`): another module may not read or write it as an attribute
    (``obj._name``, ``getattr(obj, "_name")``) nor import it (``from m import _name``)."""
    mine = defined_names(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr) and node.attr not in mine:
            out.append((node.lineno, node.attr))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in _ACCESSORS and len(node.args) >= 2 \
                and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str) \
                and _is_private(node.args[1].value) and node.args[1].value not in mine:
            out.append((node.lineno, node.args[1].value))
        elif isinstance(node, ast.ImportFrom):
            out += [(node.lineno, a.name) for a in node.names if _is_private(a.name)]
    return out


def in_flight(found: set[tuple[str, str]], kind: str) -> set[tuple[str, str]]:
    """The IN_FLIGHT entries of one kind (the first word of their second part); each
    must be among ``found``."""
    listed = {k for k in IN_FLIGHT if k[1].split()[0] == kind}
    stale = listed - found
    assert not stale, f"no longer found, remove from IN_FLIGHT: {sorted(stale)}"
    return listed


# ---- the rules ------------------------------------------------------------------------------

def test_the_source_is_read_correctly():
    graph = import_graph()
    assert "zalg.ops.registry" in graph["zalg.ops.manager"]
    assert "zalg.ops.extension" in graph["zalg.ops.registry"]
    assert "puzzles.program.cli" in graph["puzzles.program.subcommands"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    code = ("import os\nclass A:\n    __slots__ = ('_s',)\n    def __init__(self, v):\n"
            "        self._mine = v\n        object.__setattr__(self, '_set', v)\n"
            "def f(b, _arg):\n    from m import _hidden  # why\n"
            "    return b._mine, b._set, b._s, _arg, b._other, getattr(b, '_theirs', 0), os._exit\n")
    tree = ast.parse(code)
    assert {"_mine", "_set", "_s", "_arg"} <= defined_names(tree)
    assert {n for _, n in private_uses(tree)} == {"_hidden", "_other", "_theirs", "_exit"}
    lines = code.splitlines()
    assert has_reason(lines, 8) and not has_reason(lines, 1)


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


def layer_of(module: str, layers: tuple) -> int:
    """The index of ``module``'s layer (0 the top): its longest listed prefix; in
    PUZZLES_LAYERS a genre package stands under ``GENRES``."""
    best, found = -1, None
    for i, names in enumerate(layers):
        for name in names:
            if name == "GENRES":
                if _genre_of(module) and len("puzzles.x") > best:
                    best, found = len("puzzles.x"), i
            elif (module == name or module.startswith(name + ".")) and len(name) > best:
                best, found = len(name), i
    if found is None:
        raise AssertionError(f"{module} is in no layer: add it to the layers")
    return found


def upward_imports(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(module, target) for every import of a module from a higher layer of the same
    package."""
    out = []
    for top, layers in (("zalg", ZALG_LAYERS), ("puzzles", PUZZLES_LAYERS)):
        for m, targets in graph.items():
            if m.split(".")[0] != top:
                continue
            out += [(m, t) for t in targets
                    if t.split(".")[0] == top and layer_of(t, layers) < layer_of(m, layers)]
    return sorted(out)


def non_public_imports(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """(module, "import target") for every import by puzzles of a zalg module outside PUBLIC."""
    return {(m, f"import {t}") for m, targets in graph.items() if m.startswith("puzzles")
            for t in targets if t.startswith("zalg") and t not in PUBLIC}


def test_each_layer_imports_only_its_own_and_those_below():
    assert upward_imports(import_graph()) == []


def test_a_planted_upward_import_is_found():
    graph = import_graph()
    graph["zalg.cudd.nodes"] = graph["zalg.cudd.nodes"] | {"zalg.algebra.family"}
    graph["zalg.ops.registry"] = graph["zalg.ops.registry"] | {"zalg.topdown.driver"}
    graph["puzzles.common.board"] = graph["puzzles.common.board"] | {"puzzles.program.cli"}
    graph["puzzles.program.cli"] = graph["puzzles.program.cli"] | {"puzzles.slitherlink.model"}
    assert upward_imports(graph) == [("puzzles.common.board", "puzzles.program.cli"),
                                     ("puzzles.program.cli", "puzzles.slitherlink.model"),
                                     ("zalg.cudd.nodes", "zalg.algebra.family"),
                                     ("zalg.ops.registry", "zalg.topdown.driver")]


def test_every_module_is_in_a_layer():
    for name in project_modules():
        layer_of(name, ZALG_LAYERS if name.startswith("zalg") else PUZZLES_LAYERS)


def test_puzzles_import_only_zalgs_public_modules():
    found = non_public_imports(import_graph())
    assert found - in_flight(found, "import") == set()


def test_a_planted_private_import_is_found():
    graph = import_graph()
    graph["puzzles.common.board"] = graph["puzzles.common.board"] | {"zalg.cudd.nodes"}
    assert ("puzzles.common.board", "import zalg.cudd.nodes") in non_public_imports(graph)


def _genre_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "puzzles" and parts[1] in G.GENRES else None


def test_no_genre_imports_another():
    graph = import_graph()
    crossing = sorted((m, t) for m, targets in graph.items() for t in targets
                      if _genre_of(m) and _genre_of(t) and _genre_of(m) != _genre_of(t))
    assert crossing == []


def test_test_modules_import_no_other_test_module():
    """What several test modules share (references, boards) lives in tests/helpers."""
    found = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            found += [(path.relative_to(ROOT).as_posix(), n) for n in names
                      if n.startswith("tests.") and n.split(".")[-1].startswith("test_")]
    assert found == []


def test_imports_inside_functions_are_few_and_each_says_why():
    lazy = lazy_imports()
    found = {(m, f"lazy {i.target}") for m, i, reason in lazy if not reason}
    unexplained = found - in_flight(found, "lazy")
    assert unexplained == set(), "give the reason in a comment, or import at module level"
    assert len(lazy) <= MOST_LAZY_IMPORTS, [(m, i.target, i.line) for m, i, _ in lazy]


def test_no_private_access_across_modules():
    found = set()
    for name, path in sorted(project_modules().items()):
        for line, attr in private_uses(ast.parse(path.read_text(encoding="utf-8"))):
            if (name, attr) not in OUTSIDE_PRIVATE:
                found.add((name, f"private {attr}"))
    assert found - in_flight(found, "private") == set()


def test_no_function_is_longer_than_120_lines():
    long = []
    for name, path in sorted(project_modules().items()):
        for f in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            length = f.end_lineno - min([f.lineno] + [d.lineno for d in f.decorator_list]) + 1
            if length > LONGEST_FUNCTION:
                long.append((name, f.name, length))
    assert long == []


# ---- the genre shape ------------------------------------------------------------------------

SHAPE = ("__init__", "model", "solve", "draw", "puzzle", "design", "cli", "studio")
#: what only the shared front door defines (one cache of solutions, one render)
FRONT_DOOR = ("solve", "count", "is_unique", "solution", "solutions", "render", "_repr_svg_")


def genre_folders():
    return [(name, ROOT / "puzzles" / name) for name in G.GENRES] + \
        [(toy_genre.NAME, Path(toy_genre.__file__).parent)]


@pytest.mark.parametrize("name, folder", genre_folders(), ids=lambda v: str(v).split("/")[-1])
def test_every_genre_has_the_package_shape(name, folder):
    for part in SHAPE:
        assert (folder / f"{part}.py").is_file(), f"{name}/{part}.py"
    with G.registered(name, toy_genre.__name__) if name == toy_genre.NAME else nullcontext():
        module = G.genre(name)
    assert isinstance(module, G.Genre) and module.NAME == name
    assert issubclass(module.Puzzle, module.Board) and issubclass(module.Puzzle, Solvable)
    for cls in (module.Puzzle, module.Board):
        assert not set(FRONT_DOOR) & set(vars(cls)), f"{cls.__qualname__} solves or draws itself"
    solve = importlib.import_module(f"{module.__name__}.solve").solve
    assert inspect.signature(solve).parameters["progress"].kind is inspect.Parameter.KEYWORD_ONLY
    cli = importlib.import_module(f"{module.__name__}.cli")
    assert isinstance(cli.SOLVE, SolveCommand) and cli.SOLVE.puzzle is module.Puzzle
    assert isinstance(cli.GENERATE, GenerateCommand)
    part = G.studio_part(name) if name != toy_genre.NAME else \
        importlib.import_module(f"{module.__name__}.studio").PART
    assert isinstance(part, StudioPart)
    assert part.editor["tools"] and part.editor["layout"] in ("cells", "rooms")


# ---- the studio names no genre -----------------------------------------------------------------

STUDIO = ROOT / "puzzles" / "studio"


def genre_words() -> set[str]:
    """Every genre's name and pzprjs name (the toy genre's too)."""
    words = {toy_genre.NAME, toy_genre.PID}
    for name in G.GENRES:
        words |= {name, G.genre(name).PID}
    return words


def named_genres(text: str) -> list[str]:
    """The genre names and pzprjs names that ``text`` holds (any case, inside words too)."""
    return sorted(w for w in genre_words() if re.search(re.escape(w), text, re.IGNORECASE))


def test_named_genres_finds_a_planted_name():
    assert named_genres("const KINDS = {slitherlink: 1};") == ["slither", "slitherlink"]
    assert named_genres("?Nurimaze/3/3") == ["nurimaze"]
    assert named_genres("const KINDS = {loop: 1};") == []


def test_the_studio_imports_no_genre_and_names_none():
    graph = import_graph()
    studio = {m: sorted(t for t in targets if _genre_of(t))
              for m, targets in graph.items() if m == "puzzles.studio" or m.startswith("puzzles.studio.")}
    assert studio and {m: t for m, t in studio.items() if t} == {}
    named = {path.relative_to(ROOT).as_posix(): named_genres(path.read_text(encoding="utf-8"))
             for path in sorted(STUDIO.rglob("*.py"))}
    assert {p: n for p, n in named.items() if n} == {}


def test_the_studio_page_names_no_genre():
    """The page learns the genres from GET /api/genres: its scripts and HTML hold none."""
    files = sorted(STUDIO.glob("static/*.js")) + sorted(STUDIO.glob("static/*.html"))
    assert len(files) >= 3
    named = {path.name: named_genres(path.read_text(encoding="utf-8")) for path in files}
    assert {p: n for p, n in named.items() if n} == {}
