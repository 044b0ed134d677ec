"""Builds the prototype extensions in place: ``python setup.py build_ext --inplace``
(``AOT_ONLY=c`` or ``AOT_ONLY=cython`` builds one of them, for timing)."""
import os

from setuptools import Extension, setup

FLAGS = ["-O3"]
extensions = []
if os.environ.get("AOT_ONLY", "c") in ("c", ""):
    extensions.append(Extension("aot_c", ["aot_c.c"], extra_compile_args=FLAGS))
if os.environ.get("AOT_ONLY", "cython") in ("cython", ""):
    from Cython.Build import cythonize
    extensions += cythonize([Extension("aot_cy", ["aot_cy.pyx"], extra_compile_args=FLAGS)],
                            compiler_directives={"language_level": 3, "boundscheck": False,
                                                 "wraparound": False, "cdivision": True})
setup(name="aot-prototype", ext_modules=extensions, script_args=["build_ext", "--inplace"])
