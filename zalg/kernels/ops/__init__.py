"""The registry of family operations: one module per operation, listed here.

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
* optionally ``finish(a, b, result, env)``: a last step on the root's result.

``memo_key`` names a subproblem in the memo table of the call (``..memo``).

Adding an operation: write its module, then list it in the dispatchers below
(and give it a method in ``zalg.family``).
"""
from __future__ import annotations

from ..native import jit
from . import (change, exists, exists_minimal, exists_within, forall, hitting, image, join,
               maximal, meet, minimal, minimal_upset, nonsub, nonsup, offset, onset, quotient,
               size, unique_exists)
JOIN = join.CODE
MEET = meet.CODE
QUOT = quotient.CODE
NONSUP = nonsup.CODE
NONSUB = nonsub.CODE
MINIMAL = minimal.CODE
MAXIMAL = maximal.CODE
EXISTS = exists.CODE
FORALL = forall.CODE
CHANGE = change.CODE
ONSET = onset.CODE
OFFSET = offset.CODE
SIZE = size.CODE
HIT = hitting.CODE
MINEX = exists_minimal.CODE
UNIQ = unique_exists.CODE
EXWITHIN = exists_within.CODE
MINUP = minimal_upset.CODE
IMAGE = image.CODE

@jit
def memo_key(op, a, b):
    """(a, b) of subproblem (op, a, b) in the memo table: commutative operations store
    (min, max)."""
    if (op == JOIN or op == MEET) and a > b:
        return b, a
    return a, b


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
    if op == MINUP:
        return minimal_upset.terminal(a, b, k, env)
    if op == IMAGE:
        return image.terminal(a, b, k, env)
    return -1


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
    if op == MINUP:
        return minimal_upset.children(x, y, k, env)
    if op == IMAGE:
        return image.children(x, y, k, env)
    return 0


@jit
def combine(op, x, y, phase, k, env, vals, base):
    if op == JOIN:
        return join.combine(x, y, phase, k, env, vals, base)
    if op == MEET:
        return meet.combine(x, y, phase, k, env, vals, base)
    if op == QUOT:
        return quotient.combine(x, y, phase, k, env, vals, base)
    if op == NONSUP:
        return nonsup.combine(x, y, phase, k, env, vals, base)
    if op == NONSUB:
        return nonsub.combine(x, y, phase, k, env, vals, base)
    if op == MINIMAL:
        return minimal.combine(x, y, phase, k, env, vals, base)
    if op == MAXIMAL:
        return maximal.combine(x, y, phase, k, env, vals, base)
    if op == EXISTS:
        return exists.combine(x, y, phase, k, env, vals, base)
    if op == FORALL:
        return forall.combine(x, y, phase, k, env, vals, base)
    if op == CHANGE:
        return change.combine(x, y, phase, k, env, vals, base)
    if op == ONSET:
        return onset.combine(x, y, phase, k, env, vals, base)
    if op == OFFSET:
        return offset.combine(x, y, phase, k, env, vals, base)
    if op == SIZE:
        return size.combine(x, y, phase, k, env, vals, base)
    if op == HIT:
        return hitting.combine(x, y, phase, k, env, vals, base)
    if op == MINEX:
        return exists_minimal.combine(x, y, phase, k, env, vals, base)
    if op == UNIQ:
        return unique_exists.combine(x, y, phase, k, env, vals, base)
    if op == EXWITHIN:
        return exists_within.combine(x, y, phase, k, env, vals, base)
    if op == MINUP:
        return minimal_upset.combine(x, y, phase, k, env, vals, base)
    if op == IMAGE:
        return image.combine(x, y, phase, k, env, vals, base)
    return 0, 0


@jit
def finish(op, a, b, result, env):
    if op == FORALL:
        return forall.finish(a, b, result, env)
    if op == HIT:
        return hitting.finish(a, b, result, env)
    return result
