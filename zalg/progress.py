"""One progress mechanism for every long step: a tqdm bar on stderr, or your callback.

Every function that can run for more than a couple of seconds takes
``progress=``:

* ``None`` or ``False``: silent (the library default);
* ``True``: progress on stderr: a tqdm bar when stderr is a terminal or a Jupyter
  notebook's (where the bars stay, so a finished step shows its end), else one plain
  line when a stage starts, at most one every :data:`LINE_EVERY` seconds, and one
  when a stage that took :data:`DONE_AFTER` seconds or more ends (logs and pipes
  get no carriage returns);
* a callable ``progress(stage, done, total)``: called when a stage starts (done = 0)
  and as it advances; ``total`` is None when the amount of work is not known.

Inside the library a long computation asks for a :class:`Reporter`
(``reporter(progress)``) and tells it what happens::

    with reporter(progress) as r:
        r.stage("layers", total=m)
        for i in range(m):
            ...
            r.update(i + 1, detail=f"{n} states")

``Reporter.waiting(text)`` covers one opaque call (a compiled kernel that does not
return until it is done): it shows the elapsed time from a helper thread while the
call runs (kernels pause every few thousand steps, which lets that thread run).

Any other stage that stays silent is covered by the heartbeat: when no plain line has
been printed for :func:`heartbeat_seconds` (30 s; ``zalg.configure(heartbeat=...)`` or
``ZALG_HEARTBEAT`` sets another), the innermost open stage says ``stage: N[/total],
still at work after T`` (a terminal's bar is redrawn with its elapsed time).  It runs in a helper thread too, so it needs the GIL:
kernels hand it over at their pauses, and CUDD's long operations at their termination
callbacks (about once per thousand new nodes).
"""

from __future__ import annotations

import os
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Union

from .errors import InputError

__all__ = ["Progress", "Reporter", "reporter", "LINE_EVERY", "HEARTBEAT", "heartbeat_seconds",
           "set_heartbeat", "check_heartbeat"]

#: ``progress(stage, done, total)``
Progress = Union[None, bool, Callable[[str, int, Union[int, None]], None]]

#: seconds between two plain progress lines for the same stage (stderr not a terminal)
LINE_EVERY = 5.0
#: a stage that took at least this many seconds says that it is done (plain lines)
DONE_AFTER = 5.0
#: seconds between two refreshes of a waiting stage's elapsed time
TICK = 1.0
#: seconds of silence after which an open stage says it is still at work (the default
#: of :func:`heartbeat_seconds`)
HEARTBEAT = 30.0


#: the interval chosen by :func:`set_heartbeat` (None: not chosen)
_chosen_heartbeat: float | None = None


def check_heartbeat(seconds) -> float:
    """``seconds`` as a heartbeat interval: a number from 0.1 to 3600, else ValueError."""
    try:
        value = float(seconds) if not isinstance(seconds, bool) else float("nan")
    except (TypeError, ValueError, OverflowError):
        value = float("nan")
    if not 0.1 <= value <= 3600:  # (nan and inf fail too)
        raise ValueError(f"a heartbeat must be a number of seconds from 0.1 to 3600, "
                         f"got {str(seconds)[:40]!r}")
    return value


def set_heartbeat(seconds: float | None) -> float | None:
    """Make ``seconds`` (0.1 to 3600) the heartbeat's interval in this process; ``None``
    returns to ``ZALG_HEARTBEAT`` or :data:`HEARTBEAT`.  Returns the previous choice."""
    global _chosen_heartbeat
    previous = _chosen_heartbeat
    _chosen_heartbeat = None if seconds is None else check_heartbeat(seconds)
    return previous


def heartbeat_seconds() -> float:
    """The heartbeat's interval: the one chosen by :func:`set_heartbeat` (``zalg.configure``),
    else ``ZALG_HEARTBEAT`` (seconds, 0.1 to 3600) when set, else :data:`HEARTBEAT`.  An
    environment value that is no such number is an :class:`InputError`."""
    if _chosen_heartbeat is not None:
        return _chosen_heartbeat
    text = os.environ.get("ZALG_HEARTBEAT", "").strip()
    if not text:
        return HEARTBEAT
    try:
        return check_heartbeat(text if len(text) <= 20 and text.isascii() else "nan")
    except ValueError:
        raise InputError(f"the environment variable ZALG_HEARTBEAT: {text[:40]!r} is not "
                         "a number of seconds from 0.1 to 3600") from None


class Reporter:
    """Where a long computation reports its stages (see the module)."""

    def __init__(self, progress: Progress = None, stream=None):
        self._callback = progress if callable(progress) else None
        self._on = progress is True
        self._stream = stream if stream is not None else sys.stderr
        self._notebook = self._on and _in_notebook(self._stream)
        self._tty = self._on and (self._notebook or _isatty(self._stream))
        self._bar = None
        self._stage = ""
        self._total: int | None = None
        self._done = 0
        self._timed = False
        self._started = 0.0
        self._last_line = 0.0
        self._lock = threading.RLock()  # a callback may report again

    @property
    def active(self) -> bool:
        """Whether anyone is listening (callers may skip preparing details if not)."""
        return self._on or self._callback is not None

    def stage(self, text: str, total: int | None = None) -> Reporter:
        """Start a stage of ``total`` units (None: unknown); the previous one ends."""
        self._begin(text, total, timed=False)
        return self

    def _begin(self, text: str, total: int | None, timed: bool) -> None:
        """Start a stage; ``timed``: its units are the seconds it has run (``waiting``)."""
        with self._lock:
            self._end_stage()
            self._stage, self._total, self._done, self._timed = text, total, 0, timed
            self._started = time.monotonic()
            if self._on:
                _HEARTBEAT.open(self)
            if self._callback is not None:
                self._callback(text, 0, total)
            if self._tty:
                self._bar = _bar_class(self._notebook)(
                    total=total, desc=text, file=self._stream, leave=self._notebook,
                    dynamic_ncols=True, mininterval=0.2,
                    bar_format="{desc}: running for {elapsed}" if timed else None)
            elif self._on:
                self._line(f"{text} ..." if total is None else f"{text}: 0/{total} ...")

    def update(self, done: int, detail: str = "", unit: str = "") -> None:
        """``done`` units of the current stage are finished (``unit``: what they are,
        e.g. ``"s"``, shown after the number)."""
        with self._lock:
            step, self._done = done - self._done, done
            if self._callback is not None:
                self._callback(self._stage, done, self._total)
            if self._bar is not None:
                if detail or unit:
                    self._bar.set_postfix_str(detail or unit, refresh=False)
                self._bar.update(step)
            elif self._on and time.monotonic() - self._last_line >= LINE_EVERY:
                self._line(f"{self._stage}: {self._amount(done, unit)}"
                           + (f", {detail}" if detail else ""))

    def advance(self, units: int = 1, detail: str = "") -> None:
        """``units`` more units of the current stage are finished."""
        self.update(self._done + units, detail)

    def note(self, text: str) -> None:
        """A message line (printed above a bar; passed to a callback as a stage of its own
        with done = total = 0)."""
        with self._lock:
            if self._callback is not None:
                self._callback(text, 0, 0)
            if self._bar is not None:
                self._bar.write(text, file=self._stream)
            elif self._on:
                self._line(text)

    @contextmanager
    def waiting(self, text: str) -> Iterator[Reporter]:
        """A stage that is one opaque call: its elapsed seconds are shown (a terminal's bar
        ticks; plain lines every LINE_EVERY s; a callback gets done = seconds so far)."""
        self._begin(text, None, timed=True)
        if not self.active:
            yield self
            return
        start = time.monotonic()
        done = threading.Event()

        def tick() -> None:
            while not done.wait(TICK):
                self.update(int(time.monotonic() - start), unit="s")

        ticker = threading.Thread(target=tick, name="zalg-progress", daemon=True)
        ticker.start()
        try:
            yield self
        finally:
            done.set()
            ticker.join()

    def close(self) -> None:
        """End the current stage (a terminal's bar disappears, a notebook's stays; a plain
        line says that a long stage is done)."""
        with self._lock:
            self._end_stage()

    def __enter__(self) -> Reporter:
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is None:
            self.close()
            return
        with self._lock:  # the step failed: its stage is not done
            self._stage = ""
            self._end_stage()

    # ---- internals
    def _amount(self, done: int, unit: str = "") -> str:
        if unit == "s" and self._total is None:  # a waiting stage
            return f"running for {_duration(done)}"
        of = "" if self._total is None else f"/{self._total}"
        return f"{done}{of}" + (f" {unit}" if unit else "")

    def _end_stage(self) -> None:
        """Close the bar, or in plain lines say that a stage of DONE_AFTER s or more ended."""
        _HEARTBEAT.close(self)
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif self._on and self._stage and time.monotonic() - self._started >= DONE_AFTER:
            self._line(f"{self._stage}: done in {time.monotonic() - self._started:.0f} s")
        self._stage = ""

    def _beat(self) -> None:
        """The heartbeat (see the module): a line saying that the stage is still at work."""
        with self._lock:
            if not self._stage:
                return
            if self._bar is not None:
                try:
                    self._bar.refresh()
                except (OSError, ValueError):  # its stream closed: never worth the heartbeat
                    self._on = False
                    return
                _HEARTBEAT.last = time.monotonic()
            elif self._on:
                elapsed = int(time.monotonic() - self._started)
                if self._timed:  # a waiting stage: its own kind of line, sooner
                    self._line(f"{self._stage}: {self._amount(elapsed, 's')}")
                else:
                    self._line(f"{self._stage}: {self._amount(self._done)}, still at work "
                               f"after {_duration(elapsed)}")

    def _line(self, text: str) -> None:
        self._last_line = _HEARTBEAT.last = time.monotonic()
        try:
            print(text, file=self._stream, flush=True)
        except (OSError, ValueError):  # stderr closed: progress is never worth a crash
            self._on = False


class _Heartbeat:
    """The process's one heartbeat thread (see the module): it watches the innermost open
    stage of the reporters that print, and the time of the last line any of them printed."""

    def __init__(self) -> None:
        # innermost last; weak, so that a reporter dropped with its stage still open (an
        # abandoned generator, a request that ended) is never beaten for
        self.open_stages: list[weakref.ref[Reporter]] = []
        self.last = time.monotonic()
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def open(self, report: Reporter) -> None:
        with self.lock:
            self._drop(report)
            self.open_stages.append(weakref.ref(report))
            if self.thread is None or not self.thread.is_alive():  # (none in a forked child)
                self.last = time.monotonic()
                self.thread = threading.Thread(target=self._run, name="zalg-heartbeat",
                                               daemon=True)
                self.thread.start()

    def close(self, report: Reporter) -> None:
        with self.lock:
            self._drop(report)

    def innermost(self) -> Reporter | None:
        """The innermost open stage's reporter that still exists (the dead ones dropped)."""
        with self.lock:
            self._drop(None)
            return self.open_stages[-1]() if self.open_stages else None

    def _drop(self, report: Reporter | None) -> None:
        """Forget ``report`` and every reporter that no longer exists (lock held)."""
        self.open_stages = [ref for ref in self.open_stages
                            if ref() is not None and ref() is not report]

    def _run(self) -> None:
        while True:
            try:
                every = heartbeat_seconds()
            except InputError:  # (the program refuses such a value before any work)
                every = HEARTBEAT
            time.sleep(min(1.0, every / 4))
            report = self.innermost()
            if report is not None and time.monotonic() - self.last >= every:
                report._beat()


_HEARTBEAT = _Heartbeat()


def reporter(progress: Progress = None) -> Reporter:
    """A :class:`Reporter` for ``progress`` (None/False, True, or a callback); a Reporter
    passed in is returned as it is, so a step can hand its own to the steps it calls."""
    if isinstance(progress, Reporter):
        return progress
    if progress is not None and not isinstance(progress, bool) and not callable(progress):
        raise TypeError(f"progress must be None, a bool or a callable, not "
                        f"{type(progress).__name__}")
    return Reporter(progress)


def _duration(seconds: int) -> str:
    """``seconds`` in words: "45 s", "2 min 5 s", "1 h 3 min"."""
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60} min"


def _in_notebook(stream) -> bool:
    """Whether ``stream`` is a Jupyter kernel's output (ipykernel's OutStream)."""
    return type(stream).__module__.split(".")[0] == "ipykernel"


def _bar_class(notebook: bool):
    """tqdm's bar class: its notebook widget (``tqdm.auto``: the text bar when ipywidgets
    is missing) in Jupyter, else the terminal's.  Imported on first use: tqdm costs
    start-up time that silent runs need not pay."""
    if notebook:
        from tqdm.auto import tqdm  # lazy: start-up time (and ipywidgets, if present)
    else:
        from tqdm import tqdm  # lazy: start-up time of every zalg import
    return tqdm


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
