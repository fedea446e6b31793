"""Seeded games still play exactly as the committed golden playthroughs say."""

from __future__ import annotations

import pytest

from companion.playthrough import golden_cases, golden_path, playthrough_text


@pytest.mark.parametrize(("name", "players", "seed"), golden_cases())
def test_playthrough_matches_its_golden_file(name: str, players: int, seed: int) -> None:
    path = golden_path(name, players, seed)
    assert path.exists(), f"missing {path.name}: run python tools/regen_goldens.py"
    assert playthrough_text(name, players, seed) == path.read_text(encoding="utf-8"), (
        f"{path.name} differs: if the change is intended, run python tools/regen_goldens.py and review the diff"
    )
