"""numba's on-disk cache, keyed so that it never serves code older than zalg's sources.

numba keys a cached kernel on the source file of the kernel itself (and its own
bytecode): a kernel whose callee lives in another file, or that reads a constant
defined in another file, keeps its cached machine code after that file changes
(so a step function could return a stale count until ``__pycache__`` is
deleted).  Here the stamp of every zalg kernel is a hash of every
*compiled source* of its package: each file that defines compiled code
(``@jit``, ``@intrinsic``, ``@overload``, a frontier machine's ``@step_function``,
``@compiled``, ...), with every file of the same
package that such a file imports, followed through imports.  A kernel outside
zalg (a puzzle's) gets zalg's stamp plus that of its own package.  Editing any of
them makes the next run compile again, whatever numba's own stamp says; editing a
file no kernel reads (``family.py``, a genre's CLI) does not.

The cache lives where numba would put it (``NUMBA_CACHE_DIR`` if set, else
``__pycache__`` beside the source, else the user's cache folder).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import os
import re

from numba.core.caching import (CompileResultCacheImpl, FunctionCache, InTreeCacheLocator,
                                UserProvidedCacheLocator, UserWideCacheLocator)

__all__ = ["StampedCache", "package_stamp", "compiled_sources", "cache_folder"]

#: a decorator that makes numba compile the function below it
_COMPILED = re.compile(
    r"^[ \t]*@[ \t]*(?:[\w.]+\.)?(?:jit|njit|cfunc|intrinsic|overload\w*|register_jitable"
    r"|compiled|step_function|final_function|takes_function)\b",
    re.MULTILINE)

_ZALG = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _package_root(path: str) -> str | None:
    """The folder of the top-level package holding ``path`` (None outside any package)."""
    folder = os.path.dirname(os.path.abspath(path))
    root = None
    while os.path.exists(os.path.join(folder, "__init__.py")):
        root = folder
        folder = os.path.dirname(folder)
    return root


def _imported_files(path: str, root: str) -> set[str]:
    """The files of the package at ``root`` that ``path`` imports (relative or absolute)."""
    with open(path, "rb") as fh:
        tree = ast.parse(fh.read(), filename=path)
    package = os.path.dirname(path)
    top = os.path.basename(root)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package
                for _ in range(node.level - 1):
                    base = os.path.dirname(base)
            elif (node.module or "").split(".")[0] == top:
                base = os.path.dirname(root)
            else:
                continue
            parts = (node.module or "").split(".") if node.module else []
            target = os.path.join(base, *parts)
            found |= _module_files(target)
            for alias in node.names:  # ``from . import nonsup``: a submodule
                found |= _module_files(os.path.join(target, alias.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == top:
                    found |= _module_files(os.path.join(os.path.dirname(root),
                                                        *alias.name.split(".")))
    return {f for f in found if f.startswith(root + os.sep)}


def _module_files(target: str) -> set[str]:
    """The file of module ``target`` (a path without ``.py``): ``target.py`` or its
    package's ``__init__.py``; empty if neither exists."""
    if os.path.isfile(target + ".py"):
        return {target + ".py"}
    init = os.path.join(target, "__init__.py")
    return {init} if os.path.isfile(init) else set()


@functools.lru_cache(maxsize=None)
def compiled_sources(root: str) -> tuple[str, ...]:
    """Every file of the package at ``root`` that defines compiled code, with every file
    of the package they import (transitively), sorted."""
    files = []
    for folder, subdirs, names in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".py")]
    todo = []
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as fh:
            if _COMPILED.search(fh.read()):
                todo.append(path)
    seen = set(todo)
    while todo:
        for f in _imported_files(todo.pop(), root):
            if f not in seen:
                seen.add(f)
                todo.append(f)
    return tuple(sorted(seen))


@functools.lru_cache(maxsize=None)
def package_stamp(root: str) -> str:
    """A hash of the compiled sources of the package at ``root`` (names and contents)."""
    h = hashlib.sha256()
    for path in compiled_sources(root):
        h.update(os.path.relpath(path, root).encode())
        with open(path, "rb") as fh:
            h.update(hashlib.sha256(fh.read()).digest())
    return h.hexdigest()


def source_stamp(py_file: str) -> tuple[str, ...]:
    """The stamp of a kernel defined in ``py_file``: zalg's compiled sources, and those of
    its own package when that is not zalg."""
    root = _package_root(py_file)
    if root is None or root == _ZALG:
        return (package_stamp(_ZALG),)
    return package_stamp(_ZALG), package_stamp(root)


class _Stamped:
    """A numba cache locator whose source stamp is ``source_stamp`` besides numba's own."""

    def get_source_stamp(self):
        return super().get_source_stamp(), source_stamp(self._py_file)


class _UserProvided(_Stamped, UserProvidedCacheLocator):
    pass


class _InTree(_Stamped, InTreeCacheLocator):
    pass


class _UserWide(_Stamped, UserWideCacheLocator):
    pass


class _Impl(CompileResultCacheImpl):
    _locator_classes = [_UserProvided, _InTree, _UserWide]


class StampedCache(FunctionCache):
    """numba's function cache with zalg's stamp (``dispatcher._cache = StampedCache(f)``)."""
    _impl_class = _Impl


def cached_names(dispatcher) -> set[str]:
    """The names of the compiled copies numba's cache index holds for ``dispatcher``
    under the current stamp (empty when the stamp is stale or nothing is cached);
    read with numba's own index reader, which has no public name."""
    index = dispatcher._cache._cache_file._load_index()
    return {str(key[0]) for key in index}


def cache_folder(py_file: str) -> str | None:
    """Where the kernels of ``py_file`` are cached (None if nowhere is writable)."""
    for cls in _Impl._locator_classes:
        locator = cls.from_function(_cache_folder_probe, py_file)
        if locator is not None:
            return locator.get_cache_path()
    return None


def _cache_folder_probe():  # a function for numba's locators to read a line number from
    return None
