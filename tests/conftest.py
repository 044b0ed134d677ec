"""Settings for every test: the hypothesis profile of the algebra's property tests, each
test module leaving no shared universes behind, and a run whose peak resident memory
passes 2,048 MiB failing at its end (the run must fit 2 GB)."""
import gc

import pytest
from hypothesis import HealthCheck, settings

from puzzles.common import caches
from puzzles.common.solving import SOLVED
from tests.helpers import run_memory
from zalg.memory import trim

settings.register_profile("zalg", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("zalg")

#: what the caches' pool may keep in each process of the run (a program's pool keeps up to
#: 1 GiB): the shapes one test makes are seldom the next one's, and the run's peak memory,
#: two workers' together, stays low at no measured cost in time (numberlink's design
#: tests: peak 1.3 GB -> 0.8 GB)
caches.set_limit(128 << 20)


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


#: the whole run's budget on a 2-core, 24 GB machine: the pytest process, or with
#: pytest-xdist the controller and its workers together
PEAK_LIMIT_MIB = 2048


def pytest_configure(config: pytest.Config) -> None:
    """A run that hands its tests to workers samples their memory together."""
    if getattr(config, "workerinput", None) is None and config.getoption("numprocesses", None):
        config._run_memory = run_memory.Sampler().start()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """xdist (controller): a worker's own peak, as it reported it."""
    peaks = node.config.__dict__.setdefault("_worker_peaks", [])
    peaks.append(getattr(node, "workeroutput", {}).get("peak_mib", 0))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Say the run's peak resident memory, and fail the run past PEAK_LIMIT_MIB (large
    cases belong in child processes with budgets, or in benchmarks).  A worker reports
    its own peak to the controller."""
    config = session.config
    own = run_memory.own_peak_mib()
    if getattr(config, "workerinput", None) is not None:
        config.workeroutput["peak_mib"] = own
        return
    sampler = getattr(config, "_run_memory", None)
    workers = getattr(config, "_worker_peaks", [])
    peak = max(own, *workers, sampler.stop() if sampler else 0)
    what = (f"the controller and {len(workers)} workers together" if workers
            else "the pytest process")
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    line = f"peak resident memory of {what}: {peak} MiB (budget {PEAK_LIMIT_MIB} MiB)"
    if peak > PEAK_LIMIT_MIB:
        line += ": move the largest cases to children"
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    if reporter is not None:
        reporter.write("\n")
        reporter.write_line(line, red=peak > PEAK_LIMIT_MIB)
