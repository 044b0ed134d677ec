"""Universe elements as data: the tagged JSON encoding both file formats use.

``["s", text]``, ``["i", int]``, ``["f", float]``, ``["b", bool]``, ``["n"]`` for
None and ``["t", [...]]`` for tuples, so that tuples such as grid edges
``((0, 0), (0, 1))`` come back exactly and ``1``, ``1.0`` and ``True`` stay apart.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Sequence

__all__ = ["encode", "decode", "to_bytes", "from_value"]

_TAGS = ("b", "s", "i", "f", "n", "t")


def encode(x: Hashable) -> list:
    """The tagged JSON value of element x (TypeError for a type that cannot be saved)."""
    if isinstance(x, bool):
        return ["b", x]
    if isinstance(x, str):
        return ["s", x]
    if isinstance(x, int):
        return ["i", x]
    if isinstance(x, float):
        return ["f", x]
    if x is None:
        return ["n"]
    if isinstance(x, tuple):
        return ["t", [encode(y) for y in x]]
    raise TypeError(f"cannot save element {x!r} of type {type(x).__name__}: "
                    "only str, int, float, bool, None and tuples of them")


def decode(v) -> Hashable:
    """The element of a tagged JSON value (ValueError for anything else)."""
    if not isinstance(v, list) or not v or v[0] not in _TAGS:
        raise ValueError(f"bad element encoding {v!r}")
    tag = v[0]
    if tag == "n":
        return None
    if len(v) != 2:
        raise ValueError(f"bad element encoding {v!r}")
    x = v[1]
    if tag == "i":
        if not isinstance(x, int) or isinstance(x, bool):
            raise ValueError(f"bad integer element {v!r}")
        return x
    if tag == "t":
        if not isinstance(x, list):
            raise ValueError(f"bad tuple element {v!r}")
        return tuple(decode(y) for y in x)
    types = {"b": bool, "s": str, "f": (float, int)}
    if not isinstance(x, types[tag]):
        raise ValueError(f"bad element encoding {v!r}")
    return float(x) if tag == "f" else x


def to_bytes(elements: Sequence[Hashable]) -> bytes:
    """The elements as one UTF-8 JSON list of tagged values."""
    return json.dumps([encode(x) for x in elements], separators=(",", ":")).encode("utf-8")


def from_value(value) -> list:
    """The elements of a decoded JSON list of tagged values, checked: every value a
    valid encoding, no element repeated (ValueError; deep nesting included)."""
    if not isinstance(value, list):
        raise ValueError("the elements are not a list")
    try:
        elements = [decode(v) for v in value]
    except RecursionError:
        raise ValueError("an element is nested too deeply") from None
    if len(set(map(repr, elements))) != len(elements) or len(set(elements)) != len(elements):
        raise ValueError("repeated elements")
    return elements
