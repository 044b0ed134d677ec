"""zalg: symbolic algebra on families of sets, stored as ZDDs in CUDD (through ``dd``).

>>> from zalg import Universe
>>> U = Universe("abcde")
>>> F = U.parse("a*(b + c) + d*e")
>>> F / U.single("a") == U.parse("b + c")
True
"""

from .family import Family, intersection, union
from .graph import Graph, grid
from .pairing import pair_element, pairing_relation, pairing_universe
from .universe import Universe

__all__ = ["Universe", "Family", "Graph", "grid", "union", "intersection", "load",
           "pairing_relation", "pairing_universe", "pair_element"]
__version__ = "0.1.0"


def load(path, universe=None):
    """Load a family saved with ``Family.dump`` (never executes code from the file)."""
    from .persist import load as _load
    return _load(path, universe)
