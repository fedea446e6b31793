"""Seeded games still play exactly as the committed golden playthroughs say."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.playthrough import golden_cases, golden_path, playthrough_text


@pytest.mark.parametrize(("name", "players", "seed"), golden_cases())
def test_playthrough_matches_its_golden_file(name: str, players: int, seed: int) -> None:
    # Beside this file, not beside the package: check-arm64.sh runs these tests against the installed app.
    path = golden_path(name, players, seed, Path(__file__).resolve().parents[1] / "goldens")
    assert path.exists(), f"missing {path.name}: run python tools/regen_goldens.py"
    assert playthrough_text(name, players, seed) == path.read_text(encoding="utf-8"), (
        f"{path.name} differs: if the change is intended, run python tools/regen_goldens.py and review the diff"
    )
