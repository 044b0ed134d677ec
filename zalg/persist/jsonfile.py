"""The JSON file format (for interchange; gzip when the name ends in ``.gz``)::

    {"format": "zalg-family", "version": 1,
     "elements": [<encoded element>, ...],        # universe order (``elements.py``)
     "nodes": [[level, hi, lo], ...],             # ids from 2; 0 = ∅, 1 = {∅}
     "root": <id>}

Children have smaller ids than parents.  Reading parses the text with ``json`` and
checks every field; the rows become arrays in whole-array steps (no Python step
per node besides the parser's own).
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Hashable, Sequence

import numpy as np

from . import elements as E
from .nodes import FORMAT, Stored, check

__all__ = ["to_bytes", "read", "GZIP_MAGIC"]

VERSION = 1
GZIP_MAGIC = b"\x1f\x8b"


def to_bytes(elements: Sequence[Hashable], level: np.ndarray, hi: np.ndarray, lo: np.ndarray,
             root: int, gz: bool = False) -> bytes:
    """The JSON document of a family's node arrays (gzip-compressed if ``gz``)."""
    rows = np.stack((level[2:], hi[2:], lo[2:]), axis=1).astype(np.int64).tolist()
    doc = {"format": FORMAT, "version": VERSION, "elements": [E.encode(x) for x in elements],
           "nodes": rows, "root": int(root)}
    raw = json.dumps(doc, separators=(",", ":")).encode("utf-8")
    return gzip.compress(raw, compresslevel=6) if gz else raw


def _inflated(raw: bytes, name: str, limit: int) -> bytes:
    """``raw``, decompressed if it is gzip, at most ``limit`` bytes either way."""
    if len(raw) > limit:
        raise ValueError(f"{name} is larger than {limit} bytes")
    if raw[:2] != GZIP_MAGIC:
        return raw
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflate.decompress(raw, limit + 1)
    except zlib.error as exc:
        raise ValueError(f"{name} is not a zalg family file: {exc}") from None
    if len(out) > limit:
        raise ValueError(f"{name} decompresses to more than {limit} bytes")
    return out


def _document(raw: bytes, name: str) -> dict:
    kinds = "an npz or JSON file written by Family.dump"
    if not raw.strip():
        raise ValueError(f"{name} is empty, not a zalg family file ({kinds})")
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ValueError(f"{name} is not a zalg family file ({kinds}): byte {exc.start} "
                         "is neither npz nor UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{name} is not a zalg family file ({kinds}): its text is not JSON "
                         f"(line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError):  # numbers too long, nesting too deep
        raise ValueError(f"{name} is not a zalg family file ({kinds}): its JSON is "
                         "nested too deeply or holds a number too long") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{name} is not a zalg family file (no \"format\": \"{FORMAT}\")")
    version = doc.get("version")
    if type(version) is not int or version != VERSION:
        raise ValueError(f"{name}: unsupported zalg family file version {version!r}")
    return doc


def _rows(nodes) -> np.ndarray:
    """The [level, hi, lo] rows as an (m, 3) int64 array; every entry a JSON integer
    (not true/false, not a string or a float)."""
    if not isinstance(nodes, list):
        raise ValueError("\"nodes\" must be a list")
    if not nodes:
        return np.zeros((0, 3), dtype=np.int64)
    try:
        rows = np.array(nodes, dtype=object)
    except ValueError:
        rows = None
    if rows is None or rows.shape != (len(nodes), 3):
        raise ValueError("\"nodes\" must be a list of [level, hi, lo] rows")
    ints = np.frompyfunc(type, 1, 1)(rows) == int
    bad = np.flatnonzero(~ints.all(axis=1))
    if len(bad):
        raise ValueError(f"node {int(bad[0]) + 2} is not [level, hi, lo] (integers)")
    return rows.astype(np.int64)  # OverflowError past 64 bits


def read(raw: bytes, name: str, limit: int) -> Stored:
    """The family of a JSON (or gzip JSON) file's bytes, every field checked."""
    doc = _document(_inflated(raw, name, limit), name)
    try:
        elements = E.from_value(doc["elements"])
        rows = _rows(doc["nodes"])
        root = doc["root"]
        if not isinstance(root, int) or isinstance(root, bool):
            raise ValueError("\"root\" must be an integer")
        terminals = np.full(2, len(elements), dtype=np.int64)
        level = np.concatenate((terminals, rows[:, 0]))
        hi = np.concatenate((terminals * 0, rows[:, 1]))
        lo = np.concatenate((terminals * 0, rows[:, 2]))
        check(level, hi, lo, root, len(elements))
    except (KeyError, TypeError) as exc:
        raise ValueError(f"{name} is a damaged zalg family file: missing or bad {exc}") from None
    except (ValueError, OverflowError) as exc:
        raise ValueError(f"{name} is a damaged zalg family file: {exc}") from None
    return Stored(elements, level, hi, lo, root, name)
