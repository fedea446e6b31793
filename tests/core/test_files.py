"""Files written whole or not at all (companion/files.py): the saved box, exported records and the caches."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.files import write_atomically


@given(old=st.binary(), new=st.text() | st.binary(), durable=st.booleans())
def test_the_file_holds_what_was_written_and_nothing_else_is_left(
    tmp_path_factory: pytest.TempPathFactory, old: bytes, new: str | bytes, durable: bool
) -> None:
    folder = tmp_path_factory.mktemp("files")
    path = folder / "saved.json"
    path.write_bytes(old)
    write_atomically(path, new, durable=durable)
    assert path.read_bytes() == (new.encode("utf-8") if isinstance(new, str) else new)
    assert [p.name for p in folder.iterdir()] == ["saved.json"]


def test_a_write_that_fails_midway_leaves_the_old_file_and_no_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "saved.json"
    path.write_text("old", encoding="utf-8")

    def fails(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", fails)
    with pytest.raises(OSError, match="No space"):
        write_atomically(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["saved.json"]


def test_a_folder_that_cannot_be_written_raises_oserror(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        write_atomically(tmp_path / "no-such-folder" / "saved.json", "text")
    assert list(tmp_path.iterdir()) == []
