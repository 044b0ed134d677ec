"""The family operations: one module per operation, entered in the one table below.

Each operation module holds its set-notation docstring and its compiled steps
(CUDD's ``cuddZddSetop.c`` keeps one recursive function per operation; the
iterative driver in ``..driver`` splits that function at its recursive calls):

* ``terminal(a, b, k, env)``: the result without recursion, or -1 (``env``:
  see ``..nodes``);
* ``children(x, y, k, env)``: the subproblems (op, f, g) it needs, written with
  ``put_kid``; returns how many;
* ``combine(x, y, phase, k, env, vals, base)``: ``vals[base + i]`` holds the result
  of the i-th subproblem asked for so far (over all phases); returns the result,
  kept as a temporary, as ``(node, 0)``, or ``(0, n)``: n more subproblems
  (``put_kid``) are needed first, and combine runs again with ``phase + 1``.
  Operations use one another as subproblems (``minimal`` asks for ``nonsup``) and
  call the set operations of ``..setop`` directly (``_common.union``, ...): both
  notice Ctrl-C and the memory budget;
* optionally ``finish(a, b, result, env)``: a last step on the root's result;
* ``CODE``: given by the table below; ``USES``: the operations it asks for as
  subproblems (``put_kid(env, i, nonsup.CODE, ...)``); ``COMMUTATIVE = True`` when
  (F, G) and (G, F) share one memo entry; ``HOLDS_KEYS = True`` when it asks for
  subproblems on nodes it built itself (the memo table then references them).

Adding an operation: write its module (and, if it asks for another operation as a
subproblem, name that one in ``USES``), add one ``register`` line below, give it a
method in ``zalg.algebra.family``, a definition in docs/algebra.md and a test.  The code,
the dispatch and the driver compiled for it follow from this table
(``registry``); nothing else lists the operations.
"""
from __future__ import annotations

from . import (change, exists, exists_minimal, exists_within, forall, hitting, image, join,
               maximal, minimal, minimal_upset, nonsub, nonsup, nonsup_unions, offset, onset,
               quotient, size, unique_exists)
from .registry import Op, register, table

__all__ = ["Op", "register", "table", "JOIN", "QUOT", "NONSUP", "NONSUP_U", "NONSUB", "MINIMAL",
           "MAXIMAL", "EXISTS", "FORALL", "CHANGE", "ONSET", "OFFSET", "SIZE", "HIT", "MINEX",
           "UNIQ", "EXWITHIN", "MINUP", "IMAGE"]

# an operation is registered after those it USES
JOIN = register(join)
QUOT = register(quotient)
NONSUP = register(nonsup)
NONSUP_U = register(nonsup_unions)
NONSUB = register(nonsub)
MINIMAL = register(minimal)
MAXIMAL = register(maximal)
EXISTS = register(exists)
FORALL = register(forall)
CHANGE = register(change)
ONSET = register(onset)
OFFSET = register(offset)
SIZE = register(size)
HIT = register(hitting)
MINEX = register(exists_minimal)
UNIQ = register(unique_exists)
EXWITHIN = register(exists_within)
MINUP = register(minimal_upset)
IMAGE = register(image)
