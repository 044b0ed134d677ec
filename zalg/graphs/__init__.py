"""Families of subgraphs: a ``Graph`` over its edges and what is built on it.

``graph`` (``Graph``, ``grid``), ``plan`` (the one scan of an edge order), ``mate``,
``oriented`` and ``pairs`` (the frontier machines of paths, matchings and cycles),
``paths`` (the families they build), ``mate_algebra`` (the same families bottom up),
``pairing`` (the pairing relation of path matchings), ``interop`` (networkx and
Graphillion), ``components`` and ``degrees`` (the machines of trees, partitions and
degree classes), ``classes`` (classes composed by the algebra), ``order`` (edge orders
of general graphs), ``digraph`` (``DiGraph``)."""

from .digraph import DiGraph
from .graph import Graph, edge, grid, grid_edges
from .pairing import pair_element, pairing_relation, pairing_universe
from .paths import build, build_recorded
from .plan import FrontierPlan, plan_of, terminal_labels

__all__ = ["Graph", "DiGraph", "edge", "grid", "grid_edges", "pair_element", "pairing_relation",
           "pairing_universe", "build", "build_recorded", "FrontierPlan", "plan_of",
           "terminal_labels"]
