"""The benchmarks' other revision (benchmarks/trees.py): its code unpacked apart, the repository left alone."""

from __future__ import annotations

import subprocess

from benchmarks.trees import ROOT, tree_at


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def test_a_revisions_files_come_unpacked_and_no_worktree_or_branch_is_added() -> None:
    worktrees, branches = git("worktree", "list", "--porcelain"), git("branch", "--list")
    with tree_at("HEAD") as tree:
        assert tree is not None
        for path in ("README.md", "companion/cli.py"):
            assert (tree / path).read_text(encoding="utf-8") == git("show", f"HEAD:{path}")
        assert not (tree / ".git").exists()
        assert git("worktree", "list", "--porcelain") == worktrees
    assert not tree.exists()
    assert git("branch", "--list") == branches


def test_a_revision_git_does_not_know_gives_none() -> None:
    with tree_at("no-such-revision-0123") as tree:
        assert tree is None
