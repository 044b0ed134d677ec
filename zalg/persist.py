"""The saved-family file format: a codec between node arrays and files (never pickle:
loading runs no code).  ``Family.dump`` and ``zalg.load`` put it to use.

File layout (``format`` "zalg-family", ``version`` 1)::

    {"format": "zalg-family", "version": 1,
     "elements": [<encoded element>, ...],        # universe order
     "nodes": [[level, hi, lo], ...],             # ids from 2; 0 = ∅, 1 = {∅}
     "root": <id>}

Children have smaller ids than parents.  Elements are encoded as tagged JSON
values: ``["s", text]``, ``["i", int]``, ``["f", float]``, ``["b", bool]``,
``["n"]`` for None and ``["t", [...]]`` for tuples, so tuples such as grid edges
``((0, 0), (0, 1))`` come back exactly.
"""

from __future__ import annotations

import gzip
import json
import os
import stat
import zlib
from pathlib import Path

import numpy as np

__all__ = ["write", "read", "FORMAT", "MAX_FILE_BYTES"]

FORMAT = "zalg-family"
#: The most bytes read from a family file, after decompression.
MAX_FILE_BYTES = 2 << 30


def _encode(x):
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
        return ["t", [_encode(y) for y in x]]
    raise TypeError(f"cannot save element {x!r} of type {type(x).__name__}: "
                    "only str, int, float, bool, None and tuples of them")


def _decode(v):
    if not isinstance(v, list) or not v or v[0] not in ("b", "s", "i", "f", "n", "t"):
        raise ValueError(f"bad element encoding {v!r}")
    tag = v[0]
    if tag == "n":
        return None
    if len(v) != 2:
        raise ValueError(f"bad element encoding {v!r}")
    x = v[1]
    types = {"b": bool, "s": str, "f": (float, int)}
    if tag == "i":
        if not isinstance(x, int) or isinstance(x, bool):
            raise ValueError(f"bad integer element {v!r}")
        return x
    if tag == "t":
        if not isinstance(x, list):
            raise ValueError(f"bad tuple element {v!r}")
        return tuple(_decode(y) for y in x)
    if not isinstance(x, types[tag]):
        raise ValueError(f"bad element encoding {v!r}")
    return float(x) if tag == "f" else x


def write(path, elements, level, hi, lo, root: int) -> None:
    """Save node arrays (ids 0, 1 terminals, children first) with the universe's elements."""
    doc = {
        "format": FORMAT,
        "version": 1,
        "elements": [_encode(x) for x in elements],
        "nodes": [[int(level[i]), int(hi[i]), int(lo[i])] for i in range(2, len(hi))],
        "root": int(root),
    }
    text = json.dumps(doc, separators=(",", ":"))
    path = Path(path)
    if path.suffix == ".gz":
        with gzip.open(path, "wt", encoding="utf-8") as fh:
            fh.write(text)
    else:
        path.write_text(text, encoding="utf-8")


def _raw(path: Path) -> bytes:
    """The file's bytes, decompressed if gzip; regular files only, bounded."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"cannot read {path}: not a regular file")
    if info.st_size > MAX_FILE_BYTES:
        raise ValueError(f"{path} is larger than {MAX_FILE_BYTES} bytes")
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    if raw[:2] != b"\x1f\x8b":
        return raw
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflate.decompress(raw, MAX_FILE_BYTES + 1)
    except zlib.error as exc:
        raise ValueError(f"{path} is not a zalg family file: {exc}") from None
    if len(out) > MAX_FILE_BYTES:
        raise ValueError(f"{path} decompresses to more than {MAX_FILE_BYTES} bytes")
    return out


def _document(path: Path) -> dict:
    raw = _raw(path)
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # JSONDecodeError too
        raise ValueError(f"{path} is not a zalg family file: {str(exc)[:200]}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{path} is not a zalg family file (no \"format\": \"{FORMAT}\")")
    version = doc.get("version")
    if type(version) is not int or version != 1:
        raise ValueError(f"{path}: unsupported zalg family file version {version!r}")
    return doc


def read(path) -> tuple[list, np.ndarray, np.ndarray, np.ndarray, int]:
    """(elements, level, hi, lo, root) of a saved family, every field checked."""
    path = Path(path)
    doc = _document(path)
    try:
        elements = [_decode(v) for v in doc["elements"]]
        nodes = doc["nodes"]
        root = doc["root"]
        if not isinstance(nodes, list) or not isinstance(root, int) or isinstance(root, bool):
            raise ValueError("\"nodes\" must be a list and \"root\" an integer")
        n = len(nodes) + 2
        arr = np.zeros((n, 3), dtype=np.int64)
        for i, row in enumerate(nodes, 2):
            if (not isinstance(row, list) or len(row) != 3
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in row)):
                raise ValueError(f"node {i} is not [level, hi, lo]")
            lev, h, lw = row
            if not 0 <= lev < len(elements):
                raise ValueError(f"node {i} has level {lev} outside 0..{len(elements) - 1}")
            if h == 0:
                raise ValueError(f"node {i} has an empty then-child (not zero-suppressed)")
            if not (0 < h < i and 0 <= lw < i):
                raise ValueError(f"node {i} points to a child that is not below it")
            for c in (h, lw):
                if c >= 2 and arr[c, 0] <= lev:
                    raise ValueError(f"node {i} is not above its child {c}")
            arr[i] = row
        if not 0 <= root < n:
            raise ValueError(f"root {root} is not a node")
    except (KeyError, TypeError) as exc:
        raise ValueError(f"{path} is a damaged zalg family file: missing or bad {exc}") from None
    except (ValueError, OverflowError, RecursionError) as exc:
        raise ValueError(f"{path} is a damaged zalg family file: {exc}") from None
    if len(set(map(repr, elements))) != len(elements) or len(set(elements)) != len(elements):
        raise ValueError(f"{path} is a damaged zalg family file: repeated elements")
    arr[:2, 0] = len(elements)
    return elements, arr[:, 0], arr[:, 1], arr[:, 2], root
