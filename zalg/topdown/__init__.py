"""Top-down ZDD construction: the frontier engine (TdZdd, Knuth's SIMPATH) and the
constructions built on layers (hitting sets, minimal members, unique existence).

* ``machine``, ``functions``: the public machine interface (a step, a final check, info
  rows; C functions by address, or Python functions); ``Machine(...).build(universe,
  levels)`` runs one;
* ``frontier.c`` (the extension ``_frontier``, required): the driver every machine runs
  on (pending states, per-level hashing, lookahead, reduction), every machine function
  given by address (the built-in graph machines in ``zalg/graphs/machines.c``);
  ``store``: its arena; ``driver``: its numbered diagram, and the same driver in plain
  Python for Python machines without numba;
* ``jit``, ``pointers``: numba for machines written in Python (``zalg[jit]``), compiled
  on first use to C callbacks;
* ``output``: reduced node arrays into CUDD (the family keeps its arrays);
* ``run``: running a machine with memory checks, Ctrl-C, progress and ``TooWide``;
* ``spec``: the user-writable Python spec API (``root`` / ``child``), its engine
  ``build`` and spec composition (``intersection``);
* ``assemble``: a layered diagram given as codes (the Python spec engine's) into a
  family, through the same reduction and node output;
* ``unique_exists``, ``hitting``, ``minimal``, ``hitting_tables``: ∃!, hitting sets and
  minimal members built one level at a time; their level kernels compiled ahead of time
  into the same extension (``unique_exists.c``, with the store of states its header
  shares, ``hitting.c``, ``minimal.c``, ``hitting_tables.c``; ``constructions.h``
  lists them for ``frontier.c``'s method table);
* ``methods``: those three registered as the top-down routes of ``Family.hitting``,
  ``Family.minimal`` and ``Family.unique_exists`` (``method="topdown"`` or ``"auto"``).

Graph machines (``zalg.graphs``) and puzzles' machines build on the engine; it knows
none of them.
"""

from .assemble import assemble
from .machine import (DEAD, GOING, SKIP, Machine, c_function, compiled, extension_machines,
                      final_function, step_function, takes_function)
from .pointers import at, offset
from .run import run_machine
from .spec import ACCEPT, REJECT, Spec, build, intersection
from . import methods  # registers Family's top-down routes

__all__ = ["Spec", "REJECT", "ACCEPT", "build", "intersection", "assemble",
           "Machine", "run_machine",
           "step_function", "final_function", "takes_function", "compiled", "DEAD", "GOING", "SKIP",
           "c_function", "extension_machines",
           "at", "offset"]
