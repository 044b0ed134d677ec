"""The frontier driver's numbered diagram, and the plain-Python driver.

Every machine's levels run in one driver, in TdZdd's design (``frontier.c``, compiled
ahead of time; docs/architecture.md, "The frontier driver"):

* **pending children**: a child state for level j is set aside, with the *branch*
  it fills (2 * parent node + bit), until level j is expanded;
* **one level at a time**: level j's pending rows are hashed once, equal rows become
  one node (nodes are numbered globally, level after level, a level's nodes in the
  order their rows first came) and every branch that asked for it gets its number;
  then each distinct state is expanded by the step for bit 0 and bit 1;
* **lookahead**: before a child is stored for level j, bit 1 is tried there (the
  step, or the machine's ``takes``); when it is DEAD the element is absent in every
  member below, the node would be reduced away, so the child goes on to level j + 1
  at once (``SKIP``: without a step);
* **reduction**: ``frontier.c``'s ``reduce`` folds the numbered diagram bottom-up
  into a reduced ZDD in plain arrays; ``output`` hands those nodes to CUDD.

A node's codes live in one array ``codes`` of 32-bit integers: ``codes[2g]`` (lo)
and ``codes[2g + 1]`` (hi) of node g; a code is a node number, -1 (REJECT) or -2
(ACCEPT).  Node 0 is the virtual parent of the root (its lo code is the root's).
``start[j]`` is level j's first node number, ``start[m]`` one past the last.

``sweep`` here is the same driver in plain Python, for machines whose functions are
Python and numba is not there: the same nodes in the same order (so the same
diagram), checked against the budget and ``max_width`` before each level, Ctrl-C a
plain KeyboardInterrupt.  It calls the machine once per step from Python, so it is
about a hundred times slower than the compiled driver (80 times on the toy machine of
the tests): for small machines, tests and installs without ``zalg[jit]``.
"""

from __future__ import annotations

from array import array

import numpy as np

from ..errors import OutOfMemory, TooWide
from .functions import ACCEPT, DEAD, SKIP

__all__ = ["sweep", "REJECT_CODE", "ACCEPT_CODE", "NO_LOOKAHEAD", "EXACT_LOOKAHEAD",
           "TAKES_LOOKAHEAD", "CODE", "MAX_NODES", "NEED_CODES", "NEED_ARENA", "FIRST_OUTPUT"]

REJECT_CODE, ACCEPT_CODE = -1, -2
#: the type of ``codes`` entries, and the node numbers it can hold (2 ** 31 - 3)
CODE = np.int32
MAX_NODES = (1 << 31) - 3
#: the reduction's outputs start this long (then double)
FIRST_OUTPUT = 1 << 16
#: the compiled driver stopped before a level: ``codes`` must first hold ``meta[M_WIDTH]``
#: entries
NEED_CODES = 5
#: the compiled driver stopped before expanding a level: the arena must first hold
#: ``meta[M_WIDTH]`` chunks (grown in place by the caller; the budget allows it)
NEED_ARENA = 6
_WAITING = -3  # a branch whose child is pending
#: lookahead: none; bit 1 tried with the step; or asked of the machine's ``takes``
NO_LOOKAHEAD, EXACT_LOOKAHEAD, TAKES_LOOKAHEAD = 0, 1, 2
#: bytes a pending state costs the plain-Python driver besides its row (its key, its
#: place in a level's table and the branch that waits for it)
_STATE_BYTES = 160


def _onward(machine, step, takes, t, j: int, mode: int, work) -> tuple:
    """(code, level, state): where state t, just made for level j, leads: REJECT_CODE or
    ACCEPT_CODE, or _WAITING with the level it is pending at and its row."""
    m, consts = machine.levels, machine.consts
    while True:
        if j == m:
            return (ACCEPT_CODE if machine.final.py_func(t, consts, work) == 1
                    else REJECT_CODE), j, t
        if mode == NO_LOOKAHEAD:
            return _WAITING, j, t
        row = machine.info[j]
        if mode == EXACT_LOOKAHEAD:
            if step(t, np.empty_like(t), 1, row, consts, work) != DEAD:
                return _WAITING, j, t
        else:
            answer = takes(t, row, consts, work)
            if answer == SKIP:
                j += 1
                continue
            if answer != 0:
                return _WAITING, j, t
        u = np.empty_like(t)
        status = step(t, u, 0, row, consts, work)
        if status == DEAD:
            return REJECT_CODE, j, t
        if status == ACCEPT:
            return ACCEPT_CODE, j, t
        t = u
        j += 1


def sweep(machine, mode: int, work: np.ndarray, manager, what: str, report,
          max_width: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(codes, start): the numbered diagram of ``machine`` (its functions' ``py_func``),
    made level by level in plain Python; OutOfMemory when a level would pass the
    budget of ``manager``, TooWide when one has more than ``max_width`` states."""
    m, dtype = machine.levels, machine.root.dtype
    step = machine.step.py_func
    takes = machine.takes.py_func if machine.takes is not None else None
    seen: list = [{} for _ in range(m)]  # per level: row bytes -> its index there
    asks: list = [array("q") for _ in range(m)]  # per level: (branch, index) pairs
    pending = 1
    seen[0][machine.root.tobytes()] = 0
    asks[0].extend((0, 0))
    codes = array("i", [REJECT_CODE, REJECT_CODE])
    start = np.zeros(m + 1, dtype=np.int64)
    row_bytes = machine.root.nbytes + _STATE_BYTES
    for j in range(m):
        states, waiting = seen[j], asks[j]
        seen[j], asks[j] = None, None
        d = len(states)
        if max_width is not None and d > max_width:
            raise TooWide(what, j + 1, d, max_width)
        first = len(codes) // 2
        held = codes.itemsize * (len(codes) + 2 * d) + row_bytes * pending
        if first + d > MAX_NODES or (manager.budget and manager.memory_in_use() + held
                                     > manager.room(look=True, held=held)):
            raise OutOfMemory(f"{what} (level {j + 1} of {m}, {d} states)",
                              manager.budget or None)
        start[j] = first
        codes.extend([REJECT_CODE] * (2 * d))
        for k in range(0, len(waiting), 2):
            codes[waiting[k]] = first + waiting[k + 1]
        pending -= d
        row = machine.info[j]
        for q, key in enumerate(states):
            s = np.frombuffer(key, dtype=dtype)
            for bit in (0, 1):
                t = np.empty_like(s)
                code = step(s, t, bit, row, machine.consts, work)
                branch = 2 * (first + q) + bit
                if code == DEAD:
                    continue
                if code == ACCEPT:
                    codes[branch] = ACCEPT_CODE
                    continue
                code, level, t = _onward(machine, step, takes, t, j + 1, mode, work)
                if code != _WAITING:
                    codes[branch] = code
                    continue
                table = seen[level]
                known = len(table)
                asks[level].extend((branch, table.setdefault(t.tobytes(), known)))
                pending += len(table) - known
        report.update(j + 1, detail=f"{d} states")
    start[m] = len(codes) // 2
    return np.array(codes, dtype=CODE), start
