"""An operation that asks for a subproblem of an operation it does not declare in
``USES`` (nonsup): the driver must refuse it loudly."""
from __future__ import annotations

from zalg.cudd.native import jit
from zalg.cudd.nodes import C_ONE, C_ZERO, cof, level, put_kid
from zalg.ops import nonsup

CODE: int  # given by ``register``


@jit
def terminal(a, b, k, env):
    if a == env[C_ZERO] or a == env[C_ONE]:
        return a
    return -1


@jit
def children(x, y, k, env):
    x0, x1 = cof(x, level(x, env), env)
    put_kid(env, 0, nonsup.CODE, x0, x1)
    return 1


@jit
def combine(x, y, phase, k, env, vals, base):
    return vals[base], 0
