"""The ``zalg`` command as pip installs it (``scripts/zalg`` and ``scripts/zalg-launch``),
and how a Ctrl-C sent to it ended."""
from __future__ import annotations

import os
import shutil
import signal
import sys
from pathlib import Path

from .paths import ROOT
from .processes import without_progress

__all__ = ["is_launcher", "zalg_command", "ctrl_c_outcome", "CLEAN", "IN_PYTHONS_START"]

#: the outcomes of a Ctrl-C that keep the promise (docs/reliability.md, "Ctrl-C")
CLEAN = ("line and 130", "killed by SIGINT before Python's handler existed")
#: the interpreter's own start, between installing its handler and the first line of
#: zalg-launch (no file of Python code on the stack yet: only frozen modules): its
#: KeyboardInterrupt, which no launcher of Python code can catch (docs/reliability.md)
IN_PYTHONS_START = "Python's own start (its KeyboardInterrupt before zalg-launch ran)"


def is_launcher(command: Path) -> bool:
    """Whether ``command`` is the launcher, installed for this interpreter."""
    launch = command.parent / "zalg-launch"
    return (command.is_file() and launch.is_file()
            and command.read_bytes().startswith(b"#!/bin/sh")
            and launch.read_bytes().startswith(b"#!" + os.fsencode(sys.executable) + b"\n"))


def zalg_command(scratch: Path) -> str:
    """The installed ``zalg`` command when it is this launcher (a CI install); otherwise
    the launcher laid out in ``scratch`` as pip installs it (``#!python`` rewritten to
    this interpreter, as pip's ``wheel.fix_script`` does)."""
    installed = Path(sys.executable).parent / "zalg"
    if is_launcher(installed):
        return str(installed)
    shutil.copy2(ROOT / "scripts" / "zalg", scratch / "zalg")
    first, rest = (ROOT / "scripts" / "zalg-launch").read_bytes().split(b"\n", 1)
    assert first == b"#!python", first
    (scratch / "zalg-launch").write_bytes(b"#!" + os.fsencode(sys.executable) + b"\n" + rest)
    (scratch / "zalg-launch").chmod(0o755)
    assert is_launcher(scratch / "zalg")
    return str(scratch / "zalg")


def ctrl_c_outcome(status: int, stderr: str) -> str:
    """How a run that got a Ctrl-C ended: one of :data:`CLEAN`, ``finished`` (before the
    signal), or what went wrong."""
    said = without_progress(stderr)
    if status == 130 and said == ["zalg: interrupted"]:
        return CLEAN[0]
    if status == -signal.SIGINT and said == []:
        return CLEAN[1]
    if status == 0 and said == []:
        return "finished"
    frames = [line for line in stderr.splitlines() if line.startswith('  File "')]
    if (status in (1, -signal.SIGINT) and frames
            and stderr.rstrip().splitlines()[-1].startswith("KeyboardInterrupt")
            and all(line.startswith('  File "<frozen ') for line in frames)):
        return IN_PYTHONS_START
    return f"status {status}: {stderr[-1500:]!r}"
