"""Every player-visible message of the hardware package is translated into French and Italian."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from companion.i18n import marked_messages, parse_po
from hardware.i18n import LOCALE_DIR, hardware_translator

SOURCES = sorted((Path(__file__).parents[2] / "hardware").glob("*.py"))
MESSAGES = sorted(set().union(*(marked_messages(path.read_text(encoding="utf-8")) for path in SOURCES)))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def catalog(language: str) -> dict[str, str]:
    entries = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "hardware.po").read_text(encoding="utf-8"))
    return {
        key: value
        for key, value in entries.items()
        if isinstance(key, str) and isinstance(value, str) and key
    }


def test_messages_are_found() -> None:
    assert len(MESSAGES) > 40
    assert "Panel: GPIO pins ({backend})" in MESSAGES


@pytest.mark.parametrize("language", ["fr", "it"])
def test_every_message_has_a_translation_with_the_same_placeholders(language: str) -> None:
    entries = catalog(language)
    missing = [m for m in MESSAGES if not entries.get(m)]
    assert missing == []
    wrong = [m for m in MESSAGES if placeholders(entries[m]) != placeholders(m)]
    assert wrong == []


@pytest.mark.parametrize("language", ["fr", "it"])
def test_no_stale_entries(language: str) -> None:
    assert sorted(set(catalog(language)) - set(MESSAGES)) == []


@pytest.mark.parametrize("language", ["fr", "it"])
def test_the_catalog_loads_through_gettext(language: str) -> None:
    tr = hardware_translator(language)
    assert tr("Panel: GPIO pins ({backend})", backend="lgpio") != "Panel: GPIO pins (lgpio)"
    assert "lgpio" in tr("Panel: GPIO pins ({backend})", backend="lgpio")
