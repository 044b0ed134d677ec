"""Reading what a user hands in: puzzle files, standard input, URLs — bounded and checked.

Every genre reads through here, so the same rules hold everywhere:

* a URL is recognised *before* the file system is asked (a 5,000-character URL
  is never opened as a file name);
* only regular files are read (a FIFO, a device such as ``/dev/zero`` or a
  directory is refused before it is opened for reading), and at most
  :data:`MAX_INPUT_BYTES` of them;
* text must be UTF-8; the error names the byte offset of the first bad byte.

Every failure is a one-line :class:`~puzzles.common.errors.PuzzleFormatError`.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from pathlib import Path
from typing import BinaryIO

from .errors import PuzzleFormatError

__all__ = ["MAX_INPUT_BYTES", "read_text", "read_stream", "looks_like_url", "read_source",
           "single_url"]

#: The largest puzzle file (or standard input) read, in bytes.
MAX_INPUT_BYTES = 4 * 1024 * 1024

_BARE_URL = re.compile(r"^[A-Za-z][A-Za-z0-9_]*/(v:[^/]*/)?([A-Za-z]+/)?[0-9]+/[0-9]+(/|$)")


def _shown(name: str) -> str:
    name = str(name)
    return name if len(name) <= 60 else name[:57] + "..."


def _decode(raw: bytes, what: str, name: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PuzzleFormatError(f"{what}: {_shown(name)} is not UTF-8 text "
                                f"(bad byte at offset {exc.start})") from None


def read_stream(stream: BinaryIO, what: str, name: str = "standard input",
                limit: int = MAX_INPUT_BYTES) -> str:
    """At most ``limit`` bytes of a binary stream, decoded as UTF-8."""
    try:
        raw = stream.read(limit + 1)
    except OSError as exc:  # a descriptor not open for reading, a device that fails
        raise PuzzleFormatError(f"{what}: cannot read {name}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise PuzzleFormatError(f"{what}: {name} is larger than {limit} bytes")
    return _decode(raw, what, name)


def read_text(path: str | os.PathLike, what: str, limit: int = MAX_INPUT_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes."""
    name = os.fspath(path)
    try:
        info = os.stat(name)
    except FileNotFoundError:
        raise PuzzleFormatError(f"{what}: no such file {_shown(name)!r}") from None
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise PuzzleFormatError(f"{what}: cannot read {_shown(name)!r}: {reason}") from None
    if stat.S_ISDIR(info.st_mode):
        raise PuzzleFormatError(f"{what}: {_shown(name)!r} is a directory, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise PuzzleFormatError(f"{what}: {_shown(name)!r} is not a regular file "
                                "(pipes and devices are not read)")
    if info.st_size > limit:
        raise PuzzleFormatError(f"{what}: {_shown(name)!r} is larger than {limit} bytes")
    try:
        with open(name, "rb") as fh:
            return read_stream(fh, what, repr(_shown(name)), limit)
    except OSError as exc:
        raise PuzzleFormatError(f"{what}: cannot read {_shown(name)!r}: "
                                f"{exc.strerror or exc}") from None


def looks_like_url(source: str) -> bool:
    """Whether ``source`` is meant as a puzz.link URL rather than a file name."""
    s = source.strip()
    return "://" in s or s.startswith("p?") or "?" in s or bool(_BARE_URL.match(s))


def single_url(text: str) -> str | None:
    """The URL when ``text`` is one line holding a URL (a file that stores a URL)."""
    stripped = text.strip()
    if "\n" not in stripped and stripped.startswith(("http://", "https://")):
        return stripped
    return None


def read_source(source: str, what: str, stdin: BinaryIO | None = None) -> tuple[str, str]:
    """``("url", url)`` or ``("text", file contents)`` for a command-line argument.

    ``-`` reads standard input.  A URL is recognised first; otherwise the
    argument names a file."""
    if not isinstance(source, str) or not source.strip():
        raise PuzzleFormatError(f"{what}: empty puzzle argument")
    if source == "-":
        if stdin is None and sys.stdin is None:  # the process was started without one
            raise PuzzleFormatError(f"{what}: standard input is closed")
        text = read_stream(stdin if stdin is not None else sys.stdin.buffer, what)
    elif looks_like_url(source):
        return "url", source.strip()
    else:
        text = read_text(Path(source), what)
    url = single_url(text)
    return ("url", url) if url is not None else ("text", text)
