"""Every node-making recursion on CUDD nodes, in one table held by the compiled extension.

``zalg.ops._kernels`` (zalg/ops/*.c, built by setup.py) holds the table
(zalg/ops/ops.c): the operations on the one driver, each given by three steps in its
own C file (terminal, children, combine; driver.c), and the kernels with recursions of
their own (setop.c: union, intersection, difference, the quotient by one set; meet.c;
quotients.c and substitute.c: the mask pass; build.c: cardinality families and power
sets).  Each file's top comment states its operation in set notation and its
recursion.  The names below are the table's entries (``registry``); ``Manager.apply``
runs any of them.
"""
from __future__ import annotations

from .registry import Op, op, table

__all__ = ["Op", "op", "table", "JOIN", "QUOT", "NONSUP", "NONSUP_U", "NONSUB", "MINIMAL",
           "MAXIMAL", "EXISTS", "FORALL", "CHANGE", "ONSET", "OFFSET", "SIZE", "HIT", "MINEX",
           "UNIQ", "EXWITHIN", "MINUP", "IMAGE", "UNION", "INTERSECT", "DIFF", "QUOT_SET",
           "MEET", "QUOTIENTS", "SUBSTITUTE", "EXACTLY", "AT_MOST", "AT_LEAST", "POWER"]

JOIN = op("join")
QUOT = op("quotient")
NONSUP = op("nonsup")
NONSUP_U = op("nonsup_unions")
NONSUB = op("nonsub")
MINIMAL = op("minimal")
MAXIMAL = op("maximal")
EXISTS = op("exists")
FORALL = op("forall")
CHANGE = op("change")
ONSET = op("onset")
OFFSET = op("offset")
SIZE = op("size")
HIT = op("hitting")
MINEX = op("exists_minimal")
UNIQ = op("unique_exists")
EXWITHIN = op("exists_within")
MINUP = op("minimal_upset")
IMAGE = op("image")
UNION = op("union")
INTERSECT = op("intersect")
DIFF = op("diff")
QUOT_SET = op("quotient_by_set")
MEET = op("meet")
QUOTIENTS = op("quotients")
SUBSTITUTE = op("substitute_on_top")
EXACTLY = op("exactly")
AT_MOST = op("at_most")
AT_LEAST = op("at_least")
POWER = op("power_set")
