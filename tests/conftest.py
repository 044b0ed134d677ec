"""Settings for every test: the hypothesis profile of the algebra's property tests, no
compile note on stderr in child processes (a fresh clone compiles kernels in whichever
test comes first; tests of the note itself remove the variable), and each test module
leaving no shared universes behind (the run must fit 3 GB: issue 32.7)."""
import gc
import os

import pytest
from hypothesis import HealthCheck, settings

from puzzles import caches
from puzzles.solving import SOLVED
from zalg.memory import trim

os.environ.setdefault("ZALG_QUIET_COMPILE", "1")

settings.register_profile("zalg", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("zalg")


@pytest.fixture(autouse=True, scope="module")
def no_universes_kept_between_modules():
    """After a test module, the caches' pool is emptied and the memory CUDD held for its
    universes goes back to the system: a module's shapes are not the next one's, and
    the pool's own limit (up to 1 GiB) would otherwise stay taken for the whole run."""
    yield
    previous = caches.set_limit(0)  # drops every value (the limit applies at once)
    caches.set_limit(previous)
    SOLVED.clear()
    gc.collect()
    trim()
