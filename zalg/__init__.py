"""zalg: symbolic algebra on families of sets, stored as ZDDs in CUDD (through ``dd``).

>>> from zalg import Universe
>>> U = Universe("abcde")
>>> F = U.parse("a*(b + c) + d*e")
>>> F / U.single("a") == U.parse("b + c")
True
"""

from .errors import OutOfMemory, TooWide
from .cudd.interrupts import must_not_raise
from .algebra.family import Family, intersection, union
from .graphs import interop
from .graphs.digraph import DiGraph
from .graphs.graph import Graph, grid
from .graphs.pairing import pair_element, pairing_relation, pairing_universe
from .persist import loads as decode
from .persist import read
from .algebra.relation import Relation
from .algebra.universe import Universe
from .settings import configure

__all__ = ["Universe", "Family", "Graph", "DiGraph", "grid", "union", "intersection", "load",
           "loads",
           "pairing_relation", "pairing_universe", "pair_element", "OutOfMemory",
           "TooWide", "Relation", "must_not_raise", "configure"]
__version__ = "0.1.0"


def load(source, universe: Universe | None = None) -> Family:
    """The family saved by ``Family.dump`` in ``source``: a path, a binary file object
    or ``"-"`` (standard input); the format (npz or JSON, gzip or not) is recognised
    from the content.  Read into a new universe of the saved elements, or into
    ``universe`` (which must hold the elements the family uses, of the same types,
    in the same relative order).  Never executes code from the file; a damaged or
    hostile file raises ``ValueError`` with one line."""
    return _built(read(source), universe)


def loads(data: bytes, universe: Universe | None = None) -> Family:
    """The family of ``data``, bytes of ``Family.dumps`` (or of a saved file), like ``load``."""
    return _built(decode(data), universe)


def _built(stored, universe: Universe | None) -> Family:
    """The family of checked ``persist.Stored`` content, in ``universe`` or a new one."""
    U = Universe(stored.elements) if universe is None else universe
    return U.from_arrays(stored.elements, stored.level, stored.hi, stored.lo, stored.root,
                         stored.source)
