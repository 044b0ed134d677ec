"""Saving and loading families (``Family.dump``, ``Family.dumps``, ``zalg.load``,
``zalg.loads`` and pickling put it to use).

Two formats hold the same content, a universe's elements and a family's node
arrays (``nodes.Stored``):

* ``npz`` (``npzfile.py``): a numpy archive of plain integer arrays, the default —
  an 8 M-node family saves and loads in seconds;
* ``json`` (``jsonfile.py``): for interchange, gzip-compressed when the name ends
  in ``.gz``.

Writing picks the format from ``format=``, else from the name (``.json`` or
``.gz``: JSON; anything else, a file object or ``"-"``: npz).  Reading recognises
it from the first bytes (``PK\\x03\\x04``: npz; anything else is read as JSON,
gzip-compressed or not).  Neither runs code from a file (no pickle, no eval);
every field is checked, and any damaged, truncated or foreign content is one
``ValueError``.
"""

from __future__ import annotations

import io
from collections.abc import Hashable, Sequence
from typing import BinaryIO

import numpy as np

from ..memory import default_budget
from . import files, jsonfile, npzfile
from .nodes import FORMAT, Stored

__all__ = ["write", "read", "dumps", "loads", "Stored", "FORMAT", "FORMATS", "MAX_FILE_BYTES"]

#: The formats ``write`` and ``dumps`` take.
FORMATS = ("npz", "json")
#: The most bytes read from a family file (after decompression, for gzip JSON;
#: the arrays' declared sizes, for npz).
MAX_FILE_BYTES = 2 << 30
#: memory per byte of (decompressed) JSON text while it is decoded
JSON_TEXT_FACTOR = 16


def _put(fh: BinaryIO, fmt: str, gz: bool, elements, level, hi, lo, root) -> None:
    if fmt == "npz":
        npzfile.write(fh, elements, level, hi, lo, root)
    else:
        fh.write(jsonfile.to_bytes(elements, level, hi, lo, root, gz))


def _format(target, format: str | None) -> tuple[str, bool]:
    """(format, gzip) for writing to ``target``."""
    if format is not None and format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, got {format!r}")
    name = str(target).lower() if files.is_path(target) else ""
    if format is None:
        format = "json" if name.endswith((".json", ".gz")) else "npz"
    return format, format == "json" and name.endswith(".gz")


def write(target, elements: Sequence[Hashable], level: np.ndarray, hi: np.ndarray,
          lo: np.ndarray, root: int, format: str | None = None) -> None:
    """Save node arrays (ids 0, 1 terminals, children first) with the universe's elements
    to ``target``: a path (written atomically), a binary file object or ``"-"``."""
    fmt, gz = _format(target, format)
    files.write(target, lambda fh: _put(fh, fmt, gz, elements, level, hi, lo, root))


def dumps(elements: Sequence[Hashable], level: np.ndarray, hi: np.ndarray, lo: np.ndarray,
          root: int, format: str = "npz") -> bytes:
    """The bytes ``write`` would save in ``format`` (JSON: not compressed)."""
    fmt, gz = _format(None, format)
    out = io.BytesIO()
    _put(out, fmt, gz, elements, level, hi, lo, root)
    return out.getvalue()


def read(source) -> Stored:
    """The saved family in ``source`` (a path, ``"-"`` for standard input, a binary
    file object, or bytes), every field checked."""
    limit = MAX_FILE_BYTES
    room = default_budget()  # what reading may cost is checked before it is spent
    with files.opened(source, limit) as (fh, name):
        try:  # a regular file may still fail to read (/proc/self/mem: EIO)
            head = fh.read(len(npzfile.MAGIC))
            fh.seek(0)
        except OSError as exc:
            raise ValueError(f"cannot read {name}: {exc.strerror or exc}") from None
        if head == npzfile.MAGIC:
            return npzfile.read(fh, name, limit, room)
        try:
            raw = fh.read(limit + 1)
        except OSError as exc:
            raise ValueError(f"cannot read {name}: {exc.strerror or exc}") from None
        # decoding JSON takes about JSON_TEXT_FACTOR times its text in Python objects
        return jsonfile.read(raw, name, min(limit, room // JSON_TEXT_FACTOR))


def loads(data: bytes) -> Stored:
    """The saved family in ``data`` (the bytes of either format)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"loads() takes bytes, got {type(data).__name__}")
    return read(data)
