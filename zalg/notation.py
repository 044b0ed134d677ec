"""Minato's polynomial notation: ``a*(b + c) + d*e + 1``.

``+`` is union, ``*`` is join, an element name stands for {{x}}, ``1`` for {∅} and
``0`` for ∅.  Parsing goes through sympy; element names must be Python
identifiers (``str(x)`` of the element) for ``parse``; ``to_sympy`` uses
``str(x)`` as the symbol name for any element.
"""

from __future__ import annotations

import sympy
from sympy.parsing.sympy_parser import parse_expr

__all__ = ["parse", "to_sympy", "short_text"]


def parse(universe, text: str):
    if not isinstance(text, str):
        raise TypeError(f"parse() takes a string, got {text!r}")
    names = {str(x): x for x in universe.elements if str(x).isidentifier()}
    symbols = {name: sympy.Symbol(name) for name in names}
    try:
        expr = parse_expr(text, local_dict=symbols, evaluate=False)
    except (SyntaxError, TypeError, ValueError, sympy.SympifyError) as exc:
        raise ValueError(f"cannot parse {text!r} as a family expression: {exc}") from None

    cache = {}

    def convert(e):
        # expressions are shallow (the text's nesting depth), so recursion is fine here
        if e in cache:
            return cache[e]
        if isinstance(e, sympy.Symbol):
            if e.name not in names:
                raise ValueError(f"unknown element {e.name!r} in {text!r}")
            r = universe.single(names[e.name])
        elif e.is_Integer:
            if e < 0:
                raise ValueError(f"negative coefficient {e} in {text!r}: families have no subtraction here")
            r = universe.unit if e > 0 else universe.empty
        elif isinstance(e, sympy.Add):
            r = universe.empty
            for a in e.args:
                r = r | convert(a)
        elif isinstance(e, sympy.Mul):
            r = universe.unit
            for a in e.args:
                r = r * convert(a)
        elif isinstance(e, sympy.Pow) and e.exp.is_Integer and e.exp > 0:
            r = convert(e.base)  # join is idempotent on single sets: x*x = x
        else:
            raise ValueError(f"cannot read {e} in {text!r} as a family")
        cache[e] = r
        return r

    return convert(expr)


def to_sympy(family):
    """The sum over members of the product of their elements' symbols."""
    terms = [sympy.Mul(*[sympy.Symbol(str(x)) for x in _sorted(family, m)]) for m in family]
    return sympy.Add(*terms)


def _sorted(family, member):
    level = family.universe.level
    return sorted(member, key=level)


def short_text(family, limit: int = 8) -> str:
    """A readable one-line text: the members in Minato notation when there are few."""
    n = family.count()
    if n == 0:
        return "Family(0)"
    if n > limit:
        return f"Family(<{n} members, {family.node_count()} nodes>)"
    terms = []
    for m in family:
        terms.append("*".join(str(x) for x in _sorted(family, m)) if m else "1")
    return "Family(" + " + ".join(terms) + ")"
