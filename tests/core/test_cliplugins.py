"""The command line's plug-ins: their entry points read once, then from a cache while no package changes."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from companion import cli, cliplugins
from companion.cliplugins import CACHE_TAG, Plugin, cache_file, command_plugins, read_entry_points, stamp

FAKE = [Plugin("zz", "companion.commands:core_commands")]


@pytest.fixture(autouse=True)
def writing_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    """As an installed app runs, whatever PYTHONDONTWRITEBYTECODE the tests run under."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def fake_cache(cache: Path, plugins: list[Plugin]) -> None:
    """A cache holding ``plugins``, stamped as ``command_plugins`` would stamp it now."""
    cache.write_text(stamp(sys.path) + "".join(f"{p.name}\t{p.value}\n" for p in plugins), encoding="utf-8")


def test_the_entry_points_are_those_of_the_installed_packages(tmp_path: Path) -> None:
    found = command_plugins(tmp_path / "commands.txt")
    assert {p.name for p in found} >= {"vision", "hardware", "ui"}
    assert found == read_entry_points() == command_plugins(tmp_path / "commands.txt")


def test_a_warm_cache_is_read_instead_of_the_metadata(tmp_path: Path) -> None:
    cache = tmp_path / "commands.txt"
    fake_cache(cache, FAKE)
    assert command_plugins(cache) == FAKE


def test_a_changed_folder_on_the_path_reads_the_metadata_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    cache = tmp_path / "commands.txt"
    fake_cache(cache, FAKE)
    (site / "new_package-1.0.dist-info").mkdir()  # what installing a package does to its folder
    os.utime(site, ns=(0, site.stat().st_mtime_ns + 1_000_000))  # however coarse the file system's clock
    assert command_plugins(cache) == read_entry_points() != FAKE


@pytest.mark.parametrize(
    "damage",
    [
        lambda good: b"",
        lambda good: good[:-1],  # cut short in its last line
        lambda good: good[: good.index(b"\t")],
        lambda good: good.replace(b"\t", b" "),
        lambda good: good.replace(b"\t", b"\t\t", 1),
        lambda good: good.replace(CACHE_TAG.encode(), CACHE_TAG[:-1].encode() + b"0"),  # another format's
        lambda good: b"\xff" + good,  # not UTF-8
    ],
)
def test_a_damaged_cache_is_read_again_and_mended(tmp_path: Path, damage: Callable[[bytes], bytes]) -> None:
    cache = tmp_path / "commands.txt"
    fake_cache(cache, FAKE)
    cache.write_bytes(damage(cache.read_bytes()))
    assert command_plugins(cache) == read_entry_points()
    assert cache.read_text(encoding="utf-8").startswith(stamp(sys.path))


def test_nothing_is_written_where_python_writes_no_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert command_plugins(tmp_path / "commands.txt") == read_entry_points()
    assert not (tmp_path / "commands.txt").exists()


def test_an_unwritable_cache_folder_loses_nothing(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    assert command_plugins(tmp_path / "file" / "commands.txt") == read_entry_points()


def test_a_broken_plugin_leaves_a_note_and_the_core_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = [
        Plugin("gone", "no_such_package.commands:register"),
        Plugin("odd", "companion.cliplugins:PLUGIN_GROUP"),
    ]
    monkeypatch.setattr(cliplugins, "command_plugins", lambda: broken)
    parser, problems = cli.build_parser()
    assert problems == [
        "note: the 'gone' commands are unavailable (ModuleNotFoundError: No module named 'no_such_package')",
        "note: the 'odd' commands are unavailable (TypeError: companion.cliplugins:PLUGIN_GROUP is not a function)",
    ]
    assert parser.parse_args(["rules", "kanaloa"]).command == "rules"


def test_help_with_a_warm_cache_reads_no_metadata() -> None:
    probe = (
        "import sys\n"
        "from companion.cli import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('METADATA', 'importlib.metadata' in sys.modules, file=sys.stderr)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # the first run writes it
    runs = [
        subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
        for _ in range(2)
    ]
    assert "print" in runs[1].stdout and "METADATA False" in runs[1].stderr


def test_processes_searching_other_folders_keep_their_own_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `companion` and `python -m companion.cli` search different folders first: neither undoes the other's cache.
    first = cache_file(tmp_path)
    fake_cache(first, FAKE)
    monkeypatch.syspath_prepend(str(tmp_path / "elsewhere"))
    second = cache_file(tmp_path)
    assert second != first and command_plugins(second) == read_entry_points()
    monkeypatch.undo()
    assert command_plugins(first) == FAKE
