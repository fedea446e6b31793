"""Every bad input of the table (tests/badinput/cases.py) fails as a player should see it: no traceback, a
non-zero exit, a message naming what to fix, and every file as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.badinput.cases import Case, all_cases
from tests.badinput.conftest import run_in_process
from tests.badinput.inputs import snapshot

CASES = all_cases()


def test_the_table_is_as_large_as_the_issue_asks() -> None:
    assert len(CASES) >= 300
    assert {c.family for c in CASES} >= {
        "numbers",
        "records",
        "saved",
        "names",
        "paths",
        "configs",
        "languages",
    }


@pytest.mark.parametrize("bad", CASES, ids=[c.id for c in CASES])
def test_a_bad_input_is_refused_in_words(
    bad: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("LANG", "C.UTF-8")
    for key, value in bad.env:
        monkeypatch.setenv(key, value)
    bad.setup(tmp_path)
    before = snapshot(tmp_path)
    ran = run_in_process(list(bad.argv), capsys)
    assert "Traceback" not in ran.err, ran.err[-3000:]
    assert ran.code != 0, (ran.out[-500:], ran.err[-500:])
    for word in bad.words:
        assert word.lower() in ran.err.lower(), ran.err[-1000:]
    assert snapshot(tmp_path) == before
    assert Path("/dev/full").is_char_device()  # as root, a rename over it would make it a file
