"""A ``zalg studio`` server in a child process, and plain HTTP calls to it (urllib)."""
from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

from .paths import ROOT
from .processes import as_from_a_terminal

__all__ = ["StudioServer"]


def _ignoring_sigint() -> None:
    """In the child before it runs: started as by ``nohup`` or as a background job."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class StudioServer:
    """``python -m PROGRAM studio --port 0 ARGS`` until :meth:`stop`; ``url`` is its
    address (``program``: the module that runs ``zalg``, by default ``puzzles``)."""

    def __init__(self, *args: str, ready_within: float = 600, program: str = "puzzles",
                 env: dict | None = None, ignoring_sigint: bool = False):
        self.process = subprocess.Popen(
            [sys.executable, "-m", program, "studio", "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env,
            preexec_fn=_ignoring_sigint if ignoring_sigint else as_from_a_terminal)
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: lines.put(self.process.stdout.readline()),
                         daemon=True).start()
        try:
            first = lines.get(timeout=ready_within)
        except queue.Empty:
            self.process.kill()
            raise RuntimeError("zalg studio did not print its address") from None
        if not first.startswith("zalg studio: http://"):
            self.process.kill()
            raise RuntimeError(f"zalg studio said {first!r}: {self.process.stderr.read()[:2000]}")
        self.url = first.split()[2].rstrip("/")

    def call(self, path: str, body=None, method: str | None = None, headers: dict | None = None,
             data: bytes | None = None, timeout: float = 60) -> tuple[int, dict]:
        """(status, JSON answer) of one request; ``body`` is sent as JSON."""
        if body is not None:
            data = json.dumps(body).encode()
        hdrs = {"Content-Type": "application/json"} if data is not None else {}
        hdrs.update(headers or {})
        request = urllib.request.Request(self.url + path, data=data, headers=hdrs,
                                         method=method or ("POST" if data is not None else "GET"))
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            text = exc.read()
            try:
                return exc.code, json.loads(text)
            except ValueError:
                return exc.code, {"text": text.decode(errors="replace")}

    def run(self, page: str, task: str, params: dict, timeout: float = 300) -> dict:
        """Start a job, wait for its end; its final state."""
        status, job = self.call("/api/jobs", {"page": page, "task": task, "params": params})
        assert status == 202, job
        return self.wait(job["id"], timeout)

    def wait(self, job_id: str, timeout: float = 300) -> dict:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            status, job = self.call(f"/api/jobs/{job_id}")
            assert status == 200, job
            if job["state"] != "running":
                return job
            time.sleep(0.05)
        raise AssertionError(f"job {job_id} still running after {timeout} s")

    def stop(self, wait: float = 30, signum: int = signal.SIGINT) -> tuple[int, str]:
        """Ctrl-C (or ``signum``) the server; (exit status, what it wrote on stderr)."""
        self.process.send_signal(signum)
        try:
            _, err = self.process.communicate(timeout=wait)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()
            raise
        return self.process.returncode, err
