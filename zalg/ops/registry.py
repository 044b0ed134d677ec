"""The one table of node-making kernels, as the extension holds it (zalg/ops/ops.c).

Each entry is an :class:`Op`: its name, its code (its place in the C table, by which
``kernels.apply`` runs it and other kernels ask for it), how many of its operands are
families, and the table's flags.  Nothing here adds to the table: an operation is added
in C (docs/architecture.md, "How to add an operation on families").
"""
from __future__ import annotations

from typing import NamedTuple

from .extension import kernels

__all__ = ["Op", "table", "op"]


class Op(NamedTuple):
    """An entry of the extension's table."""

    name: str
    code: int
    #: operands that are families: 0 (a builder), 1 or 2
    arity: int
    #: (F, G) and (G, F) share one memo entry (and one entry of CUDD's computed table)
    commutative: bool
    #: the result stays in CUDD's computed table across calls (``Manager.op_cache``)
    cached: bool
    #: the memo table also references the second key of its subproblems
    holds_keys: bool


_TABLE = tuple(Op(name, code, arity, bool(flags & kernels.COMMUTATIVE),
                  bool(flags & kernels.CACHED), bool(flags & kernels.HOLDS_KEYS))
               for name, code, arity, flags in kernels.TABLE)
_BY_NAME = {o.name: o for o in _TABLE}


def table() -> tuple[Op, ...]:
    """Every entry, in code order."""
    return _TABLE


def op(name: str) -> Op:
    """The entry named ``name`` (KeyError naming the table's names otherwise)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"no kernel {name!r} in the table: {sorted(_BY_NAME)}") from None
