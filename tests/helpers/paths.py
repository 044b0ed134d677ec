"""Where the project and its shared test data live.

``DATA`` is ``../shared/data`` beside the project root (pzprjs boards with accepted
answers and rule-breaking negatives, FORMAT-pzprjs.md); tests that need it skip
with its path when it is absent."""
from __future__ import annotations

from pathlib import Path

#: the project root (the folder holding zalg/, puzzles/, tests/)
ROOT = Path(__file__).resolve().parents[2]
#: the shared test data folder
DATA = ROOT.parent / "shared" / "data"
#: the pzprjs boards
PZPRJS = DATA / "pzprjs"
#: the project's own test data (boards of genres the shared folder lacks)
OWN_DATA = ROOT / "tests" / "data"
