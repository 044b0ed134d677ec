"""The ``zalg`` program: saving and loading families from the command line, its help,
and Ctrl-C while kernels run, in finalizers and at the exit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

import zalg
from zalg import Universe
from puzzles.program.cli import main
from tests.helpers.processes import interrupt_after, prompt, run_python


def test_dump_load_round_trip(tmp_path):
    edges = [((0, 0), (0, 1)), ((0, 0), (1, 0)), ("s", 1), (None, True, 2.5)]
    U = Universe(edges)
    F = U.exactly(2) | U.single(("s", 1))
    for name in ("f.json", "f.json.gz"):
        F.dump(tmp_path / name)
        G = zalg.load(tmp_path / name)
        assert G.universe.elements == U.elements
        assert {frozenset(m) for m in G} == {frozenset(m) for m in F}
    # into an existing universe with extra elements in between
    V = Universe([edges[0], "extra", edges[1], edges[2], edges[3]])
    H = zalg.load(tmp_path / "f.json", universe=V)
    assert set(H) == set(F)
    with pytest.raises(ValueError, match="differently"):
        zalg.load(tmp_path / "f.json", universe=Universe(list(reversed(edges))))


def test_empty_and_unit_round_trip(tmp_path):
    U = Universe("ab")
    for F in (U.empty, U.unit):
        F.dump(tmp_path / "x.json")
        assert set(zalg.load(tmp_path / "x.json")) == set(F)


@pytest.mark.parametrize("content, message", [
    (b"not json at all", "not a zalg family file"),
    (b"\x1f\x8b garbage", "not a zalg family file"),
    (b'{"format": "pickle"}', "not a zalg family file"),
    (b'{"format": "zalg-family", "version": 9}', "version"),
    (b'{"format": "zalg-family", "version": 1, "elements": [["s","a"]], "nodes": [[0, 5, 0]], "root": 2}',
     "not below"),
    (b'{"format": "zalg-family", "version": 1, "elements": [["s","a"]], "nodes": [[0, 0, 1]], "root": 2}',
     "zero-suppressed"),
    (b'{"format": "zalg-family", "version": 1, "elements": [["s","a"]], "nodes": [[3, 1, 0]], "root": 2}',
     "level"),
    (b'{"format": "zalg-family", "version": 1, "elements": [["x","a"]], "nodes": [], "root": 1}',
     "element"),
    (b'{"format": "zalg-family", "version": 1, "elements": [], "nodes": []}', "missing"),
])
def test_corrupt_files_give_clear_errors(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(ValueError, match=message):
        zalg.load(path)


def test_cannot_save_unserialisable_elements(tmp_path):
    U = Universe([frozenset({1})])
    with pytest.raises(TypeError, match="cannot save"):
        U.unit.dump(tmp_path / "x.json")


def test_cli_help_and_info(tmp_path, capsys):
    assert main([]) == 0
    assert "usage: zalg" in capsys.readouterr().out
    U = Universe("abcd")
    U.exactly(2).dump(tmp_path / "f.json")
    assert main(["info", str(tmp_path / "f.json"), "--by-size", "--show", "2"]) == 0
    out = capsys.readouterr().out
    assert "members:  6" in out and "size 2: 6" in out


def test_cli_bad_file_exits_2_without_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "zalg-family", "version": 1}))
    run = subprocess.run([sys.executable, "-m", "puzzles", "info", str(bad)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert run.stderr.startswith("zalg: error:") and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
    run = subprocess.run([sys.executable, "-m", "puzzles", "--help"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0 and "info" in run.stdout


def test_ctrl_c_in_the_cli_exits_130_with_one_line():
    cmd = [sys.executable, "-m", "puzzles", "numberlink", "instances", "5x5"]
    # the clock starts at the first progress line: imports and kernel loads are behind it
    rc, out, err, took, _ = interrupt_after(cmd, 1.0, started="5x5: covering pairing relation")
    assert rc == 130, (out, err)
    assert err.strip().splitlines()[-1] == "zalg: interrupted"
    assert "Traceback" not in err and "referenced" not in err
    assert prompt(took), took


ZALG = [sys.executable, "-m", "puzzles"]
SMALL = ["slitherlink", "generate", "3x3", "--seed", "1"]


def test_ctrl_c_in_del_is_raised_right_after():
    # the program's handler must not raise inside __del__, nor in what a __del__ calls
    # (printed as "Exception ignored" and lost); it sends the interrupt again a moment
    # later, and the KeyboardInterrupt arrives outside
    code = """
import os, signal, time
from puzzles.program import main as program
interrupts = program._Interrupts()
interrupts.install()
interrupts.started = True

def busy(seconds):
    t = time.perf_counter()
    while time.perf_counter() - t < seconds:
        pass

def interrupted_here():
    os.kill(os.getpid(), signal.SIGINT)  # handled at once, inside __del__
    busy(0.01)

class Finalized:
    def __del__(self):
        interrupted_here()

class Calling:
    def __del__(self):
        [interrupted_here() for _ in range(1)]

for name, kind in (("del", Finalized), ("called-from-del", Calling)):
    try:
        kind()
        busy(1.0)
        print(name, "not interrupted")
    except KeyboardInterrupt:
        print(name, "interrupted")
    interrupts.watchdog.cancel()
    interrupts.watchdog = None
os._exit(0)
"""
    done = run_python(code)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.splitlines() == ["del interrupted", "called-from-del interrupted"]


def test_after_ctrl_c_what_finalizers_raise_is_not_printed():
    # dd's ZDD.__dealloc__ raises "Still N nodes referenced upon shutdown" when a universe
    # is dropped while the interrupted command unwinds: printed as "Exception ignored",
    # noise after the one line (seen once in 150 trials); before any Ctrl-C it is printed
    code = """
import os, signal
from puzzles.program import main as program
interrupts = program._Interrupts()
interrupts.install()
interrupts.started = True

class Raising:
    def __del__(self):
        raise AssertionError("Still 3 nodes referenced upon shutdown.")

Raising()  # before any Ctrl-C: printed as usual
try:
    os.kill(os.getpid(), signal.SIGINT)
    for _ in range(10 ** 7):
        pass
    print("not interrupted")
except KeyboardInterrupt:
    Raising()  # while the interrupted run unwinds: not printed
    print("interrupted")
interrupts.watchdog.cancel()
os._exit(0)
"""
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["interrupted"]
    assert done.stderr.count("Still 3 nodes referenced upon shutdown") == 1, done.stderr


EXIT_WITH_A_CTRL_C = """
import os, signal, sys, time
from puzzles.program import main as program
signal.signal(signal.SIGINT, signal.default_int_handler)  # (a run under nohup: not inherited)
interrupts = program._Interrupts()
interrupts.install()
interrupts.started = True

def releasing():  # the exit's last step, hit by a Ctrl-C
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(float(sys.argv[1]))
    print("released", flush=True)

program._release_semaphores = releasing
program._end(0)
"""


@pytest.mark.parametrize("seconds, status, out", [(0.3, 0, "released\n"), (30.0, 130, "")],
                         ids=["exit-completes", "exit-stuck"])
def test_a_ctrl_c_once_the_exit_has_begun_is_not_raised(tmp_path, seconds, status, out):
    # a Ctrl-C while the program flushes and releases a pool's semaphores cut the exit
    # short with a KeyboardInterrupt traceback after the one line (CI, test_batch's
    # Ctrl-C-while-shutting-down test); now it is not raised, the exit completes with the
    # command's status, and an exit that does not complete ends with 130 within GRACE
    script = tmp_path / "exit.py"
    script.write_text(EXIT_WITH_A_CTRL_C, encoding="utf-8")
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(script), str(seconds)], capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (status, out, "")
    assert time.monotonic() - started < 20


def test_standard_output_to_a_full_device_is_one_line_and_status_2():
    with open("/dev/full", "wb") as full:
        p = subprocess.run(ZALG + SMALL, stdout=full, stderr=subprocess.PIPE, text=True,
                           timeout=300)
    errors = [line for line in p.stderr.splitlines() if line.startswith("zalg")]
    assert p.returncode == 2 and errors == ["zalg: error: cannot write standard output: "
                                            "No space left on device"], p.stderr
    assert "Traceback" not in p.stderr


@pytest.mark.parametrize("fd, argv, status, message", [
    (1, SMALL, 2, "zalg: error: cannot write standard output: standard output is closed"),
    (0, ["slitherlink", "solve", "-"], 2, "zalg: error: slitherlink: standard input is closed"),
    (2, SMALL, 0, None),
])
def test_a_closed_standard_stream_is_one_line(fd, argv, status, message):
    """The program started without descriptor 0, 1 or 2 (``cmd >&-``): no AttributeError,
    no file of the command landing on the missing descriptor, the documented status."""
    shell = f'exec {fd}>&- ; exec "$@"' if fd else 'exec 0<&- ; exec "$@"'
    p = subprocess.run(["sh", "-c", shell, "sh", *ZALG, *argv],
                       stdout=subprocess.PIPE if fd != 1 else None,
                       stderr=subprocess.PIPE if fd != 2 else subprocess.DEVNULL, text=True,
                       timeout=300)
    assert p.returncode == status, (p.stdout, p.stderr)
    if message is not None:
        errors = [line for line in p.stderr.splitlines() if line.startswith("zalg")]
        assert errors == [message] and "Traceback" not in p.stderr


def test_an_empty_option_value_is_one_line():
    p = subprocess.run(ZALG + ["slitherlink", "generate", "--loop", ""], capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 2 and p.stderr.splitlines() == [
        "zalg: error: --loop: the value is empty (see: zalg ... --help)"]


def test_output_files_follow_the_umask_and_keep_an_existing_files_mode(tmp_path, capsys):
    """``--svg`` and ``--out`` files are created as any program's (0666 less the umask,
    not 0600), and a file written over keeps its permissions."""
    url = "https://puzz.link/p?slither/4/4/233321123323112d"
    old = os.umask(0o022)
    try:
        new, kept = tmp_path / "new.svg", tmp_path / "kept.svg"
        kept.write_text("old")
        kept.chmod(0o640)
        assert main(["slitherlink", "solve", url, "--svg", str(new)]) == 0
        assert main(["slitherlink", "solve", url, "--svg", str(kept)]) == 0
        out = tmp_path / "out"
        assert main(["slitherlink", "generate", "3x3", "--count", "1", "--out", str(out)]) == 0
    finally:
        os.umask(old)
    capsys.readouterr()
    assert (new.stat().st_mode & 0o777) == 0o644
    assert (kept.stat().st_mode & 0o777) == 0o640 and kept.read_text().startswith("<")
    assert {f.name: f.stat().st_mode & 0o777 for f in out.iterdir()} == {
        "slitherlink-0.txt": 0o644, "results.jsonl": 0o644}
    assert not list(tmp_path.glob(".*.tmp"))


def subcommands(parser, path=()):
    """(path, its parser, its one-line help) for every subcommand of the program."""
    import argparse
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {c.dest: c.help for c in action._choices_actions}
            for name, sub in action.choices.items():
                yield (*path, name), sub, helps.get(name)
                yield from subcommands(sub, (*path, name))


def test_subcommands_are_described_and_name_their_options_alike():
    """Every subcommand has a help line and a description; a puzzle given to any of them
    is ``source``, a count of boards to draw is ``--list N`` (never ``--limit``
    or ``puzzle``)."""
    from puzzles.program.cli import build_parser
    found = list(subcommands(build_parser()))
    assert len(found) > 15
    for path, sub, help_line in found:
        assert help_line and sub.description, path
        positionals = [a.dest for a in sub._actions if not a.option_strings
                       and a.dest not in ("command", "subcommand", "help")
                       and a.nargs != "A..."]
        assert set(positionals) <= {"source", "size", "file"}, (path, positionals)
        options = {o for a in sub._actions for o in a.option_strings}
        assert "--limit" not in options or "--list" in options, path  # --limit: an alias


@pytest.mark.parametrize("argv, message", [
    (["slitherlink", "solve", "https://puzz.link/p?slither/5/5/zzzz!!", "--count"],
     "zalg: error: slitherlink URL: the character at position 1 skips 20 cells, but only 5 of "
     "25 are left"),
    (["slitherlink", "solve", "https://puzz.link/p?slither/5/5/cbcbcddadxxxx"],
     "zalg: error: slitherlink URL: unexpected 'xxxx' at position 9, after the last cell of "
     "the body"),
    (["numberlink", "solve", "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3zzzz"],
     "zalg: error: numberlink URL: unexpected 'zzzz' at position 11, after the last cell of "
     "the body"),
    (["numberlink", "generate", "-5x5"],
     "zalg: error: board size '-5x5': rows and columns must be positive (e.g. 5x5)"),
    (["nagareru", "generate", "5x-5"],
     "zalg: error: nagareru: board size '5x-5': rows and columns must be positive (e.g. 5x5)"),
    (["slitherlink", "solve", "slither/-5/5/cc"],
     "zalg: error: slitherlink URL: width (cols) must be a positive integer, got '-5'"),
    (["slitherlink", "solve", "5x5t0:2b1b2b1b2b3b3b0b3z"],
     "zalg: error: Loopy game id: unexpected 'z' at position 17, after the last cell"),
])
def test_malformed_puzzles_and_sizes_are_one_line(argv, message, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [message] and captured.out == ""


def test_a_loopy_id_solves_as_its_puzz_link_url(capsys):
    assert main(["slitherlink", "solve", "https://puzz.link/p?slither/5/5/cbcbcddad",
                 "--count"]) == 0
    by_url = capsys.readouterr().out
    assert main(["slitherlink", "solve", "5x5t0dh:2b1b2b1b2b3b3b0b3", "--count"]) == 0
    assert capsys.readouterr().out == by_url and "solutions: 1\n" in by_url


def test_nagareru_names_the_tokens_its_picture_writes(tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_text(". l . .\n. . X #\n")
    assert main(["nagareru", "solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert "unknown token 'X'" in err and "# a plain black cell" in err


def test_the_readme_tour_writes_each_file_before_it_is_read():
    """Run in order, every file a tour command reads was written by an earlier line, and
    Numberlink's and Nagareru's puzzles have files of their own."""
    import re
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    block = readme.split("Puzzles: solve to a ZDD")[1].split("```sh")[1].split("```")[0]
    written: set[str] = set()
    readers: dict[str, str] = {}
    for line in block.splitlines():
        command = line.split("  #")[0].split()
        outputs = {command[i + 1] for i, w in enumerate(command[:-1])
                   if w in (">", "--pzprv3", "--svg")}
        if command[:1] == ["zalg"]:
            for word in command[3:]:
                if re.fullmatch(r"[\w.-]+\.(txt|pzprv3|jsonl)", word) and word not in outputs:
                    assert word in written, line
            if command[2] in ("solve", "reduce", "icons") and command[3].endswith(".txt"):
                readers[command[1]] = command[3]
        written |= outputs
    assert readers["numberlink"] != readers["nagareru"]
