"""The result type of the independent answer checkers."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Violation"]


@dataclass(frozen=True)
class Violation:
    """One broken rule of a candidate answer.

    ``rule`` is a short fixed name (e.g. ``"branch"``, ``"hint count"``) meant for
    programs; ``where`` holds the cells, dots or components involved (may be empty);
    ``message`` is a human-readable single line.
    """

    rule: str
    where: tuple[Any, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"
