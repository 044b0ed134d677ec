"""zalg: symbolic algebra on families of sets, stored as ZDDs in CUDD (through ``dd``).

>>> from zalg import Universe
>>> U = Universe("abcde")
>>> F = U.parse("a*(b + c) + d*e")
>>> F / U.single("a") == U.parse("b + c")
True
"""

from .errors import OutOfMemory, TooWide
from .family import Family, intersection, union
from . import interop
from .graph import Graph, grid
from .pairing import pair_element, pairing_relation, pairing_universe
from .relation import Relation
from .universe import Universe

__all__ = ["Universe", "Family", "Graph", "grid", "union", "intersection", "load",
           "pairing_relation", "pairing_universe", "pair_element", "OutOfMemory",
           "TooWide", "Relation"]
__version__ = "0.1.0"


def load(path, universe: Universe | None = None) -> Family:
    """The family saved in ``path`` by ``Family.dump``, in a new universe or in
    ``universe`` (which must hold the file's elements, of the same types, in the
    same relative order).  Never executes code from the file; a damaged or
    hostile file raises ``ValueError`` with one line."""
    from .persist import read
    elements, level, hi, lo, root = read(path)
    U = Universe(elements) if universe is None else universe
    return U.from_arrays(elements, level, hi, lo, root, str(path))
