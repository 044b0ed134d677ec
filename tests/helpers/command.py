"""The ``zalg`` command as pip installs it (the console script that pyproject.toml's
``[project.scripts]`` declares), and how a Ctrl-C sent to it ended."""
from __future__ import annotations

import os
import signal
import sys
import tomllib
from pathlib import Path

from .paths import ROOT
from .processes import without_progress

__all__ = ["entry_point", "zalg_command", "command_env", "ctrl_c_outcome", "CLEAN",
           "IN_PYTHONS_START"]

#: the outcomes of a Ctrl-C that keep the promise (docs/reliability.md, "Ctrl-C")
CLEAN = ("line and 130", "killed by SIGINT before Python's handler existed")
#: the interpreter's own start, before the program's first line (site, the .pth files,
#: the console script's imports): Python's KeyboardInterrupt, not the program's business
IN_PYTHONS_START = "Python's own start (its KeyboardInterrupt before the program's first line)"

#: what pip writes for a console script ``name = module:function`` (pip's script template)
_SCRIPT = """#!{python}
# -*- coding: utf-8 -*-
import re
import sys
from {module} import {function}
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit({function}())
"""


def entry_point() -> tuple[str, str]:
    """(module, function) of the ``zalg`` console script in pyproject.toml."""
    with open(ROOT / "pyproject.toml", "rb") as fh:
        target = tomllib.load(fh)["project"]["scripts"]["zalg"]
    module, function = target.split(":")
    return module.strip(), function.strip()


def zalg_command(scratch: Path) -> str:
    """The ``zalg`` console script laid out in ``scratch`` as pip installs it for this
    interpreter; run it with :func:`command_env` so that it imports this tree."""
    module, function = entry_point()
    script = scratch / "zalg"
    script.write_text(_SCRIPT.format(python=sys.executable, module=module, function=function))
    script.chmod(0o755)
    return str(script)


def command_env(env: dict | None = None) -> dict:
    """``env`` (default: this process's environment) with this tree first on the path."""
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    return env


def ctrl_c_outcome(status: int, stderr: str) -> str:
    """How a run that got a Ctrl-C ended: one of :data:`CLEAN`, :data:`IN_PYTHONS_START`,
    ``finished`` (before the signal), or what went wrong."""
    said = without_progress(stderr)
    # what the program said before the Ctrl-C (a stage it began) stays; the interrupt is its
    # last line and the only one naming it, with no traceback
    if (status == 130 and said[-1:] == ["zalg: interrupted"]
            and not any(line.startswith(("Traceback", "  File ", "zalg: ")) for line in said[:-1])):
        return CLEAN[0]
    if status == -signal.SIGINT and said == []:
        return CLEAN[1]
    if status == 0 and said == []:
        return "finished"
    lines = stderr.rstrip().splitlines()
    frames = [line for line in lines if line.startswith('  File "')]
    if (status in (1, -signal.SIGINT) and frames and lines[-1].startswith("KeyboardInterrupt")
            and not any(line.endswith(", in program") for line in frames)):
        return IN_PYTHONS_START
    return f"status {status}: {stderr[-1500:]!r}"
