"""Batch generation and solving (``puzzles.program.batch``): the same records whatever runs the
tasks (this process, a local pool, a Dask cluster), every record checked on its own,
the command-line contract, and the error paths."""
from __future__ import annotations

import contextlib
import http.server
import io
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache, partial

import pytest

from puzzles.program import batch, batch_engines
from puzzles import nagareru, numberlink, nurimeizu, slitherlink
from puzzles.program.cli import main
from tests.helpers.processes import as_from_a_terminal, prompt

#: a small board per genre, and the design function that makes one puzzle from a seed
SIZES = {"numberlink": "4x4", "slitherlink": "4x4", "nagareru": "4x4", "nurimeizu": "4x4"}
MAKE = {"numberlink": lambda r, c, seed: numberlink.random_instance(r, c, seed=seed),
        "slitherlink": lambda r, c, seed: slitherlink.random_puzzle(r, c, seed=seed),
        "nagareru": lambda r, c, seed: nagareru.generate(r, c, seed=seed),
        "nurimeizu": lambda r, c, seed: nurimeizu.generate(r, c, seed=seed)}
MODULES = {"numberlink": numberlink, "slitherlink": slitherlink, "nagareru": nagareru,
           "nurimeizu": nurimeizu}
#: what a record states about its puzzle, read from the puzzle
COUNTS = {"numberlink": lambda p: {"pairs": len(p.pairs)},
          "slitherlink": lambda p: {"hints": len(p.hints)},
          "nagareru": lambda p: {"clues": len(p.cells), "fans": len(p.fans())},
          "nurimeizu": lambda p: {"icons": len(p.icons), "rooms": p.nrooms}}
GENRES = sorted(SIZES)
COUNT, SEED = 3, 11


def run(argv: list[str]) -> tuple[int, list[dict], str]:
    """``zalg ARGV`` in this process: (status, JSON records on stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


def without_timings(records: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k not in batch.TIMINGS} for r in records]


@lru_cache(maxsize=None)
def sequential(genre: str) -> tuple:
    """The reference run of a genre: COUNT puzzles in this process, checked."""
    status, records, _ = run([genre, "generate", SIZES[genre], "--count", str(COUNT),
                              "--seed", str(SEED)])
    assert status == 0
    for record in records:
        check_record(genre, record, SIZES[genre])
    return tuple(json.dumps(r, sort_keys=True) for r in without_timings(records))


def task_seed(master: int, index: int) -> int:
    rng = random.Random(master)
    return [rng.randrange(2 ** 62) for _ in range(index + 1)][index]


def check_record(genre: str, record: dict, size: str, master: int | None = SEED) -> None:
    """A generated record on its own: the URL and the pzprv3 text are one puzzle of the
    size asked, with exactly one solution, the counts it states, and it is the puzzle the
    design function makes from the record's seed, the task's seed of the master seed."""
    module = MODULES[genre]
    rows, cols = (int(x) for x in size.split("x"))
    assert record["genre"] == genre and "error" not in record, record
    if master is not None:
        assert record["seed"] == task_seed(master, record["index"])
    p = module.Puzzle.from_url(record["url"])
    assert p.count() == 1 and record["solutions"] == 1
    assert module.Puzzle.from_text(record["pzprv3"]).to_url() == record["url"]
    assert (p.rows, p.cols) == (record["rows"], record["cols"]) == (rows, cols)
    counts = COUNTS[genre](p)
    assert {k: record[k] for k in counts} == counts
    assert MAKE[genre](rows, cols, record["seed"]).to_url() == record["url"]
    assert record["seconds"] >= 0


# ---------------------------------------------------------------- same records, any engine

@pytest.mark.parametrize("genre", GENRES)
def test_pool_gives_the_sequential_records(genre):
    status, records, err = run([genre, "generate", SIZES[genre], "--count", str(COUNT),
                                "--seed", str(SEED), "--jobs", "2"])
    assert status == 0 and "Traceback" not in err
    assert [r["index"] for r in records] == list(range(COUNT))  # in task order
    assert tuple(json.dumps(r, sort_keys=True) for r in without_timings(records)) == \
        sequential(genre)


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as local:
        yield local


@pytest.mark.parametrize("genre", GENRES)
def test_dask_cluster_gives_the_sequential_records(genre, cluster):
    status, records, err = run([genre, "generate", SIZES[genre], "--count", str(COUNT),
                                "--seed", str(SEED), "--scheduler", cluster.scheduler_address])
    assert status == 0 and "Traceback" not in err
    assert tuple(json.dumps(r, sort_keys=True) for r in without_timings(records)) == \
        sequential(genre)


def test_dask_cluster_solves_many_sources(cluster):
    urls = [json.loads(r)["url"] for r in sequential("numberlink")]
    status, records, _ = run(["numberlink", "solve", *urls, "--scheduler",
                              cluster.scheduler_address])
    assert status == 0 and [r["url"] for r in records] == urls
    assert all(r["solutions"] == 1 for r in records)


def test_old_generators_keep_their_puzzles_for_the_same_seed():
    """Nagareru and Nurimeizu drew their --count seeds this way before batches existed."""
    for genre in ("nagareru", "nurimeizu"):
        rng = random.Random(SEED)
        expected = [MAKE[genre](4, 4, rng.randrange(2 ** 62)).to_url() for _ in range(COUNT)]
        assert [json.loads(r)["url"] for r in sequential(genre)] == expected


def test_slitherlink_random_puzzles_have_minimal_hint_sets():
    for line in sequential("slitherlink"):
        p = slitherlink.Puzzle.from_url(json.loads(line)["url"])
        for cell in p.hints:
            fewer = {c: v for c, v in p.hints.items() if c != cell}
            assert slitherlink.Puzzle(p.rows, p.cols, fewer).count() > 1


def test_the_shared_family_is_built_once_per_worker():
    info = numberlink.covering_path_matchings.cache_info()
    status, records, _ = run(["numberlink", "generate", "3x5", "--count", "3", "--seed", "2"])
    after = numberlink.covering_path_matchings.cache_info()
    assert status == 0 and len(records) == 3
    assert after.misses - info.misses == 1 and after.hits - info.hits >= 5
    assert all(r["shared_seconds"] == 0 for r in records[1:])


# ---------------------------------------------------------------- the command line

def zalg(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "puzzles", *args], capture_output=True,
                          text=True, timeout=300, **kwargs)


@pytest.mark.parametrize("genre, size", [("numberlink", "6x6"), ("slitherlink", "5x5"),
                                         ("nagareru", "5x5"), ("nurimeizu", "5x5")])
def test_cli_contract_four_json_lines_with_urls(genre, size):
    out = zalg(genre, "generate", size, "--count", "4", "--jobs", "2", "--seed", "1")
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 4
    records = [json.loads(line) for line in lines]
    assert [r["index"] for r in records] == [0, 1, 2, 3]
    for record in records:
        check_record(genre, record, size, master=1)


def test_out_writes_each_puzzle_and_the_records(tmp_path):
    folder = tmp_path / "out"
    status, records, _ = run(["nurimeizu", "generate", "4x4", "--count", "2", "--seed", "5",
                              "--out", str(folder)])
    assert status == 0 and len(records) == 2
    assert sorted(f.name for f in folder.iterdir()) == ["nurimeizu-0.txt", "nurimeizu-1.txt",
                                                       "results.jsonl"]
    for record in records:
        text = (folder / f"nurimeizu-{record['index']}.txt").read_text()
        assert text == record["pzprv3"]
        assert nurimeizu.Puzzle.from_text(text).count() == 1
    saved = [json.loads(line) for line in (folder / "results.jsonl").read_text().splitlines()]
    assert saved == records


def test_solve_many_sources_one_line_each(tmp_path):
    urls = [json.loads(r)["url"] for r in sequential("numberlink")]
    puzzle = numberlink.Puzzle.from_url(urls[0])
    (tmp_path / "a.txt").write_text(puzzle.to_pzprv3())
    open_board = numberlink.Puzzle(4, 4, {1: ((0, 0), (3, 3))})  # many solutions
    sources = [str(tmp_path / "a.txt"), urls[1], str(tmp_path / "missing.txt"),
               open_board.to_url(), "https://puzz.link/p?numlin/4/4/1g1"]
    status, records, err = run(["numberlink", "solve", *sources, "--jobs", "2"])
    assert status == 1 and "Traceback" not in err
    assert [r["source"] for r in records] == sources
    assert records[0]["url"] == urls[0] and records[0]["solutions"] == 1
    assert records[1]["solutions"] == numberlink.Puzzle.from_url(urls[1]).count() == 1
    assert "no such file" in records[2]["error"]
    assert records[3]["solutions"] == open_board.count() > 1
    assert isinstance(records[3]["solutions"], int)
    assert "error" in records[4] and "solutions" not in records[4]
    single = io.StringIO()
    with contextlib.redirect_stdout(single):  # one source: the text answer as before
        assert main(["numberlink", "solve", urls[0], "--count"]) == 0
    assert "solutions: 1" in single.getvalue() and not single.getvalue().startswith("{")


def test_a_failing_task_gives_an_error_line_and_status_1(monkeypatch):
    from puzzles.numberlink import design
    seeds = [task_seed(SEED, i) for i in range(COUNT)]
    real = design.random_instance

    def flaky(*args, seed=None, **kwargs):
        if seed == seeds[1]:
            raise RuntimeError("the drawing fell off the table")
        return real(*args, seed=seed, **kwargs)

    monkeypatch.setattr(design, "random_instance", flaky)
    status, records, err = run(["numberlink", "generate", SIZES["numberlink"], "--count",
                                str(COUNT), "--seed", str(SEED)])
    assert status == 1 and "Traceback" not in err
    assert [r["index"] for r in records] == list(range(COUNT))
    assert records[1]["error"] == "RuntimeError: the drawing fell off the table"
    assert records[1]["seed"] == seeds[1] and "url" not in records[1]
    reference = [json.loads(r) for r in sequential("numberlink")]
    assert without_timings([records[0], records[2]]) == [reference[0], reference[2]]


@pytest.mark.parametrize("argv, message", [
    (["numberlink", "generate", "4x4", "--jobs", "0"], "from 1 to 256"),
    (["numberlink", "generate", "4x4", "--jobs", "257"], "from 1 to 256"),
    (["nagareru", "generate", "4x4", "--jobs", "x"], "from 1 to 256"),
    (["nurimeizu", "generate", "4x4", "--count", "0"], "from 1 to 100000"),
    (["numberlink", "generate", "4x4", "--jobs", "2", "--scheduler", "tcp://h:1"], "give one"),
    (["numberlink", "generate", "4x4", "--count", "2", "--pairs", "20"], "1 to 8 pairs"),
    (["numberlink", "generate", "99999x9", "--count", "2"], "board size"),
    (["nurimeizu", "generate", "1x1", "--count", "2"], "at least 2 cells"),
    (["nagareru", "generate", "5x5", "--count", "2", "--svg", "x.svg"], "--svg draws one"),
    (["slitherlink", "generate"], "either a board size"),
    (["slitherlink", "generate", "4x4", "--minimum"], "--minimum does not go"),
    (["slitherlink", "solve", "a", "b", "--svg", "x.svg"], "--svg draws one"),
    (["numberlink", "generate", "4x4", "--scheduler", "nope://where"], "Dask scheduler"),
])
def test_bad_batch_options_are_one_line_and_status_2(argv, message):
    status, records, err = run(argv)
    assert status == 2 and records == []
    assert len(err.strip().splitlines()) == 1 and message in err, err


def test_out_must_be_a_directory(tmp_path):
    (tmp_path / "file").write_text("x")
    status, records, err = run(["numberlink", "generate", "4x4", "--out",
                                str(tmp_path / "file")])
    assert status == 2 and records == [] and "not a directory" in err


def test_unreachable_scheduler_is_one_line_and_status_2(monkeypatch):
    pytest.importorskip("distributed", reason="--scheduler needs Dask's distributed")
    monkeypatch.setattr(batch_engines, "SCHEDULER_TIMEOUT", 1.0)
    start = time.perf_counter()
    status, records, err = run(["numberlink", "generate", "4x4", "--count", "2",
                                "--scheduler", "tcp://127.0.0.1:9"])
    assert status == 2 and records == [] and time.perf_counter() - start < 1.0 + 5
    assert len(err.strip().splitlines()) == 1 and "cannot use the Dask scheduler" in err


class _QuietHandler(http.server.BaseHTTPRequestHandler):
    """A plain HTTP server's handler whose request log stays off the stderr under test
    (when the handshake's bytes happen to hold a newline it answers 400 and logs it)."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.mark.parametrize("peer", ["silent", "http"])
def test_a_peer_that_is_no_scheduler_is_one_line_within_the_timeout(peer, monkeypatch):
    """A port that accepts and never answers, and a plain HTTP server (which waits for
    the end of a request that never comes): distributed's handshake read has no
    timeout of its own, and these runs used to hang past 90 s."""
    pytest.importorskip("distributed", reason="--scheduler needs Dask's distributed")
    monkeypatch.setattr(batch_engines, "SCHEDULER_TIMEOUT", 3.0)
    if peer == "silent":
        server = socket.create_server(("127.0.0.1", 0))  # the kernel accepts; nobody reads
        port, stop = server.getsockname()[1], server.close
    else:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _QuietHandler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.server_address[1]
        stop = lambda: (server.shutdown(), server.server_close())  # noqa: E731
    try:
        start = time.monotonic()
        status, records, err = run(["numberlink", "generate", "4x4", "--count", "2",
                                    "--scheduler", f"tcp://127.0.0.1:{port}"])
        elapsed = time.monotonic() - start
    finally:
        stop()
    assert status == 2 and records == []
    assert err.count("\n") == 1 and "no answer within 3 s" in err, err
    assert prompt(elapsed, 3.0 + 5), elapsed  # the 3 s plus importing distributed


@pytest.mark.parametrize("peer", ["closed", "http"])
def test_a_scheduler_that_is_none_answers_in_one_line_within_10_s(peer):
    """The promise as a user meets it: ``zalg ... --scheduler`` at a closed port or at a
    plain HTTP server prints one line and ends with status 2 within 10 s, the program's
    start and the import of distributed included (a loaded machine stretches the 10 s
    by its slowdown, see ``prompt``).  A refused connection is told at once."""
    pytest.importorskip("distributed", reason="--scheduler needs Dask's distributed")
    if peer == "closed":
        with socket.create_server(("127.0.0.1", 0)) as probe:
            port = probe.getsockname()[1]  # closed again: nothing listens there
        stop = lambda: None  # noqa: E731
    else:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _QuietHandler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.server_address[1]
        stop = lambda: (server.shutdown(), server.server_close())  # noqa: E731
    try:
        start = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "puzzles", "numberlink", "generate", "4x4",
                               "--scheduler", f"tcp://127.0.0.1:{port}"],
                              capture_output=True, text=True, timeout=120)
        elapsed = time.monotonic() - start
    finally:
        stop()
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr.count("\n") == 1 and "cannot use the Dask scheduler" in done.stderr
    if peer == "closed":
        assert "the connection was refused" in done.stderr, done.stderr
    else:
        assert f"no answer within {batch_engines.SCHEDULER_TIMEOUT:.0f} s" in done.stderr
    assert prompt(elapsed, 10.0), elapsed


def test_scheduler_without_dask_installed_is_one_line(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    status, records, err = run(["numberlink", "generate", "4x4", "--scheduler", "tcp://h:1"])
    assert status == 2 and records == []
    assert len(err.strip().splitlines()) == 1 and "pip install distributed" in err


def group_left(pgid: int) -> list[str]:
    """The processes of a process group that are still running (not zombies)."""
    stats = subprocess.run(["ps", "-o", "stat=", "-g", str(pgid)], capture_output=True,
                           text=True).stdout.split()
    return [stat for stat in stats if not stat.startswith("Z")]


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
def test_ctrl_c_stops_the_pool_with_one_line():
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) while the
    workers build their families: status 130 within 2 s, one line, no worker left behind."""
    proc = subprocess.Popen([sys.executable, "-m", "puzzles", "numberlink", "generate", "10x10",
                             "--count", "4", "--jobs", "2"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=as_from_a_terminal)
    started = proc.stderr.readline()  # the progress line: the pool is starting
    assert started.startswith("generating")
    time.sleep(1.0)
    os.killpg(proc.pid, signal.SIGINT)
    sent = time.perf_counter()
    out, err = proc.communicate(timeout=60)
    took = time.perf_counter() - sent
    assert proc.returncode == 130 and out == ""
    assert err.strip().splitlines() == ["zalg: interrupted"]
    assert prompt(took), took
    time.sleep(0.5)
    assert group_left(proc.pid) == []  # at most reaped-later zombies


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_a_ctrl_c_while_the_workers_start_is_raised_not_lost(monkeypatch):
    """While the pool starts its workers the main thread blocks SIGINT (the workers inherit
    the mask), so Linux hands a Ctrl-C to another thread of the process (numpy's OpenBLAS
    threads; here also one of ours).  It must come back as a KeyboardInterrupt once the
    workers have started; on main it was dropped (an ignored disposition meanwhile), and
    the batch ran to the end with status 0."""
    real_submit = ProcessPoolExecutor.submit

    def submit(self, fn, /, *args, **kwargs):  # Ctrl-C while the pool starts its workers
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.2)
        return real_submit(self, fn, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    idle = threading.Event()
    other = threading.Thread(target=idle.wait, daemon=True)
    other.start()
    tasks = [partial(batch.known_record, {"index": i}) for i in range(2)]
    # Python's own Ctrl-C handler, as in a terminal (a run started in the background of a
    # shell inherits SIGINT ignored, and an ignored Ctrl-C is rightly kept ignored)
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            for _ in batch_engines.completed(tasks, jobs=2):
                pass
    finally:
        signal.signal(signal.SIGINT, handler)
        idle.set()


#: the lines a command prints on stderr besides an interruption: its progress
PROGRESS = ("generating", "solver runs", "loop", "clues")


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
@pytest.mark.parametrize("argv, lines", [
    (["nagareru", "generate", "4x4", "--count", "2", "--jobs", "2", "--seed", "1"], 2),
    (["nagareru", "generate", "4x4", "--seed", "1"], 17),
])
def test_ctrl_c_while_the_program_shuts_down_is_one_line(argv, lines):
    """Ctrl-C pressed again and again once the output is complete, while the program
    shuts down (its pool, exit callbacks, the interpreter's teardown): at most the line
    "zalg: interrupted", no traceback ("Exception ignored in atexit callback"), no
    multiprocessing warning about leaked semaphores, no worker left behind."""
    proc = subprocess.Popen([sys.executable, "-m", "puzzles", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    for _ in range(lines):  # ready: the whole output is there
        assert proc.stdout.readline()
    signals = 0
    while proc.poll() is None and signals < 20_000:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGINT)
        signals += 1
        time.sleep(0.003)
    out, err = proc.communicate(timeout=60)
    assert out == ""
    said = [line for line in err.splitlines() if not line.startswith(PROGRESS)]
    assert said in ([], ["zalg: interrupted"]), err[-3000:]
    # killed by the signal itself only in the interpreter's last moments (after its
    # handlers are gone), with nothing printed
    assert proc.returncode in (0, 130, -signal.SIGINT)
    assert proc.returncode != 130 or said == ["zalg: interrupted"]
    time.sleep(0.5)
    assert group_left(proc.pid) == []


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
@pytest.mark.parametrize("after", [1, 6])
def test_ctrl_c_after_records_or_at_the_end_of_a_batch_leaves_no_warning(after):
    """Ctrl-C after the first record, or after the last while the pool shuts down (where
    the resource tracker used to warn of 5 leaked semaphores): 130, one line, no worker."""
    proc = subprocess.Popen([sys.executable, "-m", "puzzles", "numberlink", "generate", "4x4",
                             "--count", "6", "--jobs", "2", "--seed", "3"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    for _ in range(after):
        assert proc.stdout.readline().startswith("{")
    os.killpg(proc.pid, signal.SIGINT)
    start = time.perf_counter()
    out, err = proc.communicate(timeout=60)
    took = time.perf_counter() - start
    assert prompt(took), took
    assert proc.returncode in (0, 130)  # 0: the run had ended before the signal
    lines = [line for line in err.splitlines() if not line.startswith("generating")]
    assert lines == (["zalg: interrupted"] if proc.returncode else []), err
    time.sleep(1.5)  # a worker whose parent is gone notices within 0.5 s
    left = subprocess.run(["ps", "-o", "stat=", "-g", str(proc.pid)], capture_output=True,
                          text=True).stdout.split()
    assert all(stat.startswith("Z") for stat in left)


def test_results_file_that_cannot_be_written_is_one_line_and_status_1(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "results.jsonl").mkdir()   # in the way of the records' file
    status, records, err = run(["numberlink", "generate", "3x3", "--count", "2", "--seed", "5",
                                "--out", str(folder)])
    assert status == 1 and [r["index"] for r in records] == [0, 1]
    lines = [line for line in err.splitlines() if not line.startswith("generating")]
    assert len(lines) == 1 and "results.jsonl" in lines[0], err


def test_an_out_file_that_cannot_be_written_fails_its_record_only(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "nurimeizu-1.txt").mkdir()   # in the way of the second puzzle's file
    status, records, err = run(["nurimeizu", "generate", "4x4", "--count", "3", "--seed", "5",
                                "--out", str(folder)])
    assert status == 1 and [r["index"] for r in records] == [0, 1, 2]
    assert "error" in records[1] and "directory" in records[1]["error"]
    assert "error" not in records[0] and "error" not in records[2]
    assert (folder / "nurimeizu-2.txt").read_text() == records[2]["pzprv3"]
    assert len((folder / "results.jsonl").read_text().splitlines()) == 3


def test_records_are_ascii_json_whatever_the_source_name(tmp_path):
    odd = tmp_path / "é\u2603.txt"
    odd.write_text(numberlink.Puzzle(2, 2, {1: ((0, 0), (1, 1))}).to_pzprv3())
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["numberlink", "solve", str(odd), str(odd)])
    assert status == 0 and out.getvalue().isascii()
    assert [json.loads(line)["source"] for line in out.getvalue().splitlines()] == [str(odd)] * 2


def test_too_many_workers_for_the_budget_is_one_line_before_any_work(monkeypatch):
    monkeypatch.setenv("ZALG_MEMORY", "1G")
    status, records, err = run(["numberlink", "generate", "4x4", "--count", "8", "--jobs", "8"])
    assert status == 2 and records == []
    most = (1 << 30) // batch_engines.WORKER_MINIMUM  # workers the budget holds
    assert 1 < most < 8 and err.count("\n") == 1
    assert "--jobs 8" in err and f"--jobs {most} " in err


def test_standard_input_twice_is_refused():
    status, records, err = run(["numberlink", "solve", "-", "-"])
    assert status == 2 and records == [] and "only once" in err


def test_solve_writes_its_records_to_out(tmp_path):
    urls = [json.loads(r)["url"] for r in sequential("numberlink")]
    folder = tmp_path / "solved"
    status, records, _ = run(["numberlink", "solve", *urls, "--out", str(folder)])
    assert status == 0 and [r["url"] for r in records] == urls
    assert all(r["solutions"] == 1 for r in records)
    assert sorted(f.name for f in folder.iterdir()) == ["results.jsonl"]
    saved = [json.loads(line) for line in (folder / "results.jsonl").read_text().splitlines()]
    assert saved == records


#: a child that leaves through the program's exit while a spawn pool's queues (and their
#: five named semaphores) are still alive, as when a Ctrl-C's watchdog ends the process in
#: the middle of the pool's shutdown
LEAVES_WITH_A_LIVE_POOL = """
import multiprocessing, sys
from concurrent.futures import ProcessPoolExecutor
from puzzles.program import main as program
pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
assert pool.submit(abs, -3).result() == 3
for worker in multiprocessing.active_children():  # (in a batch they die with the program)
    worker.kill()
    worker.join()
print("ready", flush=True)
program._leave() if sys.argv[1] == "leave" else program._end(0)
"""


@pytest.mark.parametrize("how, status", [("leave", 130), ("end", 0)])
def test_the_exit_releases_the_semaphores_of_a_pool_it_cuts_short(how, status):
    p = subprocess.run([sys.executable, "-c", LEAVES_WITH_A_LIVE_POOL, how], capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == status and p.stdout == "ready\n", p.stderr
    time.sleep(0.5)  # the resource tracker (a process of its own) warns when it sees the end
    assert "leaked" not in p.stderr and "resource_tracker" not in p.stderr, p.stderr
