"""Codec helpers shared by the puzz.link / pzprjs formats.

Written from ``shared/data/FORMAT-pzprjs.md``; covers:

* puzz.link URLs (:func:`parse_url`, :func:`format_url`),
* the slither "4-cell" clue encoding (:func:`decode_4cell`, :func:`encode_4cell`),
* the numlin "Number16" encoding (:func:`decode_number16`, :func:`encode_number16`),
* the line layout of pzprv3 files (:class:`Pzprv3Reader`, :func:`format_pzprv3`).

Cell values exchanged with the codecs are ``None`` (empty cell), an ``int`` or
:data:`UNKNOWN` (the "?" marker: a clue cell whose number is not given).
Encoders produce the form pzprjs writes, so ``encode(decode(body)) == body`` for
canonical bodies.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence, Union

from .board import MAX_SIDE, check_size
from .errors import NotRecognised, PuzzleFormatError

__all__ = [
    "cell_line_blocks",
    "read_cell_lines",
    "UNKNOWN",
    "CellValue",
    "PID_ALIASES",
    "PuzzUrl",
    "parse_url",
    "parse_plain_url",
    "format_url",
    "decode_4cell",
    "encode_4cell",
    "decode_number16",
    "encode_number16",
    "encode_letter_runs",
    "NUMBER16_MAX",
    "unknown_character",
    "check_skip",
    "check_no_trailing",
    "is_pzprv3",
    "split_pzprv3_lines",
    "Pzprv3Reader",
    "format_pzprv3",
]

UNKNOWN = "?"
"""Cell value of the "?" marker (a clue whose number is unknown)."""

CellValue = Union[int, str, None]

PID_ALIASES: dict[str, str] = {"slitherlink": "slither", "numberlink": "numlin", "masyu": "mashu",
                               "pearl": "mashu"}
"""Alternative pids accepted in URLs and files, mapped to the pzprjs pid."""

DEFAULT_URL_PREFIX = "https://puzz.link/p?"

_INT_RE = re.compile(r"[0-9]+")
_SIGNED_RE = re.compile(r"[-+]?[0-9]+")


# --------------------------------------------------------------------------- URLs


@dataclass(frozen=True)
class PuzzUrl:
    """The parts of a puzz.link URL ``<pid>/[v:<variant>/][<pflag>/]<cols>/<rows>/<body>``.

    ``pid`` is canonical (aliases resolved, lower case); ``body`` is the cell-data
    component (a trailing ``/`` is allowed; anything after it is an error).
    """

    pid: str
    cols: int
    rows: int
    body: str
    pflag: str = ""
    variant: str | None = None


def _query_of(url: str, what: str) -> str:
    text = url.strip()
    if not text:
        raise PuzzleFormatError(f"{what}: empty URL")
    if "?" in text:
        text = text.split("?", 1)[1]
    elif "://" in text:
        raise PuzzleFormatError(f"{what}: {text!r} has no '?' followed by the puzzle data")
    return text.split("#", 1)[0]


def parse_url(url: str, what: str = "puzz.link URL") -> PuzzUrl:
    """Split a puzz.link / pzv.jp / pzprxs URL, or a bare ``pid/cols/rows/body``, into parts.

    Any ``scheme://host/path?`` prefix is accepted (``https://puzz.link/p?``,
    ``http://pzv.jp/p.html?``, ``https://pzprxs.vercel.app/p?``, ...). Width comes
    first in the URL. Raises :class:`PuzzleFormatError` for a missing or malformed size.
    """
    parts = _query_of(url, what).split("/")
    raw_pid = parts[0].strip().lower()
    if not raw_pid:
        raise PuzzleFormatError(f"{what}: no puzzle type (pid) before the first '/'")
    pid = PID_ALIASES.get(raw_pid, raw_pid)
    rest = parts[1:]
    variant = None
    if rest and rest[0].startswith("v:"):
        variant = rest.pop(0)[2:]
    pflag = ""
    if rest and not _SIGNED_RE.fullmatch(rest[0]):
        pflag = rest.pop(0)
    if len(rest) < 2:
        raise NotRecognised(f"{what}: expected <cols>/<rows> after the pid {raw_pid!r}")
    cols_s, rows_s = rest[0], rest[1]
    size = [_size_number(value, name, what)
            for name, value in (("width (cols)", cols_s), ("height (rows)", rows_s))]
    check_size(size[1], size[0], what)
    body = rest[2] if len(rest) > 2 else ""
    extra = "/".join(rest[3:])
    if extra:
        raise PuzzleFormatError(f"{what}: unexpected {_clip(extra)!r} after the body {_clip(body)!r}")
    return PuzzUrl(pid=pid, cols=size[0], rows=size[1], body=body, pflag=pflag, variant=variant)


def parse_plain_url(url: str, pid: str, what: str) -> PuzzUrl:
    """:func:`parse_url` for a genre with no variant and no flag: the URL's pid must be
    ``pid`` (after aliases), and a variant or flag is refused."""
    u = parse_url(url, what)
    if u.pid != pid:
        raise PuzzleFormatError(f"{what}: pid {u.pid!r} is not {pid}")
    if u.variant is not None or u.pflag:
        extra = f"v:{u.variant}" if u.variant is not None else u.pflag
        raise PuzzleFormatError(f"{what}: {extra!r} is not supported for {pid}")
    return u


def _size_number(text: str, name: str, what: str) -> int:
    """A board dimension: digits only, checked for length before conversion."""
    shown = text if len(text) <= 20 else text[:20] + "..."
    if not _INT_RE.fullmatch(text) or not text.strip("0"):
        raise PuzzleFormatError(f"{what}: {name} must be a positive integer, got {shown!r}")
    if len(text.lstrip("0")) > 9:
        raise PuzzleFormatError(f"{what}: {name} {shown} is larger than the limit {MAX_SIDE}")
    return int(text)


def format_url(pid: str, cols: int, rows: int, body: str, pflag: str = "",
               prefix: str = DEFAULT_URL_PREFIX) -> str:
    """Build ``<prefix><pid>/[<pflag>/]<cols>/<rows>/<body>`` (width first)."""
    flag = f"{pflag}/" if pflag else ""
    return f"{prefix}{pid}/{flag}{cols}/{rows}/{body}"


# ------------------------------------------------------------------ skip characters


def _skip_char(count: int) -> str:
    """The g..z character that skips ``count`` (1..20) empty cells."""
    return "0123456789abcdefghijklmnopqrstuvwxyz"[count + 15]


def _skip_count(ch: str) -> int | None:
    """Empty cells skipped by ``ch`` if it is one of ``g``..``z``."""
    if "g" <= ch <= "z":
        return int(ch, 36) - 15
    return None


class _SkipWriter:
    """Accumulates runs of empty cells and writes each as one character of ``letters``
    (``letters[n - 1]`` skips n cells): g..z (at most 20) by default."""

    def __init__(self, letters: str = "ghijklmnopqrstuvwxyz") -> None:
        self.out: list[str] = []
        self.count = 0
        self.letters = letters

    def empty(self) -> None:
        self.count += 1
        if self.count == len(self.letters):
            self.flush()

    def flush(self) -> None:
        if self.count:
            self.out.append(self.letters[self.count - 1])
            self.count = 0

    def token(self, text: str) -> None:
        self.flush()
        self.out.append(text)

    def result(self) -> str:
        self.flush()
        return "".join(self.out)


def encode_letter_runs(tokens: Iterable[str]) -> str:
    """A body of one token per cell (``""`` for an empty cell) with runs of empty cells
    written as ``a``-``z`` (at most 26 per character), as pzprjs's ``encodeNagare`` and
    ``encodeArrowNumber16`` write them."""
    w = _SkipWriter("abcdefghijklmnopqrstuvwxyz")
    for t in tokens:
        if t:
            w.token(t)
        else:
            w.empty()
    return w.result()


def _truncated(what: str, filled: int, total: int) -> PuzzleFormatError:
    return PuzzleFormatError(f"{what}: body ends after {filled} of {total} cells")


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def unknown_character(what: str, ch: str, pos: int, body: str) -> PuzzleFormatError:
    """The error for a character outside a genre's body encoding."""
    return PuzzleFormatError(f"{what}: unknown character {ch!r} at position {pos} of the body {_clip(body)!r}")


def check_skip(what: str, filled: int, skip: int, total: int, pos: int) -> None:
    """A run of ``skip`` empty cells from cell ``filled`` must end within the ``total`` cells."""
    if filled + skip > total:
        raise PuzzleFormatError(f"{what}: the character at position {pos} skips {skip} cells, "
                                f"but only {total - filled} of {total} are left")


def check_no_trailing(what: str, body: str, pos: int) -> None:
    """Every cell is filled at position ``pos``: nothing of ``body`` may follow."""
    if pos < len(body):
        raise PuzzleFormatError(f"{what}: unexpected {_clip(body[pos:])!r} at position {pos}, "
                                "after the last cell of the body")


# ------------------------------------------------------------------------- 4-cell


def decode_4cell(body: str, ncells: int, what: str = "URL") -> list[CellValue]:
    """Decode the slither clue body into ``ncells`` values (row-major).

    ``0``-``4`` clue; ``5``-``9`` clue v-5 then one empty cell; ``a``-``e`` clue v-10
    then two empty cells; ``g``-``z`` 1..20 empty cells; ``.`` the "?" clue.
    A body that ends before the last cell, goes on after it, or skips past it
    raises :class:`PuzzleFormatError` (a clue's own 1 or 2 empty cells may run past
    it, as pzprjs writes them).
    """
    values: list[CellValue] = [None] * ncells
    c = 0
    for pos, ch in enumerate(body):
        if c >= ncells:
            check_no_trailing(what, body, pos)
        if "0" <= ch <= "4":
            values[c] = int(ch)
            c += 1
        elif "5" <= ch <= "9":
            values[c] = int(ch) - 5
            c += 2
        elif "a" <= ch <= "e":
            values[c] = int(ch, 16) - 10
            c += 3
        elif ch == ".":
            values[c] = UNKNOWN
            c += 1
        else:
            skip = _skip_count(ch)
            if skip is None:
                raise unknown_character(what, ch, pos, body)
            check_skip(what, c, skip, ncells, pos)
            c += skip
    if c < ncells:
        raise _truncated(what, c, ncells)
    return values


def encode_4cell(values: Sequence[CellValue]) -> str:
    """Encode slither clues (0..4, :data:`UNKNOWN` or ``None``) as pzprjs does.

    A clue followed by two empty cells is written as ``a``-``e``, by one empty cell
    as ``5``-``9`` (cells past the end of the board count as empty); a run of empty
    cells as ``g``-``z`` (at most 20 per character, also at the end of the body).
    """
    n = len(values)

    def empty(k: int) -> bool:
        return k >= n or values[k] is None

    w = _SkipWriter()
    c = 0
    while c < n:
        v = values[c]
        if v is None:
            w.empty()
            c += 1
        elif v == UNKNOWN:
            w.token(".")
            c += 1
        elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 4:
            if empty(c + 1) and empty(c + 2):
                w.token("abcde"[v])
                c += 3
            elif empty(c + 1):
                w.token(str(v + 5))
                c += 2
            else:
                w.token(str(v))
                c += 1
        else:
            raise PuzzleFormatError(f"4-cell encoding: cell {c} has value {v!r}, expected 0..4, '?' or None")
    return w.result()


# ----------------------------------------------------------------------- Number16

# prefix -> (number of hex digits, offset added to their value)
_N16_PREFIX = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "@": (3, 8192),
               "*": (4, 12240), "$": (5, 77776)}
# (upper bound exclusive, prefix, digits, offset), in the order the encoder tries them
_N16_RANGES = ((16, "", 1, 0), (256, "-", 2, 0), (4096, "+", 3, 0), (8192, "=", 3, 4096),
               (12240, "%", 3, 8192), (77776, "*", 4, 12240), (77776 + 0x100000, "$", 5, 77776))
NUMBER16_MAX = 77776 + 0xFFFFF
"""Largest number the Number16 encoding can hold."""
_HEX = "0123456789abcdef"


def decode_number16(body: str, ncells: int, what: str = "URL") -> list[CellValue]:
    """Decode a Number16 body into ``ncells`` values (row-major); see FORMAT 3.2.

    A body that ends early, goes on after the last cell or skips past it, and a
    prefix without its hex digits raise :class:`PuzzleFormatError`.
    """
    values: list[CellValue] = [None] * ncells
    c = 0
    pos = 0
    while c < ncells:
        if pos >= len(body):
            raise _truncated(what, c, ncells)
        ch = body[pos]
        if ch in _HEX:
            values[c] = int(ch, 16)
            c += 1
            pos += 1
        elif ch in _N16_PREFIX:
            digits, offset = _N16_PREFIX[ch]
            token = body[pos + 1:pos + 1 + digits]
            if len(token) < digits or any(d not in _HEX for d in token):
                raise PuzzleFormatError(
                    f"{what}: {ch!r} at position {pos} must be followed by {digits} hex digits, got {token!r}")
            values[c] = int(token, 16) + offset
            c += 1
            pos += 1 + digits
        elif ch == ".":
            values[c] = UNKNOWN
            c += 1
            pos += 1
        else:
            skip = _skip_count(ch)
            if skip is None:
                raise unknown_character(what, ch, pos, body)
            check_skip(what, c, skip, ncells, pos)
            c += skip
            pos += 1
    check_no_trailing(what, body, pos)
    return values


def _number16_token(v: int) -> str:
    for bound, prefix, digits, offset in _N16_RANGES:
        if v < bound:
            return prefix + format(v - offset, f"0{digits}x")
    raise PuzzleFormatError(f"Number16 encoding: {v} is larger than {NUMBER16_MAX}")


def encode_number16(values: Sequence[CellValue]) -> str:
    """Encode numbers (>= 0), :data:`UNKNOWN` and ``None`` cells as a Number16 body.

    Each number uses the shortest token of the lowest range that holds it; runs of
    empty cells are written as ``g``-``z`` (at most 20 per character).
    """
    w = _SkipWriter()
    for c, v in enumerate(values):
        if v is None:
            w.empty()
        elif v == UNKNOWN:
            w.token(".")
        elif isinstance(v, int) and not isinstance(v, bool) and v >= 0:
            w.token(_number16_token(v))
        else:
            raise PuzzleFormatError(f"Number16 encoding: cell {c} has value {v!r}, expected a number >= 0, '?' or None")
    return w.result()


# -------------------------------------------------------------------------- pzprv3

_PZPRV3_VERSIONS = ("pzprv3", "pzprv3.1")


def is_pzprv3(text: str) -> bool:
    """True when ``text`` starts (after blank space) with a pzprv3 header line."""
    return text.lstrip().startswith("pzprv3")


def split_pzprv3_lines(text: str) -> list[str]:
    """The lines of a pzprv3 file; also accepts the one-line form joined with ``/``
    (as in the pzprjs test scripts). Trailing empty lines are dropped."""
    body = text.lstrip()
    first = body.split("\n", 1)[0]
    if re.match(r"pzprv3(\.[0-9]+)?/", first):
        if "\n" in body.rstrip():
            raise PuzzleFormatError("pzprv3: mixes '/'-joined lines with newlines")
        lines = body.rstrip().split("/")
    else:
        lines = body.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


class Pzprv3Reader:
    """Sequential reader for a pzprv3 file: header first, then blocks of rows.

    After construction ``version`` (``"pzprv3"`` or ``"pzprv3.1"``), ``pid``
    (aliases resolved), ``rows`` and ``cols`` are set; :meth:`read_block` and
    :meth:`next_line` consume the lines that follow.
    """

    def __init__(self, text: str, what: str = "pzprv3") -> None:
        self.what = what
        lines = split_pzprv3_lines(text)
        names = ("header", "pid", "row count", "column count")
        if len(lines) < 4:
            missing = names[len(lines)]
            raise PuzzleFormatError(f"{what}: file ends before the {missing} line")
        self.version = lines[0].strip()
        if self.version not in _PZPRV3_VERSIONS:
            raise PuzzleFormatError(f"{what}: first line must be 'pzprv3' or 'pzprv3.1', got {lines[0]!r}")
        raw_pid = lines[1].strip().lower()
        self.pid = PID_ALIASES.get(raw_pid, raw_pid)
        size = [_size_number(line.strip(), name, what)
                for name, line in (("row count", lines[2]), ("column count", lines[3]))]
        self.rows, self.cols = check_size(size[0], size[1], what)
        self._lines = lines[4:]
        self._pos = 0

    def at_end(self) -> bool:
        """True when every line has been consumed."""
        return self._pos >= len(self._lines)

    def peek(self) -> str | None:
        """The next line (stripped) without consuming it, or ``None`` at the end."""
        return None if self.at_end() else self._lines[self._pos].strip()

    def next_line(self) -> str:
        """Consume and return the next line (stripped)."""
        if self.at_end():
            raise PuzzleFormatError(f"{self.what}: file ends early")
        line = self._lines[self._pos].strip()
        self._pos += 1
        return line

    def read_block(self, nrows: int, ncols: int, name: str) -> list[list[str]]:
        """Consume ``nrows`` lines of exactly ``ncols`` space-separated items each."""
        available = len(self._lines) - self._pos
        if available < nrows and ncols > 0:
            raise PuzzleFormatError(f"{self.what}: {name} block: expected {nrows} rows, got {available}")
        block = []
        for r in range(nrows):
            line = self._lines[self._pos] if self._pos < len(self._lines) else ""
            self._pos += 1
            items = line.split()
            if len(items) != ncols:
                raise PuzzleFormatError(
                    f"{self.what}: {name} block row {r}: expected {ncols} items, got {len(items)} in {line!r}")
            block.append(items)
        return block


def format_pzprv3(pid: str, rows: int, cols: int, blocks: Iterable[Sequence[Sequence[str]]],
                  preamble: Sequence[str] = (), version: str = "pzprv3") -> str:
    """Write a pzprv3 file: header, ``preamble`` lines, then each block row by row.

    Items of a row are separated by spaces and followed by one trailing space, as
    pzprjs writes them; the text ends with a newline.
    """
    lines = [version, pid, str(rows), str(cols), *preamble]
    for block in blocks:
        for row in block:
            lines.append("".join(f"{item} " for item in row))
    return "\n".join(lines) + "\n"


def cell_line_blocks(rows: int, cols: int, lines: Iterable[tuple]) -> list[list[list[str]]]:
    """The answer blocks of lines through cell centres (Numberlink's layout): ``rows`` rows
    of ``cols - 1`` items for the lines between (r, c) and (r, c + 1), then ``rows - 1``
    rows of ``cols`` items for those between (r, c) and (r + 1, c); ``1`` a line, ``0`` none."""
    lines = set(lines)
    return [[["1" if ((r, c), (r, c + 1)) in lines else "0" for c in range(cols - 1)]
             for r in range(rows)],
            [["1" if ((r, c), (r + 1, c)) in lines else "0" for c in range(cols)]
             for r in range(rows - 1)]]


def read_cell_lines(f: Pzprv3Reader, is_line: Callable[[str, str], bool]) -> frozenset:
    """The lines of the answer blocks of :func:`cell_line_blocks`'s layout, read from ``f``;
    ``is_line(item, where)`` says whether an item is a line (``where`` names its place)."""
    right = f.read_block(f.rows, f.cols - 1, "horizontal-neighbour line")
    down = f.read_block(f.rows - 1, f.cols, "vertical-neighbour line")
    edges = set()
    for block, name, (dr, dc) in ((right, "horizontal", (0, 1)), (down, "vertical", (1, 0))):
        for r, items in enumerate(block):
            for c, item in enumerate(items):
                if is_line(item, f"row {r}, col {c} of the {name}-neighbour block"):
                    edges.add(((r, c), (r + dr, c + dc)))
    return frozenset(edges)
