"""Settings for every test: the hypothesis profile of the algebra's property tests, each
test module leaving no shared universes behind, and a run whose own peak resident memory
passes 3,000 MiB failing at its end (the run must fit 3 GB)."""
import gc
import resource

import pytest
from hypothesis import HealthCheck, settings

from puzzles.common import caches
from puzzles.common.solving import SOLVED
from zalg.memory import trim

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


PEAK_LIMIT_MIB = 3000  # the whole run's budget on a 2-core, 24 GB machine


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run when the pytest process itself went past PEAK_LIMIT_MIB resident
    (large cases belong in child processes with budgets, or in benchmarks)."""
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # Linux: KiB
    if peak_mib > PEAK_LIMIT_MIB:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        line = (f"the test run's own peak resident memory was {peak_mib} MiB, over its "
                f"{PEAK_LIMIT_MIB} MiB budget: move the largest cases to children")
        if reporter is not None:
            reporter.write_line(line, red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
