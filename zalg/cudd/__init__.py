"""The only code below dd's public API: CUDD's manager, nodes, references, computed
table, memory budget and Ctrl-C, as the kernels reach them.

``platform`` (finding dd's CUDD), ``native`` (routine addresses, layout checks, the
termination callback), ``nodes`` (the ``ctx`` layout and the kernels' statuses),
``interrupts`` (where a SIGINT handler must not raise), ``compiling`` and ``cache``
(numba, for user-written machines).  Its C half (zcudd.h, env.c, memo.c, deep.c) is the
foundation every compiled extension links (setup.py): node access, references,
temporaries, pauses, the budget, the memo table of one call, deep stacks.
"""
