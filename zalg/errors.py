"""The exceptions zalg raises besides the usual ``ValueError`` / ``TypeError`` for bad arguments."""

from __future__ import annotations

__all__ = ["OutOfMemory", "InputError", "TooWide"]


class OutOfMemory(MemoryError):
    """A computation needed more memory than its Universe's budget (or the machine) allows.

    ``step`` names what was being computed, ``limit`` is the budget in bytes (None
    when the machine itself ran out).  Everything the failed step had allocated is
    released before this is raised: the Universe and its families stay usable."""

    def __init__(self, step: str, limit: int | None = None):
        self.step = step
        self.limit = limit
        where = f" (memory limit {format_bytes(limit)})" if limit else ""
        super().__init__(f"out of memory while {step}{where}")


def format_bytes(n: int) -> str:
    """``1.5 GB``-style text for a byte count."""
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= size:
            value = n / size
            return f"{value:.1f} {unit}" if value < 100 else f"{value:.0f} {unit}"
    return f"{n} bytes"


class InputError(ValueError):
    """Bad input to a command (a damaged file, an option out of range): one line."""


class TooWide(RuntimeError):
    """A frontier construction passed the ``max_width`` states per level it was given.

    Raised before the wide level is expanded, with nothing left allocated: the
    caller can try another edge order (``level``: where it stopped, ``states``:
    how many states that level had)."""

    def __init__(self, what: str, level: int, states: int, max_width: int):
        self.level, self.states, self.max_width = level, states, max_width
        super().__init__(f"{what}: level {level} has {states} states, more than {max_width}")
