"""The frontier engine: top-down ZDD construction (TdZdd, Knuth's SIMPATH).

* ``machine``, ``functions``: the public machine interface (a step, a final check, info
  rows; the functions compiled on first use);
  ``Machine(...).build(universe, levels)`` runs one;
* ``driver``, ``store``, ``pointers``: the one compiled driver every machine runs
  on (pending states, per-level hashing, lookahead, reduction);
* ``output``: reduced node arrays into CUDD (the family keeps its arrays);
* ``run``: running a machine with memory checks, Ctrl-C, progress and ``TooWide``;
* ``plan``: the one scan of an edge order (slots, entering and leaving vertices);
* ``mate``, ``oriented``, ``pairs``: machines for paths, matchings and cycles (mate
  arrays), for cycles in mixed graphs, and for the pairing relation;
* ``spec``: the user-writable Python spec API (``root`` / ``child``), its engine
  ``build`` and spec composition (``intersection``);
* ``assemble``: a layered diagram given as codes (the Python spec engine's) into a
  family, through the same reduction and node output.

Applications (graph families in ``zalg.paths`` and ``zalg.pairing``, puzzles)
build on these; the engine knows none of them.
"""

from .assemble import assemble
from .machine import (DEAD, GOING, SKIP, Machine, compiled, final_function, step_function,
                      takes_function)
from .plan import FrontierPlan, plan_of, terminal_labels
from .pointers import at, offset
from .run import run_machine
from .spec import ACCEPT, REJECT, Spec, build, intersection

__all__ = ["Spec", "REJECT", "ACCEPT", "build", "intersection", "assemble",
           "FrontierPlan", "plan_of", "terminal_labels", "Machine", "run_machine",
           "step_function", "final_function", "takes_function", "compiled", "DEAD", "GOING", "SKIP",
           "at", "offset"]
