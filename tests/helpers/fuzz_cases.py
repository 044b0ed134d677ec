"""Seeded generators of hostile and careless input, and the runner that judges each case.

Every case is a command line (with files it needs and standard input) for the
``zalg`` program, or a Minato text for ``Universe.parse``.  A case must end in

* ``ok``: exit status 0, and where an independent oracle exists (a brute-force
  count of the solutions of a small board, a direct count of a saved family's
  members, a plain-Python evaluation of a Minato text) the result agrees;
* ``error``: exit status 2 with exactly one line on stderr (or a ValueError for
  Minato text);

never a traceback, another exit status, a hang (a per-case alarm), or a wrong
answer.  ``tests/test_fuzz.py`` runs a few thousand cases in CI;
``benchmarks/experiments/fuzz_cli.py`` runs more and prints the table in docs/reliability.md.
"""
from __future__ import annotations

import contextlib
import gzip
import io
import itertools
import json
import os
import random
import re
import signal
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from puzzles.common import genre as G

from .processes import without_progress

TIMEOUT = 20  # seconds a case may take before it counts as a hang
JUNK = "\x00\t\n !\"#%&'()*+,-./0123456789:;<=>?@ABZ[\\]^_`az{|}~éß€\U0001f600"


@dataclass
class Case:
    cls: str                                    # input class
    argv: list[str]                             # "{dir}" stands for the case's folder
    files: dict[str, bytes] = field(default_factory=dict)
    stdin: bytes = b""
    oracle: object = None                       # callable(stdout) -> None or a complaint
    env: dict[str, str] = field(default_factory=dict)  # environment variables set for the case


# ---- oracles ----------------------------------------------------------------------------------

_BRUTE: dict = {}
BRUTE_LIMIT = 12  # answer elements (edges or cells) up to which solutions are brute-forced


def brute_count(genre, url: str) -> int | None:
    """Solutions of a small board by trying every answer (edge or cell subset) with the
    genre's independent checker; None when the board is too big."""
    key = (genre.NAME, url)
    if key not in _BRUTE:
        try:
            p = genre.Puzzle.from_url(url)
        except Exception:
            _BRUTE[key] = None
            return None
        items = p.edges() if hasattr(p, "edges") else [(r, c) for r in range(p.rows)
                                                         for c in range(p.cols)]
        if hasattr(p, "edges") and hasattr(p, "free_cells"):  # a loop and shaded cells
            items = [*items, *p.free_cells()]
        if len(items) > BRUTE_LIMIT:
            _BRUTE[key] = None
        else:
            _BRUTE[key] = sum(
                not genre.check_solution(p, subset)
                for k in range(len(items) + 1) for subset in itertools.combinations(items, k))
    return _BRUTE[key]


def count_oracle(genre, url: str):
    """Check ``solutions: N`` against the brute-force count (when the board is small)."""
    def check(out: str):
        m = re.search(r"^solutions: (\d+)$", out, re.M)
        if not m:
            return "no 'solutions: N' line"
        want = brute_count(genre, url)
        if want is not None and int(m[1]) != want:
            return f"{m[1]} solutions printed, brute force finds {want}"
        return None
    return check


def family_members(doc) -> int:
    """Members of a saved family, counted directly from its node list."""
    nodes = doc["nodes"]
    count = [0, 1]
    for _, hi, lo in nodes:
        count.append(count[hi] + count[lo])
    return count[doc["root"]]


# ---- generators --------------------------------------------------------------------------------

def _mutate(rng: random.Random, text: str, alphabet: str) -> str:
    """A few random edits: delete, insert, replace, duplicate a stretch, truncate."""
    s = list(text)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(5)
        i = rng.randrange(len(s) + 1)
        if op == 0 and s:
            del s[min(i, len(s) - 1)]
        elif op == 1:
            s.insert(i, rng.choice(alphabet))
        elif op == 2 and s:
            s[min(i, len(s) - 1)] = rng.choice(alphabet)
        elif op == 3 and s:
            j = rng.randrange(len(s))
            s[j:j] = s[j:j + rng.randint(1, 8)]
        elif op == 4:
            s = s[:i]
    return "".join(s)


def url_cases(genre, rng: random.Random, n: int) -> list[Case]:
    out = []
    for _ in range(n):
        base = rng.choice(genre.EXAMPLES)
        prefix, _, rest = base.partition("?")
        kind = rng.randrange(6)
        if kind == 0:  # mutate the body
            head, _, body = rest.rpartition("/")
            url = f"{prefix}?{head}/{_mutate(rng, body, '0123456789abcdefghijklmnopqrstuvwxyz.-+=%@*$/')}"
        elif kind == 1:  # mutate anywhere
            url = _mutate(rng, base, JUNK + "0123456789/?")
        elif kind == 2:  # odd sizes
            size = rng.choice(["0", "-1", "00", "1" * rng.randint(10, 30), "9" * 5000, "4097",
                               "65536", "x", "", "3.5", "١", "1e3"])
            parts = rest.split("/")
            parts[rng.choice([1, 2])] = size
            url = f"{prefix}?" + "/".join(parts)
        elif kind == 3:  # a very long body
            url = base + rng.choice("abcdefgz1234") * rng.randint(4000, 20000)
        elif kind == 4:  # wrong or aliased pid, flags, variants
            parts = rest.split("/")
            parts.insert(1, rng.choice(["v:x", "f", "e", "zz", "v:"]))
            parts[0] = rng.choice([parts[0], parts[0].upper(), "slither", "numlin", "nagare",
                                   "nurimaze", "arukone", "unknown"])
            url = f"{prefix}?" + "/".join(parts)
        else:  # valid example, solved and checked against brute force
            url = base
        out.append(Case("url", [genre.NAME, "solve", url, "--count"],
                        oracle=count_oracle(genre, url)))
    return out


def file_cases(genre, rng: random.Random, n: int) -> list[Case]:
    """pzprv3 files and plain-text boards, valid and mutated, from files and stdin."""
    out = []
    for k in range(n):
        p = genre.Puzzle.from_url(rng.choice(genre.EXAMPLES))
        text = p.to_pzprv3(p.solution()) if rng.random() < 0.5 else p.to_text()
        cls = "pzprv3" if text.startswith("pzprv3") else "text"
        if rng.random() < 0.8:
            alphabet = "0123456789 .\n-#+udlrUDLRNsgot/" + JUNK[:12]
            text = _mutate(rng, text, alphabet)
        if rng.random() < 0.1:  # a huge header
            text = "pzprv3\n" + genre.PID + "\n100000\n100000\n" + text
        raw = text.encode("utf-8")
        oracle = None
        try:
            url = genre.Puzzle.from_text(text).to_url()
            oracle = count_oracle(genre, url)
        except Exception:
            pass
        if rng.random() < 0.3:
            out.append(Case(cls, [genre.NAME, "solve", "-", "--count"], stdin=raw, oracle=oracle))
        else:
            out.append(Case(cls, [genre.NAME, "solve", "{dir}/board.txt", "--count"],
                            files={"board.txt": raw}, oracle=oracle))
    return out


def bytes_cases(genre, rng: random.Random, n: int) -> list[Case]:
    out = []
    for _ in range(n):
        size = rng.choice([0, 1, 3, 50, 1000])
        raw = bytes(rng.randrange(256) for _ in range(size))
        if rng.random() < 0.3:
            raw = b"pzprv3\n" + genre.PID.encode() + b"\n3\n3\n" + raw
        out.append(Case("bytes", [genre.NAME, "solve", "{dir}/junk.bin"], files={"junk.bin": raw}))
    return out


def path_cases(genre) -> list[Case]:
    name = genre.NAME
    return [Case("path", [name, "solve", arg]) for arg in (
        "/dev/null", "/dev/zero", "/dev/full", "{dir}", "{dir}/missing.txt", "{dir}/fifo",
        "{dir}/" + "x" * 5000, "", " ", "-", "?", "http://", "p?", "\x00")] + [
        Case("path", [name, "solve", "{dir}/big.txt"], files={"big.txt": b"." * (5 << 20)}),
        Case("path", [name, "solve", "https://puzz.link/p?" + genre.PID + "/3/3/" + "a" * 5000]),
    ]


HUGE_NUMBERS = ("9" * 5000, "1" + "0" * 5000, "0" * 5000 + "1", "-" + "9" * 4400, "0" * 5000)


def huge_number_cases(genre, rng: random.Random, n: int) -> list[Case]:
    """pzprv3 files (with their answers) where one integer item, a hint, label or edge, has
    thousands of digits (beyond Python's 4,300-digit conversion limit)."""
    out = []
    for _ in range(n):
        p = genre.Puzzle.from_url(rng.choice(genre.EXAMPLES))
        lines = p.to_pzprv3(p.solution()).splitlines()
        spots = [(i, j) for i, line in enumerate(lines[4:], 4)
                 for j, item in enumerate(line.split()) if re.fullmatch(r"-?\d+", item)]
        if not spots:
            continue
        i, j = rng.choice(spots)
        items = lines[i].split()
        items[j] = rng.choice(HUGE_NUMBERS)
        lines[i] = " ".join(items)
        raw = ("\n".join(lines) + "\n").encode()
        out.append(Case("huge", [genre.NAME, "solve", "{dir}/board.txt", "--count"],
                        files={"board.txt": raw}))
    return out


BAD_MEMORY = ("abc", "1K", "0", "-5M", "1e9", "5000000T", "\u0663G", "", " ", "8G8", "0x10M")
BAD_HEARTBEAT = ("abc", "0", "-1", "0.01", "1e9", "nan", "inf", "\u0663", "1" * 30, "", " ")


def environment_cases(genre) -> list[Case]:
    """Every genre's commands under a ZALG_MEMORY that is no memory size, or a
    ZALG_HEARTBEAT that is no interval ("" and " ": unset, so a result)."""
    return [Case("env", [genre.NAME, "solve", genre.EXAMPLES[0], "--count"],
                 env={variable: value})
            for variable, values in (("ZALG_MEMORY", BAD_MEMORY), ("ZALG_HEARTBEAT", BAD_HEARTBEAT))
            for value in values]


def option_cases(genre, rng: random.Random) -> list[Case]:
    name = genre.NAME
    base = genre.EXAMPLES[0]
    out = [Case("option", [name, *args]) for args in (
        [], ["solve", base, "--svg", "{dir}"], ["solve", base, "--svg", "/proc/version"],
        ["solve", base, "--unknown"], ["nope"], ["solve", base, "--count", "--count"],
        ["solve", base, "--svg", "{dir}/no/such/dir/x.svg"], ["solve", base, "--svg", ""],
        ["solve", base, "--memory", ""], ["solve", base, "--memory", "1e9"])]
    out.append(Case("option", [name, "solve", base, "--svg", "{dir}/out.svg"],
                    oracle=lambda out: None))
    return out


def size_cases(rng: random.Random) -> list[Case]:
    sizes = ["0x0", "1x1", "2x2", "3x3", "1x5000", "99999x1", "99999999999999999999x1", "abc",
             "3x", "x3", "-1x2", "2x-1", "9" * 5000 + "x1", " 3 x 2 ", "3×3", "2x3x4", "1x2"]
    out = []
    for size in sizes:
        out.append(Case("size", ["numberlink", "instances", size, "--max-pairs", "2"]))
        out.append(Case("size", ["numberlink", "generate", size, "--seed", "1"]))
    for opt in (["--max-pairs", "-1"], ["--max-pairs", "99999999999999999999"],
                ["--list", "-3"], ["--seed", "x"], ["--method", "magic"], ["--list", "9" * 5000]):
        out.append(Case("size", ["numberlink", "instances", "2x3", *opt]))
    for opt in (["--pairs", "0"], ["--pairs", "99"], ["--pairs", "-1"]):
        out.append(Case("size", ["numberlink", "generate", "3x3", *opt]))
    return out


def loop_cases(rng: random.Random, n: int) -> list[Case]:
    """Slitherlink designer inputs: loop files and candidate files."""
    out = []
    good = b".##\n.#.\n...\n"
    for _ in range(n):
        raw = _mutate(rng, good.decode(), "#.x\n ?" + JUNK[:6]).encode("utf-8", "replace")
        if rng.random() < 0.2:
            raw = bytes(rng.randrange(256) for _ in range(rng.choice([0, 5, 40])))
        cand = None
        if rng.random() < 0.4:
            cand = _mutate(rng, "xxx\nx.x\nxxx\n", "x.#\n" + JUNK[:6]).encode("utf-8", "replace")
        argv = ["slitherlink", "generate", "--loop", "{dir}/loop.txt", "--limit", "1"]
        files = {"loop.txt": raw}
        if cand is not None:
            argv += ["--candidates", "{dir}/cand.txt"]
            files["cand.txt"] = cand
        out.append(Case("loop", argv, files=files))
    for special in ("/dev/zero", "{dir}/fifo", "{dir}", "{dir}/missing", "/proc/self/mem", ""):
        out.append(Case("loop", ["slitherlink", "generate", "--loop", special]))
        out.append(Case("loop", ["slitherlink", "generate", "--loop", "{dir}/loop.txt",
                                 "--candidates", special], files={"loop.txt": good}))
    return out


def family_cases(rng: random.Random, n: int) -> list[Case]:
    """Saved families for ``zalg info``: valid, damaged, hostile."""
    import zalg
    U = zalg.Universe(["a", "b", ("t", 1), 3])
    F = U.parse("a*b + a + 1") | U.family([[("t", 1), 3]])
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"zalg-fuzz-{os.getpid()}.json"
    F.dump(path)
    doc = json.loads(path.read_text())
    path.unlink()
    out = []
    for _ in range(n):
        d = json.loads(json.dumps(doc))
        kind = rng.randrange(6)
        if kind == 0:
            key = rng.choice(list(d))
            d[key] = rng.choice([None, True, 1, -1, 1.5, "x", [], {}, 10 ** 30, [[1, 1, 1]]])
        elif kind == 1 and d["nodes"]:
            i = rng.randrange(len(d["nodes"]))
            j = rng.randrange(3)
            d["nodes"][i][j] = rng.choice([0, 1, -1, 2, 99, 10 ** 30, True, "1", None])
        elif kind == 2:
            d["elements"][rng.randrange(len(d["elements"]))] = rng.choice(
                [["i", True], ["f", 1], ["b", 1], ["t", [["z"]]], ["s", 3], [], ["i", 2]])
        elif kind == 3:
            del d[rng.choice(list(d))]
        text = json.dumps(d)
        if kind == 4:
            text = _mutate(rng, text, JUNK)
        raw = text.encode("utf-8", "surrogatepass")
        name = "f.json"
        if kind == 5 or rng.random() < 0.2:
            raw = gzip.compress(raw)
            name = "f.json.gz"
            if rng.random() < 0.3:
                raw = raw[: rng.randrange(len(raw))]
        oracle = None
        try:
            members = family_members(json.loads(text))
            oracle = (lambda m: lambda out: None if f"members:  {m}" in out else
                      f"member count is not {m}")(members)
        except Exception:
            pass
        argv = ["info", "{dir}/" + name, "--by-size"]
        if rng.random() < 0.3:
            argv += ["--show", rng.choice(["2", "-1", "99999999", "x"])]
        out.append(Case("family", argv, files={name: raw}, oracle=oracle))
    return out


def npz_cases(rng: random.Random, n: int) -> list[Case]:
    """Binary saved families for ``zalg info``: valid, bytes flipped, cut, grown."""
    import zalg
    U = zalg.Universe(["a", "b", ("t", 1), 3])
    F = U.parse("a*b + a + 1") | U.family([[("t", 1), 3]])
    good = F.dumps()
    out = []
    for _ in range(n):
        raw = bytearray(good)
        kind = rng.randrange(4)
        if kind == 0:                       # a few bytes changed anywhere
            for _ in range(rng.randint(1, 4)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
        elif kind == 1:                     # cut short
            raw = raw[: rng.randrange(len(raw))]
        elif kind == 2:                     # junk inserted
            at = rng.randrange(len(raw))
            raw[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
        oracle = None
        if bytes(raw) == good:
            oracle = (lambda out: None if f"members:  {F.count()}" in out else
                      f"member count is not {F.count()}")
        argv = ["info", "{dir}/f.npz", "--by-size"]
        out.append(Case("npz", argv, files={"f.npz": bytes(raw)}, oracle=oracle))
    return out


def minato_texts(rng: random.Random, n: int) -> list[str]:
    """Random strings of tokens and junk, and grammatical expressions (some corrupted)."""
    atoms = ["a", "b", "c", "d", "0", "1", "2", "(", ")", "+", "*", " ", "ab", "_x", "__import__",
             "'", ".", "-", "**", "[", "]", "é", "\x00"]

    def expression(depth: int) -> str:
        pick = rng.randrange(5 if depth < 4 else 2)
        if pick == 0:
            return rng.choice(["a", "b", "c", "d", "ab", "_x"])
        if pick == 1:
            return rng.choice(["0", "1", "01", "00"])
        if pick == 2:
            return f"({expression(depth + 1)})"
        op = " + " if pick == 3 else "*"
        return expression(depth + 1) + op + expression(depth + 1)

    out = []
    for k in range(n):
        if k % 2:
            out.append("".join(rng.choice(atoms) for _ in range(rng.randint(0, 12))))
        else:
            text = expression(0)
            out.append(_mutate(rng, text, "ab()+*01 ") if rng.random() < 0.3 else text)
    return out


def all_cases(seed: int, scale: int = 1) -> list[Case]:
    """Every CLI case for every registered genre (``scale`` multiplies the random ones)."""
    rng = random.Random(seed)
    cases: list[Case] = []
    for genre in G.genres():
        cases += url_cases(genre, rng, 70 * scale)
        cases += file_cases(genre, rng, 60 * scale)
        cases += bytes_cases(genre, rng, 15 * scale)
        cases += path_cases(genre)
        cases += option_cases(genre, rng)
        cases += huge_number_cases(genre, rng, 10 * scale)
        cases += environment_cases(genre)
    cases += size_cases(rng)
    cases += [Case("path", ["info", special]) for special in (
        "/dev/zero", "/dev/full", "/proc/self/mem", "{dir}", "{dir}/fifo", "{dir}/missing", "")]
    cases += loop_cases(rng, 40 * scale)
    cases += family_cases(rng, 100 * scale)
    cases += npz_cases(rng, 50 * scale)
    return cases


# ---- running -------------------------------------------------------------------------------------

class Hang(BaseException):  # not an Exception: the program must not take it for its own error
    pass


def _alarm(signum, frame):
    raise Hang


def run_case(case: Case, folder: Path) -> tuple[str, str]:
    """(outcome, detail): outcome "ok", "error" or a failure ("traceback", "status N",
    "hang", "wrong", "noisy error")."""
    from puzzles.program.cli import main
    folder.mkdir(parents=True, exist_ok=True)
    for name, raw in case.files.items():
        (folder / name).write_bytes(raw)
    fifo = folder / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    argv = [a.replace("{dir}", str(folder)) for a in case.argv]
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(case.stdin), encoding="utf-8")
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIMEOUT)
    saved_stdin = sys.stdin
    saved_env = {name: os.environ.get(name) for name in case.env}
    try:
        os.environ.update(case.env)
        sys.stdin = stdin
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    except Hang:
        return "hang", " ".join(argv)[:200]
    except BaseException as exc:  # anything escaping main is a failure
        return "traceback", f"{type(exc).__name__}: {exc}"[:300]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        sys.stdin = saved_stdin
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    lines = without_progress(err.getvalue())  # the progress of work done before an error
    if status == 0:
        if case.oracle is not None:
            complaint = case.oracle(out.getvalue())
            if complaint:
                return "wrong", f"{' '.join(argv)[:200]}: {complaint}"
        return "ok", ""
    if status == 2:
        if len(lines) == 1 and "Traceback" not in err.getvalue():
            return "error", lines[0]
        return "noisy error", err.getvalue()[:300]
    return f"status {status}", err.getvalue()[:300]


def minato_reference(text: str, names: set[str]) -> set[frozenset]:
    """A plain recursive-descent evaluation of a short Minato text (sets of frozensets);
    ValueError for anything the grammar does not allow."""
    tokens = re.findall(r"([A-Za-z_][A-Za-z0-9_]*)|(\d+)|(\S)", text)
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else ("", "", "")

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def expr():
        value = term()
        while peek()[2] == "+":
            take()
            value = value | term()
        return value

    def term():
        value = factor()
        while peek()[2] == "*":
            take()
            other = factor()
            value = {a | b for a in value for b in other}
        return value

    def factor():
        name, num, sym = take() if pos < len(tokens) else ("", "", "")
        if name:
            if name not in names:
                raise ValueError("unknown name")
            return {frozenset([name])}
        if num:
            if num.lstrip("0") not in ("", "1"):
                raise ValueError("number")
            return {frozenset()} if num.strip("0") else set()
        if sym == "(":
            value = expr()
            if take()[2] != ")":
                raise ValueError("unclosed")
            return value
        raise ValueError("expected an operand")

    value = expr()
    if pos != len(tokens):
        raise ValueError("trailing text")
    return value


def run_minato(texts: list[str]) -> Counter:
    """Outcomes of ``Universe.parse`` on texts, each checked against ``minato_reference``."""
    from zalg import Universe
    U = Universe(["a", "b", "c", "d", "ab", "_x"])
    outcomes: Counter = Counter()
    for text in texts:
        try:
            want = minato_reference(text, {"a", "b", "c", "d", "ab", "_x"})
        except (ValueError, IndexError):
            want = None
        try:
            got = {frozenset(m) for m in U.parse(text)}
        except ValueError:
            got = None
        except Exception:  # pragma: no cover - a failure
            outcomes["traceback"] += 1
            continue
        if got != want:
            outcomes["wrong"] += 1
        else:
            outcomes["ok" if got is not None else "error"] += 1
    return outcomes


def summarise(results: list[tuple[Case, str, str]]) -> dict:
    table: dict = {}
    for case, outcome, _ in results:
        table.setdefault(case.cls, Counter())[outcome] += 1
    return table
