"""zalg studio's targets, measured in headless chromium against a running studio.

* first paint of the page after the server is up (the browser's first-contentful-paint);
* a 10x10 puzzle of each genre pasted into the solve view -> its count shown;
* a random 5x7 loop opened by link with all 35 cells as candidates -> its good,
  minimal and minimum counts shown.

Every measurement is a fresh measuring process of the harness (benchmarks/harness)
that starts its own studio (``python -m puzzles studio --port 0``) and chromium,
runs one small job first (untimed: the worker pool is up), and measures one page.
The "page" side: ``wall s`` is the latency the user sees (the page's own clock, from
the click or the navigation to the number on screen), ``cpu s`` the job's CPU
seconds in its worker as the studio reports them (``cpu_seconds``; for the first
paint, the server process's CPU seconds while the page loads).  The "library" side
is the same work done by the library in its own fresh process (kernels loaded,
nothing cached).  The ratio page/library of CPU is what the worker process adds;
"wall r" what the whole web stack adds.  Needs Debian's chromium and playwright.

    python -m benchmarks.bench_studio              # 3 rounds
    python -m benchmarks.bench_studio --rounds 5 --loops 8
"""
from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from urllib.parse import quote

try:
    from . import harness
except ImportError:  # run as a file: this folder is first on sys.path
    import harness

TICK = os.sysconf("SC_CLK_TCK")
#: 10x10 boards: slitherlink.random_puzzle(10, 10, seed=1), numberlink.random_instance(10,
#: 10, seed=1), nagareru.generate(10, 10, seed=1), nurimeizu.generate(10, 10, seed=1)
BOARDS = {
    "slitherlink": "https://puzz.link/p?slither/10/10/63bk2122bgdk12c51ch35ch2ch26cd768882316bn6ch16a",
    "numberlink": "https://puzz.link/p?numlin/10/10/11h234567g8g3h456789gao2abibgcgcidef9g-10h-11gdh"
                  "-10g-12h-13ie-14-14j-15-11h-16-16h-13-15fi-12o",
    "nagareru": "https://puzz.link/p?nagare/10/10/a5a44a4j2a5b1c52c5b3d2b5a44a5k2a1j3a1d2l5a33a33a",
    "nurimeizu": "https://puzz.link/p?nurimaze/10/10/5tuvv6nurumvfvvv77t9aennda3tsu8l5fqtf4o2u4w3c16",
}
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def warm() -> None:
    """Solve one small board of each genre (untimed)."""
    from puzzles.common import genre as G  # (a peer's process stays free of the genres)
    for module in G.genres():
        module.Puzzle.from_url(module.EXAMPLES[-1]).count()


class Studio:
    """A running studio and a headless chromium (both ended on leaving the block)."""

    def __enter__(self):
        from playwright.sync_api import sync_playwright  # optional: the bench extra
        chromium = shutil.which("chromium")
        if chromium is None:
            raise RuntimeError("needs Debian's chromium (apt-get install chromium)")
        # chromium reserves far more address space than the harness's limit allows
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
        self.server = subprocess.Popen([sys.executable, "-m", "puzzles", "studio", "--port", "0"],
                                       stdout=subprocess.PIPE, text=True)
        line = self.server.stdout.readline()
        if not line.startswith("zalg studio: http://"):
            self.server.kill()
            raise RuntimeError(f"the studio did not start: {line!r}")
        self.url = line.split()[2].rstrip("/")
        self.driver = self.browser = None
        try:
            self.driver = sync_playwright().start()
            self.browser = self.driver.chromium.launch(executable_path=chromium, args=FLAGS)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc):
        """Close the browser and end the studio (its worker pool ends with it)."""
        try:
            if self.browser is not None:
                self.browser.close()
            if self.driver is not None:
                self.driver.stop()
        finally:
            self.server.terminate()
            try:
                self.server.wait(30)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()

    def page(self):
        return self.browser.new_context().new_page()

    def server_cpu(self) -> float:
        with open(f"/proc/{self.server.pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK


def _job(page) -> tuple[float, str]:
    """(the job's worker CPU seconds, the status line) from the page's "took" line:
    "task: done in S s (CPU C s), M MB"."""
    took = page.locator("#took").inner_text()
    return float(took.split("(CPU ")[1].split(" s)")[0]), took


def paste(studio: Studio, board: str, expected: str) -> tuple[float, float]:
    """Paste a board (its URL) until its count shows: the job's CPU seconds in its
    worker and the latency on the page."""
    page = studio.page()
    page.goto(studio.url + "/")
    page.fill("#source", board)
    start = page.evaluate("performance.now()")
    page.click("#open")
    page.wait_for_function(f"document.getElementById('count').textContent === '{expected}'",
                           timeout=300_000)
    shown = (page.evaluate("performance.now()") - start) / 1000
    cpu, _ = _job(page)
    page.context.close()
    return cpu, shown


def paint_case() -> dict:
    """The page's first contentful paint (after one untimed load)."""
    with Studio() as studio:
        studio.page().goto(studio.url + "/")
        cpu = studio.server_cpu()
        page = studio.page()
        page.goto(studio.url + "/")
        page.wait_for_load_state("load")
        paint = page.evaluate(
            "performance.getEntriesByName('first-contentful-paint')[0].startTime") / 1000
        harness.record(studio.server_cpu() - cpu, paint)
    return {"check": None}


def paste_case(genre: str) -> dict:
    """The genre's 10x10 board pasted into the solve view, until its count shows."""
    from puzzles.common import genre as G
    module = G.genre(genre)
    expected = str(module.Puzzle.from_url(BOARDS[genre]).count())  # in this process only
    with Studio() as studio:
        first = module.EXAMPLES[-1]  # untimed: the worker pool is up
        paste(studio, first, str(module.Puzzle.from_url(first).count()))
        cpu, shown = paste(studio, BOARDS[genre], expected)
    harness.record(cpu, shown)
    return {"check": [expected]}


def library_solve_case(genre: str) -> dict:
    """The same board counted by the library (kernels loaded, nothing cached)."""
    from puzzles.common import genre as G
    p = G.genre(genre).Puzzle.from_url(BOARDS[genre])
    with harness.measure():
        n = p.count()
    return {"check": [str(n)]}


def loop_rows(region: set, rows: int, cols: int) -> str:
    return "/".join("".join("#" if (r, c) in region else "." for c in range(cols))
                    for r in range(rows))


def design_case(seed: int) -> dict:
    """A random 5x7 loop opened by link, until its minimum count shows."""
    from puzzles import slitherlink
    region = slitherlink.random_region(5, 7, seed=seed)
    with Studio() as studio:
        first = slitherlink.EXAMPLES[-1]  # untimed: the worker pool is up
        paste(studio, first, str(slitherlink.Puzzle.from_url(first).count()))
        page = studio.page()
        start = time.monotonic()
        page.goto(f"{studio.url}/design/slitherlink?loop={quote(loop_rows(region, 5, 7))}")
        page.wait_for_function("document.getElementById('minimum').textContent !== '–'",
                               timeout=600_000)
        seconds = time.monotonic() - start
        cpu, took = _job(page)
        counts = [page.locator(f"#{k}").inner_text() for k in ("good", "minimal", "minimum")]
    harness.record(cpu, seconds)
    return {"check": counts, "worker": took.split(", ")[-1]}


def library_design_case(seed: int) -> dict:
    """The same loop's good, minimal and minimum hint sets by the library."""
    from puzzles import slitherlink
    loop = slitherlink.outline(slitherlink.random_region(5, 7, seed=seed))
    with harness.measure():
        H = slitherlink.instances((5, 7), loop)
        counts = [H.count(), H.minimal().count(), slitherlink.minimum(H).count()]
    return {"check": [f"{n:,}" for n in counts]}


def same_counts(a: dict, b: dict) -> bool:
    """The page's counts (text, maybe with separators) are the library's."""
    def key(r):
        return None if r["check"] is None else [c.replace(",", "").replace(" ", "")
                                                for c in r["check"]]
    return key(a) == key(b)


def tables(args) -> list:
    from puzzles.common import genre as G
    sides = ("page", "library")
    paint = harness.Table("First paint (cpu s: the server's)", ("page",),
                          [harness.Row("first paint", (harness.Case("paint_case"),))])
    pasted = harness.Table("10x10 pasted: count shown (page cpu s: the worker's)", sides,
                           [harness.Row(genre, (harness.Case("paste_case", (genre,)),
                                                harness.Case("library_solve_case", (genre,))))
                            for genre in G.GENRES], same=same_counts, name_width=12,
                           wall_ratio=True)
    loops = harness.Table("5x7 loop, all cells candidates: good/minimal/minimum shown", sides,
                          [harness.Row(f"seed {seed}", (harness.Case("design_case", (seed,)),
                                                        harness.Case("library_design_case",
                                                                     (seed,))))
                           for seed in range(args.loops)],
                          (harness.field("good", "check", 8, index=0, side=1),
                           harness.field("minimum", "check", 8, index=2, side=1),
                           harness.field("worker", "worker", 8)),
                          same=same_counts, name_width=8, wall_ratio=True)
    return [paint, pasted, loops]


def add_options(ap) -> None:
    ap.add_argument("--loops", type=int, default=5, help="random 5x7 loops (seeds 0..N-1)")


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables, add_options))
