"""The compiled kernels behind ``Family`` and ``Universe``, and the one ``Manager``
through which the rest of zalg reaches a CUDD manager.

Layout (one concern a module): ``native`` (the CUDD / CPython binding),
``nodes`` (node access, references, pauses, CUDD's computed table),
``driver`` (the iterative evaluator), ``ops/`` (one module per operation),
``build`` (cardinality families, bulk node creation), ``export`` (nodes to
arrays), ``evaluate`` (counting, weights, sampling tables).
"""

from __future__ import annotations

from .manager import Manager

__all__ = ["Manager"]
