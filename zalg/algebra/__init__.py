"""The algebra: a ``Universe`` of ordered elements and its families of sets.

``universe`` (elements, constant families, parsing), ``family`` (``Family``: the set
operations and every other operation of docs/algebra.md), ``relation`` (a relation of
rows compiled into transitions per level), ``notation`` (Minato's notation, parsed
without evaluating code)."""
