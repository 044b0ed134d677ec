"""The source trees whose zalg a run measures: this one, and for ``--against REV``
another revision checked out into a temporary git worktree and its compiled kernels
built in place (or a tree given by its folder, as it is)."""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Tree:
    """A source tree: its folder (put first on the measuring processes' PYTHONPATH),
    the commit it is at, and a label for the tables."""
    label: str
    path: Path
    commit: str

    def describe(self) -> str:
        return f"{self.label}: {self.path} at {self.commit}"


class GitError(Exception):
    """A git command failed (its message in one line)."""


def git(folder: Path, *args: str) -> str:
    """The output of ``git -C folder ARGS`` (GitError if it fails)."""
    run = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True)
    if run.returncode:
        raise GitError(" ".join(run.stderr.split())[:300] or f"git {args[0]} failed")
    return run.stdout.strip()


def this_tree(root: Path) -> Tree:
    """The tree the benchmarks belong to, as it is on disk (uncommitted changes too)."""
    try:
        commit = git(root, "rev-parse", "--short=10", "HEAD")
        if git(root, "status", "--porcelain", "--untracked-files=no"):
            commit += "+"  # with uncommitted changes
    except (GitError, OSError):
        commit = "unknown (not a git checkout)"
    return Tree("new", root, commit)


def build_in_place(folder: Path) -> None:
    """Build a checked-out tree's C extensions beside their sources, when it has any (a
    tree from before them runs as it is)."""
    if not (folder / "setup.py").is_file():
        return
    run = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
                         cwd=folder, capture_output=True, text=True)
    if run.returncode:
        tail = (run.stderr.strip().splitlines() or ["no output"])[-1]
        raise GitError(f"building the kernels of {folder} failed: {tail}")


@contextmanager
def other_tree(rev: str, root: Path) -> Iterator[Tree]:
    """The tree of ``rev``: a folder as it is, or a git revision checked out (detached)
    into a temporary worktree that is removed afterwards, also after Ctrl-C."""
    folder = Path(rev)
    if folder.is_dir() and (folder / "zalg").is_dir():
        try:
            commit = git(folder, "rev-parse", "--short=10", "HEAD")
        except (GitError, OSError):
            commit = "unknown"
        yield Tree("old", folder.resolve(), commit)
        return
    sha = git(root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    holder = Path(tempfile.mkdtemp(prefix=f"zalg-bench-{sha[:10]}-"))
    checkout = holder / "tree"
    try:
        git(root, "worktree", "add", "--detach", "--quiet", str(checkout), sha)
        build_in_place(checkout)
        yield Tree("old", checkout, f"{sha[:10]} ({rev})" if not sha.startswith(rev) else sha[:10])
    finally:
        try:
            git(root, "worktree", "remove", "--force", str(checkout))
        except GitError:
            pass  # never added, or already gone
        shutil.rmtree(holder, ignore_errors=True)
        try:
            git(root, "worktree", "prune")
        except GitError:
            pass
