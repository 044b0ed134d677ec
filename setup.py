"""The compiled kernels: one CPython extension per layer that has C code, built by
setuptools with the package (``pip install -e .``, ``python -m build``); the rest of the
metadata is in pyproject.toml.  Needs a C compiler and Python's headers; CUDD's routines
are reached at run time inside dd's extension, so neither CUDD's headers nor its library
are needed.  Every extension that makes CUDD nodes links the foundation in zalg/cudd."""
import compileall
import os
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

FLAGS = ["-O3", "-std=c11", "-fno-strict-aliasing"]
def sources(*folders: str) -> list[str]:
    return sorted(str(p) for folder in folders for p in Path(folder).glob("*.c"))


#: the C every extension that makes CUDD nodes links: zcudd.h's Env, memo tables, deep calls
FOUNDATION = sources("zalg/cudd")


def headers(*folders: str) -> list[str]:
    return sorted(str(p) for folder in folders for p in Path(folder).glob("*.h"))


def extension(name: str, files: list[str], *folders: str) -> Extension:
    return Extension(name, files, depends=headers("zalg/cudd", *folders),
                     extra_compile_args=FLAGS,
                     define_macros=[("ZALG_CFLAGS", '"' + " ".join(FLAGS) + '"')])


def genre_machines() -> list[Extension]:
    """``puzzles.<genre>._machines`` for every genre package with C machines (the headers
    they share live in ``puzzles/common``)."""
    return [extension(f"puzzles.{folder.name}._machines", sources(str(folder)), str(folder),
                      "puzzles/common")
            for folder in sorted(Path("puzzles").iterdir()) if sources(str(folder))]


def layer(name: str, folder: str, *extra: str) -> list[Extension]:
    """The extension of a layer's C files (with the foundation), if it has any."""
    files = sources(folder)
    return [extension(name, FOUNDATION + files + list(extra), folder)] if files else []


class BuildInPlaceWithBytecode(build_ext):
    """The extensions are built side by side, one per core unless ``--parallel`` says
    otherwise; building in place (an editable install) also writes the packages'
    bytecode, as pip does when it installs a wheel: a user's first command compiles
    nothing."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
                else os.cpu_count() or 1

    def run(self) -> None:
        super().run()
        if self.inplace:
            for package in ("zalg", "puzzles"):
                compileall.compile_dir(package, quiet=1)


setup(cmdclass={"build_ext": BuildInPlaceWithBytecode}, ext_modules=[
    # the family operations: set operations, the driver and its operation table, ...
    *layer("zalg.ops._kernels", "zalg/ops"),
    # reading a family's nodes, counting and evaluation, cost bounds
    *layer("zalg.eval._kernels", "zalg/eval"),
    # the frontier driver, the top-down constructions and the graph machines
    *layer("zalg.topdown._frontier", "zalg/topdown", *sources("zalg/graphs")),
    *genre_machines(),
])
