"""The frontier machine interface: what a top-down construction supplies to the driver.

A *machine* describes a family of sets over m elements (its *levels*, in universe
order) by a state machine: a state is a row of ``width`` int32 values; level i
decides whether the element at level i is in the set (bit 1) or not (bit 0).
The machine supplies three things, the driver (``driver``, ``frontier.c``) does all the
rest (state store, hashing, the level loop, lookahead, reduction, CUDD nodes):

* ``step(s, t, bit, row, consts, work) -> DEAD | ACCEPT | GOING``: the child of
  state ``s`` at the level whose info row is ``row``, written into ``t`` (all of
  it: ``t`` starts as garbage; ``s`` must not change).  DEAD: no member goes this way (the REJECT
  terminal); ACCEPT: every later element is absent (the ACCEPT terminal); GOING:
  ``t`` is the state at the next level;
* ``final(t, consts, work) -> 1 | 0``: after the last level, whether state ``t``
  is accepted;
* the data: ``info`` (one int64 row per level, columns of the machine's choosing),
  ``consts`` (int64 constants of the construction) and ``work`` (int64 scratch
  the step may use freely), and the ``root`` state.

Written in Python, the functions are wrapped by ``step_function`` /
``final_function`` / ``takes_function`` (fixed signatures, so that one compiled
driver serves every machine; ``functions``), helpers they call by ``compiled``.  With
numba (``zalg[jit]``) they compile on first use and the arguments are raw pointers
(index them like arrays, ``s[k]``; they have no length: widths come from ``consts``);
without numba they are numpy arrays, the same code runs on the plain-Python driver
(``driver.sweep``: exact, much slower).  A machine written in C (compiled ahead of
time in an extension) gives its functions by address instead:
``c_function(address, kind, state)``.  Equal states must be equal rows: a machine
keeps its rows canonical (e.g. renumbers labels) so that equal futures merge.

``Machine(...).build(universe, levels)`` runs it (``run.run_machine``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .functions import (ACCEPT, DEAD, GOING, MAY_TAKE, SKIP, c_function, compiled,
                        extension_machines, final_function, step_function, takes_function)
from .run import run_machine

__all__ = ["DEAD", "ACCEPT", "GOING", "SKIP", "Machine", "step_function", "final_function",
           "takes_function", "compiled", "MAY_TAKE", "c_function", "extension_machines"]


def _int64_2d(a) -> np.ndarray:
    a = np.ascontiguousarray(a, dtype=np.int64)
    return a.reshape(len(a), -1) if a.ndim == 1 else a


@dataclass
class Machine:
    """One construction: the machine's functions and data (see the module docstring).

    Lookahead: before storing a child for level j, the driver asks whether bit 1 can
    be taken there; when it cannot, the level is decided 0 at once and no node is
    stored (it would be reduced away: TdZdd's ``ZddLookahead``).  With ``takes`` (a
    cheap test, compiled with ``takes_function``) the machine answers; otherwise,
    with ``lookahead``, the driver tries the step with bit 1 (exact, one more step
    per stored child)."""
    step: object
    final: object
    info: np.ndarray
    root: np.ndarray
    consts: np.ndarray = field(default_factory=lambda: np.zeros(1, dtype=np.int64))
    work_size: int = 1
    lookahead: bool = True
    takes: object = None
    name: str = "frontier"

    def __post_init__(self):
        self.info = _int64_2d(self.info)
        state = self.step.state_type
        for fn in (self.final, self.takes):
            if fn is not None and fn.state_type != state:
                raise ValueError("a machine's functions must be compiled for one state type")
        self.root = np.ascontiguousarray(self.root, dtype=state).ravel()
        self.consts = np.ascontiguousarray(self.consts, dtype=np.int64).ravel()
        if len(self.consts) == 0:
            self.consts = np.zeros(1, dtype=np.int64)
        if len(self.info) == 0:
            raise ValueError("a frontier machine needs at least one level")
        if len(self.root) == 0:
            raise ValueError("a frontier state needs at least one slot")

    @property
    def levels(self) -> int:
        return len(self.info)

    def build(self, universe, levels, progress=None, max_width: int | None = None):
        """The family this machine describes, over the universe levels ``levels`` (one
        per machine level, increasing)."""
        return run_machine(universe, levels, self, progress=progress, max_width=max_width)
