"""Minato's polynomial notation: ``a*(b + c) + d*e + 1``.

``+`` is union, ``*`` is join, an element name stands for {{x}}, ``1`` for {∅}
and ``0`` for ∅.  The grammar is small and read by a parser of its own that
never evaluates anything (no ``eval``, no sympy)::

    expr   := term ('+' term)*
    term   := factor ('*' factor)*
    factor := NAME | '0' | '1' | '(' expr ')'

NAME is an identifier, ``str(x)`` of an element x of the universe (elements
whose text is not an identifier cannot be named here).  Parsing is iterative
(operator-precedence with explicit stacks), so sums of any length and deep
parentheses are fine; every malformed text is a ``ValueError`` naming the
position.  ``to_sympy`` (optional: needs sympy) writes a family as a sympy
polynomial.
"""

from __future__ import annotations

from html import escape

from ..text import abbreviated, short_int

__all__ = ["parse", "to_sympy", "short_text", "html_summary", "tokens"]

_OPS = {"+": 1, "*": 2}  # precedence


def tokens(text: str) -> list[tuple[str, str, int]]:
    """(kind, text, position) for every token: kinds NAME, NUM, OP, LPAR, RPAR."""
    out = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch in "+*":
            out.append(("OP", ch, i))
            i += 1
        elif ch == "(":
            out.append(("LPAR", ch, i))
            i += 1
        elif ch == ")":
            out.append(("RPAR", ch, i))
            i += 1
        elif ch.isalnum() or ch == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            word = text[i:j]
            if word.isidentifier():
                out.append(("NAME", word, i))
            elif word.isdigit() and word.isascii():
                out.append(("NUM", word, i))
            else:
                raise ValueError(f"cannot parse {_shown(text)}: {word[:30]!r} at position {i} "
                                 "is neither a name nor 0 or 1")
            i = j
        else:
            raise ValueError(f"cannot parse {_shown(text)}: unexpected character {ch!r} "
                             f"at position {i}")
    return out


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 60 else repr(text[:57] + "...")


def parse(universe, text: str):
    """The family of a Minato expression over ``universe``'s elements.

    The whole text is checked first (syntax and names, no family is built), so a
    mistake anywhere is reported at once, however long the text."""
    if not isinstance(text, str):
        raise TypeError(f"parse() takes a string, got {text!r}")
    values: list = []
    for kind, item in _postfix(text, _names(universe)):
        if kind == "op":
            b = values.pop()
            a = values.pop()
            values.append(a | b if item == "+" else a * b)
        elif kind == "name":
            values.append(universe.single(item))
        else:
            values.append(universe.unit if item else universe.empty)
    return values[0]


_AMBIGUOUS = object()


def _names(universe) -> dict:
    """{text: element} for the elements whose ``str`` is an identifier; a text shared
    by two elements (``'True'`` and ``True``) maps to a marker and is refused."""
    names: dict = {}
    for x in universe.elements:
        name = str(x)
        if name.isidentifier():
            names[name] = _AMBIGUOUS if name in names else x
    return names


def _postfix(text: str, names: dict) -> list[tuple[str, object]]:
    """The expression in postfix order — ("name", element), ("num", 0 or 1),
    ("op", "+" or "*") — by operator precedence with explicit stacks (no recursion);
    every malformed text is a ValueError naming the position."""
    out: list = []
    ops: list = []             # operator stack: ("+"/"*"/"(", position)
    expect_operand = True

    def fail(why: str):
        raise ValueError(f"cannot parse {_shown(text)}: {why}")

    for kind, tok, pos in tokens(text):
        if expect_operand:
            if kind == "NAME":
                element = names.get(tok, None)
                if tok not in names:
                    fail(f"unknown element {tok!r} at position {pos}")
                if element is _AMBIGUOUS:
                    fail(f"{tok!r} at position {pos} names two elements of the universe")
                out.append(("name", element))
                expect_operand = False
            elif kind == "NUM":
                if tok.lstrip("0") not in ("", "1"):
                    fail(f"{tok[:30]} at position {pos}: only 0 (the empty family) and 1 "
                         "(the family {∅}) are numbers here")
                out.append(("num", 1 if tok.strip("0") else 0))
                expect_operand = False
            elif kind == "LPAR":
                ops.append(("(", pos))
            else:
                fail(f"expected a name, 0, 1 or '(' at position {pos}, got {tok!r}")
        elif kind == "OP":
            while ops and ops[-1][0] != "(" and _OPS[ops[-1][0]] >= _OPS[tok]:
                out.append(("op", ops.pop()[0]))
            ops.append((tok, pos))
            expect_operand = True
        elif kind == "RPAR":
            while ops and ops[-1][0] != "(":
                out.append(("op", ops.pop()[0]))
            if not ops:
                fail(f"')' at position {pos} closes nothing")
            ops.pop()
        else:
            fail(f"expected '+', '*' or ')' at position {pos}, got {tok!r}")
    if expect_operand:
        fail("the expression " + ("is empty" if not out and not ops else "ends early"))
    while ops:
        op, pos = ops.pop()
        if op == "(":
            fail(f"'(' at position {pos} is never closed")
        out.append(("op", op))
    return out


def to_sympy(family):
    """The sum over members of the product of their elements' symbols (needs sympy)."""
    try:
        import sympy
    except ImportError:  # pragma: no cover - depends on the installation
        raise ImportError("to_sympy needs sympy: pip install 'zalg[sympy]'") from None
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
        return f"Family(<{short_int(n)} members, {family.node_count()} nodes>)"
    terms = []
    for m in family:
        terms.append(abbreviated([str(x) for x in _sorted(family, m)], "*") if m else "1")
    return "Family(" + " + ".join(terms) + ")"


def _grouped(n: int) -> str:
    """``1,234,567`` up to 60 digits, abbreviated past them (``short_int``)."""
    return f"{n:,}" if n < 10 ** 60 else short_int(n, 60)


def html_summary(family, shown: int = 5) -> str:
    """A small HTML table for notebooks: members, ZDD nodes, elements and the first
    ``shown`` members (element texts escaped)."""
    n = family.count()
    rows = [("members", _grouped(n)), ("ZDD nodes", f"{family.node_count():,}"),
            ("elements", f"{len(family.universe):,}")]
    items = []
    for k, m in zip(range(shown), family):
        items.append("{" + escape(abbreviated([str(x) for x in _sorted(family, m)], ", ")) + "}")
    if n > shown:
        items.append(f"… and {_grouped(n - shown)} more")
    body = "".join(f"<tr><th style='text-align:left'>{a}</th><td>{b}</td></tr>" for a, b in rows)
    listing = "".join(f"<li><code>{x}</code></li>" for x in items)
    return (f"<div><strong>zalg Family</strong><table>{body}</table>"
            + (f"<ul>{listing}</ul>" if listing else "") + "</div>")
