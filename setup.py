"""The compiled kernels (zalg/cudd/*.c): one CPython extension, built by setuptools with
the package (``pip install -e .``, ``python -m build``); the rest of the metadata is in
pyproject.toml.  Needs a C compiler and Python's headers; CUDD's routines are reached at
run time inside dd's extension, so neither CUDD's headers nor its library are needed."""
from pathlib import Path

from setuptools import Extension, setup

CUDD = Path("zalg", "cudd")
SOURCES = sorted(str(p) for p in CUDD.glob("*.c"))
FLAGS = ["-O3", "-std=c11", "-fno-strict-aliasing"]

setup(ext_modules=[
    Extension("zalg.cudd.compiled", SOURCES, depends=sorted(str(p) for p in CUDD.glob("*.h")),
              extra_compile_args=FLAGS,
              define_macros=[("ZALG_CFLAGS", '"' + " ".join(FLAGS) + '"')]),
    # the frontier driver and the graph machines: one extension, loaded by name
    Extension("zalg.topdown._frontier", ["zalg/topdown/frontier.c", "zalg/graphs/machines.c"],
              extra_compile_args=FLAGS),
])
