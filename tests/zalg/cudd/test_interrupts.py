"""Where a SIGINT handler must not raise (``zalg.cudd.interrupts``): inside a ``__del__``
only.  Ctrl-C inside the kernels themselves is tested with them (tests/zalg/cudd/
test_compiled.py, tests/zalg/ops/test_own_recursions.py)."""

from __future__ import annotations

import sys

from zalg.cudd.interrupts import must_not_raise


def test_a_handler_must_not_raise_in_a_finalizer():
    frames = {}

    class Finalized:
        def __del__(self):
            frames["del"] = sys._getframe()

        def nested(self):
            frames["call"] = sys._getframe()

    Finalized()  # gone at once: its __del__ runs
    assert must_not_raise(frames["del"])
    Finalized().nested()
    assert not must_not_raise(frames["call"])
    assert not must_not_raise(sys._getframe())
    assert not must_not_raise(None)
