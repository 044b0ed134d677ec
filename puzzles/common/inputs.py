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

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import BinaryIO

from .errors import PuzzleFormatError
from .loopy_ids import is_loopy_id

__all__ = ["MAX_INPUT_BYTES", "read_text", "read_stream", "looks_like_url", "read_source",
           "read_sources", "single_url", "is_json_lines", "json_line_urls"]

#: The largest puzzle file (or standard input) read, in bytes.
MAX_INPUT_BYTES = 4 * 1024 * 1024

_BARE_URL = re.compile(r"^[A-Za-z][A-Za-z0-9_]*/(v:[^/]*/)?([A-Za-z]+/)?[-+]?[0-9]+/[-+]?[0-9]+(/|$)")


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
    """Whether ``source`` is meant as a puzz.link URL or a Loopy game id rather than a
    file name."""
    s = source.strip()
    return ("://" in s or s.startswith("p?") or "?" in s or bool(_BARE_URL.match(s))
            or is_loopy_id(s))


def _is_url_line(line: str) -> bool:
    return line.startswith(("http://", "https://")) or is_loopy_id(line)


def single_url(text: str) -> str | None:
    """The URL (or Loopy game id) of a text that holds one puzzle as a URL: a file that
    stores only the URL, or what ``generate`` prints for one puzzle (a header line, the
    URL line, then the boards drawn)."""
    lines = [line.strip() for line in text.strip().splitlines()]
    if len(lines) == 1 and _is_url_line(lines[0]):
        return lines[0]
    if len(lines) > 2 and not _is_url_line(lines[0]) and lines[1].startswith(("http://", "https://")):
        return lines[1]
    return None


def board_from_file(board_type, path: str | os.PathLike, what: str, **options):
    """A genre's board read from a file holding a pzprv3 file, plain text, or a single
    puzz.link URL: ``board_type.from_url`` for a URL, else ``from_text(text, **options)``."""
    text = read_text(path, what)
    url = single_url(text)
    return board_type.from_url(url) if url is not None else board_type.from_text(text, **options)


def is_json_lines(text: str) -> bool:
    """Whether ``text`` is meant as JSON Lines (its first character is ``{``)."""
    return text.lstrip().startswith("{")


def json_line_urls(text: str, name: str, what: str) -> list[tuple[str, str]]:
    """``(where, url)`` of every record of JSON Lines as ``generate --count`` writes them
    (an object a line with its ``"url"``); a line that is no such record is an error."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where, shown = f"{name} line {number}", f"{_shown(name)} line {number}"
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            raise PuzzleFormatError(f"{what}: {shown} is not a JSON object (JSON Lines: one "
                                    "record of generate --count a line)") from None
        url = record.get("url") if isinstance(record, dict) else None
        if not isinstance(url, str):
            reason = (f"its puzzle failed: {str(record['error'])[:200]}"
                      if isinstance(record, dict) and "error" in record else 'it has no "url"')
            raise PuzzleFormatError(f"{what}: {shown} holds no puzzle ({reason})")
        found.append((where, url))
    return found


def _read_whole(source: str, what: str, stdin: BinaryIO | None) -> str | None:
    """The text of a file or of standard input; None when ``source`` is a URL."""
    if not isinstance(source, str) or not source.strip():
        raise PuzzleFormatError(f"{what}: empty puzzle argument")
    if source == "-":
        if stdin is None and sys.stdin is None:  # the process was started without one
            raise PuzzleFormatError(f"{what}: standard input is closed")
        return read_stream(stdin if stdin is not None else sys.stdin.buffer, what)
    if looks_like_url(source):
        return None
    return read_text(Path(source), what)


def read_sources(source: str, what: str, stdin: BinaryIO | None = None) -> list[tuple[str, str, str]]:
    """``(where, kind, text)`` of every puzzle a command-line argument holds: one for a
    URL or a puzzle file (``kind`` and ``text`` as :func:`read_source` gives them), one a
    record for JSON Lines (``where`` names the line)."""
    text = _read_whole(source, what, stdin)
    if text is None:
        return [(source, "url", source.strip())]
    name = "standard input" if source == "-" else source
    if is_json_lines(text):
        return [(where, "url", url) for where, url in json_line_urls(text, name, what)]
    url = single_url(text)
    return [(source, "url", url) if url is not None else (source, "text", text)]


def read_source(source: str, what: str, stdin: BinaryIO | None = None) -> tuple[str, str]:
    """``("url", url)`` or ``("text", file contents)`` for a command-line argument.

    ``-`` reads standard input.  A URL (or a Loopy game id) is recognised first;
    otherwise the argument names a file: a puzzle file, a file storing a URL, what
    ``generate`` prints, or JSON Lines of one record."""
    found = read_sources(source, what, stdin)
    if len(found) != 1:
        raise PuzzleFormatError(f"{what}: {_shown(source)} holds {len(found)} puzzles (JSON "
                                "Lines); give one, or solve them all: zalg GENRE solve FILE")
    return found[0][1], found[0][2]
