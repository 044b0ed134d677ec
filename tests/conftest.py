"""Settings for every test: the hypothesis profile of the algebra's property tests, no
compile note on stderr in child processes (a fresh clone compiles kernels in whichever
test comes first; tests of the note itself remove the variable), and each test module
leaving no shared universes behind, and a run whose own peak resident memory passes
3,000 MiB failing at its end (the run must fit 3 GB: issue 32.7).

Before the first test, the kernels are compiled in a child process (``zalg warmup``'s
tasks and the studio's warm start: every operation, every genre's solver, a tiny
design), so the run's own process loads them from numba's cache.  Compiling them in
the run's process on a fresh clone left about 1 GB of compiler memory resident in it
(1,323 MB after compiling every kernel, 278 MB after loading them), which numba
never gives back."""
import gc
import os
import resource
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, settings

from puzzles.common import caches
from puzzles.common.solving import SOLVED
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


WARM_UP = "import zalg.tools.warmup as w; w.warm_up(progress=False); import puzzles.studio.warmup"


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile (or load) the kernels in a child, so that their compiler memory is not
    this process's; a failure there is shown, and the tests then compile as they go.
    ``ZALG_TEST_WARMUP=0`` skips it (a run of a few tests compiles only what they call)."""
    if os.environ.get("ZALG_TEST_WARMUP") == "0":
        return
    done = subprocess.run([sys.executable, "-c", WARM_UP], capture_output=True, text=True)
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        print(f"conftest: compiling the kernels ahead failed ({tail}); tests compile as they go",
              file=sys.stderr)


PEAK_LIMIT_MIB = 3000  # the whole run's budget on a 2-core, 24 GB machine (issue 32.7)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run when the pytest process itself went past PEAK_LIMIT_MIB resident
    (large cases belong in child processes with budgets, or in benchmarks)."""
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # Linux: KiB
    if peak_mib > PEAK_LIMIT_MIB:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        line = (f"the test run's own peak resident memory was {peak_mib} MiB, over its "
                f"{PEAK_LIMIT_MIB} MiB budget (issue 32.7): move the largest cases to children")
        if reporter is not None:
            reporter.write_line(line, red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
