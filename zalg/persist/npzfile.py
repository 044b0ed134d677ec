"""The binary file format: a numpy ``.npz`` archive (zip) of seven plain arrays.

======== ===================== ==========================================
member   dtype, shape          meaning
======== ===================== ==========================================
format   uint8 [k]             the bytes ``zalg-family``
version  int64 []              1
elements uint8 [k]             UTF-8 JSON list of tagged elements (``elements.py``)
level    int8..int64 [n]       node levels; the terminals 0, 1: len(elements)
hi, lo   int8..int64 [n]       child ids (below the node's own id)
root     int64 []              the root's id
======== ===================== ==========================================

The node arrays take the smallest signed dtype that holds their values (int16
levels and int32 ids for an 8 M-node family: 10 bytes a node).  Members are
stored, not deflated: for the 8 M-node family of ``benchmarks/bench_persist.py``
deflating took 3.4 s instead of 0.06 s for a file of 35 MB instead of 80 MB, and
saving is meant to take seconds (compress the file afterwards to archive it).

Reading never unpickles: ``np.load(allow_pickle=False)`` after the zip directory's
size, the member names, their declared sizes, compression methods, .npy headers
(dtype, shape, bytes) have been checked, so nothing is allocated beyond the
stated bounds; the content is then checked by ``nodes.check``.
"""

from __future__ import annotations

import json
import math
import struct
import zipfile
import zlib
from collections.abc import Hashable, Sequence
from typing import BinaryIO

import numpy as np
import numpy.lib.format as npy

from . import elements as E
from .nodes import FORMAT, Stored, check, narrow

__all__ = ["MAGIC", "write", "read"]

#: The first bytes of a zip archive (a local file header).
MAGIC = b"PK\x03\x04"
VERSION = 1
MEMBERS = ("format", "version", "elements", "level", "hi", "lo", "root")
_BYTE_MEMBERS = ("format", "elements")
_SCALARS = ("version", "root")
#: The largest zip directory read (seven members need under 1 KB).
MAX_DIRECTORY = 1 << 16
_END = b"PK\x05\x06"          # end of central directory record (22 bytes + comment)
_END64_LOCATOR = b"PK\x06\x07"
# what zipfile, zlib and numpy raise on a damaged archive
_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, KeyError,
           TypeError, NotImplementedError, RuntimeError, OverflowError, struct.error, zlib.error,
           SyntaxError)


class _Foreign(Exception):
    """A zip archive that is not a saved family (other members, tag or version)."""


def write(fh: BinaryIO, elements: Sequence[Hashable], level: np.ndarray, hi: np.ndarray,
          lo: np.ndarray, root: int, compress: bool = False) -> None:
    """Write the archive of a family's node arrays to the binary file ``fh``."""
    n = len(level)
    arrays = {
        "format": np.frombuffer(FORMAT.encode("ascii"), dtype=np.uint8),
        "version": np.array(VERSION, dtype=np.int64),
        "elements": np.frombuffer(E.to_bytes(elements), dtype=np.uint8),
        "level": narrow(level, len(elements)),
        "hi": narrow(hi, n),
        "lo": narrow(lo, n),
        "root": np.array(root, dtype=np.int64),
    }
    save = np.savez_compressed if compress else np.savez
    save(fh, allow_pickle=False, **arrays)


#: memory a loaded node costs, all told (int64 arrays, their checks, the CUDD node)
NODE_BYTES = 128
#: memory per byte of the elements' JSON text while it is decoded
ELEMENT_TEXT_FACTOR = 20


def read(fh: BinaryIO, name: str, limit: int, room: int) -> Stored:
    """The family of an archive in the seekable binary file ``fh`` (at most ``limit``
    bytes of arrays, and a family that fits in ``room`` bytes of memory: checked from
    the headers, before any member is decompressed); any other content is one
    ValueError naming ``name``."""
    try:
        _check_directory(fh)
        with np.load(fh, allow_pickle=False) as npz:
            arrays = _arrays(npz, limit, room)
        return _content(arrays, name)
    except _Foreign as exc:
        raise ValueError(f"{name} is not a zalg family file ({exc})") from None
    except _ERRORS as exc:
        text = str(exc)[:200] or type(exc).__name__
        raise ValueError(f"{name} is a damaged zalg family file: {text}") from None


def _check_directory(fh: BinaryIO) -> None:
    """Find the zip's end record as zipfile does and refuse a directory larger than
    MAX_DIRECTORY (or a zip64 one) before zipfile parses it: a hostile directory
    of millions of entries would cost gigabytes of Python objects."""
    size = fh.seek(0, 2)
    tail_len = min(size, 22 + 0xFFFF)  # the record and its longest comment
    fh.seek(size - tail_len)
    tail = fh.read(tail_len)
    fh.seek(0)
    if len(tail) >= 22 and tail[-22:-18] == _END and tail[-2:] == b"\0\0":
        at = len(tail) - 22
    else:
        at = tail.rfind(_END)
    if at < 0 or len(tail) - at < 22:
        raise zipfile.BadZipFile("truncated: no end of the zip directory")
    count, dir_size = struct.unpack("<10xHL6x", tail[at:at + 22])
    if at >= 20 and tail[at - 20:at - 16] == _END64_LOCATOR:
        raise zipfile.BadZipFile("a zip64 directory (never written for a family)")
    if dir_size > MAX_DIRECTORY or count != len(MEMBERS):
        raise _Foreign(f"a zip directory of {count} entries in {dir_size} bytes; "
                       f"a family has {len(MEMBERS)}")


def _arrays(npz, limit: int, room: int) -> dict[str, np.ndarray]:
    """The members, each checked before it is read."""
    infos = npz.zip.infolist()
    names = sorted(info.filename for info in infos)
    expected = sorted(m + ".npy" for m in MEMBERS)
    if names != expected:
        raise _Foreign(f"an archive of {', '.join(names)[:200]}; expected {', '.join(expected)}")
    total = sum(info.file_size for info in infos)
    if total > limit:
        raise ValueError(f"its arrays declare {total} bytes, more than {limit}")
    for info in infos:
        if info.flag_bits & 1 or info.compress_type not in (zipfile.ZIP_STORED,
                                                            zipfile.ZIP_DEFLATED):
            raise ValueError(f"{info.filename} is encrypted or compressed by another method")
    return {m: _member(npz, m, room) for m in MEMBERS}


def _member(npz, m: str, room: int) -> np.ndarray:
    """Member m, after its .npy header: a plain integer dtype (uint8 for text), a
    vector (or a scalar), exactly as many data bytes as the archive holds, and what
    it will cost in memory within ``room``."""
    info = npz.zip.getinfo(m + ".npy")
    with npz.zip.open(info) as fp:
        version = npy.read_magic(fp)
        if version == (1, 0):
            shape, _, dtype = npy.read_array_header_1_0(fp)
        elif version == (2, 0):
            shape, _, dtype = npy.read_array_header_2_0(fp)
        else:
            raise ValueError(f"{m}: .npy version {version} is not supported")
        data_bytes = info.file_size - fp.tell()
    if m in _BYTE_MEMBERS:
        ok = dtype == np.uint8
    else:
        ok = dtype.kind in "iu" and not dtype.hasobject
    if not ok:
        raise ValueError(f"{m} has dtype {dtype}, not an integer type it may have")
    if shape not in ((), (1,)) if m in _SCALARS else len(shape) != 1:
        raise ValueError(f"{m} has shape {shape}")
    declared = math.prod(shape) * dtype.itemsize
    if declared != data_bytes:
        raise ValueError(f"{m} declares {declared} bytes of data and holds {data_bytes}")
    cost = {"level": NODE_BYTES * math.prod(shape),
            "elements": ELEMENT_TEXT_FACTOR * declared}.get(m, 0)
    if cost > room:
        raise ValueError(f"loading its {m} would take about {cost >> 20} MB, more than the "
                         f"memory budget ({room >> 20} MB)")
    return npz[m]


def _scalar(a: np.ndarray, m: str) -> int:
    if a.size != 1:
        raise ValueError(f"{m} must hold one integer")
    return int(a.reshape(-1)[0])


def _content(arrays: dict[str, np.ndarray], name: str) -> Stored:
    """The checked family of the arrays."""
    if arrays["format"].tobytes() != FORMAT.encode("ascii"):
        raise _Foreign(f"format tag {arrays['format'].tobytes()[:40]!r}")
    version = _scalar(arrays["version"], "version")
    if version != VERSION:
        raise _Foreign(f"unsupported zalg family file version {version}")
    elements = E.from_value(json.loads(arrays["elements"].tobytes().decode("utf-8")))
    level, hi, lo = (arrays[m].astype(np.int64) for m in ("level", "hi", "lo"))
    root = _scalar(arrays["root"], "root")
    check(level, hi, lo, root, len(elements))
    return Stored(elements, level, hi, lo, root, name)
