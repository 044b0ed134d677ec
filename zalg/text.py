"""Texts for people: integers of any size, abbreviated members, element names that are
safe to print on a terminal.

Python refuses ``str(n)`` for an int of more than 4,300 digits (a guard against
quadratic work on untrusted *input*); counts zalg computes itself can be larger
(the power set of 15,000 elements has 10^4515 members), so ``decimal`` writes any
int exactly, in O(d^1.6) for d digits, and ``short_int`` abbreviates it for a
one-line summary.
"""

from __future__ import annotations

__all__ = ["decimal", "short_int", "safe", "abbreviated"]

#: digits written by one ``str`` call (below Python's 4,300-digit guard)
_CHUNK = 4000
_POWERS: dict[int, int] = {}


def _power(k: int) -> int:
    """10 ** (_CHUNK * 2 ** k), cached."""
    p = _POWERS.get(k)
    if p is None:
        p = 10 ** _CHUNK if k == 0 else _power(k - 1) ** 2
        _POWERS[k] = p
    return p


def decimal(n: int) -> str:
    """The exact decimal text of the integer ``n``, whatever its size."""
    n = int(n)
    if n < 0:
        return "-" + decimal(-n)
    k = -1
    while n >= _power(k + 1):
        k += 1
    return _digits(n, k, False)


def _digits(value: int, k: int, pad: bool) -> str:
    """``value`` < 10^(_CHUNK * 2^(k+1)) in decimal; with ``pad``, in exactly that many
    digits (leading zeros).  Recursion depth: log2 of the digits over _CHUNK."""
    if k < 0:
        text = str(value)
        return text.zfill(_CHUNK) if pad else text
    high, low = divmod(value, _power(k))
    if high == 0 and not pad:
        return _digits(low, k - 1, False)
    return _digits(high, k - 1, pad) + _digits(low, k - 1, True)


def short_int(n: int, digits: int = 24) -> str:
    """``n`` in full when it has at most ``digits`` digits, else its first and last
    digits and how many there are: ``12345678…56789 (4516 digits)``."""
    text = decimal(n)
    sign = "-" if text.startswith("-") else ""
    body = text.lstrip("-")
    if len(body) <= digits:
        return text
    half = max(digits // 2 - 1, 1)
    return f"{sign}{body[:half]}…{body[-half:]} ({len(body)} digits)"


def safe(text: str, limit: int = 200) -> str:
    """``text`` with control characters and other unprintables escaped (no terminal
    escape sequence, carriage return or bell reaches the screen), cut to ``limit``."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def abbreviated(items: list[str], sep: str, most: int = 12) -> str:
    """``items`` joined by ``sep``; past ``most`` of them, the first few, ``…`` and how
    many there are."""
    if len(items) <= most:
        return sep.join(items)
    return sep.join(items[: most - 2]) + f"{sep}…{sep}{items[-1]} ({len(items)} elements)"
