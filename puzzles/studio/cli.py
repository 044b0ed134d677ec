"""``zalg studio``: start the studio's local web server and print its address.

``zalg studio [--host 127.0.0.1] [--port 8000] [--open] [--memory SIZE] [--jobs N]``

The server binds the loopback address unless ``--host`` says otherwise; every job
runs in a worker process with ``--memory`` (else ``zalg --memory`` / ``ZALG_MEMORY``,
else the machine's default budget shared by ``--jobs``) as its budget.  Ctrl-C stops
the server and its jobs (unless the server was started with SIGINT ignored: then
SIGTERM does).
"""
from __future__ import annotations

import ipaddress
import signal
import socket
import sys
import threading
import webbrowser

from zalg.memory import default_budget, parse_size

from ..program.cli import UserError, bounded_int

__all__ = ["register", "job_budget", "open_browser", "LOOPBACK_NAMES"]

LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"]


def register(sub) -> None:
    """Add ``zalg studio`` to the program's subcommands."""
    st = sub.add_parser("studio", help="the designer's workbench in the browser (local web server)",
                        description="Start a local web server with the studio: solve and design "
                                    "puzzles of every genre in the browser (docs/studio.md).")
    st.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this machine only)")
    st.add_argument("--port", type=bounded_int(0, 65535), default=8000,
                    help="port to listen on (default 8000; 0: any free port)")
    st.add_argument("--open", action="store_true", help="open the studio in a web browser")
    st.add_argument("--memory", dest="job_memory", metavar="SIZE",
                    help="memory budget of each job, e.g. 2G (default: zalg --memory or "
                         "ZALG_MEMORY, else the machine's budget shared by --jobs)")
    st.add_argument("--jobs", type=bounded_int(1, 64), default=2,
                    help="jobs that may run at once (default 2; one per page)")
    st.set_defaults(run=_run)


def job_budget(text: str | None, jobs: int) -> int:
    """Bytes each job may use: ``text`` (e.g. 2G) if given, else the default budget
    (``ZALG_MEMORY`` or 3/4 of the machine) shared by ``jobs`` jobs."""
    if text is None:
        return default_budget() // jobs
    try:
        return parse_size(text)
    except ValueError as exc:
        raise UserError(f"--memory: {exc}") from None


def open_browser(url: str) -> bool:
    """Open ``url`` in the user's web browser; where none can be started, say so in one
    line with the address to open."""
    try:
        opened = webbrowser.get().open(url)
    except (webbrowser.Error, OSError):
        opened = False
    if not opened:
        print(f"zalg studio: no web browser could be started here; open {url} in one",
              file=sys.stderr, flush=True)
    return opened


def _listen(host: str, port: int) -> socket.socket:
    try:
        family = socket.AF_INET6 if ipaddress.ip_address(host.strip("[]")).version == 6 \
            else socket.AF_INET
    except ValueError:
        raise UserError(f"--host: {host[:60]!r} is not an IP address (e.g. 127.0.0.1)") from None
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def _run(args) -> int:
    # the web stack is imported only here: every other zalg command starts without it
    import uvicorn

    from .app import create_app  # Starlette: loaded only when `zalg studio` runs
    from .jobs import JobManager  # the job workers' forkserver: only for `zalg studio`

    budget = job_budget(args.job_memory, args.jobs)
    sock = _listen(args.host, args.port)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    loopback = ipaddress.ip_address(host).is_loopback
    hosts = LOOPBACK_NAMES + [shown] if loopback else ["*"]

    def ready() -> None:
        print(f"zalg studio: {url}  (jobs: {args.jobs} at once, {budget >> 20} MB each; "
              "Ctrl-C stops it)", flush=True)
        if not loopback:
            print(f"zalg studio: listening on {host}: anyone who can reach this machine can "
                  "use it", file=sys.stderr, flush=True)
        if args.open:
            threading.Thread(target=open_browser, args=(url,), daemon=True).start()

    app = create_app(JobManager(budget, args.jobs), hosts, ready)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # an inherited "ignore" is kept
        stop = server.handle_exit
        server.handle_exit = lambda sig, frame: None if sig == signal.SIGINT else stop(sig, frame)
    server.run(sockets=[sock])
    print("zalg studio: stopped", file=sys.stderr, flush=True)
    return 0
