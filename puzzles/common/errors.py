"""The one exception type of the ``puzzles`` package."""
from __future__ import annotations

__all__ = ["PuzzleFormatError", "NotRecognised"]


class PuzzleFormatError(ValueError):
    """A puzzle URL, text, file or board that cannot be read or is inconsistent.

    The message is a single line that starts with what was being read and names
    the problem, e.g. ``"slitherlink URL: body ends after 23 of 25 cells"``.
    Board positions in messages are 0-based ``row``/``col`` indices, the same as
    the ``(row, col)`` tuples used by the puzzle models.
    """


class NotRecognised(PuzzleFormatError):
    """A source not in the form a reader knows at all (a URL without ``<cols>/<rows>``
    after its pid): another genre's reader may know it, so a caller trying several
    readers prefers the error of one that recognised the form."""
