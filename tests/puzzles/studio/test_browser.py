"""The studio in a real browser: Debian's chromium, headless, driven by playwright.

For every genre: a shared link shows its count, and a board drawn by clicks shows
its count changing (checked against the library on the same board); the design
flows end to end (Slitherlink: draw a loop, see the counts, open a minimum
instance, export its URL, and that URL solves uniquely in the CLI); Stop; the
keyboard; a phone-width screen.  Each view's screenshot is written to
``ZALG_STUDIO_SCREENSHOTS`` (a folder), else to a temporary folder named in the
test log.  Without chromium or playwright the tests skip, saying which is missing.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest

from puzzles.common import genre as G
from puzzles import masyu, nagareru, numberlink, nurimeizu, slitherlink
from tests.helpers.paths import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("no chromium on PATH: the studio's browser tests need Debian's chromium "
                "(apt-get install chromium; .ci/run installs it)", allow_module_level=True)
playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed "
                                 "(it comes with pip install -e '.[test]')")
expect = playwright.expect

#: the flags this machine's notes ask for (running as root; a closed network)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: how long the page may take to show a job's answer (ms; CI shares 2 cores)
WAIT = 60_000
expect.set_options(timeout=WAIT)


@pytest.fixture(scope="module")
def browser():
    driver = playwright.sync_playwright().start()
    try:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()
    finally:
        driver.stop()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = os.environ.get("ZALG_STUDIO_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("studio-screenshots")
    path.mkdir(parents=True, exist_ok=True)
    print(f"studio screenshots: {path}")
    return path


@pytest.fixture
def page(browser, studio):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=studio.url)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.set_default_timeout(WAIT)
    yield tab
    context.close()
    assert errors == [], errors


def shared_link(url: str) -> str:
    return "/?p=" + quote(url, safe="")


def cell(page, r: int, c: int):
    return page.locator(f'#editor rect[data-cell="{r},{c}"]')


def new_board(page, genre: str, rows: int, cols: int) -> None:
    page.select_option("#draw-genre", genre)
    page.fill("#rows", str(rows))
    page.fill("#cols", str(cols))
    page.click("#new")


@pytest.mark.parametrize("name", G.GENRES)
def test_a_shared_link_shows_the_count(page, shots, name):
    module = G.genre(name)
    url = module.EXAMPLES[-1]
    page.goto(shared_link(url))
    expect(page.locator("#count")).to_have_text(str(module.Puzzle.from_url(url).count()))
    expect(page.locator("#solution svg")).to_be_visible()
    page.screenshot(path=shots / f"solve-{name}.png", full_page=True)


def test_where_solutions_differ_is_shown(page, shots):
    page.goto(shared_link("https://puzz.link/p?slither/2/2/cc"))
    expect(page.locator("#count")).to_have_text("3")
    expect(page.locator("#differences")).to_contain_text("3 solutions differ on 8 edges")
    assert page.locator("#solution svg [stroke-dasharray]").count() > 0  # differences dashed
    page.screenshot(path=shots / "solve-differences.png", full_page=True)


def test_drawing_slitherlink_changes_the_count(page):
    page.goto("/")
    new_board(page, "slitherlink", 2, 2)
    count = page.locator("#count")
    expect(count).to_have_text(str(slitherlink.Puzzle(2, 2).count()))
    cell(page, 0, 0).click()                          # blank -> 0
    expect(count).to_have_text(str(slitherlink.Puzzle.from_grid([[0, None], [None, None]]).count()))
    for _ in range(3):                                # 0 -> 1 -> 2 -> 3
        cell(page, 1, 1).click()
    expect(count).to_have_text(str(slitherlink.Puzzle.from_grid([[0, None], [None, 3]]).count()))


def test_drawing_numberlink_changes_the_count(page):
    page.goto("/")
    new_board(page, "numberlink", 3, 3)
    cell(page, 0, 0).click()
    expect(page.locator("#message")).to_contain_text("label 1 appears once")
    cell(page, 2, 2).click()
    grid = [[1, None, None], [None, None, None], [None, None, 1]]
    expect(page.locator("#count")).to_have_text(str(numberlink.Puzzle.from_grid(grid).count()))
    page.fill("#tool-number", "2")
    cell(page, 0, 2).click()
    cell(page, 2, 0).click()
    grid[0][2] = grid[2][0] = 2
    expect(page.locator("#count")).to_have_text(str(numberlink.Puzzle.from_grid(grid).count()))


def test_drawing_nagareru_changes_the_count(page):
    page.goto("/")
    new_board(page, "nagareru", 3, 3)
    count = page.locator("#count")
    expect(count).to_have_text(str(nagareru.Puzzle.from_grid(["...", "...", "..."]).count()))
    page.click('#tools button[data-tool="r"]')
    cell(page, 0, 1).click()
    expect(count).to_have_text(str(nagareru.Puzzle.from_grid([".r.", "...", "..."]).count()))
    page.click('#tools button[data-tool="N"]')
    cell(page, 1, 1).click()
    expect(count).to_have_text(str(nagareru.Puzzle.from_grid([".r.", ".N.", "..."]).count()))


def test_drawing_masyu_changes_the_count(page):
    page.goto("/")
    new_board(page, "masyu", 3, 3)
    count = page.locator("#count")
    expect(count).to_have_text(str(masyu.Puzzle.from_grid(["...", "...", "..."]).count()))
    page.click('#tools button[data-tool="x"]')
    cell(page, 0, 0).click()
    expect(count).to_have_text(str(masyu.Puzzle.from_grid(["x..", "...", "..."]).count()))
    page.click('#tools button[data-tool="o"]')
    cell(page, 1, 2).click()
    expect(count).to_have_text(str(masyu.Puzzle.from_grid(["x..", "..o", "..."]).count()))


RIGHT, BELOW = {"x": 33, "y": 18}, {"x": 18, "y": 33}   # clicks on a cell's wall


def test_drawing_nurimeizu_changes_the_count(page):
    page.goto("/")
    new_board(page, "nurimeizu", 3, 3)
    cell(page, 0, 0).click()                          # S
    page.click('#tools button[data-tool="G"]')
    cell(page, 2, 2).click()
    icons = ["S..", "...", "..G"]
    count = page.locator("#count")
    expect(count).to_have_text(str(nurimeizu.Puzzle.from_rooms(["aaa"] * 3, icons).count()))
    walls = [((0, 0), RIGHT), ((0, 0), BELOW), ((0, 1), BELOW), ((0, 2), BELOW), ((1, 0), RIGHT),
             ((1, 1), BELOW), ((1, 2), BELOW), ((2, 0), RIGHT)]
    for (r, c), where in walls:
        cell(page, r, c).click(position=where)
    rooms = ["abb", "cdd", "cee"]
    expect(count).to_have_text(str(nurimeizu.Puzzle.from_rooms(rooms, icons).count()))
    cell(page, 2, 0).click(position=RIGHT)           # that wall again: rooms c and e join
    rooms = ["abb", "cdd", "ccc"]
    expect(count).to_have_text(str(nurimeizu.Puzzle.from_rooms(rooms, icons).count()))


def test_the_keyboard_edits_the_board(page):
    page.goto("/")
    new_board(page, "slitherlink", 2, 3)
    editor = page.locator("#editor")
    editor.focus()
    for key in ("ArrowRight", "3", "ArrowDown", "ArrowLeft", "0"):
        page.keyboard.press(key)
    expected = slitherlink.Puzzle.from_grid([[None, 3, None], [0, None, None]]).count()
    expect(page.locator("#count")).to_have_text(str(expected))


def test_bad_input_is_one_line_and_the_page_goes_on(page):
    page.goto("/")
    page.fill("#source", "https://puzz.link/p?slither/99999/3/zzz")
    page.click("#open")
    message = page.locator("#message")
    expect(message).to_be_visible()
    assert "\n" not in message.inner_text()
    page.fill("#source", slitherlink.EXAMPLES[-1])
    page.click("#open")
    expect(page.locator("#count")).to_have_text("1")
    expect(message).to_be_hidden()


def test_slitherlink_design_end_to_end(page, shots):
    page.goto("/design/slitherlink")
    page.fill("#rows", "3")
    page.fill("#cols", "4")
    page.click("#new")
    region = {(0, 1), (0, 2), (1, 1), (1, 2), (1, 0)}
    for r, c in sorted(region):
        cell(page, r, c).click()
    page.click('#tools button[data-tool="candidate"]')
    cell(page, 2, 3).click()                          # no hint in the corner
    page.click("#compute")
    loop = slitherlink.outline(region)
    candidates = [(r, c) for r in range(3) for c in range(4) if (r, c) != (2, 3)]
    H = slitherlink.instances((3, 4), loop, candidates=candidates)
    expect(page.locator("#good")).to_have_text(str(H.count()))
    expect(page.locator("#minimal")).to_have_text(str(H.minimal().count()))
    expect(page.locator("#minimum")).to_have_text(str(slitherlink.minimum(H).count()))
    page.locator("button.instance").first.click()
    field = page.locator("#chosen .url-field")
    expect(field).to_have_value(re.compile(r"^https://puzz\.link/p\?slither/4/3/\S+$"))
    url = field.input_value()
    p = slitherlink.Puzzle.from_url(url)
    assert (2, 3) not in p.hints and p.solution() == loop
    page.screenshot(path=shots / "design-slitherlink.png", full_page=True)
    cli = subprocess.run([sys.executable, "-m", "puzzles", "slitherlink", "solve", url, "--count"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert cli.returncode == 0, cli.stderr
    assert "solutions: 1" in cli.stdout and "unique solution" in cli.stdout


def test_a_loop_link_shows_the_three_counts(page):
    page.goto("/design/slitherlink?loop=.##./.##./....")
    region = {(0, 1), (0, 2), (1, 1), (1, 2)}
    H = slitherlink.instances((3, 4), slitherlink.outline(region))
    expect(page.locator("#good")).to_have_text(str(H.count()))
    expect(page.locator("#minimal")).to_have_text(str(H.minimal().count()))
    expect(page.locator("#minimum")).to_have_text(str(slitherlink.minimum(H).count()))


def generate(page, rows: int, cols: int, seed: int) -> str:
    """Press a design view's Generate with these settings; the URL of what it made."""
    page.fill("#g-rows", str(rows))
    page.fill("#g-cols", str(cols))
    page.fill("#g-seed", str(seed))
    page.click("#generate")
    expect(page.locator("#chosen h2")).to_contain_text("Generated")
    return page.locator("#chosen .url-field").input_value()


def test_numberlink_design(page, shots):
    page.goto("/design/numberlink?size=3x3")
    good = numberlink.good_instances(3, 3)
    expect(page.locator("#good")).to_have_text(str(good.count()))
    sizes = good.by_size()
    rows = page.locator("#by-size tr")
    expect(rows).to_have_count(1 + len(sizes))
    page.locator("button.instance").first.click()
    url = page.locator("#chosen .url-field").input_value()
    p = numberlink.Puzzle.from_url(url)
    assert p.is_unique(cover=True) and p.count() == 1
    page.click("#random")
    expect(page.locator("#chosen svg")).to_be_visible()
    assert numberlink.Puzzle.from_url(generate(page, 5, 5, seed=1)).is_unique()
    page.screenshot(path=shots / "design-numberlink.png", full_page=True)


def test_nagareru_design(page, shots):
    page.goto("/design/nagareru")
    p = nagareru.Puzzle.from_url(generate(page, 4, 4, seed=3))
    assert p.is_unique()
    page.click("#use-generated")
    page.click("#compute")
    expect(page.locator("#minimal")).to_have_text(str(nagareru.reduce(p).count()))
    page.screenshot(path=shots / "design-nagareru.png", full_page=True)


def test_nurimeizu_design(page, shots):
    page.goto("/design/nurimeizu")
    p = nurimeizu.Puzzle.from_url(generate(page, 4, 4, seed=2))
    page.click("#use-generated")
    page.click("#compute")
    bare = nurimeizu.Puzzle(p.rows, p.cols, p.rooms, {x: i for x, i in p.icons.items() if i in "SG"})
    good = nurimeizu.icon_sets(bare, p.solution())
    expect(page.locator("#good")).to_have_text(str(good.count()))
    expect(page.locator("#minimum")).to_have_text(str(nurimeizu.minimum_icon_sets(good).count()))
    page.screenshot(path=shots / "design-nurimeizu.png", full_page=True)


def test_masyu_design(page, shots):
    page.goto("/design/masyu")
    p = masyu.Puzzle.from_url(generate(page, 5, 5, seed=4))
    assert p.is_unique()
    page.click("#use-generated")
    page.click("#compute")
    expect(page.locator("#minimal")).to_have_text("1")     # a generated pearl set is minimal
    rows, cols, loop = masyu.read_loop("F--7\nL-7|\n..LJ\n")
    full = masyu.Puzzle(rows, cols, masyu.loop_pearls(loop, rows, cols))
    _, H, M = masyu.design.reduce(full)
    page.goto("/design/masyu" + shared_link(full.to_url())[1:])
    expect(page.locator("#good")).to_have_text(str(H.count()))
    expect(page.locator("#minimal")).to_have_text(str(M.count()))
    expect(page.locator("#minimum")).to_have_text(str(masyu.minimum(M).count()))
    page.screenshot(path=shots / "design-masyu.png", full_page=True)


def test_stop_ends_a_long_job(page, shots):
    loop = "/".join(["." * 9] + [".#######."] * 7 + ["." * 9])
    page.goto(f"/design/slitherlink?loop={loop}")
    expect(page.locator("#stage")).to_contain_text("frontier")  # 81 cells: without H
    page.screenshot(path=shots / "progress.png")
    page.click("#stop")
    expect(page.locator("#message")).to_have_text("stopped", timeout=2000)
    expect(page.locator("#jobbar")).to_be_hidden()
    # the page goes on: the next job runs
    page.click('nav a[href="/"]')
    page.fill("#source", slitherlink.EXAMPLES[-1])
    page.click("#open")
    expect(page.locator("#count")).to_have_text("1")


def test_a_phone_width_screen(browser, studio, shots):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=studio.url,
                                  is_mobile=True, has_touch=True)
    try:
        tab = context.new_page()
        tab.goto(shared_link(slitherlink.EXAMPLES[-1]))
        expect(tab.locator("#count")).to_have_text("1", timeout=WAIT)
        width = tab.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide on a 390 px screen"
        tab.screenshot(path=shots / "phone.png", full_page=True)
    finally:
        context.close()


def test_a_blank_board_shows_its_count(page):
    page.goto("/")
    expect(page.locator("#draw-genre")).to_have_value("slitherlink")
    blank = slitherlink.Puzzle.from_grid([[None] * 5 for _ in range(5)])
    expect(page.locator("#count")).to_have_text(str(blank.count()))


def test_the_url_field_shows_the_whole_url(page):
    url = "https://puzz.link/p?slither/10/10/" + ("cbcbcddad" * 4)[:34]  # 100 cells exactly
    p = slitherlink.Puzzle.from_url(url)
    page.goto(shared_link(p.to_url()))
    field = page.locator("#export .url-field")
    expect(field).to_have_value(p.to_url())
    whole = field.evaluate("el => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight")
    assert whole, "part of the URL is hidden in its field"
    # Solve does not offer to open the board in Solve; a design view's chosen board does
    expect(page.locator("#export")).not_to_contain_text("open in Solve")
    page.goto("/design/slitherlink?loop=.##./.##./....")
    page.locator("button.instance").first.click()
    expect(page.locator("#chosen .export a")).to_have_text("open in Solve")


def test_the_minimal_hint_sets_are_browsed_by_pages(page):
    loop = slitherlink.outline({(0, 1), (0, 2), (1, 1), (1, 2)})
    minimal = slitherlink.instances((3, 4), loop).minimal()
    h = slitherlink.loop_hints(loop, 3, 4)
    ranked = [slitherlink.Puzzle(3, 4, {E: h[E] for E in S}).to_url()
              for S, _ in slitherlink.rank_by_difficulty(minimal, loop)]
    page.goto("/design/slitherlink?loop=.##./.##./....")
    expect(page.locator("#minimal")).to_have_text(str(minimal.count()))
    page.select_option("#list", "minimal")
    page.click("#compute")
    showing = page.locator("#browser .showing")
    expect(showing).to_have_text(f"showing 1-10 of {minimal.count()}")
    page.click("text=next ▶")
    expect(showing).to_have_text(f"showing 11-20 of {minimal.count()}")
    page.locator("button.instance").nth(3).click()
    expect(page.locator("#chosen .url-field")).to_have_value(ranked[13])
