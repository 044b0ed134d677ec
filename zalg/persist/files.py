"""Where saved families come from and go to: a path (a regular file, read within a
bound; written whole or not at all), a binary file object, ``"-"`` (standard input
or output), or bytes in memory."""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO

__all__ = ["opened", "is_path", "write"]


def is_path(target) -> bool:
    """Whether ``target`` names a file (a str other than "-", or a PathLike)."""
    return isinstance(target, os.PathLike) or (isinstance(target, str) and target != "-")


def _all_of(fh, name: str, limit: int) -> bytes:
    """Everything a binary stream holds, at most ``limit`` bytes."""
    if isinstance(fh, io.TextIOBase):
        raise TypeError(f"{name} is a text stream: open the file in binary mode ('rb')")
    try:
        data = fh.read(limit + 1)
    except OSError as exc:
        raise ValueError(f"cannot read {name}: {exc.strerror or exc}") from None
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"{name} gave {type(data).__name__}, not bytes: open it in binary mode")
    if len(data) > limit:
        raise ValueError(f"{name} is larger than {limit} bytes")
    return bytes(data)


@contextmanager
def opened(source, limit: int) -> Iterator[tuple[BinaryIO, str]]:
    """A seekable binary stream of ``source`` at offset 0, and the name for messages.

    ``source``: bytes (the content itself), ``"-"`` (standard input), a path (a
    regular file of at most ``limit`` bytes, checked before it is opened: a FIFO or
    a device never blocks) or a binary file object (read whole, at most ``limit``)."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        if len(data) > limit:
            raise ValueError(f"<bytes> is larger than {limit} bytes")
        yield io.BytesIO(data), "<bytes>"
    elif isinstance(source, str) and source == "-":
        yield io.BytesIO(_all_of(sys.stdin.buffer, "<stdin>", limit)), "<stdin>"
    elif is_path(source):
        path = os.fspath(source)
        try:
            info = os.stat(path)
        except (OSError, ValueError) as exc:
            why = getattr(exc, "strerror", None) or exc
            raise ValueError(f"cannot read {path}: {why}") from None
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"cannot read {path}: not a regular file")
        if info.st_size > limit:
            raise ValueError(f"{path} is larger than {limit} bytes")
        try:
            fh = open(path, "rb")
        except OSError as exc:
            raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
        with fh:
            yield fh, str(path)
    elif hasattr(source, "read"):
        name = getattr(source, "name", None)
        name = name if isinstance(name, str) else "<file>"
        yield io.BytesIO(_all_of(source, name, limit)), name
    else:
        raise TypeError(f"expected a path, '-', a binary file or bytes, got {source!r:.80}")


def write(target, put: Callable[[BinaryIO], None]) -> None:
    """Run ``put(fh)`` on a binary stream for ``target``: a path (written atomically),
    ``"-"`` (standard output) or a binary file object."""
    if is_path(target):
        _write_atomically(Path(target), put)
        return
    if isinstance(target, str):  # "-"
        target = getattr(sys.stdout, "buffer", None)
        if target is None:
            raise TypeError("standard output has no binary buffer to write a family to")
    if isinstance(target, io.TextIOBase) or not hasattr(target, "write"):
        raise TypeError(f"expected a path, '-' or a binary file, got {target!r:.80}")
    put(target)
    with suppress(AttributeError):
        target.flush()


def _write_atomically(path: Path, put: Callable[[BinaryIO], None]) -> None:
    """Write into a new temporary file beside ``path``, then rename it over ``path``:
    on any error or Ctrl-C the temporary file is removed and ``path`` is untouched.
    An existing ``path`` must be a regular file (its permissions are kept)."""
    mode = None
    if path.exists() or path.is_symlink():
        if not path.is_file():
            raise FileExistsError(f"cannot write {path}: it exists and is not a regular file")
        mode = stat.S_IMODE(path.stat().st_mode)
    tmp = path.with_name(f".{path.name}.{os.urandom(6).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies
    try:
        with os.fdopen(fd, "wb") as fh:
            put(fh)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
