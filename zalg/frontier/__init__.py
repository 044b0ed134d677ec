"""The frontier engine: top-down ZDD construction (TdZdd, Knuth's SIMPATH).

* ``spec``: the user-writable spec API (``root`` / ``child``), the generic
  layer-by-layer engine ``build`` and spec composition (``intersection``);
* ``plan``: the one scan of an edge order (slots, entering and leaving vertices),
  kept per graph with the caches derived from it;
* ``mate``, ``pairing_layers``: compiled layers for paths, matchings, cycles and
  the pairing relation (mate arrays over frontier slots);
* ``run``: running compiled layers with memory checks, Ctrl-C and progress;
* ``assemble``: every construction's last step, node arrays into CUDD.

Applications (graph families in ``zalg.paths`` and ``zalg.pairing``, puzzles)
build on these; the engine knows none of them.
"""

from .assemble import assemble
from .plan import FrontierPlan, plan_of, terminal_labels
from .run import run_layers
from .spec import ACCEPT, REJECT, Spec, build, intersection

__all__ = ["Spec", "REJECT", "ACCEPT", "build", "intersection", "assemble", "run_layers",
           "FrontierPlan", "plan_of", "terminal_labels"]
