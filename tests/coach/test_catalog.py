"""The coach's own gettext domain: every message marked CN_ / CNP_ is translated, with the same placeholders."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from companion.i18n import PoKey, marked_messages, parse_po

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "companion/coach.py", *sorted(ROOT.glob("companion/games/*/coach.py"))]
LOCALE = ROOT / "companion/locale"
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);", "it": "nplurals=2; plural=(n != 1);"}


def coach_messages(source: str) -> set[PoKey]:
    """Messages marked for the coach's domain: CN_("...") and CNP_("...", "...")."""
    found: set[PoKey] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("CN_", "CNP_"):
            values = tuple(a.value for a in node.args if isinstance(a, ast.Constant))
            if node.func.id == "CN_" and len(values) == 1:
                found.add(values[0])
            elif len(values) == 2:
                found.add(values)
    return found


MARKED = set().union(*(coach_messages(p.read_text(encoding="utf-8")) for p in SOURCES))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def catalog(language: str) -> dict:
    return parse_po((LOCALE / language / "LC_MESSAGES" / "coach.po").read_text(encoding="utf-8"))


def test_the_extraction_finds_the_coach_messages() -> None:
    assert "Reveal a farandole card" in MARKED
    assert ("Your catch holds {n} card.", "Your catch holds {n} cards.") in MARKED
    assert len(MARKED) > 40


@pytest.mark.parametrize("language", ["fr", "it"])
def test_every_coach_message_is_translated_with_the_same_placeholders(language: str) -> None:
    entries = catalog(language)
    for key in MARKED:
        translation = entries.get(key)
        assert translation, f"coach [{language}] has no translation for {key!r}"
        singular = key[0] if isinstance(key, tuple) else key
        forms = translation if isinstance(translation, list) else [translation]
        assert len(forms) == (2 if isinstance(key, tuple) else 1)
        for form in forms:
            assert placeholders(form) == placeholders(singular), (
                f"{language}: placeholders differ in {form!r}"
            )


@pytest.mark.parametrize("language", ["fr", "it"])
def test_the_coach_catalog_keeps_no_stale_entry_and_the_right_plural_rule(language: str) -> None:
    entries = catalog(language)
    assert set(entries) - MARKED - {""} == set()
    assert PLURAL_FORMS[language] in entries[""]


def test_coach_modules_mark_nothing_for_other_domains() -> None:
    """N_ / NP_ / tr("...") in these files would be checked against the core's or the game's catalog instead;
    the only such message allowed is the core's own "seat {n}"."""
    for path in SOURCES:
        assert marked_messages(path.read_text(encoding="utf-8")) <= {"seat {n}"}, path
