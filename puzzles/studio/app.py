"""The studio's web application: the page, its static assets and the JSON API.

Routes (docs/studio.md has curl examples):

* ``GET /``, ``GET /design/<genre>``: the page (a single page application; the
  query ``?p=<puzz.link URL>`` or ``?loop=<rows>`` opens a board directly);
* ``GET /static/...``: its script, style sheet and icon (served from the package);
* ``GET /api/genres``: the genres (their example boards, editors, options and design
  views, from each genre's studio part) and the studio's limits;
* ``POST /api/puzzle``: a board (from ``source``: a URL or file text, or ``board``:
  the editor's JSON) with its URL, pzprv3, SVG and editor JSON;
* ``POST /api/jobs``: start a task in a worker process; ``GET /api/jobs/<id>``: its
  state; ``GET /api/jobs/<id>/events``: the same as server-sent events until it
  ends; ``POST /api/jobs/<id>/stop``: stop it.

Every request body is at most :data:`MAX_BODY` bytes of JSON (an object), read with
that cap before it is parsed; POST requests must say ``Content-Type:
application/json`` (which a foreign web page cannot send to this server without
its consent), and the Host header must name the address the server was started on,
so another site cannot drive it through the user's browser.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..common.studio_part import MAX_DESIGN_SIDE, MAX_SOURCE, StudioError
from . import tasks
from .boards import describe, from_board, genre_data, read_source
from .jobs import Busy, JobManager

__all__ = ["create_app", "MAX_BODY", "STATIC"]

#: the largest request body read (bytes)
MAX_BODY = MAX_SOURCE + (64 << 10)
#: the most of a refused body the server reads (and drops) so that the client gets its 413
DRAIN_LIMIT = 16 << 20
#: where the page's files are
STATIC = Path(__file__).parent / "static"
#: seconds between two looks at a job's state while streaming it
POLL = 0.05
#: seconds between two keep-alive comments of an event stream
KEEP_ALIVE = 15.0


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _discard(request: Request, size: int = 0) -> None:
    """Read and drop the rest of a refused body, up to DRAIN_LIMIT bytes in all: a client
    still sending would otherwise see its connection reset instead of the 413 answer."""
    async for chunk in request.stream():
        size += len(chunk)
        if size > DRAIN_LIMIT:
            return


async def _body(request: Request) -> dict:
    """The request's JSON object, read with the size cap (StudioError otherwise)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPException(415, "send the request body as JSON (Content-Type: application/json)")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        if int(declared) <= DRAIN_LIMIT:
            await _discard(request)
        raise HTTPException(413, f"request body of {declared} bytes is more than the limit "
                                 f"of {MAX_BODY}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            await _discard(request, size)
            raise HTTPException(413, f"request body is more than the limit of {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise StudioError("the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise StudioError("the request body must be a JSON object")
    return data


def create_app(manager: JobManager, hosts: list[str] | None = None,
               on_ready: Callable[[], None] | None = None) -> Starlette:
    """The studio's Starlette application; jobs run through ``manager``; ``hosts``: the
    Host header values accepted (default: the loopback names); ``on_ready`` is called
    once the job workers are ready, before the first request is served."""
    page = (STATIC / "index.html").read_text(encoding="utf-8")

    async def index(request: Request) -> Response:
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    async def genres(request: Request) -> Response:
        return JSONResponse({
            "genres": genre_data(),
            "tasks": list(tasks.tasks()), "max_side": MAX_DESIGN_SIDE, "max_body": MAX_BODY,
            "budget": manager.budget})

    async def puzzle(request: Request) -> Response:
        data = await _body(request)
        if data.get("board") is not None:
            module, p = from_board(data.get("genre"), data["board"])
        else:
            module, p = read_source(data.get("source"), data.get("genre"))
        return JSONResponse(describe(module, p))

    async def start_job(request: Request) -> Response:
        data = await _body(request)
        page_id = data.get("page")
        if not isinstance(page_id, str) or not 1 <= len(page_id) <= 64:
            raise StudioError("page must be a text of 1 to 64 characters naming the page")
        params = tasks.check(data.get("task"), data.get("params", {}))
        job = manager.start(page_id, data["task"], params)
        return JSONResponse(job.snapshot(), status_code=202)

    def _job(request: Request):
        job = manager.get(request.path_params["job"])
        if job is None:
            raise HTTPException(404, f"no job {request.path_params['job'][:40]!r}")
        return job

    async def job_state(request: Request) -> Response:
        return JSONResponse(_job(request).snapshot())

    async def stop_job(request: Request) -> Response:
        job = _job(request)
        await asyncio.to_thread(manager.stop, job.id)
        return JSONResponse(job.snapshot())

    async def job_events(request: Request) -> Response:
        job = _job(request)

        async def stream():
            seen, beat = -1, time.monotonic()
            while True:
                if job.version != seen:
                    seen, beat = job.version, time.monotonic()
                    yield f"data: {json.dumps(job.snapshot())}\n\n"
                    if not job.running:
                        return
                elif time.monotonic() - beat > KEEP_ALIVE:
                    beat = time.monotonic()
                    yield ": keep-alive\n\n"
                if await request.is_disconnected():
                    return
                await asyncio.sleep(POLL)
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})

    async def bad_request(request: Request, exc: Exception) -> Response:
        return _error(400, str(exc))

    async def busy(request: Request, exc: Exception) -> Response:
        return _error(409, str(exc))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return _error(exc.status_code, exc.detail)

    routes = [
        Route("/", index), Route("/solve", index), Route("/design/{genre}", index),
        Route("/api/genres", genres),
        Route("/api/puzzle", puzzle, methods=["POST"]),
        Route("/api/jobs", start_job, methods=["POST"]),
        Route("/api/jobs/{job}", job_state),
        Route("/api/jobs/{job}/events", job_events),
        Route("/api/jobs/{job}/stop", stop_job, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    allowed = hosts or ["127.0.0.1", "localhost", "[::1]"]
    return Starlette(
        routes=routes,
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=allowed)],
        exception_handlers={StudioError: bad_request, Busy: busy, HTTPException: http_error},
        lifespan=_lifespan(manager, on_ready))


def _lifespan(manager: JobManager, on_ready: Callable[[], None] | None):
    """Start the job workers' forkserver with the server; stop every job when it leaves."""
    @contextlib.asynccontextmanager
    async def lifespan(app):
        await asyncio.to_thread(manager.start_forkserver)
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            await asyncio.to_thread(manager.shutdown)
    return lifespan
