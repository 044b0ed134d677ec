"""What a benchmark declares (cases, rows, tables) and how a row's rounds become a
line of the printed table and an entry of the JSON output."""
from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

from .child import Measurement


@dataclass(frozen=True)
class Case:
    """One measurement: ``fn(*args)``, a function of the bench module by name, run in a
    fresh process.  ``warm``: the bench module's ``warm()`` runs first (untimed), so
    that zalg's compiled kernels are loaded; leave it off for a peer's case."""
    fn: str
    args: tuple = ()
    warm: bool = True


@dataclass(frozen=True)
class Row:
    """A line of a table: its name and one case per side of the table (None: that side
    has nothing to measure here)."""
    name: str
    cases: tuple[Case | None, ...]


@dataclass(frozen=True)
class Column:
    """An extra column computed from a row's results: ``value(results)`` gets the list of
    the sides' results (each the first successful round's, or None) and returns the
    cell (formatted with ``fmt`` unless it is a string).  ``median``: the cell is the
    median of ``value`` over the rounds instead (the k-th successful round of every
    side), as the sides' cpu columns are; for timings a case reports itself."""
    header: str
    value: Callable[[list[Any]], Any]
    width: int = 8
    fmt: str = ""
    median: bool = False


def field(header: str, key: str, width: int = 8, fmt: str = "", side: int = 0,
          index: int | None = None, median: bool = False) -> Column:
    """A column showing ``result[key]`` (``[index]``) of side ``side``'s result
    (``median``: the median over the rounds)."""
    def value(results: list[Any]) -> Any:
        r = results[side] if side < len(results) else None
        value = None if r is None else r.get(key)
        if index is None or value is None:
            return value
        return value[index] if index < len(value) else None
    return Column(header, value, width, fmt, median)


def cell(column: Column, sides: Sequence[SideRounds]) -> Any:
    """The value of ``column`` in a row: from the first successful round of every side, or
    (``column.median``) the median over the rounds of the values that are numbers."""
    results = [s.result() for s in sides]
    if not any(r is not None for r in results):
        return None
    if not column.median:
        return column.value(results)
    rounds = max(len(s.good()) for s in sides)
    values = [column.value([s.good()[k].result if k < len(s.good()) else None for s in sides])
              for k in range(rounds)]
    numbers = [v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    return statistics.median(numbers) if numbers else None


def same_check(a: Any, b: Any) -> bool:
    """The default agreement test: the results' ``"check"`` entries (or the whole
    results, when they have none) are equal."""
    def key(r):
        return r.get("check", r) if isinstance(r, dict) else r
    return key(a) == key(b)


@dataclass
class Table:
    """A table of rows measured side by side.  ``sides`` names them (the first is zalg,
    the one ``--against`` compares between revisions); a ratio first/second is printed
    only when every round of both sides gave results that ``same`` accepts."""
    title: str
    sides: tuple[str, ...]
    rows: list[Row]
    columns: tuple[Column, ...] = ()
    same: Callable[[Any, Any], bool] = same_check
    name_width: int = 18
    wall_ratio: bool = False  # also print the ratio of the wall medians (batches)


@dataclass
class SideRounds:
    """One side of one row: its label and every round's measurement."""
    label: str
    rounds: list[Measurement] = dataclass_field(default_factory=list)

    def good(self) -> list[Measurement]:
        return [m for m in self.rounds if m.ok()]

    def cpu(self) -> float | None:
        good = self.good()
        return statistics.median(m.cpu for m in good) if good else None

    def best(self) -> float | None:
        good = self.good()
        return min(m.cpu for m in good) if good else None

    def wall(self) -> float | None:
        good = self.good()
        return statistics.median(m.wall for m in good) if good else None

    def rss_mb(self) -> float | None:
        seen = [m.rss_mb for m in self.rounds if m.rss_mb is not None]
        return max(seen) if seen else None

    def result(self) -> Any:
        good = self.good()
        return good[0].result if good else None

    def error(self) -> str | None:
        return next((m.error for m in self.rounds if not m.ok()), None)

    def to_json(self) -> dict:
        return {"label": self.label, "cpu": [m.cpu for m in self.rounds],
                "wall": [m.wall for m in self.rounds], "rss_mb": [m.rss_mb for m in self.rounds],
                "started": [m.started for m in self.rounds],
                "zalg": next((m.zalg for m in self.rounds if m.zalg), None),
                "errors": [m.error for m in self.rounds if m.error], "result": self.result()}


def agree(table: Table, sides: Sequence[SideRounds]) -> bool | None:
    """Whether every successful round of every side gave the same result (None: fewer
    than two results to compare)."""
    results = [m.result for side in sides for m in side.good()]
    if len(results) < 2:
        return None
    return all(table.same(results[0], r) for r in results[1:])


def ratio(sides: Sequence[SideRounds], same: bool | None, wall: bool = False) -> float | None:
    """CPU (``wall``: wall) median of the first side over the second's, when both ran
    and agree."""
    if len(sides) < 2 or same is not True:
        return None
    a, b = (sides[0].wall(), sides[1].wall()) if wall else (sides[0].cpu(), sides[1].cpu())
    return a / b if a is not None and b else None


# ---- printing ------------------------------------------------------------------------------

SIDE_HEADERS = ("cpu s", "best", "wall s", "MB")


def header(table: Table, labels: Sequence[str]) -> str:
    """Two header lines: the sides' labels above their blocks, then the column names."""
    extra = "".join(f" {c.header:>{c.width}}" for c in table.columns)
    lead = " " * (table.name_width + len(extra))
    blocks = [f" | {label[:33]:<33}" for label in labels]
    names = "".join(" | " + " ".join(f"{h:>{w}}" for h, w in zip(SIDE_HEADERS, WIDTHS))
                    for _ in labels)
    tail = ""
    if len(labels) > 1:
        tail = f" | {'ratio':>6}" + (f" {'wall r':>6}" if table.wall_ratio else "") + " same"
    return ((lead + "".join(blocks)).rstrip() + "\n"
            + f"{'row':<{table.name_width}}{extra}{names}{tail}")


WIDTHS = (8, 8, 8, 6)


def line(table: Table, name: str, sides: Sequence[SideRounds]) -> str:
    """A row of the printed table."""
    cells = []
    for c in table.columns:
        value = cell(c, sides)
        text = "-" if value is None else value if isinstance(value, str) else format(value, c.fmt)
        cells.append(f" {text:>{c.width}}")
    out = f"{name:<{table.name_width}}" + "".join(cells)
    for side in sides:
        if not side.rounds:
            out += " | " + " ".join(f"{'-':>{w}}" for w in WIDTHS)
        elif not side.good():
            out += f" | {'failed':>8} {_mb(side.rss_mb()):>{sum(WIDTHS) - 6}}"
        else:
            out += (f" | {_secs(side.cpu()):>8} {_secs(side.best()):>8} {_secs(side.wall()):>8} "
                    f"{_mb(side.rss_mb()):>6}")
    if len(sides) > 1:
        same = agree(table, sides)
        r = ratio(sides, same)
        out += f" | {_ratio(r):>6}"
        if table.wall_ratio:
            out += f" {_ratio(ratio(sides, same, wall=True)):>6}"
        out += f" {'-' if same is None else 'yes' if same else 'NO':>4}"
    return out


def _ratio(r: float | None) -> str:
    if r is None:
        return "-"
    return f"{r:.4f}" if r < 0.01 else f"{r:.3f}" if r < 0.1 else f"{r:.2f}" if r < 100 \
        else f"{r:.0f}"


def failures(sides: Sequence[SideRounds]) -> list[str]:
    """One line per side that failed in some round."""
    return [f"    {side.label}: {side.error()}" for side in sides if side.error()]


def _secs(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.4f}" if x < 0.1 else f"{x:.3f}" if x < 10 else f"{x:.1f}"


def _mb(x: float | None) -> str:
    return "-" if x is None else f"{x:.0f}"
