"""zalg studio's targets, measured in headless chromium against a running studio.

* first paint of the page after the server is up (the browser's first-contentful-paint);
* a 10x10 puzzle of each genre pasted into the solve view -> its count shown;
* a random 5x7 loop opened by link with all 35 cells as candidates -> its good,
  minimal and minimum counts shown.

Each latency is wall time as the user sees it (the page's own clock, from the click or
the navigation to the number on screen), the median of ``--rounds``. Beside it: the
job's time in its worker process (``seconds`` in the API; for the loops also the
worker's CPU time, ``cpu_seconds``, which shows how much of the wall time the
machine's other load took), the worker's peak resident memory, and the same work done
by the library in a forked copy of this process (CPU time, ``time.process_time``,
kernels loaded, nothing cached) as the peer; ``page/library`` is the ratio of the two,
that is what the web stack and the worker process add. On a shared machine wall times
vary; run it on a quiet one.

    python benchmarks/bench_studio.py              # 3 rounds
    python benchmarks/bench_studio.py --rounds 5 --loops 8
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import statistics
import subprocess
import sys
import time
from urllib.parse import quote

from playwright.sync_api import sync_playwright

from puzzles import genre as G
from puzzles import slitherlink

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


def start_server() -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([sys.executable, "-m", "puzzles", "studio", "--port", "0"],
                               stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if not line.startswith("zalg studio: http://"):
        process.kill()
        raise SystemExit(f"the studio did not start: {line!r}")
    return process, line.split()[2].rstrip("/")


def first_paint(browser, url: str, rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        context = browser.new_context()
        page = context.new_page()
        page.goto(url + "/")
        page.wait_for_load_state("load")
        times.append(page.evaluate(
            "performance.getEntriesByName('first-contentful-paint')[0].startTime") / 1000)
        context.close()
    return times


def paste(browser, url: str, genre: str, expected: str, rounds: int):
    """(page latencies, job seconds) of pasting the genre's 10x10 board."""
    shown, jobs = [], []
    for _ in range(rounds):
        context = browser.new_context()
        page = context.new_page()
        page.goto(url + "/")
        page.fill("#source", BOARDS[genre])
        start = page.evaluate("performance.now()")
        page.click("#open")
        page.wait_for_function(f"document.getElementById('count').textContent === '{expected}'",
                               timeout=120_000)
        shown.append((page.evaluate("performance.now()") - start) / 1000)
        jobs.append(float(page.locator("#took").inner_text().split(" in ")[1].split(" s")[0]))
        context.close()
    return shown, jobs


def in_fork(work, *args) -> float:
    """``work(*args)`` in a forked copy of this process (so no solution cached here
    serves it); returns what it returns."""
    with multiprocessing.get_context("fork").Pool(1) as pool:
        return pool.apply(work, args)


def library_solve(genre: str) -> tuple[str, float]:
    """The board's count and the CPU seconds the library takes for it (kernels loaded)."""
    module = G.genre(genre)
    p = module.Puzzle.from_url(BOARDS[genre])
    t = time.process_time()
    n = p.count()
    return str(n), time.process_time() - t


def loop_rows(region: set, rows: int, cols: int) -> str:
    return "/".join("".join("#" if (r, c) in region else "." for c in range(cols))
                    for r in range(rows))


def design(browser, url: str, region: set) -> tuple[float, float, str]:
    context = browser.new_context()
    page = context.new_page()
    start = time.monotonic()
    page.goto(f"{url}/design/slitherlink?loop={quote(loop_rows(region, 5, 7))}")
    page.wait_for_function("document.getElementById('minimum').textContent !== '–'",
                           timeout=300_000)
    seconds = time.monotonic() - start
    took = page.locator("#took").inner_text()  # "task: done in S s (CPU C s), M MB"
    counts = "/".join(page.locator(f"#{k}").inner_text() for k in ("good", "minimal", "minimum"))
    context.close()
    cpu = took.split("(CPU ")[1].split(" s)")[0]
    return (seconds, float(took.split(" in ")[1].split(" s")[0]),
            f"{cpu:>7} s  {counts} ({took.split(', ')[-1]})")


def library_design(region: set) -> float:
    loop = slitherlink.outline(region)
    t = time.process_time()
    H = slitherlink.instances((5, 7), loop)
    H.count(), H.minimal().count(), slitherlink.minimum(H).count()
    return time.process_time() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--loops", type=int, default=5, help="random 5x7 loops (seeds 0..N-1)")
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("needs Debian's chromium (apt-get install chromium)")
    slitherlink.instances((3, 4), slitherlink.outline({(1, 1)})).minimal()  # kernels loaded
    process, url = start_server()
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=chromium, args=FLAGS)
            paints = first_paint(browser, url, args.rounds)
            print(f"first paint: median {statistics.median(paints):.3f} s "
                  f"(of {args.rounds}: {', '.join(f'{x:.3f}' for x in paints)})")
            print(f"\n{'10x10 pasted':14} {'page s':>8} {'job s':>8} {'library s':>10} "
                  f"{'page/library':>13}")
            for genre in G.GENRES:
                module = G.genre(genre)
                module.Puzzle.from_url(module.EXAMPLES[-1]).count()  # kernels loaded
                expected, lib = in_fork(library_solve, genre)
                shown, jobs = paste(browser, url, genre, expected, args.rounds)
                page_s = statistics.median(shown)
                print(f"{genre:14} {page_s:8.3f} {statistics.median(jobs):8.3f} {lib:10.3f} "
                      f"{page_s / max(lib, 1e-3):13.1f}")
            print(f"\n{'5x7 loop':10} {'page s':>8} {'job s':>8} {'library s':>10}  "
                  "job CPU  good/minimal/minimum (worker peak)")
            for seed in range(args.loops):
                region = slitherlink.random_region(5, 7, seed=seed)
                page_s, job_s, counts = design(browser, url, region)
                print(f"seed {seed:<5} {page_s:8.2f} {job_s:8.2f} {in_fork(library_design, region):10.2f}  "
                      f"{counts}")
            browser.close()
    finally:
        process.terminate()
        process.wait(30)


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    main()
