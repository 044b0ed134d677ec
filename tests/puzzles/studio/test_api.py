"""The studio's JSON API against a running server: answers equal the library's and an
independent brute force; bad requests are one-line 4xx answers; jobs stop promptly,
run out of memory cleanly, and leave the server responsive."""
from __future__ import annotations

import itertools
import json
import os
import time
import urllib.request
from pathlib import Path

import pytest

from puzzles.common import genre as G
from puzzles import slitherlink
from tests.helpers.processes import prompt
from tests.helpers.studio import StudioServer


def brute_count(module, p) -> int:
    """Solutions of a small board by trying every set of edges (cells for Nurimeizu)
    against the genre's answer checker."""
    elements = _units(module, p)
    return sum(1 for k in range(len(elements) + 1)
               for subset in itertools.combinations(elements, k)
               if not module.check_solution(p, frozenset(subset)))


def _units(module, p) -> list:
    return p.cells() if module.NAME == "nurimeizu" else p.edges()


#: the genres' example boards with at most 12 edges (cells for Nurimeizu)
SMALL = [(m.NAME, url) for m in G.genres() for url in m.EXAMPLES
         if len(_units(m, m.Puzzle.from_url(url))) <= 12]


def test_genres_are_listed(studio):
    status, data = studio.call("/api/genres")
    assert status == 200
    assert [g["name"] for g in data["genres"]] == list(G.GENRES)
    assert "slitherlink.design" in data["tasks"]


@pytest.mark.parametrize("name,url", SMALL)
def test_solve_counts_equal_brute_force(studio, name, url):
    module = G.genre(name)
    p = module.Puzzle.from_url(url)
    job = studio.run(f"api-solve-{name}", "solve", {"source": url})
    assert job["state"] == "done", job
    result = job["result"]
    assert result["genre"] == name and result["url"] == p.to_url()
    assert result["count"] == str(brute_count(module, p))
    assert result["unique"] == (result["count"] == "1")
    assert result["solution_svg"].startswith("<svg")
    # the worker's own CPU time and peak memory, for the page's "done in" line
    assert 0 < job["cpu_seconds"] and job["peak_memory"] > 10 << 20


def test_the_editor_board_round_trips(studio):
    for module in G.genres():
        status, info = studio.call("/api/puzzle", {"source": module.EXAMPLES[-1]})
        assert status == 200, info
        status, again = studio.call("/api/puzzle", {"genre": module.NAME, "board": info["board"]})
        assert status == 200, again
        assert again["url"] == info["url"] == module.Puzzle.from_url(module.EXAMPLES[-1]).to_url()


def test_differences_are_named(studio):
    job = studio.run("api-diff", "solve", {"source": "https://puzz.link/p?slither/2/2/cc"})
    result = job["result"]
    p = slitherlink.Puzzle.from_url("https://puzz.link/p?slither/2/2/cc")
    family = p.solve()
    differ = {e for e in family.support() if family.offset(e)}
    assert result["differ"] == len(differ) == 8
    assert result["differences"].startswith("3 solutions differ on 8 edges")


def test_slitherlink_design_matches_the_library(studio):
    loop_rows = ".##./.##./...."
    job = studio.run("api-design", "slitherlink.design", {"loop": loop_rows, "limit": 3})
    assert job["state"] == "done", job
    result = job["result"]
    region = {(r, c) for r, line in enumerate(loop_rows.split("/")) for c, ch in enumerate(line)
              if ch == "#"}
    loop = slitherlink.outline(region)
    H = slitherlink.instances((3, 4), loop)
    least = slitherlink.minimum(H)
    counts = result["counts"]
    assert (counts["good"], counts["minimal"], counts["minimum"]) == (
        str(H.count()), str(H.minimal().count()), str(least.count()))
    assert result["total"] == str(least.count())
    ranked = [key for _, key in itertools.islice(slitherlink.rank_by_difficulty(least, loop), 3)]
    assert [tuple(i["key"]) for i in result["instances"]] == ranked
    for item in result["instances"]:
        p = slitherlink.Puzzle.from_url(item["url"])
        assert p.solution() == loop and p.is_unique()
    # the stages the library reports reached the page
    assert "hitting sets top down (states per element)" in job["stages"]


def test_the_minimal_hint_sets_page_by_rank(studio):
    """Every minimal hint set can be browsed, a page at a time, hardest first."""
    loop_rows = ".##./.##./...."
    region = {(r, c) for r, line in enumerate(loop_rows.split("/")) for c, ch in enumerate(line)
              if ch == "#"}
    loop = slitherlink.outline(region)
    minimal = slitherlink.instances((3, 4), loop).minimal()
    h = slitherlink.loop_hints(loop, 3, 4)
    ranked = [slitherlink.Puzzle(3, 4, {E: h[E] for E in S}).to_url()
              for S, _ in slitherlink.rank_by_difficulty(minimal, loop)]
    seen = []
    for offset in range(0, len(ranked), 50):
        job = studio.run("api-minimal", "slitherlink.design",
                         {"loop": loop_rows, "list": "minimal", "offset": offset, "limit": 50})
        assert job["state"] == "done", job
        result = job["result"]
        assert result["total"] == str(minimal.count()) == str(len(ranked))
        assert result["offset"] == offset and result["caption"].startswith("Minimal hint sets")
        assert [i["index"] for i in result["instances"]] == list(
            range(offset + 1, offset + 1 + len(result["instances"])))
        seen += [i["url"] for i in result["instances"]]
    assert seen == ranked


def test_progress_streams_as_server_sent_events(studio):
    status, job = studio.call("/api/jobs", {"page": "api-sse", "task": "slitherlink.design",
                                            "params": {"loop": "###./#.#./###."}})
    assert status == 400 and "not one loop" in job["error"]
    status, job = studio.call("/api/jobs", {"page": "api-sse", "task": "slitherlink.design",
                                            "params": {"loop": "###./##../...."}})
    assert status == 202
    events = []
    with urllib.request.urlopen(f"{studio.url}/api/jobs/{job['id']}/events", timeout=120) as r:
        assert r.headers["Content-Type"].startswith("text/event-stream")
        for line in r:
            if line.startswith(b"data: "):
                events.append(json.loads(line[6:]))
    assert events[-1]["state"] == "done"
    assert all(e["state"] == "running" for e in events[:-1])
    assert [e["version"] for e in events] == sorted(set(e["version"] for e in events))


BAD = [
    ({"task": "solve", "page": "b", "params": {"source": "https://puzz.link/p?nosuch/3/3/abc"}},
     400, "none of the studio's genres"),
    ({"task": "solve", "page": "b", "params": {"source": "__import__('os').system('touch PWNED')"}},
     400, ""),
    ({"task": "rm -rf /", "page": "b", "params": {}}, 400, "task must be one of"),
    ({"task": "solve", "page": "b", "params": {"genre": "slitherlink",
                                               "board": {"rows": 10 ** 9, "cols": 2}}},
     400, "larger than the limit"),
    ({"task": "slitherlink.design", "page": "b", "params": {"loop": "#" * 40}}, 400, "limit"),
    ({"task": "slitherlink.design", "page": "b", "params": {"loop": "#x/##"}}, 400,
     "unexpected character"),
    ({"task": "numberlink.instances", "page": "b", "params": {"rows": "9" * 5000, "cols": 3}},
     400, "rows must be an integer"),
    ({"task": "nurimeizu.icons", "page": "b",
      "params": {"source": "https://puzz.link/p?nurimaze/3/3/uga05462615", "black": "#./.."}},
     400, "expected 3 rows of 3 cells"),
    ({"task": "solve", "page": "", "params": {}}, 400, "page must be"),
    ({"task": "solve", "page": "b", "params": []}, 400, "params must be an object"),
]


@pytest.mark.parametrize("body,status,words", BAD)
def test_bad_requests_get_one_line(studio, tmp_path, body, status, words):
    got, answer = studio.call("/api/jobs", body)
    assert got == status, answer
    assert words in answer["error"] and "\n" not in answer["error"]
    assert not (Path(studio_root()) / "PWNED").exists()


def studio_root() -> str:
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))


def test_bad_bodies_and_hosts(studio):
    assert studio.call("/api/jobs", data=b"{not json")[0] == 400
    assert studio.call("/api/jobs", data=b"[" * 100_000 + b"]" * 100_000)[0] in (400, 413)
    assert studio.call("/api/jobs", data=b"x" * (2 << 20))[0] == 413
    status, answer = studio.call("/api/puzzle", data=b"{}", headers={"Content-Type": "text/plain"})
    assert status == 415 and "application/json" in answer["error"]
    # another site's name in the Host header (DNS rebinding) is refused
    assert studio.call("/api/genres", headers={"Host": "evil.example"})[0] == 400
    assert studio.call("/api/jobs/nosuch")[0] == 404
    assert studio.call("/static/../app.py")[0] == 404
    assert studio.call("/static/%2e%2e/app.py")[0] == 404


def _long_job(studio, page: str) -> dict:
    """A job that runs for minutes: every good hint set of a loop on a 9x9 board."""
    loop = "/".join(["." * 9] + [".#######."] * 7 + ["." * 9])
    status, job = studio.call("/api/jobs", {"page": page, "task": "slitherlink.design",
                                            "params": {"loop": loop}})
    assert status == 202, job
    return job


def test_stop_ends_the_worker_within_two_seconds(studio):
    job = _long_job(studio, "api-stop")
    deadline = time.monotonic() + 60
    while studio.call(f"/api/jobs/{job['id']}")[1]["stage"] == "" and time.monotonic() < deadline:
        time.sleep(0.1)
    # one job at a time per page
    status, answer = studio.call("/api/jobs", {"page": "api-stop", "task": "solve",
                                               "params": {"source": slitherlink.EXAMPLES[0]}})
    assert status == 409 and "already runs" in answer["error"]
    start = time.monotonic()
    status, stopped = studio.call(f"/api/jobs/{job['id']}/stop", {})
    assert status == 200 and stopped["state"] == "stopped"
    while os.path.exists(f"/proc/{job['worker']}") and _alive(job["worker"]):
        assert prompt(time.monotonic() - start), "the worker outlived Stop by 2 s"
        time.sleep(0.02)
    done = studio.run("api-stop", "solve", {"source": slitherlink.EXAMPLES[2]})
    assert done["result"]["count"] == "1"


def _alive(pid: int) -> bool:
    """False once the process has ended (a zombie awaiting its parent counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_out_of_memory_is_one_line_and_the_server_stays_up():
    server = StudioServer("--memory", "40M")
    try:
        job = _long_job(server, "oom")
        final = server.wait(job["id"], timeout=300)
        assert final["state"] == "error"
        assert "memory" in final["error"] and "\n" not in final["error"]
        after = server.run("oom", "solve", {"source": slitherlink.EXAMPLES[2]})
        assert after["result"]["count"] == "1"
    finally:
        status, err = server.stop()
    assert "Traceback" not in err


MALFORMED = ["https://puzz.link/p?slither/5/5/zzzz!!",
             "https://puzz.link/p?slither/5/5/cbcbcddadxxxx",
             "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3zzzz",
             "5x5t0:2b1b2b1b2b3b3b0b3z"]


@pytest.mark.parametrize("source", MALFORMED)
def test_malformed_sources_are_refused_by_the_reader(source):
    from puzzles.studio.boards import StudioError, read_source
    with pytest.raises(StudioError, match="after the last cell|skips 20 cells"):
        read_source(source)


def test_malformed_sources_answer_400_and_loopy_ids_are_read(studio):
    for source in MALFORMED:
        status, answer = studio.call("/api/puzzle", {"source": source})
        assert status == 400 and "\n" not in answer["error"], (source, answer)
    status, by_id = studio.call("/api/puzzle", {"source": "5x5t0:2b1b2b1b2b3b3b0b3"})
    assert status == 200 and by_id["url"] == "https://puzz.link/p?slither/5/5/cbcbcddad"


def test_the_curl_lines_of_docs_studio_md_run_as_written(studio):
    """docs/studio.md's shell block, copied into a shell in order (its address turned to
    this test's server): every answer comes, the job it starts is followed to its end
    by the id the shell kept, and the job it stops is found (no 404)."""
    import re
    import shutil
    import subprocess
    import sys

    if shutil.which("curl") is None or shutil.which("bash") is None:
        pytest.skip("the doc's lines need curl and bash")
    doc = (Path(__file__).resolve().parents[3] / "docs" / "studio.md").read_text()
    block = next(b for b in re.findall(r"```sh\n(.*?)```", doc, re.S) if "/api/jobs" in b)
    script = "set -e -o pipefail\n" + block.replace("http://127.0.0.1:8000", studio.url)
    script = script.replace("curl -s", "curl -f -s")  # an HTTP error fails the line
    env = {**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True,
                          timeout=600, env=env)
    assert done.returncode == 0, (done.stdout[-2000:], done.stderr[-2000:])
    assert '"state":"done"' in done.stdout.replace(" ", ""), done.stdout[-2000:]
    assert '"good":"1198"' in done.stdout.replace(" ", ""), done.stdout[-2000:]
    stopped = json.loads(done.stdout.strip().splitlines()[-1])
    assert stopped["task"] == "solve" and stopped["id"].startswith("j"), stopped
