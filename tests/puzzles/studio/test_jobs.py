"""A studio job's worker gets its settings as arguments and sets them with
``zalg.configure``; it never writes the environment.  A server started with SIGINT
ignored keeps ignoring it."""
from __future__ import annotations

import signal
import time

from tests.helpers.processes import run_python
from tests.helpers.studio import StudioServer


def test_a_job_gets_its_budget_and_heartbeat_as_arguments_not_through_the_environment():
    # the worker function run in a child of its own (it limits the address space and
    # ignores SIGINT); the resident memory it reads is recorded, so the budget it sets
    # (the job's budget beyond what the worker holds at its start) is known
    done = run_python(
        "import multiprocessing, os\n"
        "from zalg.memory import default_budget\n"
        "from zalg.progress import heartbeat_seconds\n"
        "from puzzles.studio import jobs, tasks\n"
        "os.environ.pop('ZALG_MEMORY', None)\n"
        "os.environ.pop('ZALG_HEARTBEAT', None)\n"
        "before = dict(os.environ)\n"
        "read, seen = jobs.resident, []\n"
        "jobs.resident = lambda: seen.append(read()) or seen[-1]\n"
        "receive, send = multiprocessing.Pipe(duplex=False)\n"
        "params = tasks.check('solve', {'source': 'https://puzz.link/p?slither/2/1/d'})\n"
        "jobs._worker(send, 'solve', params, 512 << 20, 7.5, {})\n"
        "while (message := receive.recv())[0] == 'progress':\n"
        "    pass\n"
        "print(message[0], dict(os.environ) == before,\n"
        "      default_budget() - seen[0] == 512 << 20, heartbeat_seconds())\n", timeout=900)
    assert done.stdout.split() == ["done", "True", "True", "7.5"], (done.stdout, done.stderr)


def test_a_server_started_with_sigint_ignored_keeps_ignoring_it():
    # as by nohup or a background job: Ctrl-C is not the server's; SIGTERM still stops it
    server = StudioServer(ignoring_sigint=True)
    try:
        for _ in range(3):
            server.process.send_signal(signal.SIGINT)
            time.sleep(0.5)
        assert server.process.poll() is None
        status, data = server.call("/api/genres")
        assert status == 200 and data["genres"], data
    finally:
        status, err = server.stop(signum=signal.SIGTERM)
    assert "Traceback" not in err, err
