"""Saving, loading and pickling families: the npz and JSON formats, file objects, "-",
atomic writes, hostile files, the universe token rule across processes."""

from __future__ import annotations

import copy
import gzip
import io
import json
import os
import pickle
import random
import struct
import subprocess
import sys
import zipfile
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import numpy as np
import pytest

import zalg
from zalg import Universe
from zalg.tools.commands import main as zalg_main
from zalg.persist import npzfile

ELEMENTS = [((0, 0), (0, 1)), ((0, 0), (1, 0)), ("s", 1), (None, True, 2.5), "x", 7, -1.5,
            False]


def sample_family() -> zalg.Family:
    """A family over elements of every savable type, with members of several sizes."""
    U = Universe(ELEMENTS)
    return U.exactly(2, ELEMENTS[:5]) | U.single(("s", 1)) | U.family([ELEMENTS[4:], []])


def members(F) -> set[frozenset]:
    return {frozenset(m) for m in F}


def arrays_of(data: bytes) -> dict[str, np.ndarray]:
    """The members of an npz archive (read with numpy alone)."""
    with np.load(io.BytesIO(data), allow_pickle=False) as npz:
        return {k: npz[k] for k in npz.files}


def npz_bytes(**arrays) -> bytes:
    out = io.BytesIO()
    np.savez(out, **arrays)
    return out.getvalue()


def hand_made(names: list, nodes: list[tuple[int, int, int]], root: int,
              changes: dict | None = None) -> bytes:
    """An npz family file of string elements and explicit rows (level, hi, lo) for ids
    2, 3, ...; ``changes`` replace members (None removes one)."""
    k = len(names)
    level = np.array([k, k] + [r[0] for r in nodes], dtype=np.int64)
    hi = np.array([0, 0] + [r[1] for r in nodes], dtype=np.int64)
    lo = np.array([0, 0] + [r[2] for r in nodes], dtype=np.int64)
    arrays = {"format": np.frombuffer(b"zalg-family", dtype=np.uint8),
              "version": np.array(1), "root": np.array(root), "level": level, "hi": hi,
              "lo": lo,
              "elements": np.frombuffer(json.dumps([["s", x] for x in names]).encode(),
                                        dtype=np.uint8)}
    for key, value in (changes or {}).items():
        if value is None:
            del arrays[key]
        else:
            arrays[key] = value
    return npz_bytes(**arrays)


def refused(data: bytes, match: str = "") -> str:
    """The one-line ValueError that loading ``data`` gives."""
    with pytest.raises(ValueError, match=match) as err:
        zalg.loads(data)
    text = str(err.value)
    assert "\n" not in text and text.startswith("<bytes>"), text
    return text


# ---- round trips -------------------------------------------------------------------------

def test_npz_round_trip_into_new_and_given_universes(tmp_path):
    F = sample_family()
    U = F.universe
    path = tmp_path / "f.npz"
    F.dump(path)
    assert path.read_bytes()[:4] == b"PK\x03\x04"
    G = zalg.load(path)
    assert G.universe is not U and G.universe.elements == U.elements
    assert members(G) == members(F) and G.count() == F.count() == len(members(F))
    assert G.node_count() == F.node_count()
    assert zalg.load(path, U) == F  # the very same node
    V = Universe([ELEMENTS[0], "extra"] + ELEMENTS[1:])  # extra elements in between
    assert members(zalg.load(str(path), V)) == members(F)
    with pytest.raises(ValueError, match="differently"):
        zalg.load(path, Universe(list(reversed(ELEMENTS))))
    with pytest.raises(ValueError, match="lacks elements"):
        zalg.load(path, Universe(["x"]))


def test_saved_arrays_are_plain_and_narrow():
    F = sample_family()
    arrays = arrays_of(F.dumps())
    assert sorted(arrays) == sorted(npzfile.MEMBERS)
    assert arrays["format"].tobytes() == b"zalg-family" and int(arrays["version"]) == 1
    assert arrays["level"].dtype == np.int8 and arrays["hi"].dtype == np.int8
    level, hi, lo, root = F.node_arrays()
    assert np.array_equal(arrays["level"], level) and np.array_equal(arrays["hi"], hi)
    assert np.array_equal(arrays["lo"], lo) and int(arrays["root"]) == root
    assert json.loads(arrays["elements"].tobytes())[0] == ["t", [["t", [["i", 0], ["i", 0]]],
                                                                 ["t", [["i", 0], ["i", 1]]]]]
    big = Universe(range(400)).exactly(200)  # levels past int8, ids past int16
    assert big.node_count() > 2 ** 15
    arrays = arrays_of(big.dumps())
    assert arrays["level"].dtype == np.int16 and arrays["hi"].dtype == np.int32


def test_empty_unit_and_single_families_round_trip():
    U = Universe("ab")
    for F in (U.empty, U.unit, U.single("b"), U.power_set()):
        for fmt in ("npz", "json"):
            assert zalg.loads(F.dumps(fmt), U) == F
            assert members(zalg.loads(F.dumps(fmt))) == members(F)
    assert zalg.loads(Universe().unit.dumps()).count() == 1


def test_format_from_option_and_suffix(tmp_path):
    F = sample_family()
    heads = {"a.npz": b"PK", "b.json": b"{\"", "c.json.gz": b"\x1f\x8b", "d.bin": b"PK",
             "e": b"PK", "f.NPZ": b"PK"}
    for name, head in heads.items():
        F.dump(tmp_path / name)
        assert (tmp_path / name).read_bytes()[:2] == head, name
        assert zalg.load(tmp_path / name, F.universe) == F
    F.dump(tmp_path / "g.npz", format="json")
    assert (tmp_path / "g.npz").read_bytes()[:1] == b"{"
    F.dump(tmp_path / "h.json", format="npz")
    assert zalg.load(tmp_path / "h.json", F.universe) == F
    assert F.dumps("json")[:1] == b"{" and F.dumps()[:4] == b"PK\x03\x04"
    with pytest.raises(ValueError, match="format must be"):
        F.dump(tmp_path / "x", format="pickle")
    assert not (tmp_path / "x").exists()


def test_file_objects_stdout_and_stdin(tmp_path, capsysbinary, monkeypatch):
    F = sample_family()
    buf = io.BytesIO()
    F.dump(buf)
    assert zalg.load(io.BytesIO(buf.getvalue()), F.universe) == F
    buf = io.BytesIO()
    F.dump(buf, format="json")
    assert zalg.loads(buf.getvalue(), F.universe) == F
    with open(tmp_path / "f.bin", "wb") as fh:
        F.dump(fh)
    with open(tmp_path / "f.bin", "rb") as fh:
        assert zalg.load(fh, F.universe) == F
    F.dump("-")
    out = capsysbinary.readouterr().out
    assert zalg.loads(out, F.universe) == F
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(out)))
    assert zalg.load("-", F.universe) == F
    with pytest.raises(TypeError, match="binary"):
        F.dump(io.StringIO())
    with pytest.raises(TypeError, match="binary"):
        zalg.load(io.StringIO("{}"))
    with pytest.raises(TypeError):
        zalg.loads("not bytes")


# ---- atomic writes -----------------------------------------------------------------------

def test_writes_are_atomic(tmp_path, monkeypatch):
    F = sample_family()
    path = tmp_path / "f.npz"
    F.dump(path)
    os.chmod(path, 0o640)
    before = path.read_bytes()

    def broken(fh, *args, **kwargs):
        fh.write(b"PK\x03\x04 half an archive")
        raise KeyboardInterrupt

    monkeypatch.setattr(npzfile, "write", broken)
    with pytest.raises(KeyboardInterrupt):
        F.universe.power_set().dump(path)
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["f.npz"]
    monkeypatch.undo()
    F.universe.power_set().dump(path)
    assert zalg.load(path, F.universe) == F.universe.power_set()
    assert (path.stat().st_mode & 0o777) == 0o640  # the permissions are kept
    with pytest.raises(TypeError, match="cannot save"):
        Universe([frozenset({1})]).unit.dump(tmp_path / "g.npz")
    assert os.listdir(tmp_path) == ["f.npz"]
    with pytest.raises(FileExistsError, match="not a regular file"):
        F.dump(tmp_path)
    assert os.listdir(tmp_path) == ["f.npz"]


# ---- hostile files -----------------------------------------------------------------------

def test_truncated_files_are_refused():
    data = sample_family().dumps()
    for cut in sorted({*range(0, 40), *range(len(data) - 40, len(data)),
                       *random.Random(1).sample(range(len(data)), 60)}):
        refused(data[:cut], "zalg family file")


def test_random_bytes_are_refused():
    rng = random.Random(2)
    for size in (0, 1, 4, 22, 100, 5000):
        junk = bytes(rng.randrange(256) for _ in range(size))
        refused(junk, "not a zalg family file")
        refused(b"PK\x03\x04" + junk, "zalg family file")
    data = bytearray(sample_family().dumps())
    for _ in range(40):  # flipped bytes anywhere: refused, or (in a field's padding) loaded
        bad = bytearray(data)
        bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
        try:
            zalg.loads(bytes(bad))
        except ValueError as exc:
            assert "\n" not in str(exc)


def test_foreign_archives_are_refused():
    refused(npz_bytes(a=np.zeros(3)), "not a zalg family file")
    refused(npz_bytes(), "not a zalg family file")
    good = arrays_of(sample_family().dumps())
    refused(npz_bytes(**good, extra=np.zeros(1)), "not a zalg family file")
    wrong = dict(good)
    wrong["levels"] = wrong.pop("level")
    refused(npz_bytes(**wrong), "expected")
    refused(hand_made([], [], 1, {"format": np.frombuffer(b"zalg-other", np.uint8)}),
            "format tag")
    refused(hand_made([], [], 1, {"version": np.array(2)}), "version 2")
    crowd = io.BytesIO()
    with zipfile.ZipFile(crowd, "w") as zf:  # a big directory: refused before it is parsed
        for i in range(3000):
            zf.writestr(f"m{i}.npy", b"")
    refused(crowd.getvalue(), "directory of 3000 entries")


def test_object_arrays_are_refused_and_never_unpickled(tmp_path):
    marker = tmp_path / "ran"
    hostile = np.array([Boom(str(marker))], dtype=object)
    good = arrays_of(sample_family().dumps())
    for key in ("elements", "level", "root"):
        out = io.BytesIO()
        np.savez(out, **dict(good, **{key: hostile}), allow_pickle=True)
        refused(out.getvalue(), f"{key} has dtype object")
    assert not marker.exists()


class Boom:
    """Unpickling this creates a file: proof that something unpickled."""

    def __init__(self, path: str):
        self.path = path

    def __reduce__(self):
        return (Path.touch, (Path(self.path),))


@pytest.mark.parametrize("change, message", [
    ({"level": np.zeros(3, dtype=np.float64)}, "level has dtype float64"),
    ({"hi": np.zeros(3, dtype=np.bool_)}, "hi has dtype bool"),
    ({"elements": np.zeros(3, dtype=np.int32)}, "elements has dtype int32"),
    ({"lo": np.zeros((3, 1), dtype=np.int64)}, "lo has shape"),
    ({"root": np.array([2, 2])}, "root has shape"),
    ({"lo": np.zeros(4, dtype=np.int64)}, "different shapes"),
    ({"level": None}, "not a zalg family file"),
    ({"elements": np.frombuffer(b"[[\"s\", \"a\"], [\"s\", \"a\"]]", np.uint8)}, "repeated"),
    ({"elements": np.frombuffer(b"[[\"x\", 1]]", np.uint8)}, "element"),
    ({"elements": np.frombuffer(b"\xff\xfe", np.uint8)}, "utf-8"),
    ({"elements": np.frombuffer(b"[" * 100_000, np.uint8)}, "damaged"),
])
def test_bad_member_arrays(change, message):
    refused(hand_made(["a"], [(0, 1, 0)], 2, change), message)


@pytest.mark.parametrize("nodes, root, message", [
    ([(0, 2, 0)], 2, "not below"),                       # a self-loop
    ([(1, 1, 0), (0, 3, 1)], 3, "not below"),            # a forward reference
    ([(1, 3, 0), (0, 2, 1)], 3, "not below"),            # a cycle 2 -> 3 -> 2
    ([(0, -1, 0)], 2, "not below"),
    ([(0, 1, 2 ** 40)], 2, "not below"),
    ([(0, 0, 1)], 2, "zero-suppressed"),
    ([(2, 1, 0)], 2, "level 2 outside"),
    ([(-1, 1, 0)], 2, "level -1 outside"),
    ([(1, 1, 0), (1, 2, 0)], 3, "not above"),            # a child on the same level
    ([(0, 1, 0)], 3, "root 3 is not a node"),
    ([(0, 1, 0)], -1, "root -1"),
])
def test_bad_node_arrays(nodes, root, message):
    refused(hand_made(["a", "b"], nodes, root), message)


def test_bad_terminals_and_unsigned_overflow():
    refused(hand_made(["a"], [(0, 1, 0)], 2, {"level": np.array([0, 1, 0])}), "terminal")
    big = np.array([0, 0, 2 ** 64 - 1], dtype=np.uint64)  # -1 once read as int64
    refused(hand_made(["a"], [(0, 1, 0)], 2, {"hi": big}), "not below")
    ok = hand_made(["a"], [(0, 1, 0)], 2, {"level": np.array([1, 1, 0], dtype=">i2")})
    assert zalg.loads(ok).count() == 1  # any integer dtype and byte order


def _patched_directory(data: bytes, member: str, offset: int, fmt: str, value: int) -> bytes:
    """``data`` with one field of ``member``'s central directory entry replaced."""
    at = data.find(b"PK\x01\x02")
    while True:
        name_len = struct.unpack_from("<H", data, at + 28)[0]
        if data[at + 46:at + 46 + name_len] == member.encode():
            break
        extra, comment = struct.unpack_from("<HH", data, at + 30)
        at = data.index(b"PK\x01\x02", at + 46 + name_len + extra + comment)
    out = bytearray(data)
    struct.pack_into(fmt, out, at + offset, value)
    return bytes(out)


def test_huge_declared_sizes_are_refused_before_allocation(monkeypatch):
    data = hand_made(["a"], [(0, 1, 0)], 2)
    # the zip directory says level.npy unpacks to ~2 GiB: refused before any read
    refused(_patched_directory(data, "level.npy", 24, "<L", 0x7FFFFFF0), "more than")
    # the .npy header declares a trillion entries in a few bytes
    hdr = io.BytesIO()
    np.lib.format.write_array_header_1_0(hdr, {"descr": "<i8", "fortran_order": False,
                                               "shape": (10 ** 12,)})
    liar = hdr.getvalue() + np.zeros(3, dtype=np.int64).tobytes()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, arr in arrays_of(data).items():
            zf.writestr(f"{name}.npy", liar if name == "hi" else _npy(arr))
    refused(out.getvalue(), "hi declares 8000000000000 bytes")
    # the arrays of a real family against a small cap
    from zalg import persist
    monkeypatch.setattr(persist, "MAX_FILE_BYTES", 200)
    refused(sample_family().dumps(), "larger than 200")


def _npy(arr: np.ndarray) -> bytes:
    out = io.BytesIO()
    np.save(out, arr)
    return out.getvalue()


def test_encrypted_and_foreign_compression_are_refused():
    data = hand_made(["a"], [(0, 1, 0)], 2)
    refused(_patched_directory(data, "hi.npy", 8, "<H", 1), "encrypted")
    refused(_patched_directory(data, "hi.npy", 10, "<H", zipfile.ZIP_BZIP2), "another method")
    crc = _patched_directory(data, "hi.npy", 16, "<L", 12345)
    refused(crc, "damaged")


def test_json_rows_must_be_integers(tmp_path):
    doc = {"format": "zalg-family", "version": 1, "elements": [["s", "a"]],
           "nodes": [[0, 1, 0]], "root": 2}
    assert zalg.loads(json.dumps(doc).encode()).count() == 1
    for rows in ([[0, True, 0]], [[0, "1", 0]], [[0, 1.0, 0]], [[0, 1]], [[0, [1], 0]],
                 [[0, 1, 10 ** 30]], "rows", [None]):
        refused(json.dumps(dict(doc, nodes=rows)).encode(), "damaged")
    path = tmp_path / "f.json.gz"
    path.write_bytes(gzip.compress(json.dumps(doc).encode()))
    assert zalg.load(path).count() == 1


# ---- zalg info ---------------------------------------------------------------------------

def test_info_reads_npz_files_and_stdin(tmp_path, capsys):
    F = sample_family()
    F.dump(tmp_path / "f.npz")
    assert zalg_main(["info", str(tmp_path / "f.npz"), "--by-size"]) == 0
    out = capsys.readouterr().out
    assert f"members:  {F.count()}" in out and f"nodes:    {F.node_count()}" in out
    for k, n in F.by_size().items():
        assert f"size {k}: {n}" in out
    run = subprocess.run([sys.executable, "-m", "zalg", "info", "-"], input=F.dumps(),
                         capture_output=True, timeout=120)
    assert run.returncode == 0 and f"members:  {F.count()}".encode() in run.stdout
    run = subprocess.run([sys.executable, "-m", "zalg", "info", "-"],
                         input=F.dumps()[:-30], capture_output=True, timeout=120)
    err = run.stderr.decode()
    assert run.returncode == 2 and err.startswith("zalg: error: <stdin>"), err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


# ---- pickling and copies -----------------------------------------------------------------

def test_pickle_round_trips_within_a_process():
    F = sample_family()
    U = F.universe
    G = U.power_set(ELEMENTS[:3]).hitting()
    assert pickle.loads(pickle.dumps(U)) is U
    F2, G2 = pickle.loads(pickle.dumps((F, G)))
    assert F2 == F and G2 == G and G2._upclosed
    assert pickle.loads(pickle.dumps(F)) | pickle.loads(pickle.dumps(G)) == F | G
    blob = pickle.dumps(F)
    assert b"cudd" not in blob and b"numpy" not in blob  # data only
    with pytest.raises(TypeError, match="cannot save"):
        pickle.dumps(Universe([frozenset({1})]).unit)
    V = pickle.loads(pickle.dumps(Universe([frozenset({1})])))
    assert V.elements == (frozenset({1}),)


def test_copies_return_the_same_values():
    F = sample_family()
    U = F.universe
    assert copy.copy(F) is F and copy.deepcopy(F) is F
    assert copy.copy(U) is U and copy.deepcopy(U) is U
    box = copy.deepcopy({"f": [F], "u": U})
    assert box["f"][0] | F == F and box["u"] is U


def test_unpickling_grows_or_refuses_a_live_universe():
    from zalg.algebra.universe import _unpickled
    U = Universe("ab")
    assert _unpickled(U.token, ("a", "b", "c"), None) is U and U.elements == ("a", "b", "c")
    assert _unpickled(U.token, ("a",), None) is U and len(U) == 3
    with pytest.raises(ValueError, match="other elements"):
        _unpickled(U.token, ("a", "z"), None)


CHILD = r"""
import pickle, sys
blobs = pickle.loads(sys.stdin.buffer.read())
F, G = pickle.loads(blobs["pair"])
F1 = pickle.loads(blobs["F"])
G1 = pickle.loads(blobs["G"])
U = F.universe
assert F1.universe is U and G1.universe is U and G.universe is U
assert F1 == F and G1 == G
Fd = pickle.loads(blobs["F_later"])  # pickled after the universe grew
assert Fd.universe is U and U.elements[-1] == "late"
H = pickle.loads(blobs["other"])
assert H.universe is not U
sys.stdout.buffer.write(pickle.dumps((F | G, F1 & G1, Fd, sorted(map(sorted, map(
    lambda m: map(repr, m), F | G))))))
"""


def test_pickles_from_one_universe_meet_in_another_process():
    F = sample_family()
    U = F.universe
    G = U.single("x") | U.unit
    blobs = {"pair": pickle.dumps((F, G)), "F": pickle.dumps(F), "G": pickle.dumps(G),
             "other": pickle.dumps(Universe("pq").unit)}
    U.add(["late"])
    blobs["F_later"] = pickle.dumps(F | U.single("late"))
    run = subprocess.run([sys.executable, "-c", CHILD], input=pickle.dumps(blobs),
                         capture_output=True, timeout=120)
    assert run.returncode == 0, run.stderr.decode()[-2000:]
    union, meet, later, listed = pickle.loads(run.stdout)
    assert union == F | G and meet == F & G and later == F | U.single("late")
    assert listed == sorted(sorted(map(repr, m)) for m in F | G)


def union_of_pickles(a: bytes, b: bytes) -> zalg.Family:
    """A worker: the union of two families pickled separately."""
    return pickle.loads(a) | pickle.loads(b)


def test_families_cross_a_process_pool():
    F = sample_family()
    G = F.universe.exactly(3, ELEMENTS[:4])
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
        together = pool.submit(F.__class__.__or__, F, G).result(timeout=300)
        apart = pool.submit(union_of_pickles, pickle.dumps(F), pickle.dumps(G)).result(
            timeout=300)
    assert together == F | G and apart == F | G
    assert together.universe is F.universe


def test_a_family_read_before_its_universe_grew_stays_right(tmp_path):
    U = zalg.Universe(["a", "b"])
    F = U.family([["a"]])
    assert F.node_count() == 1                      # the node arrays are cached now
    U.add(["c"])
    assert F.probability({"a": 0.5, "b": 0.5, "c": 0.5}) == pytest.approx(0.125)
    assert pickle.loads(pickle.dumps(F)) == F
    F.dump(tmp_path / "f.npz")
    assert zalg.load(tmp_path / "f.npz", U) == F


def test_a_compressed_member_too_big_for_the_budget_is_refused_unread(tmp_path, monkeypatch):
    U = zalg.Universe(["a", "b"])
    good = np.load(io.BytesIO(U.parse("a*b + a").dumps()))
    arrays = {k: good[k] for k in good.files}
    n = 2_000_000                                   # 2 MB of zeros deflate to a few KB
    arrays.update(level=np.zeros(n, np.int8), hi=np.zeros(n, np.int8), lo=np.zeros(n, np.int8))
    path = tmp_path / "bomb.npz"
    np.savez_compressed(path, **arrays)
    assert path.stat().st_size < 100_000
    monkeypatch.setenv("ZALG_MEMORY", "64M")      # 2 M nodes need about 256 MB
    with pytest.raises(ValueError, match="memory budget"):
        zalg.load(path)


# ---- Graphviz DOT --------------------------------------------------------------------------

def _dot_graph(text: str) -> tuple[dict[str, str], set[tuple[str, str, str]]]:
    """(node -> label, {(from, to, "hi" | "lo")}) read from DOT text line by line."""
    import re
    labels, edges = {}, set()
    for line in text.splitlines():
        node = re.fullmatch(r'\s*(n\d+) \[(?:shape=box, )?label="(.*)"\];', line)
        edge = re.fullmatch(r"\s*(n\d+) -> (n\d+)( \[style=dashed\])?;", line)
        if node:
            labels[node[1]] = node[2]
        elif edge:
            edges.add((edge[1], edge[2], "lo" if edge[3] else "hi"))
    return labels, edges


def _walk(F) -> tuple[dict[str, str], set[tuple[str, str, str]]]:
    """The same read from ``node_arrays()`` by a walk from the root."""
    level, hi, lo, root = F.node_arrays()
    elements = F.universe.elements
    labels, edges, todo, seen = {}, set(), [int(root)], set()
    while todo:
        i = todo.pop()
        if i in seen:
            continue
        seen.add(i)
        if i < 2:
            labels[f"n{i}"] = "⊤" if i == 1 else "⊥"
            continue
        labels[f"n{i}"] = str(elements[int(level[i])])
        edges |= {(f"n{i}", f"n{int(hi[i])}", "hi"), (f"n{i}", f"n{int(lo[i])}", "lo")}
        todo += [int(hi[i]), int(lo[i])]
    return labels, edges


@pytest.mark.parametrize("make", [
    lambda U: U.parse("a*(b + c) + d*e"),
    lambda U: U.exactly(2),
    lambda U: U.empty,
    lambda U: U.unit,
    lambda U: U.power_set("abcde").minimal() | U.single("e"),
])
def test_dot_has_every_node_and_edge_of_the_zdd(make):
    F = make(Universe("abcde"))
    text = F.to_dot()
    assert text.startswith("digraph ZDD {") and text.endswith("}\n")
    labels, edges = _dot_graph(text)
    assert (labels, edges) == _walk(F)
    assert sum(1 for n in labels if n not in ("n0", "n1")) == F.node_count()


def test_dot_escapes_names_and_refuses_huge_diagrams():
    U = Universe(['say "hi"', "back\\slash", "bell\a"])
    text = U.exactly(1).to_dot()
    assert 'label="say \\"hi\\""' in text and 'label="back\\\\slash"' in text
    assert "\a" not in text and "\\\\x07" in text
    G = Universe(range(40)).exactly(20)
    with pytest.raises(ValueError, match=r"the ZDD has 420 nodes, more than the 100 "):
        G.to_dot(limit=100)
    assert _dot_graph(G.to_dot())[0].keys() >= {"n0", "n1"}


def test_info_prints_dot(tmp_path, capsys):
    F = sample_family()
    F.dump(tmp_path / "f.npz")
    assert zalg_main(["info", str(tmp_path / "f.npz"), "--dot"]) == 0
    assert capsys.readouterr().out == F.to_dot()


def test_info_on_an_empty_file_says_so_in_zalg_words(tmp_path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert zalg_main(["info", str(empty)]) == 2
    err = capsys.readouterr().err
    assert err == (f"zalg: error: {empty} is empty, not a zalg family file (an npz or JSON "
                   "file written by Family.dump)\n")
    empty.write_bytes(b"hello")
    assert zalg_main(["info", str(empty)]) == 2
    err = capsys.readouterr().err
    assert "Expecting value" not in err and "its text is not JSON (line 1, column 1)" in err
