"""hardware/ is the panel of any game: no game's word in its code, comments or translations.

A game button's words come from the game's adapter (companion.panel.PanelAction) and are passed in by the caller;
the former key names a family's old config may hold come from the core (companion.panel).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

HARDWARE = Path(__file__).parents[2] / "hardware"
# The games' words in English, and their French and Italian words the catalogs could carry.
GAME_WORDS = (
    "bank", "hunger", "hungry", "piranha", "fish", "shark", "kanaloa", "kai piranja", "boat", "trick",
    "faim", "affamé", "poisson", "requin", "bateau", "pêche",
    "fame", "affamat", "pesce", "pesci", "squalo", "barca", "pesca",
)  # fmt: skip
PATTERN = re.compile("|".join(re.escape(word) for word in GAME_WORDS), re.IGNORECASE)


def sources() -> list[Path]:
    return sorted(
        p for p in HARDWARE.rglob("*") if p.suffix in (".py", ".po") and "__pycache__" not in p.parts
    )


def test_the_sources_are_found() -> None:
    names = {p.name for p in sources()}
    assert {"panel.py", "config.py", "keys.py", "hardware.po"} <= names


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(HARDWARE)))
def test_no_game_word(path: Path) -> None:
    found = [
        f"{n}: {line.strip()}"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if PATTERN.search(line)
    ]
    assert found == []


def test_the_check_finds_a_game_word() -> None:
    assert PATTERN.search("Hunger  # a seat's level") and PATTERN.search('msgstr "mettre ma pêche à l\'abri"')
