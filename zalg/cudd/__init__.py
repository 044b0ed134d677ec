"""The only code below dd's public API: CUDD's manager, nodes, references, computed
table, memory budget and Ctrl-C, as the kernels reach them.

``platform`` (finding dd's CUDD), ``native`` (routine addresses, layout checks, the
termination callback), ``nodes`` (the ``env`` array, node access, node creation,
references, pauses), ``memo`` (zalg's own memo tables), ``interrupts`` (Ctrl-C around
compiled calls), ``compiling`` and ``cache`` (numba's kernels).  Its C half (zcudd.h,
env.c, memo.c) is the foundation every compiled extension links (setup.py).
"""
