"""The registry of family operations: one module per operation, listed here.

Each operation module holds its set-notation docstring and its compiled steps
(CUDD's ``cuddZddSetop.c`` keeps one recursive function per operation; the
iterative driver in ``..driver`` splits that function at its recursive calls):

* ``terminal(a, b, k, env)``: the result without recursion, or -1 (``env``:
  see ``..nodes``);
* ``children(x, y, k, env)``: the subproblems (op, f, g) it needs, written with
  ``put_kid``; returns how many;
* ``result(memo, a, b, k, env)``: the result if known (a terminal
  case or a memo entry), else -1; operations read subresults through it,
  their own and those of the operations they use (``minimal`` reads ``nonsup``);
* ``combine(x, y, phase, k, env, memo)``: the result from the subproblems'
  results, kept as a temporary, as ``(node, 0)``; or ``(0, n)``: n more
  subproblems (``put_kid``) are needed first, and combine runs again with
  ``phase + 1``;
* optionally ``finish(a, b, result, ...)``: a last step on the root's result.

Adding an operation: write its module, then list it in the four dispatchers
below (and give it a method in ``zalg.family``).
"""
from __future__ import annotations

from ..memo import get
from ..native import jit
from . import (change, exists, exists_minimal, exists_within, forall, hitting, join,
               maximal, meet, minimal, nonsub, nonsup, offset, onset, quotient, size,
               unique_exists)

JOIN, MEET, QUOT, NONSUP, NONSUB = join.CODE, meet.CODE, quotient.CODE, nonsup.CODE, nonsub.CODE
MINIMAL, MAXIMAL, EXISTS, FORALL = minimal.CODE, maximal.CODE, exists.CODE, forall.CODE
CHANGE, ONSET, OFFSET, SIZE, HIT = change.CODE, onset.CODE, offset.CODE, size.CODE, hitting.CODE
MINEX, UNIQ, EXWITHIN = exists_minimal.CODE, unique_exists.CODE, exists_within.CODE


@jit
def key(op, a, b):
    """The memo key: commutative operations store (op, min, max)."""
    if (op == JOIN or op == MEET) and a > b:
        return op, b, a
    return op, a, b


@jit
def terminal(op, a, b, k, env):
    if op == JOIN:
        return join.terminal(a, b, k, env)
    if op == MEET:
        return meet.terminal(a, b, k, env)
    if op == QUOT:
        return quotient.terminal(a, b, k, env)
    if op == NONSUP:
        return nonsup.terminal(a, b, k, env)
    if op == NONSUB:
        return nonsub.terminal(a, b, k, env)
    if op == MINIMAL:
        return minimal.terminal(a, b, k, env)
    if op == MAXIMAL:
        return maximal.terminal(a, b, k, env)
    if op == EXISTS:
        return exists.terminal(a, b, k, env)
    if op == FORALL:
        return forall.terminal(a, b, k, env)
    if op == CHANGE:
        return change.terminal(a, b, k, env)
    if op == ONSET:
        return onset.terminal(a, b, k, env)
    if op == OFFSET:
        return offset.terminal(a, b, k, env)
    if op == SIZE:
        return size.terminal(a, b, k, env)
    if op == HIT:
        return hitting.terminal(a, b, k, env)
    if op == MINEX:
        return exists_minimal.terminal(a, b, k, env)
    if op == UNIQ:
        return unique_exists.terminal(a, b, k, env)
    if op == EXWITHIN:
        return exists_within.terminal(a, b, k, env)
    return -1


@jit
def resolve(memo, op, a, b, k, env):
    """The result of (op, a, b) if known (terminal case or memo), else -1."""
    t = terminal(op, a, b, k, env)
    if t != -1:
        return t
    ko, ka, kb = key(op, a, b)
    return get(memo, ko, ka, kb)


@jit
def children(op, x, y, k, env):
    if op == JOIN:
        return join.children(x, y, k, env)
    if op == MEET:
        return meet.children(x, y, k, env)
    if op == QUOT:
        return quotient.children(x, y, k, env)
    if op == NONSUP:
        return nonsup.children(x, y, k, env)
    if op == NONSUB:
        return nonsub.children(x, y, k, env)
    if op == MINIMAL:
        return minimal.children(x, y, k, env)
    if op == MAXIMAL:
        return maximal.children(x, y, k, env)
    if op == EXISTS:
        return exists.children(x, y, k, env)
    if op == FORALL:
        return forall.children(x, y, k, env)
    if op == CHANGE:
        return change.children(x, y, k, env)
    if op == ONSET:
        return onset.children(x, y, k, env)
    if op == OFFSET:
        return offset.children(x, y, k, env)
    if op == SIZE:
        return size.children(x, y, k, env)
    if op == HIT:
        return hitting.children(x, y, k, env)
    if op == MINEX:
        return exists_minimal.children(x, y, k, env)
    if op == UNIQ:
        return unique_exists.children(x, y, k, env)
    if op == EXWITHIN:
        return exists_within.children(x, y, k, env)
    return 0


@jit
def combine(op, x, y, phase, k, env, memo):
    if op == JOIN:
        return join.combine(x, y, phase, k, env, memo)
    if op == MEET:
        return meet.combine(x, y, phase, k, env, memo)
    if op == QUOT:
        return quotient.combine(x, y, phase, k, env, memo)
    if op == NONSUP:
        return nonsup.combine(x, y, phase, k, env, memo)
    if op == NONSUB:
        return nonsub.combine(x, y, phase, k, env, memo)
    if op == MINIMAL:
        return minimal.combine(x, y, phase, k, env, memo)
    if op == MAXIMAL:
        return maximal.combine(x, y, phase, k, env, memo)
    if op == EXISTS:
        return exists.combine(x, y, phase, k, env, memo)
    if op == FORALL:
        return forall.combine(x, y, phase, k, env, memo)
    if op == CHANGE:
        return change.combine(x, y, phase, k, env, memo)
    if op == ONSET:
        return onset.combine(x, y, phase, k, env, memo)
    if op == OFFSET:
        return offset.combine(x, y, phase, k, env, memo)
    if op == SIZE:
        return size.combine(x, y, phase, k, env, memo)
    if op == HIT:
        return hitting.combine(x, y, phase, k, env, memo)
    if op == MINEX:
        return exists_minimal.combine(x, y, phase, k, env, memo)
    if op == UNIQ:
        return unique_exists.combine(x, y, phase, k, env, memo)
    if op == EXWITHIN:
        return exists_within.combine(x, y, phase, k, env, memo)
    return 0, 0


@jit
def finish(op, a, b, result, env):
    if op == FORALL:
        return forall.finish(a, b, result, env)
    if op == HIT:
        return hitting.finish(a, b, result, env)
    return result
